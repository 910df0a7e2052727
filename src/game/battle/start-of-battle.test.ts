// What a unit begins a battle with from its own sources is told, each effect once, naming where it comes from: a
// bane's wound ('starts at 85% health (Old Wounds)'), a boon's and a gear piece's shield together, a boon's energy, a
// bane's status — as facts (a 'start' event: effect, sources, the state it leaves) and in words. A start status the
// unit shrugs off is not told; a unit with nothing of the kind has no start event.
import { describe, expect, it } from 'vitest';
import type { BattleEvent, Hero } from '../types.ts';
import { startBattle, viewBattle } from './turn-based.ts';
import { plainHero } from './testing.ts';

const starts = (events: BattleEvent[], id: string) =>
  events.filter((e) => e.kind === 'start' && e.target_id === id);

/** A plain hero wearing `gear` (item ids). */
const wearing = (h: Hero, gear: string[]): Hero =>
  ({ ...h, gear: gear.map((item_id) => ({ item_id })) }) as Hero;

describe('the start of a battle', () => {
  it('names each start effect and its sources, before any turn', () => {
    const wounded = plainHero('a', { bane: 'old_wounds', boon: 'warded' });
    const shielded = wearing(wounded, ['bulwark_relic']);
    const eager = plainHero('b', { boon: 'battle_ready', bane: 'drowsy' });
    const { state } = startBattle(7, [shielded, eager], [plainHero('e')], { battleId: 'b' });
    const events = state.events;
    const firstTurn = events.findIndex((e) => e.kind === 'turn');
    expect(events.slice(0, firstTurn).every((e) => e.kind === 'start')).toBe(true);

    const [shield, health] = starts(events, 'a');
    expect(health).toMatchObject({
      effect: 'health',
      sources: [{ from: 'bane', id: 'old_wounds', name: 'Old Wounds' }],
      description: 'a the Test starts at 85% health (Old Wounds).',
    });
    const a = viewBattle(state).allies.find((u) => u.id === 'a')!;
    expect(health!.hp_after).toBe(a.stats.start_hp);
    expect(health!.hp_after! + health!.amount!).toBe(a.stats.max_hp);
    expect(shield).toMatchObject({
      effect: 'shield',
      status_id: 'shield',
      sources: [
        { from: 'boon', id: 'warded' },
        { from: 'gear', id: 'bulwark_relic' },
      ],
    });
    expect(shield!.amount).toBe(shield!.shield_after);
    expect(shield!.description).toBe(
      `a the Test starts behind a shield of ${shield!.amount} (Warded, Bulwark Aegis).`,
    );

    const [energy, stun] = starts(events, 'b');
    expect(energy).toMatchObject({
      effect: 'energy',
      amount: 40,
      description: 'b the Test starts with 40 energy (Battle Ready).',
    });
    expect(stun).toMatchObject({
      effect: 'status',
      status_id: 'stun',
      turns: 1,
      sources: [{ from: 'bane', id: 'drowsy', name: 'Drowsy' }],
      description: 'b the Test starts afflicted with Stun for 1 turn (Drowsy).',
    });
    // The plain foe begins as it is: nothing to tell.
    expect(starts(events, 'e')).toEqual([]);
  });

  it('tells a start status only where it landed (a warded unit may shrug it off)', () => {
    const told = { landed: 0, shrugged: 0 };
    for (let seed = 1; seed <= 200; seed++) {
      const drowsy = wearing(plainHero('a', { bane: 'drowsy' }), ['bulwark_charm']);
      const { state } = startBattle(seed, [drowsy], [plainHero('e')], { battleId: 'b' });
      const stunned = viewBattle(state).allies[0]!.status_effects.some((x) => x.id === 'stun');
      const opening = state.events.filter((e) => e.kind === 'start' && e.status_id === 'stun');
      // (an opening turn may already have worn it off: the events before the first turn tell the start)
      const before = state.events.slice(
        0,
        state.events.findIndex((e) => e.kind === 'turn'),
      );
      expect(opening.length).toBe(before.filter((e) => e.kind === 'start' && e.status_id === 'stun').length);
      if (opening.length > 0) told.landed++;
      else {
        expect(stunned).toBe(false);
        told.shrugged++;
      }
    }
    expect(told.landed).toBeGreaterThan(0);
    expect(told.shrugged).toBeGreaterThan(0);
  });
});
