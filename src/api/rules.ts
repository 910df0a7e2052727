// The numbers and rules players see, once, free of zod so the web client imports them too: what a reroll and a
// summon cost, how far a hero levels and the XP each level takes, what a username may be, how big a team is, the
// four currencies (their order and names), what a new account holds, and the refusals that state these numbers.
// The server enforces them from here (routes, wallet), the pages state them from here; rules.test.ts checks that
// nothing else writes them out again.
import { CURRENCIES, type Currency } from '../game/data/currencies.ts';

export { MAX_LEVEL, XP_TABLE, xpToNextLevel } from '../game/progression.ts';
export { CURRENCIES, type Currency };
/** Star Shards fused into one summoning scroll (Use Item on the shards; src/game/data/ascension.ts). */
export { SHARDS_PER_SCROLL } from '../game/data/ascension.ts';
/** Why the next star is out of reach, in the words the ascend call refuses with (src/game/ascension.ts). */
export { STAR_SHORT } from '../game/star-short.ts';

/** Training: what a level adds, its cap, and its price in gold at each level (src/game/data/training.ts). */
export { MAX_FOE_TRAINING, MAX_TRAINING, TRAINING_STEP, trainingCost } from '../game/data/training.ts';

/** Magic essence one ability reroll costs. */
export const REROLL_COST = 50;

/** Summoning scrolls one paid generation (a pair of candidates) costs. */
export const SUMMON_COST = 1;

/** Each currency in the players' words (the header, the shop, the refusals), in the order of CURRENCIES. */
export const CURRENCY_NAMES: Readonly<Record<Currency, string>> = {
  gold: 'Gold',
  magic_essence: 'Magic Essence',
  summoning_scrolls: 'Summoning Scrolls',
  combat_tokens: 'Combat Tokens',
};

/** What a new account starts with: enough for 5 summons and 2 rerolls. */
export const STARTING_BALANCES = {
  gold: 500,
  magic_essence: 100,
  summoning_scrolls: 5,
  combat_tokens: 0,
} as const satisfies Record<Currency, number>;

/** The refusal of a price the player holds too little of ('Insufficient gold'). */
export const insufficient = (currency: Currency): string =>
  `Insufficient ${CURRENCY_NAMES[currency].toLowerCase()}`;

/** The refusals that name their price. */
export const PRICE_RULES = {
  reroll: `${insufficient('magic_essence')} (requires ${REROLL_COST})`,
  summon: (have: number): string =>
    `${insufficient('summoning_scrolls')}! You need ${SUMMON_COST} scroll(s) to generate heroes. You have ${have} scroll(s).`,
} as const;

/** A team, for a battle or a dungeon: 1 to 4 heroes; the texts are fixed, word for word. */
export const TEAM_MIN = 1;
export const TEAM_MAX = 4;
export const TEAM_RULES = {
  battleEmpty: `Select at least ${TEAM_MIN} hero`,
  dungeonEmpty: 'Please select at least one hero',
  tooBig: `A team has at most ${TEAM_MAX} heroes`,
} as const;

/**
 * A ladder rating is provisional while its deviation is above this (Glicko-2's RD; a new hero starts at 350): the
 * rating says little yet and moves a lot with each result. 110 is lichess's line for the same system.
 */
export const PROVISIONAL_RD = 110;
export const isProvisional = (rd: number): boolean => rd > PROVISIONAL_RD;

/**
 * A 0..1 chance as a whole percentage, 50 when missing. A chance that is neither sure nor hopeless never
 * reads as one: 0.9996 is 99, not 100, and 0.0004 is 1, not 0.
 */
export function wholePercent(p: number | null | undefined): number {
  if (typeof p !== 'number' || !Number.isFinite(p)) return 50;
  const whole = Math.round(p * 100);
  return p > 0 && p < 1 ? Math.min(99, Math.max(1, whole)) : whole;
}

/** A fight refused because it changed since its chance was shown (a 409 with the new chance): what it says. */
export const oddsChanged = (probability: number): string =>
  `The fight changed since you looked: your chance is now ${wholePercent(probability)}%.`;

/** Usernames: 3-20 characters, letters, digits and underscore; the texts are fixed, word for word. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** How long a username may be, as the pages and the refusal say it ('3-20'). */
export const USERNAME_LENGTHS = `${USERNAME_MIN}-${USERNAME_MAX}`;
export const USERNAME_RULES = {
  length: `Username must be ${USERNAME_LENGTHS} characters`,
  charset: 'Username can only contain letters, numbers, and underscores',
} as const;
const USERNAME_CHARS = /^[A-Za-z0-9_]+$/;

/** What is wrong with a username (already trimmed), or null when it is a valid one. */
export function usernameProblem(name: string): string | null {
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) return USERNAME_RULES.length;
  if (!USERNAME_CHARS.test(name)) return USERNAME_RULES.charset;
  return null;
}

/** How near a stated chance is to the model's own (±`half` at 95%; src/game/battle/odds.ts). */
export { ODDS_SAMPLING } from '../game/battle/sampling.ts';

/** Guilds: a name's length, a description's and a message's, the members and officers a guild holds (src/game/data/guilds.ts). */
export {
  BOSS_ATTACKS_A_DAY,
  GUILD_DESCRIPTION_MAX,
  GUILD_MAX_MEMBERS,
  GUILD_MAX_OFFICERS,
  GUILD_MESSAGE_MAX,
  GUILD_MESSAGES_A_MINUTE,
  GUILD_NAME_MAX,
  GUILD_NAME_MIN,
  GUILD_REJOIN_WAIT_S,
} from '../game/data/guilds.ts';

/** The operator's console (api/admin.ts): the most one grant or take moves, a reason's length, its pages. */
export const ADMIN_LIMITS = {
  /** the most one grant or take moves */
  amountMax: 1_000_000,
  reasonMin: 3,
  reasonMax: 200,
  /** players a search answers */
  searchPage: 20,
  /** the longest search (a name's start, or an id) */
  searchMax: 64,
  /** audit rows a page */
  auditPage: 25,
  /** ledger entries the player's page shows */
  ledgerShown: 20,
} as const;
