// Ascension: a hero rising one star by spending copies (heroes of at least its rarity, or Star Shards in their
// place) and essence (./data/ascension.ts), and its reset to the rarity it was summoned at. Pure: the server checks
// ownership, spends, keeps what was spent for the reset's refund and writes the hero (src/server/heroes/hero-ascension.ts).
// The stats at a rarity come from the formula generation uses (progression.ts statsFor), carrying the hero's own
// upgrades and spread along; level, xp, abilities, traits and gear stay as they are.
import { ASCENSION, MAX_STARS, SHARDS_PER_HERO, type AscensionRung } from './data/ascension.ts';
import { findClass, findRace } from './content.ts';
import { generateHero } from './generation.ts';
import { statsFor, type Stats } from './progression.ts';
import type { Hero } from './types.ts';
import { STAR_SHORT } from './star-short.ts';

export { ASCENSION, MAX_STARS, SHARDS_PER_HERO, STAR_SHARD_ITEM } from './data/ascension.ts';
export { STAR_SHORT, starShortfall } from './star-short.ts';

const STATS = ['max_hp', 'atk', 'def', 'spd'] as const;

/** The rung a hero of `rarity` climbs next, or undefined at the top. */
export function rungFrom(rarity: number): AscensionRung | undefined {
  return ASCENSION.find((r) => r.from === rarity);
}

/** Star Shards dismissing a hero of `rarity` gives, and one copy at the rung from `rarity` costs. */
export const shardsFor = (rarity: number): number =>
  SHARDS_PER_HERO[Math.min(MAX_STARS, Math.max(1, Math.floor(rarity))) - 1];

/** The hero's stats at `rarity`: the formula's stats there, times how far its own stats stand from the formula's now. */
export function statsAtRarity(hero: Hero, rarity: number): Stats {
  const cls = findClass(hero.class);
  const race = findRace(hero.race);
  if (!cls || !race) return { max_hp: hero.max_hp, atk: hero.atk, def: hero.def, spd: hero.spd };
  const now = statsFor(hero.type, cls, race, hero.rarity, hero.level, hero.spread, hero.training);
  const then = statsFor(hero.type, cls, race, rarity, hero.level, hero.spread, hero.training);
  const out = { ...now };
  // A stat exactly at the formula's (no upgrade) lands exactly on the formula's at the new rarity.
  for (const s of STATS) out[s] = hero[s] === now[s] ? then[s] : Math.round((then[s] * hero[s]) / now[s]);
  return out;
}

/** The hero at `rarity`: its stats, portrait frame and sheet; everything else kept. */
export function atRarity(hero: Hero, rarity: number): Hero {
  const stats = statsAtRarity(hero, rarity);
  const drawn = generateHero(hero.seed, { id: hero.id, userId: hero.user_id, rarity, level: hero.level });
  return {
    ...hero,
    ...stats,
    hp: stats.max_hp,
    rarity,
    portrait_url: drawn.portrait_url,
    description: drawn.description,
  };
}

/** What the next star costs and what the hero gains: the preview GET /api/heroes/:id/ascension answers. */
export interface AscensionPreview {
  rarity: number;
  max_rarity: number;
  summoned_rarity: number;
  /** null at the top */
  next: null | {
    rarity: number;
    copies: number;
    /** the least rarity a spent hero must have */
    copy_min_rarity: number;
    shards_per_copy: number;
    essence: number;
    stats_now: Stats;
    stats_next: Stats;
  };
}

export function ascensionPreview(hero: Hero): AscensionPreview {
  const rung = rungFrom(hero.rarity);
  const base = {
    rarity: hero.rarity,
    max_rarity: MAX_STARS,
    summoned_rarity: hero.summoned_rarity ?? hero.rarity,
  };
  if (!rung) return { ...base, next: null };
  return {
    ...base,
    next: {
      rarity: hero.rarity + 1,
      copies: rung.copies,
      copy_min_rarity: hero.rarity,
      shards_per_copy: shardsFor(hero.rarity),
      essence: rung.essence,
      stats_now: { max_hp: hero.max_hp, atk: hero.atk, def: hero.def, spd: hero.spd },
      stats_next: statsAtRarity(hero, hero.rarity + 1),
    },
  };
}

