// Ascension as data: what raising a hero one star costs, rung by rung, and what dismissing a hero leaves behind. A
// rung's copies are heroes of at least the hero's current rarity, each of which Star Shards may stand in for; the
// numbers come from the measurement in docs/game-rules.md "Ascension" (npm run sim:ascension).

/** The highest rarity a hero can reach. */
export const MAX_STARS = 5;

export interface AscensionRung {
  /** the rarity it rises from (to `from + 1`) */
  from: number;
  /** heroes of rarity ≥ `from` spent (or Star Shards in their place) */
  copies: number;
  /** magic essence spent besides */
  essence: number;
}

export const ASCENSION: readonly AscensionRung[] = [
  { from: 1, copies: 1, essence: 300 },
  { from: 2, copies: 2, essence: 700 },
  { from: 3, copies: 3, essence: 1200 },
  { from: 4, copies: 4, essence: 2000 },
];

/**
 * Star Shards a hero of each rarity (index rarity − 1) leaves when dismissed — and what one copy at the rung rising
 * from that rarity costs in shards instead, so a dismissed hero is worth what it would have been as a copy.
 */
export const SHARDS_PER_HERO: readonly number[] = [10, 20, 50, 120, 300];

/** The inventory item the shards are (src/game/data/items.ts), and its price in the shop, in combat tokens. */
export const STAR_SHARD_ITEM = 'star_shard';
export const STAR_SHARD_TOKENS = 15;
/**
 * Star Shards fused into one summoning scroll (Use Item on the shards): their sink once a team has its stars. A summon's
 * kept hero is worth 42 shards on average dismissed (the altar's odds), so fusing gives back less than it takes.
 */
export const SHARDS_PER_SCROLL = 100;
/** Magic essence an Astral Sigil costs in the shop (opened, one summoning scroll): essence's sink past ascension. */
export const SIGIL_ESSENCE = 500;
