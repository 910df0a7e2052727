// A record stored before the core told a fallen unit's expires reads as today's facts (record-upgrade.ts): a
// battle's log with those expires taken out, upgraded, is the very log the core tells; today's logs are left as they are.
import { describe, expect, it } from 'vitest';
import { generateHero } from '../generation.ts';
import type { Hero } from '../types.ts';
import { chooseOption, startBattle, type BattleState } from './turn-based.ts';
import { upgradeBattleState, withExpiresAfterDeaths } from './record-upgrade.ts';
import type { EventFacts } from './narration.ts';
import { asStoredBefore } from './testing.ts';

const party = (seed: number, n: number, prefix: string): Hero[] =>
  Array.from({ length: n }, (_, k) =>
    generateHero(seed * 31 + k, { id: `${prefix}${k}`, userId: prefix === 'npc_' ? null : 'u1', level: 5 }),
  );

function playOut(state: BattleState): BattleState {
  let s = state;
  for (let guard = 0; s.status === 'active' && guard < 500; guard++) {
    const r = chooseOption(s, s.options[0]!.id);
    if (!r.ok) throw new Error(r.error);
    s = r.state;
  }
  return s;
}

const battles = Array.from({ length: 12 }, (_, k) =>
  playOut(startBattle(k + 1, party(k + 1, 4, 'h'), party(k + 51, 4, 'npc_'), { battleId: `b${k}` }).state),
);

describe('a battle record stored before the expires after a death', () => {
  it('reads, upgraded, as the very log the core tells today, sentences and all', () => {
    let removed = 0;
    for (const today of battles) {
      const before = asStoredBefore(today.events);
      removed += today.events.length - before.length;
      const upgraded = upgradeBattleState({ ...today, events: before });
      expect(upgraded.events).toEqual(today.events);
    }
    expect(removed).toBeGreaterThan(10);
  });

  it('an auto fight’s facts (kept without sentences) too', () => {
    for (const today of battles) {
      const facts = today.events.map(({ description: _, ...fact }) => fact);
      expect(withExpiresAfterDeaths(asStoredBefore(facts), (fact) => fact)).toEqual(facts);
    }
  });

  it('leaves today’s records, and its own output, as they are', () => {
    for (const today of battles) expect(upgradeBattleState(today)).toBe(today);
    const once = upgradeBattleState({ ...battles[0]!, events: asStoredBefore(battles[0]!.events) });
    expect(upgradeBattleState(once)).toBe(once);
  });

  it('ends only what the facts say the unit still carried, in the core’s order, at its death', () => {
    const facts: EventFacts[] = [
      { turn: 2, kind: 'status', target_id: 'a', status_id: 'poison', turns: 2 },
      { turn: 2, kind: 'status', target_id: 'a', status_id: 'burn', turns: 3 },
      { turn: 2, kind: 'shield', target_id: 'a', status_id: 'shield', turns: 2, amount: 5 },
      { turn: 2, kind: 'status', target_id: 'b', status_id: 'stun', turns: 1 },
      { turn: 3, kind: 'expire', target_id: 'a', status_id: 'shield', hp_after: 4, shield_after: 0 },
      { turn: 3, kind: 'death', actor_id: 'b', target_id: 'a', hp_after: 0, shield_after: 0 },
      { turn: 3, kind: 'end', outcome: 'lost' },
    ];
    const end = (status_id: string): EventFacts => ({
      turn: 3,
      kind: 'expire',
      target_id: 'a',
      hp_after: 0,
      shield_after: 0,
      status_id,
    });
    expect(withExpiresAfterDeaths(facts, (fact) => fact)).toEqual([
      ...facts.slice(0, 6),
      end('burn'),
      end('poison'),
      facts[6],
    ]);
  });
});
