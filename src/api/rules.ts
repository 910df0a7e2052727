// The numbers and rules players see, once, free of zod so the web client imports them too: what a reroll costs,
// how far a hero levels and the XP each level takes, what a username may be, and the four currencies. The server
// enforces them from here (routes, wallet), the pages state them from here.
export { MAX_LEVEL, XP_TABLE, xpToNextLevel } from '../game/progression.ts';

/** Magic essence one ability reroll costs (spec §5). */
export const REROLL_COST = 50;

export { CURRENCIES, type Currency } from '../game/data/items.ts';

/** Usernames (spec §5): 3-20 characters, letters, digits and underscore; the texts are the spec's own. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_RULES = {
  length: 'Username must be 3-20 characters',
  charset: 'Username can only contain letters, numbers, and underscores',
} as const;
const USERNAME_CHARS = /^[A-Za-z0-9_]+$/;

/** What is wrong with a username (already trimmed), or null when it is a valid one. */
export function usernameProblem(name: string): string | null {
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) return USERNAME_RULES.length;
  if (!USERNAME_CHARS.test(name)) return USERNAME_RULES.charset;
  return null;
}
