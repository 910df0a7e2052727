// The arena ladder's rules: every hero — players' and NPCs — carries a Glicko-2 rating (./glicko2.ts) and an arena
// record. A rating period is ONE arena fight: both sides are updated at once, each against the other's rating as it
// was before the fight, and nothing else moves a rating (no deviation grows with idle time). New heroes start at
// 1500 / 350 / 0.06; an NPC starts from the rating its level fits (LEVEL_RATING, measured — see below). The
// leaderboard orders by the conservative rating, rating − 2·RD, so a hero climbs by proving itself, not by one
// lucky win. The server applies it in src/server/fights/rating-store.ts; the numbers are in docs/game-rules.md.

import { estimateOdds } from './battle/odds.ts';
import { generateHero } from './generation.ts';
import { glicko2Update, type Glicko2Rating } from './glicko2.ts';
import { hashSeed } from './prng.ts';
import { MAX_LEVEL } from './progression.ts';

/** A hero's standing: its Glicko-2 rating and its arena record. */
export interface LadderRating extends Glicko2Rating {
  wins: number;
  losses: number;
}

/** Glicko-2's system constant τ: how far a surprise may move the volatility (Glickman suggests 0.3–1.2). */
export const LADDER_TAU = 0.5;
/** Every new hero's rating, deviation and volatility (Glickman's defaults). */
export const NEW_RATING: Glicko2Rating = { rating: 1500, rd: 350, vol: 0.06 };
/** The deviation is never allowed above a newcomer's. */
export const MAX_RD = 350;

/** What the leaderboard orders by: a rating the hero is very likely above (rating − 2·RD). */
export const conservativeRating = (r: Pick<Glicko2Rating, 'rating' | 'rd'>): number => r.rating - 2 * r.rd;

/**
 * The honest odds of a typical hero of level L+1 against one of level L (index 0: level 2 against level 1), measured
 * by measureLevelSteps (`npm run ladder:levels -- pairs=4000 samples=400`, 2026-11-25: 4,000 pairs a step, 400
 * simulated duels each, the real generation with rarity rolled as players get it).
 */
export const LEVEL_STEP_CHANCE: readonly number[] = [
  0.667, 0.661, 0.658, 0.642, 0.624, 0.638, 0.603, 0.623, 0.62,
];

/** The rating gap at which Glicko (with sure ratings) expects the higher to win with chance `p`. */
export const ratingGapFor = (p: number): number => 400 * Math.log10(p / (1 - p));

/** Ratings by level from measured steps: 1500 at level 1, each level its step's gap above the last. */
export function levelRatingsFrom(steps: readonly number[]): number[] {
  const out = [NEW_RATING.rating];
  for (const p of steps) out.push(out[out.length - 1] + ratingGapFor(p));
  return out.map((r) => Math.round(r));
}

/**
 * An NPC's starting rating by level (index 0 = level 1): level 1 sits at a new hero's 1500 (a player's hero starts
 * at level 1) and each level above it by the gap its measured step is worth, 400·log10(p / (1 − p)) — the gap at
 * which Glicko expects that result. Chained steps agree with direct measurements across levels (3 vs 7: 92.0%,
 * a 423-point gap, against 401 chained) — docs/game-rules.md.
 * [1500, 1621, 1737, 1850, 1952, 2040, 2138, 2211, 2298, 2383]
 */
export const LEVEL_RATING: readonly number[] = levelRatingsFrom(LEVEL_STEP_CHANCE);

/** The rating an NPC of `level` starts from: its level's, with a newcomer's deviation and volatility. */
export function npcStartRating(level: number): Glicko2Rating {
  const l = Math.min(MAX_LEVEL, Math.max(1, Math.floor(level) || 1));
  return { ...NEW_RATING, rating: LEVEL_RATING[l - 1] };
}

/** One rating period of one game against `them` (their rating before it): score 1 a win, 0 a loss, ½ a draw. */
export function ratePeriod(me: Glicko2Rating, them: Glicko2Rating, score: number): Glicko2Rating {
  const r = glicko2Update(me, [{ opponent: them, score }], LADDER_TAU);
  return { rating: r.rating, rd: Math.min(MAX_RD, r.rd), vol: r.vol };
}

/** One arena fight as one rating period for both sides: each against the other's rating before the fight. */
export function rateDuel(
  attacker: LadderRating,
  defender: LadderRating,
  attackerWon: boolean,
): { attacker: LadderRating; defender: LadderRating } {
  const next = (me: LadderRating, them: LadderRating, won: boolean): LadderRating => ({
    ...ratePeriod(me, them, won ? 1 : 0),
    wins: me.wins + (won ? 1 : 0),
    losses: me.losses + (won ? 0 : 1),
  });
  return {
    attacker: next(attacker, defender, attackerWon),
    defender: next(defender, attacker, !attackerWon),
  };
}

/**
 * The honest odds of a typical hero of level L+1 against one of level L, for L = 1…9: `pairs` pairs of generated
 * heroes (rarity rolled as players get it; fixed seeds, so every run measures the same heroes), each duel's chance
 * over `samples` simulated battles, averaged: LEVEL_STEP_CHANCE (bench/ladder.ts prints it and the ratings).
 */
export function measureLevelSteps(pairs: number, samples: number): number[] {
  const steps: number[] = [];
  for (let level = 1; level < MAX_LEVEL; level++) {
    let sum = 0;
    for (let i = 0; i < pairs; i++) {
      const up = generateHero(hashSeed('ladder-up', level, i), { id: 'up', userId: null, level: level + 1 });
      const down = generateHero(hashSeed('ladder-down', level, i), { id: 'down', userId: null, level });
      sum += estimateOdds(hashSeed('ladder-duel', level, i), [up], [down], {
        minSamples: samples,
        maxSamples: samples,
      }).probability;
    }
    steps.push(sum / pairs);
  }
  return steps;
}
