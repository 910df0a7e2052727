// The replay's statuses come from the record's facts alone (./ctrl.ts statusesAt): put on by a status or shield
// event, taken off by an expire event — a death included, whose expires the rules core tells right after it. Checked
// against the rules core's own state after every action of real battles.
import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '../../../api/index.ts';
import { chooseOption, generateHero, startBattle, viewBattle } from '../../../game/index.ts';
import { statusesAt } from './ctrl.ts';

const fact = (kind: BattleEvent['kind'], more: Partial<BattleEvent> = {}): BattleEvent => ({
  kind,
  turn: 1,
  description: kind,
  ...more,
});

/** A side of `n` generated heroes, their ids h_<side><i>. */
const team = (seed: number, side: 'a' | 'e', n: number, level: number) =>
  Array.from({ length: n }, (_, i) =>
    generateHero(seed + i + (side === 'a' ? 0 : 1000), { id: `h_${side}${i}`, userId: null, level }),
  );

const idsOf = (on: Map<string, Map<string, number>>, unitId: string) =>
  [...(on.get(unitId)?.keys() ?? [])].sort();

describe('statusesAt', () => {
  it('puts a status on with its fact and takes it off with its expire, a death adding no rule of its own', () => {
    const events = [
      fact('status', { target_id: 'h_e0', status_id: 'burn', turns: 2 }),
      fact('shield', { target_id: 'h_e0', status_id: 'shield', turns: 3 }),
      fact('death', { target_id: 'h_e0', actor_id: 'h_a0' }),
      fact('expire', { target_id: 'h_e0', status_id: 'burn' }),
      fact('expire', { target_id: 'h_e0', status_id: 'shield' }),
    ];
    expect([...statusesAt(events, 2).get('h_e0')!]).toEqual([
      ['burn', 2],
      ['shield', 3],
    ]);
    // the death itself says nothing about statuses: the expires after it do
    expect(idsOf(statusesAt(events, 3), 'h_e0')).toEqual(['burn', 'shield']);
    expect(idsOf(statusesAt(events, 4), 'h_e0')).toEqual(['shield']);
    expect(idsOf(statusesAt(events, 5), 'h_e0')).toEqual([]);
  });

  it('agrees with the rules core after every action of 40 real battles, fallen units carrying nothing', () => {
    let fellCarrying = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const level = 1 + (seed % 10);
      let battle = startBattle(seed, team(seed * 71, 'a', 4, level), team(seed * 71, 'e', 4, level), {
        battleId: `b_${seed}`,
      }).state;
      for (let step = 0; step < 200; step++) {
        const on = statusesAt(battle.events, battle.events.length);
        const view = viewBattle(battle);
        for (const u of [...view.allies, ...view.enemies]) {
          const core = u.status_effects.map((s) => s.id).sort();
          expect(idsOf(on, u.id), `seed ${seed} step ${step} ${u.id}`).toEqual(core);
          if (u.is_dead) expect(core).toEqual([]);
        }
        if (battle.status !== 'active') break;
        const next = chooseOption(battle, battle.options[seed % battle.options.length].id);
        if (!next.ok) throw new Error(next.error);
        battle = next.state;
      }
      // a fallen unit that carried a status when it fell: the case the replay once had its own rule for
      const events = battle.events;
      events.forEach((e, k) => {
        if (e.kind === 'death' && idsOf(statusesAt(events, k), e.target_id!).length > 0) fellCarrying++;
      });
    }
    expect(fellCarrying).toBeGreaterThan(0);
  });
});
