// The stalemate rule (exhaustion, numbers.ts FATIGUE_FROM / FATIGUE_STEP; docs/game-rules.md): two sides that cannot
// hurt each other still end with a winner, on the fast path and in the turn-based log alike.
import { describe, expect, it } from 'vitest';
import { generateHero } from '../generation.ts';
import type { Hero } from '../types.ts';
import { compileTeam } from './compile.ts';
import { DEFAULT_TURN_LIMIT, DRAW, FATIGUE_FROM } from './core.ts';
import { simulateBattle } from './simulate.ts';
import { setAuto, startBattle } from './turn-based.ts';

/** A hero that can barely scratch anyone and can hardly be scratched: alone, two of them never finish. */
const wall = (seed: number, id: string): Hero => ({
  ...generateHero(seed, { id, userId: null, level: 5 }),
  abilities: [],
  atk: 1,
  def: 5000,
  max_hp: 5000,
  hp: 5000,
});

describe('exhaustion ends stalemates', () => {
  it('ends a 1v1 of two walls with a winner before the turn limit, on the fast path', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { outcome, turns } = simulateBattle(
        seed,
        compileTeam([wall(seed, 'a')]),
        compileTeam([wall(seed + 100, 'b')]),
      );
      expect(outcome, `seed ${seed}`).not.toBe(DRAW);
      expect(turns).toBeGreaterThan(FATIGUE_FROM);
      expect(turns).toBeLessThan(DEFAULT_TURN_LIMIT);
    }
  });

  it('shows the exhaustion in the turn-based log, and only after its turn', () => {
    const { state } = startBattle(7, [wall(7, 'h0')], [wall(8, 'npc_0')], { battleId: 'b' });
    const s = setAuto(state, true).state;
    expect(s.status === 'won' || s.status === 'lost').toBe(true);
    const worn = s.events.filter((e) => e.fatigue === true);
    expect(worn.length).toBeGreaterThan(0);
    for (const e of worn) {
      expect(e.kind).toBe('damage');
      expect(e.turn).toBeGreaterThan(FATIGUE_FROM);
      expect(e.actor_id).toBeUndefined();
      expect(e.amount).toBeGreaterThan(0);
    }
  });
});
