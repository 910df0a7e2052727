// Stats from type × class × race × rarity × level, the XP table, and levelling up.
// The numbers are written down in docs/game-rules.md.

import type { Ability, Hero, HeroType, StatSpread } from './types.ts';
import type { ClassDef, RaceDef } from './data/schema.ts';
import { TRAINING_STEP } from './data/training.ts';

export const MAX_LEVEL = 10;

/** XP needed to go from level L to L+1 (index L-1). */
export const XP_TABLE: readonly number[] = [100, 160, 256, 410, 656, 1050, 1680, 2690, 4300];

/** XP needed to reach the next level from `level`; 0 at level 10 (there is no next level). */
export function xpToNextLevel(level: number): number {
  if (level >= MAX_LEVEL) return 0;
  return XP_TABLE[Math.max(1, Math.floor(level)) - 1];
}

/** Base stats of a level-1, 1★ hero by type. */
export const TYPE_BASE: Record<HeroType, { hp: number; atk: number; def: number; spd: number }> = {
  Tank: { hp: 630, atk: 44, def: 50, spd: 86 },
  Damage: { hp: 400, atk: 56, def: 28, spd: 96 },
  Support: { hp: 450, atk: 47, def: 34, spd: 100 },
};

export const rarityMul = (r: number) => 1 + 0.1 * (r - 1);
export const raritySpdMul = (r: number) => 1 + 0.025 * (r - 1);
/** What a level adds to health, attack and defence, as a share of level 1's. */
export const LEVEL_STEP = 0.09;
export const levelMul = (l: number) => 1 + LEVEL_STEP * (l - 1);
export const levelSpdMul = (l: number) => 1 + 0.02 * (l - 1);

export interface Stats {
  max_hp: number;
  atk: number;
  def: number;
  spd: number;
}

/** No spread: the base stats themselves (and what heroes stored before spreads existed carry). */
export const NO_SPREAD: StatSpread = { max_hp: 0, atk: 0, def: 0, spd: 0 };

/** A hero's spread on each stat is a whole percent in −SPREAD_PCT … +SPREAD_PCT (docs/game-rules.md). */
export const SPREAD_PCT = 5;

const spreadMul = (pct: number) => 1 + pct / 100;

/** What `level` levels of training multiply health, attack and defence by (data/training.ts). */
export const trainingMul = (level: number): number => 1 + TRAINING_STEP * Math.max(0, level);

export function statsFor(
  type: HeroType,
  cls: ClassDef,
  race: RaceDef,
  rarity: number,
  level: number,
  spread: StatSpread = NO_SPREAD,
  training = 0,
): Stats {
  const b = TYPE_BASE[type];
  const m = rarityMul(rarity) * levelMul(level) * trainingMul(training);
  const ms = raritySpdMul(rarity) * levelSpdMul(level);
  return {
    max_hp: Math.round(b.hp * cls.stats.hp * race.stats.hp * m * spreadMul(spread.max_hp)),
    atk: Math.round(b.atk * cls.stats.atk * race.stats.atk * m * spreadMul(spread.atk)),
    def: Math.round(b.def * cls.stats.def * race.stats.def * m * spreadMul(spread.def)),
    spd: Math.round(b.spd * cls.stats.spd * race.stats.spd * ms * spreadMul(spread.spd)),
  };
}

/** An ability's level follows its hero's: 1 at levels 1-3, 2 at 4-6, 3 at 7-9, 4 at 10. Each level adds 5% power. */
export const abilityLevelFor = (heroLevel: number) => 1 + Math.floor((heroLevel - 1) / 3);

export function grantXp(hero: Hero, xp: number): { hero: Hero; leveledUp: boolean; newLevel: number } {
  let level = hero.level;
  let pool = hero.xp + Math.max(0, Math.floor(xp));
  while (level < MAX_LEVEL && pool >= xpToNextLevel(level)) {
    pool -= xpToNextLevel(level);
    level++;
  }
  if (level >= MAX_LEVEL) pool = 0;
  if (level === hero.level) return { hero: { ...hero, xp: pool }, leveledUp: false, newLevel: level };
  // Grow by the ratio of level multipliers, so stat changes made elsewhere (items) and the hero's spread are kept.
  const g = levelMul(level) / levelMul(hero.level);
  const gs = levelSpdMul(level) / levelSpdMul(hero.level);
  const max_hp = Math.round(hero.max_hp * g);
  const abilities: Ability[] = hero.abilities.map((a) => ({ ...a, level: abilityLevelFor(level) }));
  return {
    hero: {
      ...hero,
      level,
      xp: pool,
      max_hp,
      hp: max_hp,
      atk: Math.round(hero.atk * g),
      def: Math.round(hero.def * g),
      spd: Math.round(hero.spd * gs),
      abilities,
    },
    leveledUp: true,
    newLevel: level,
  };
}
