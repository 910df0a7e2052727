// The altar's rules: a player's pity counters (pairs since their last pair holding each pity rarity or better), the
// rarity floor the next pair is drawn at, how a pair moves the counters, and the exact long-run share of each rarity
// per candidate with the pity included (the stationary distribution of the counters' Markov chain). Pure: the server
// keeps the counters and moves them in the summon's transaction (src/server/heroes/summoning.ts); the data is
// ./data/altar.ts. A floor cuts the rarity roll below it and rescales the rest (rollRarity), from the same draw of the
// generation's seeded PRNG, so a pair is still a pure function of its seed and floor — never re-rolled until lucky.
import { ALTAR, type PityRule, type RarityChance } from './data/altar.ts';

/** Pairs since the last pair holding each pity rule's rarity or better, by that rarity (absent: 0). */
export type PityCounters = Readonly<Record<number, number>>;

/** The chance of each rarity per candidate, 1★ first. */
export const RARITY_ODDS: readonly number[] = ALTAR.rates.map((r) => r.chance);

/**
 * The rarity the next pair's first candidate is drawn at or above: the highest rarity whose pity is due (the pair
 * would be its `within`th in a row without one), else 1.
 */
export function pairFloor(counters: PityCounters, pity: readonly PityRule[] = ALTAR.pity): number {
  let floor = 1;
  for (const rule of pity)
    if ((counters[rule.rarity] ?? 0) >= rule.within - 1) floor = Math.max(floor, rule.rarity);
  return floor;
}

/** The counters after a pair whose best candidate is `best` stars: reached rules start again, the others count on. */
export function afterPair(
  counters: PityCounters,
  best: number,
  pity: readonly PityRule[] = ALTAR.pity,
): Record<number, number> {
  const next: Record<number, number> = {};
  for (const rule of pity) next[rule.rarity] = best >= rule.rarity ? 0 : (counters[rule.rarity] ?? 0) + 1;
  return next;
}

/** The chance of each rarity (1★ first) for a candidate drawn at `floor` or better: the odds below cut, the rest rescaled. */
export function floorOdds(floor: number, odds: readonly number[] = RARITY_ODDS): number[] {
  const kept = odds.map((p, i) => (i + 1 >= floor ? p : 0));
  const total = kept.reduce((a, b) => a + b, 0);
  return kept.map((p) => p / total);
}

/**
 * The exact long-run share of each rarity per candidate (1★ first) when every pair's first candidate is drawn at
 * its floor and its second at the plain odds. The counters form a Markov chain over Π within states; its
 * stationary distribution π (πP = π, Σπ = 1) is solved by Gaussian elimination — no sampling.
 */
export function consolidatedRates(
  rates: readonly RarityChance[] = ALTAR.rates,
  pity: readonly PityRule[] = ALTAR.pity,
): number[] {
  const odds = rates.map((r) => r.chance);
  const sizes = pity.map((r) => r.within);
  const count = sizes.reduce((a, b) => a * b, 1);
  const decode = (s: number): Record<number, number> => {
    const c: Record<number, number> = {};
    for (let i = pity.length - 1; i >= 0; i--) {
      c[pity[i].rarity] = s % sizes[i];
      s = Math.floor(s / sizes[i]);
    }
    return c;
  };
  const encode = (c: Record<number, number>): number =>
    pity.reduce((s, rule, i) => s * sizes[i] + c[rule.rarity], 0);
  // Each state's floor, and the chance of each best rarity of its pair.
  const floors: number[] = [];
  const bestOdds: number[][] = [];
  for (let s = 0; s < count; s++) {
    const floor = pairFloor(decode(s), pity);
    floors.push(floor);
    bestOdds.push(bestOfPair(floorOdds(floor, odds), odds));
  }
  // A = Pᵀ − I with the last equation replaced by Σπ = 1; solve A π = e_last.
  const a = Array.from({ length: count }, () => new Float64Array(count + 1));
  for (let s = 0; s < count; s++) {
    const c = decode(s);
    a[s][s] -= 1;
    bestOdds[s].forEach((p, i) => {
      if (p > 0) a[encode(afterPair(c, i + 1, pity))][s] += p;
    });
  }
  a[count - 1].fill(1);
  const pi = solve(a, count);
  // Each candidate's share: the first at its state's floor, the second at the plain odds.
  const share = odds.map((p) => p / 2);
  for (let s = 0; s < count; s++) floorOdds(floors[s], odds).forEach((p, i) => (share[i] += (pi[s] * p) / 2));
  return share;
}

/** The chance of each best rarity of a pair (1★ first), its two candidates drawn at `first` and `second`. */
function bestOfPair(first: readonly number[], second: readonly number[]): number[] {
  const below = (odds: readonly number[], r: number) => odds.slice(0, r).reduce((a, b) => a + b, 0);
  return first.map((_, i) => below(first, i + 1) * below(second, i + 1) - below(first, i) * below(second, i));
}

/** Gaussian elimination with partial pivoting on an augmented n × (n + 1) system. */
function solve(a: Float64Array[], n: number): number[] {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    const lead = a[col][col];
    for (let r = 0; r < n; r++) {
      if (r === col || a[r][col] === 0) continue;
      const f = a[r][col] / lead;
      const row = a[r];
      const top = a[col];
      for (let k = col; k <= n; k++) row[k] -= f * top[k];
    }
  }
  return Array.from({ length: n }, (_, i) => a[i][n] / a[i][i]);
}
