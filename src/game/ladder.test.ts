import { describe, expect, it } from 'vitest';
import {
  conservativeRating,
  LEVEL_RATING,
  LEVEL_STEP_CHANCE,
  measureLevelSteps,
  NEW_RATING,
  npcStartRating,
  rateDuel,
} from './ladder.ts';
import { glicko2Update } from './glicko2.ts';

const fresh = { ...NEW_RATING, wins: 0, losses: 0 };

describe('the arena ladder', () => {
  it('rates one fight as one rating period for both sides, each against the other before it', () => {
    const npc = { ...npcStartRating(5), wins: 3, losses: 1 };
    const { attacker, defender } = rateDuel(fresh, npc, true);
    expect(attacker).toEqual({
      ...glicko2Update(fresh, [{ opponent: npc, score: 1 }], 0.5),
      wins: 1,
      losses: 0,
    });
    expect(defender).toEqual({
      ...glicko2Update(npc, [{ opponent: fresh, score: 0 }], 0.5),
      wins: 3,
      losses: 2,
    });
    expect(attacker.rating).toBeGreaterThan(1500);
    expect(defender.rating).toBeLessThan(npc.rating);
  });

  it('starts NPCs from the rating their level fits: 1500 at level 1, rising with every level', () => {
    expect(LEVEL_RATING).toHaveLength(10);
    expect(LEVEL_RATING[0]).toBe(1500);
    for (let l = 1; l < 10; l++) expect(LEVEL_RATING[l]).toBeGreaterThan(LEVEL_RATING[l - 1]);
    expect(LEVEL_RATING).toEqual([1500, 1621, 1737, 1850, 1952, 2040, 2138, 2211, 2298, 2383]);
    expect(npcStartRating(7)).toEqual({ rating: 2138, rd: 350, vol: 0.06 });
    expect(npcStartRating(0).rating).toBe(1500);
    expect(npcStartRating(42).rating).toBe(2383);
  });

  it('orders by the conservative rating, rating − 2·RD', () => {
    expect(conservativeRating(NEW_RATING)).toBe(800);
    expect(conservativeRating({ rating: 1600, rd: 60 })).toBe(1480);
  });

  it('keeps the measured level steps true: a fresh, smaller measurement agrees within its noise', () => {
    // 300 pairs a step (the table used 4,000): each step's chance within 4 points of the table's.
    const steps = measureLevelSteps(300, 200);
    for (const [i, p] of steps.entries()) expect(Math.abs(p - LEVEL_STEP_CHANCE[i])).toBeLessThan(0.04);
  });
});
