// Using an item: runs the entry's `use` hook (src/game/data/items.ts) with the rules core's tools. Pure: the
// server passes the hero and a seed, then writes the outcome (hero, currencies, the consumed item) atomically.
import type { Hero } from './types.ts';
import { ITEMS_BY_ID, type ItemDef, type ItemOutcome } from './data/items.ts';
import {
  findClass,
  findRace,
  grantXp,
  MAX_LEVEL,
  rerollAbilities,
  statsFor,
  xpToNextLevel,
} from './index.ts';

/** A hero's stats before upgrades: what its race, class, type, rarity, level, spread and training give (progression.ts). */
export function baseStats(hero: Hero) {
  const cls = findClass(hero.class);
  const race = findRace(hero.race);
  if (!cls || !race) return { max_hp: hero.max_hp, atk: hero.atk, def: hero.def, spd: hero.spd };
  return statsFor(hero.type, cls, race, hero.rarity, hero.level, hero.spread, hero.training);
}

export { ITEMS, ITEMS_BY_ID } from './data/items.ts';
export type { ItemDef, ItemOutcome, ItemKind, Currency } from './data/items.ts';

export function useItem(item: ItemDef | string, ctx: { hero?: Hero; seed: number }): ItemOutcome {
  const def = typeof item === 'string' ? ITEMS_BY_ID.get(item) : item;
  if (!def) return { ok: false, error: 'Item not found' };
  if (def.targetsHero && !ctx.hero) return { ok: false, error: 'Choose a hero to use this on' };
  return def.use(def.targetsHero ? ctx.hero : undefined, {
    grantXp,
    xpToNextLevel,
    rerollAbilities,
    baseStats,
    maxLevel: MAX_LEVEL,
    seed: ctx.seed,
  });
}
