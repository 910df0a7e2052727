// The sparring search of Find a fair match (fair-matches.ts sparringOffers) with the real screen run in-process: a
// set is filled from the usual budget of seeds, and when those leave it short (here: every duel of the first budget
// read as passed over), from one more budget of seeds not yet tried — never a seed twice.
import { describe, expect, it } from 'vitest';
import { screenMatchups } from '../../game/fair-screen.ts';
import { generateHero } from '../../game/generation.ts';
import { createPrng, hashSeed } from '../../game/prng.ts';
import { SPARRING_SEEDS } from '../../game/sparring.ts';
import { SEEDS_PER_PARTNER, SPARE_SEEDS, sparringOffers, type FairOdds } from './fair-matches.ts';

const hero = generateHero(hashSeed('fair test hero'), { id: 'h_fair', userId: 'u', level: 3, rarity: 2 });
const seedOf = (partnerId: string) => Number(/^npc_spar_(\d+)_/.exec(partnerId)![1]);

/** The real screen, but every duel with a partner of `blocked` seeds answered as passed over at the first look. */
function oddsBlocking(blocked: (seed: number) => boolean) {
  const asked: number[] = [];
  const odds: FairOdds = {
    screen: async (a, bs, need) => {
      const seed = seedOf(bs[0]![0]!.id);
      asked.push(seed);
      if (blocked(seed)) return [{ chance: 0.99, samples: 200, estimate: null }];
      return screenMatchups(
        bs.map((b) => ({ seed: hashSeed('test', b[0]!.id), a, b })),
        need,
      );
    },
  };
  return { odds, asked };
}

describe('sparring partners for Find a fair match', () => {
  it('fill the set from the first budget of seeds when they can', async () => {
    const { odds, asked } = oddsBlocking(() => false);
    const got = await sparringOffers(odds, hero, createPrng(hashSeed('draw', 1)), new Set(), 6);
    expect(got).toHaveLength(6);
    expect(new Set(asked).size).toBeLessThanOrEqual(6 * SEEDS_PER_PARTNER + SPARE_SEEDS);
  });

  it('search one more budget of untried seeds when the first leaves the set short', async () => {
    const need = 2;
    const budget = need * SEEDS_PER_PARTNER + SPARE_SEEDS;
    const first = new Set<number>();
    const { odds, asked } = oddsBlocking((seed) => {
      if (first.size < budget) first.add(seed);
      return first.has(seed);
    });
    const got = await sparringOffers(odds, hero, createPrng(hashSeed('draw', 2)), new Set(), need);
    expect(got).toHaveLength(need);
    for (const o of got) expect(first.has(seedOf(o.hero.id))).toBe(false);
    const later = asked.filter((s) => !first.has(s));
    expect(new Set(later).size).toBeLessThanOrEqual(budget);
    expect(later.length).toBeGreaterThan(0);
    expect(new Set(asked).size).toBeLessThan(SPARRING_SEEDS);
  });
});
