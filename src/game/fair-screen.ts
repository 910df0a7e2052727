// Which duels are fair, measured cheaply (Find a fair match: src/server/fights/fair-matches.ts): most candidates are
// far from even, so each is looked at first — the first battles of its very estimate — and estimated only when it
// may be fair. A set is measured in the order given until enough are fair, in parts of at most a budget of battles
// (each part a task of the odds pool, not one a look: src/server/odds/odds-pool.ts screen).
import { screenedEstimate, type ScreenLook, type Screened } from './battle/odds.ts';
import { isFairChance } from './sparring.ts';
import type { Hero } from './types.ts';

/**
 * The looks before an estimate: a duel whose share of wins after `battles` lies outside `within` is passed over.
 * A fair duel (40–60%) reads within 25–75% after 200 battles all but once in 10,000 (4 standard errors), and within
 * 36–64% after 800 about 99 times in 100; a passed-over fair duel is only one fewer candidate, never a wrong number.
 */
export const LOOKS: readonly ScreenLook[] = [
  { battles: 200, within: [0.25, 0.75] },
  { battles: 800, within: [0.36, 0.64] },
];

/** A matchup to measure: its estimate's seed and sides, and its estimate when it is known already (free then). */
export interface ScreenItem {
  seed: number;
  a: Hero[];
  b: Hero[];
  known?: { probability: number; samples: number };
}

/** A measure that found the matchup fair: its estimate is made and within FAIR_CHANCE. */
export const isFair = (m: Screened | undefined): m is Screened & { estimate: number } =>
  m !== undefined && m.estimate !== null && isFairChance(m.estimate);

/**
 * Each matchup measured in turn — its known estimate, or its looks and then its estimate — until `need` are fair,
 * or (`budget`) once that many battles were simulated: an answer a matchup, in order (undefined: not reached). A
 * budget only cuts the set short after a whole matchup, so measuring the rest afterwards gives the same answers.
 */
export function screenMatchups(
  items: readonly ScreenItem[],
  need: number,
  budget = Infinity,
): (Screened | undefined)[] {
  const out = new Array<Screened | undefined>(items.length);
  let fair = 0;
  let battles = 0;
  for (let i = 0; i < items.length && fair < need && battles < budget; i++) {
    const { seed, a, b, known } = items[i];
    const m = known
      ? { chance: known.probability, samples: known.samples, estimate: known.probability }
      : screenedEstimate(seed, a, b, LOOKS);
    if (!known) battles += m.samples;
    out[i] = m;
    if (isFair(m)) fair++;
  }
  return out;
}
