// How an odds estimate samples and when it stops: the 95% interval it must reach and the looks on the way. Pure
// arithmetic, free of the engine, so the fairness page states the same precision the server holds.

/**
 * How an estimate samples: at least `min` battles, then `step` more at each look, at most `max`, until the 95%
 * interval is ±`half`. A chance far from even needs far fewer battles for the same precision (±3 points takes
 * about 1,125 battles at 50%, 500 at 90%, 250 from 95%), so the first look comes early and the looks come often. The
 * fight itself is rolled against the stated chance, so the precision is how near the statement is to the model's
 * chance, not whether the fights won match it (they do, exactly: the fairness page). Why ±3: docs/game-rules.md, Odds.
 */
export const ODDS_SAMPLING = { min: 250, step: 125, max: 6000, half: 0.03 };
export type OddsSampling = typeof ODDS_SAMPLING;

/** Where the next look at an estimate comes, `n` battles in: the minimum first, then every step, never past the maximum. */
export const nextLook = (n: number, s: OddsSampling = ODDS_SAMPLING): number =>
  Math.min(s.max, n < s.min ? s.min : n + s.step);

const Z95 = 1.96;

/**
 * The half-width of the 95% Wilson score interval of `wins` in `n`: unlike the normal approximation it stays
 * honest near 0% and 100%, where an early look sees few or no losses (500 wins of 500: ±0.4 points about 99.6%).
 */
export function intervalHalfWidth(wins: number, n: number): number {
  const p = wins / n;
  const z2 = Z95 * Z95;
  return (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
}

/** Whether `wins` of `n` battles settle the estimate: its 95% interval is narrow enough, or the maximum is reached. */
export const settled = (wins: number, n: number, s: OddsSampling = ODDS_SAMPLING): boolean =>
  n >= s.max || intervalHalfWidth(wins, n) <= s.half;
