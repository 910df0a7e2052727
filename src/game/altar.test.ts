// The altar's rules: the published long-run shares are the exact ones (the stationary distribution of the pity
// counters' chain, computed from the rates and the rule — no sampling), the solver agrees with cases worked by
// hand, the floor and the counters move as the rule says, and a pair is a pure function of its seed and floor.
import { describe, expect, it } from 'vitest';
import { ALTAR } from './data/altar.ts';
import { afterPair, consolidatedRates, floorOdds, pairFloor, RARITY_ODDS } from './altar.ts';
import { generatePair, rollRarity } from './generation.ts';
import { createPrng } from './prng.ts';

describe('the altar', () => {
  it('publishes each rarity’s long-run share within 0.1 points of the exact share with pity', () => {
    expect(ALTAR.rates.map((r) => r.rarity)).toEqual([1, 2, 3, 4, 5]);
    expect(ALTAR.rates.reduce((a, r) => a + r.chance, 0)).toBeCloseTo(1, 12);
    const exact = consolidatedRates(ALTAR.rates, ALTAR.pity);
    expect(exact.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(ALTAR.consolidated.map((r) => r.rarity)).toEqual([1, 2, 3, 4, 5]);
    ALTAR.consolidated.forEach((published, i) =>
      expect(Math.abs(published.chance - exact[i]) * 100).toBeLessThanOrEqual(0.1),
    );
    // The pity moves the shares up where it promises: never below the base odds at the pity rarities.
    for (const rule of ALTAR.pity)
      expect(exact[rule.rarity - 1]).toBeGreaterThan(RARITY_ODDS[rule.rarity - 1]);
  });

  it('the exact share agrees with cases worked by hand', () => {
    // No pity: the base odds.
    consolidatedRates(ALTAR.rates, []).forEach((s, i) => expect(s).toBeCloseTo(RARITY_ODDS[i], 12));
    // A 5★ in every pair: the first candidate always 5★, the second at the odds.
    const always = consolidatedRates(ALTAR.rates, [{ rarity: 5, within: 1 }]);
    expect(always[4]).toBeCloseTo((1 + 0.015) / 2, 12);
    expect(always[0]).toBeCloseTo(0.5 / 2, 12);
    // A 5★ within 2 pairs: a pair after one without a 5★ is floored. With q the chance a plain pair holds a 5★,
    // the chain is two states; the floored state is visited a share (1 − q) / (2 − q) of pairs.
    const q = 1 - (1 - 0.015) ** 2;
    const floored = (1 - q) / (2 - q);
    const two = consolidatedRates(ALTAR.rates, [{ rarity: 5, within: 2 }]);
    expect(two[4]).toBeCloseTo(0.015 / 2 + (floored * 1 + (1 - floored) * 0.015) / 2, 12);
  });

  it('floors the pair the counter reaches, and resets the counters the pair reaches', () => {
    const [w4, w5] = [ALTAR.pity[0].within, ALTAR.pity[1].within];
    expect(ALTAR.pity.map((p) => p.rarity)).toEqual([4, 5]);
    expect(pairFloor({})).toBe(1);
    expect(pairFloor({ 4: w4 - 2, 5: w5 - 2 })).toBe(1);
    expect(pairFloor({ 4: w4 - 1, 5: 20 })).toBe(4);
    expect(pairFloor({ 4: 3, 5: w5 - 1 })).toBe(5);
    expect(pairFloor({ 4: w4 - 1, 5: w5 - 1 })).toBe(5);
    expect(afterPair({ 4: 9, 5: 30 }, 3)).toEqual({ 4: 10, 5: 31 });
    expect(afterPair({ 4: 9, 5: 30 }, 4)).toEqual({ 4: 0, 5: 31 });
    expect(afterPair({ 4: 9, 5: 30 }, 5)).toEqual({ 4: 0, 5: 0 });
    expect(afterPair({}, 1)).toEqual({ 4: 1, 5: 1 });
    expect(floorOdds(4).slice(0, 3)).toEqual([0, 0, 0]);
    expect(floorOdds(4)[3]).toBeCloseTo(0.05 / 0.065, 12);
  });

  it('a floored roll is the same draw rescaled: never below the floor, and the plain roll unchanged without one', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const plain = rollRarity(createPrng(seed));
      const floored = rollRarity(createPrng(seed), 4);
      expect(floored).toBeGreaterThanOrEqual(4);
      // The same draw: a plain 5★ stays 5★ under any floor.
      if (plain === 5) expect(floored).toBe(5);
    }
  });

  it('a pair is a pure function of its seed and floor; its first candidate is at the floor or better', () => {
    const ids = ['h_a', 'h_b'];
    for (let seed = 1; seed <= 300; seed++) {
      const pair = generatePair(seed, { ids, userId: 'u', floor: 5 });
      expect(pair[0].rarity).toBe(5);
      expect(generatePair(seed, { ids, userId: 'u', floor: 5 })).toEqual(pair);
      const plain = generatePair(seed, { ids, userId: 'u' });
      // The floor touches the first candidate's rarity (and what follows from it), nothing else.
      expect(plain[1]).toEqual(pair[1]);
      expect(plain[0].name).toBe(pair[0].name);
      expect(plain[0].abilities).toEqual(pair[0].abilities);
    }
  });
});