/** A hero the player may spend on another's star, as far as choosing among them reads it. */
export type Copy = Pick<Hero, 'id' | 'rarity' | 'level' | 'xp' | 'summoned_rarity'>;

/**
 * The heroes `hero`'s next star may spend, least valuable first: those of exactly the rarity it needs (a copy rarer
 * than that gives up more than the star asks), then the rarer ones by rarity; among alike, one never ascended before
 * one whose stars were paid for, then the lower level, then the less experience, then by id. Each marked `rarer`
 * when it is.
 */
export function spendableCopies<C extends Copy>(
  hero: Hero,
  heroes: readonly C[],
): (C & { rarer: boolean })[] {
  const ascended = (c: Copy) => (c.summoned_rarity !== undefined && c.summoned_rarity < c.rarity ? 1 : 0);
  return heroes
    .filter((c) => c.id !== hero.id && c.rarity >= hero.rarity)
    .sort(
      (a, b) =>
        a.rarity - b.rarity ||
        ascended(a) - ascended(b) ||
        a.level - b.level ||
        a.xp - b.xp ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((c) => ({ ...c, rarer: c.rarity > hero.rarity }));
}

/** The copies a star's payment starts from: the least valuable that fit, as many as it takes — never a rarer one. */
export function suggestedCopies(hero: Hero, copies: readonly (Copy & { rarer: boolean })[]): string[] {
  const rung = rungFrom(hero.rarity);
  if (!rung) return [];
  return copies
    .filter((c) => !c.rarer)
    .slice(0, rung.copies)
    .map((c) => c.id);
}

/** What paying for a star takes: spent heroes, shards, essence. */
export interface AscensionPayment {
  heroes: Hero[];
  shards: number;
  essence: number;
}

export type AscensionOutcome =
  { ok: true; hero: Hero; paid: AscensionPayment } | { ok: false; error: string };

/**
 * The hero one star higher, paid with `spend` (heroes of at least its rarity) and, when `useShards`, Star Shards for
 * the copies the heroes leave unpaid. Refuses what cannot pay exactly: a hero below the rarity, the hero itself,
 * more heroes than copies, too few copies without shards.
 */
export function ascend(hero: Hero, spend: readonly Hero[], useShards: boolean): AscensionOutcome {
  const rung = rungFrom(hero.rarity);
  if (!rung) return { ok: false, error: `${hero.name} is already ${MAX_STARS}★, the highest rarity` };
  if (spend.some((h) => h.id === hero.id)) return { ok: false, error: 'A hero cannot be spent on itself' };
  const low = spend.find((h) => h.rarity < hero.rarity);
  if (low)
    return { ok: false, error: `${low.name} is ${low.rarity}★: a copy must be at least ${hero.rarity}★` };
  if (spend.length > rung.copies)
    return {
      ok: false,
      error: `The next star takes ${rung.copies} ${rung.copies === 1 ? 'copy' : 'copies'}, not ${spend.length}`,
    };
  const missing = rung.copies - spend.length;
  if (missing > 0 && !useShards)
    return {
      ok: false,
      error: `The next star takes ${rung.copies} ${rung.copies === 1 ? 'copy' : 'copies'}: ${STAR_SHORT.copies(missing)}`,
    };
  const shards = missing * shardsFor(hero.rarity);
  const next = atRarity(hero, hero.rarity + 1);
  return {
    ok: true,
    hero: { ...next, summoned_rarity: hero.summoned_rarity ?? hero.rarity },
    paid: { heroes: [...spend], shards, essence: rung.essence },
  };
}

/** The hero back at the rarity it was summoned at (the server refunds every star's payment). */
export function resetAscension(hero: Hero): { ok: true; hero: Hero } | { ok: false; error: string } {
  const from = hero.summoned_rarity;
  if (from === undefined || from === hero.rarity)
    return { ok: false, error: `${hero.name} has not ascended: there is nothing to reset` };
  const { summoned_rarity: _s, ...rest } = atRarity(hero, from);
  return { ok: true, hero: rest };
}
