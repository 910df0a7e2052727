// Why a hero's next star is out of reach, in words: the texts the ascend call refuses with and the hero page lists
// (every reason at once, so a player short of shards learns they are short of essence too). Apart from
// ./ascension.ts so the page's bundle takes these texts without the hero generator.
/** A count as the texts say it: '1,200'. */
const count = (n: number) => n.toLocaleString('en-US');

/** Why a star is out of reach, in words: the hero page lists every one, a refusal of the ascend call its own. */
export const STAR_SHORT = {
  copies: (missing: number) =>
    `choose ${missing} more ${missing === 1 ? 'hero' : 'heroes'} or use Star Shards`,
  shards: (needed: number, held: number) =>
    `Not enough Star Shards: ${count(needed)} needed, you have ${count(held)}`,
  essence: (needed: number, held: number) =>
    `Not enough magic essence: ${count(needed)} needed, you have ${count(held)}`,
} as const;

/**
 * Every reason the next star is out of reach with `chosen` of its `copies` picked (a new player short of shards is
 * short of essence too): copies left unpaid without shards, shards, essence. Empty: it can be paid.
 */
export function starShortfall(s: {
  copies: number;
  chosen: number;
  useShards: boolean;
  shardsPerCopy: number;
  shardsHeld: number;
  essence: number;
  essenceHeld: number;
}): string[] {
  const missing = Math.max(0, s.copies - s.chosen);
  const shards = s.useShards ? missing * s.shardsPerCopy : 0;
  const copies = STAR_SHORT.copies(missing);
  return [
    ...(missing > 0 && !s.useShards ? [copies[0].toUpperCase() + copies.slice(1)] : []),
    ...(shards > s.shardsHeld ? [STAR_SHORT.shards(shards, s.shardsHeld)] : []),
    ...(s.essenceHeld < s.essence ? [STAR_SHORT.essence(s.essence, s.essenceHeld)] : []),
  ];
}
