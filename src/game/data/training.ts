// Training: the gold sink that keeps a hero growing once its level, rarity and shop upgrades are at their caps.
// Each level of training multiplies the hero's health, attack and defence by (1 + TRAINING_STEP × level) over what
// its race, class, type, rarity, level and spread give; its price in gold rises with the level. Campaign stages past
// the sixth chapter, dungeon tiers and sparring partners field NPCs trained the same way, so both sides grow by one
// rule. The numbers were set by `npm run sim:season` (docs/game-rules.md "Training").

/** What one level of training adds to health, attack and defence, as a share of the untrained stat. */
export const TRAINING_STEP = 0.04;

/** The most training a player's hero can hold. */
export const MAX_TRAINING = 60;

/**
 * The most training an NPC can hold: the dungeons' deepest tiers stand above what a player's team can reach (four
 * 5★ heroes at MAX_TRAINING, geared), so no team outgrows the ladder (docs/game-rules.md "Dungeons").
 */
export const MAX_FOE_TRAINING = 160;

/** Gold the next level of training costs a hero at `level` (0: untrained). */
export function trainingCost(level: number): number {
  return 400 + 300 * Math.max(0, Math.floor(level));
}
