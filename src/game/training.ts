// Training a hero (numbers: data/training.ts): its health, attack and defence grow by a step of the untrained stat per
// level, kept at the hero's own distance from the formula (its shop upgrades and spread), as a level-up or a star
// keeps them. And the sync rule that lets a new pull join the best four at once: it arrives at the level and the
// training of the weakest of the player's best four (AFK Arena's level sync, applied once, at the pull).
import { findClass, findRace } from './content.ts';
import { MAX_TRAINING, trainingCost } from './data/training.ts';
import { LEVEL_STEP, statsFor } from './progression.ts';
import { TRAINING_STEP } from './data/training.ts';
import type { Hero } from './types.ts';

export { MAX_TRAINING, TRAINING_STEP, trainingCost } from './data/training.ts';

const TRAINED = ['max_hp', 'atk', 'def'] as const;

/** The hero at `level` of training (clamped to 0 … MAX_TRAINING): trained stats scaled, full health, all else kept. */
export function withTraining(hero: Hero, level: number): Hero {
  const to = Math.min(MAX_TRAINING, Math.max(0, Math.floor(level)));
  const from = hero.training ?? 0;
  if (to === from) return hero;
  const cls = findClass(hero.class);
  const race = findRace(hero.race);
  if (!cls || !race) return hero;
  const now = statsFor(hero.type, cls, race, hero.rarity, hero.level, hero.spread, from);
  const then = statsFor(hero.type, cls, race, hero.rarity, hero.level, hero.spread, to);
  const out: Hero = { ...hero, training: to };
  // A stat exactly at the formula's (no upgrade) lands exactly on the formula's at the new training.
  for (const s of TRAINED) out[s] = hero[s] === now[s] ? then[s] : Math.round((then[s] * hero[s]) / now[s]);
  out.hp = out.max_hp;
  if (to === 0) delete out.training;
  return out;
}

/**
 * A hero's level as a fight's pay reads it (src/game/rewards.ts enemyLevel): its level, plus its training counted in
 * the levels that grow health, attack and defence as much — so a trained foe pays as a stronger one.
 */
export const levelEquivalent = (hero: Pick<Hero, 'level' | 'training'>): number =>
  hero.level + ((hero.training ?? 0) * TRAINING_STEP) / LEVEL_STEP;

/** What training `hero` one level more costs in gold, or null at the cap. */
export const nextTrainingCost = (hero: Pick<Hero, 'training'>): number | null =>
  (hero.training ?? 0) >= MAX_TRAINING ? null : trainingCost(hero.training ?? 0);

/** The level and training a new pull arrives at. */
export interface Sync {
  level: number;
  training: number;
}

/** How many of a player's heroes the sync looks at: a full team. */
export const SYNC_TEAM = 4;

/**
 * The sync of a player's heroes: the level of the weakest of their SYNC_TEAM highest levels, and the same for
 * training (each apart); with fewer heroes, the lowest of them; with none, level 1 untrained.
 */
export function syncOf(heroes: readonly Pick<Hero, 'level' | 'training'>[]): Sync {
  const nth = (xs: number[]) => {
    if (xs.length === 0) return 0;
    const top = xs.sort((a, b) => b - a).slice(0, SYNC_TEAM);
    return top[top.length - 1];
  };
  return {
    level: Math.max(1, nth(heroes.map((h) => h.level))),
    training: nth(heroes.map((h) => h.training ?? 0)),
  };
}
