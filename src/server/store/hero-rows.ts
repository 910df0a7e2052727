// Hero <-> heroes row: scalar fields are columns (for queries), boon/bane/abilities JSON text, and the whole hero
// as one JSON document that reads use, so a list is served without rebuilding every hero field by field.
import type { Insertable, Selectable } from 'kysely';
import type { Hero } from '../../game/types.ts';
import type { HeroesTable } from './tables.ts';

export type HeroRow = Selectable<HeroesTable>;

/**
 * The hero as stored: its JSON document (the columns beside it serve queries and indexes), with the row's version
 * when the row was read with it and the hero is a player's (an NPC is content) — what a win chance is keyed by
 * (GET /api/odds).
 */
export function heroFromRow(r: Pick<HeroRow, 'doc'> & { version?: number }): Hero {
  const hero = JSON.parse(r.doc) as Hero;
  if (r.version !== undefined && hero.user_id !== null) hero.version = Number(r.version);
  return hero;
}

/** The columns a hero's state occupies (everything but ownership and bookkeeping). */
/** A hero's own columns, as written. */
export type HeroColumns = ReturnType<typeof heroColumns>;

export function heroColumns(hero: Hero) {
  // The ladder rating is a view of its own row (fights/rating-store.ts), the version a column, the fighting stats a
  // view of the rest (battle/compile.ts fightingStats): never part of the document.
  const { rating: _rating, version: _version, fighting_stats: _fighting, ...h } = hero;
  return {
    seed: h.seed >>> 0,
    name: h.name,
    race: h.race,
    race_description: h.race_description,
    class: h.class,
    class_description: h.class_description,
    type: h.type,
    rarity: h.rarity,
    level: h.level,
    xp: h.xp,
    hp: h.hp,
    max_hp: h.max_hp,
    atk: h.atk,
    def: h.def,
    spd: h.spd,
    description: h.description,
    portrait_url: h.portrait_url,
    boon: JSON.stringify(h.boon),
    bane: JSON.stringify(h.bane),
    boon_icon: h.boon_icon,
    bane_icon: h.bane_icon,
    abilities: JSON.stringify(h.abilities),
    doc: JSON.stringify(h),
  };
}

export function heroRow(
  hero: Hero,
  extra: {
    user_id: string | null;
    dungeon_id?: string | null;
    generation_id?: string | null;
    created_at: number;
    /** a hero put back (a star's reset): above every version it had, so no cache keyed by it serves an old state */
    version?: number;
  },
): Insertable<HeroesTable> {
  const h = { ...hero, user_id: extra.user_id };
  return {
    id: h.id,
    user_id: extra.user_id,
    dungeon_id: extra.dungeon_id ?? null,
    generation_id: extra.generation_id ?? null,
    ...heroColumns(h),
    version: extra.version ?? 1,
    created_at: extra.created_at,
  };
}
