// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013 — steps 1–8 of the paper, named as there), for
// the arena ladder (./ladder.ts decides what a rating period is and what a hero starts from). Pure arithmetic: a
// rating, its deviation and its volatility in, the same out. Written here rather than taken from npm because the
// one maintained package (glicko2) keeps every player in a mutable in-memory ranking, where the ladder needs one
// stored rating updated inside a transaction; the paper's worked example is the unit test (glicko2.test.ts).

export interface Glicko2Rating {
  /** on the Glicko scale (a new player 1500) */
  rating: number;
  /** rating deviation, RD (a new player 350) */
  rd: number;
  /** volatility, σ (a new player 0.06) */
  vol: number;
}

/** One game of a rating period: the opponent's rating before the period and the score (1 win, 0 loss, ½ draw). */
export interface Glicko2Game {
  opponent: Pick<Glicko2Rating, 'rating' | 'rd'>;
  score: number;
}

/** The paper's conversion between the Glicko scale and Glicko-2's: 400 / ln 10. */
export const GLICKO2_SCALE = 173.7178;
/** Convergence tolerance of step 5 (the paper's ε). */
const EPSILON = 0.000001;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * Step 5: the new volatility, by the Illinois algorithm on f(x) (the paper's procedure, unchanged).
 * `delta2`, `phi2` and `v` are Δ², φ² and v of steps 2–4.
 */
function newVolatility(sigma: number, delta2: number, phi2: number, v: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const tau2 = tau * tau;
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi2 + v + ex;
    return (ex * (delta2 - phi2 - v - ex)) / (2 * d * d) - (x - a) / tau2;
  };
  let A = a;
  let B: number;
  if (delta2 > phi2 + v) {
    B = Math.log(delta2 - phi2 - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * A player's rating after one rating period with `games` (each against its opponent's rating as it was before the
 * period), for system constant τ = `tau`. With no games only the deviation grows (step 6 alone).
 */
export function glicko2Update(player: Glicko2Rating, games: Glicko2Game[], tau: number): Glicko2Rating {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / GLICKO2_SCALE;
  const phi = player.rd / GLICKO2_SCALE;
  const sigma = player.vol;
  if (games.length === 0) return { ...player, rd: Math.sqrt(phi * phi + sigma * sigma) * GLICKO2_SCALE };
  // Steps 3 and 4: the estimated variance v and the estimated improvement Δ.
  let vInverse = 0;
  let improvement = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / GLICKO2_SCALE;
    const phiJ = opponent.rd / GLICKO2_SCALE;
    const e = expected(mu, muJ, phiJ);
    const gJ = g(phiJ);
    vInverse += gJ * gJ * e * (1 - e);
    improvement += gJ * (score - e);
  }
  const v = 1 / vInverse;
  const delta = v * improvement;
  // Step 5: the new volatility.
  const sigmaNew = newVolatility(sigma, delta * delta, phi * phi, v, tau);
  // Step 6: the pre-period deviation.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  // Step 7: the new deviation and rating.
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * improvement;
  // Step 8: back to the Glicko scale.
  return { rating: muNew * GLICKO2_SCALE + 1500, rd: phiNew * GLICKO2_SCALE, vol: sigmaNew };
}

/**
 * The chance that a player rated `a` beats one rated `b` as Glicko-2 expects it (the E of step 3 seen from a,
 * with b's deviation widening it): for display beside the honest odds, never instead of them.
 */
export function glicko2Expected(
  a: Pick<Glicko2Rating, 'rating'>,
  b: Pick<Glicko2Rating, 'rating' | 'rd'>,
): number {
  return expected((a.rating - 1500) / GLICKO2_SCALE, (b.rating - 1500) / GLICKO2_SCALE, b.rd / GLICKO2_SCALE);
}
