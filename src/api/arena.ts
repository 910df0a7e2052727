// 1v1 arena duels against another player's hero or an NPC, resolved at once with honest odds; the arena ladder
// (Glicko-2 ratings of every hero and NPC, src/game/ladder.ts): its leaderboard, and Find a fair match.
import { z } from 'zod';
import { BattleResult, HeroRating, HeroSchema, idField, Id, Rewards, ShownOddsKey } from './common.ts';

/** Both a hero and an opponent must be chosen. */
export const ARENA_PICK_BOTH = 'Select your hero and an opponent first';
const ArenaPick = idField(ARENA_PICK_BOTH);

export const ArenaBody = z.object({
  user_id: Id,
  attacker_hero_id: ArenaPick,
  opponent_id: ArenaPick,
  odds_key: ShownOddsKey,
});

/** One side's rating before and after the fight (one fight is one Glicko-2 rating period). */
export const HeroRatingChange = z.object({
  hero_id: z.string(),
  before: HeroRating,
  after: HeroRating,
});
export type HeroRatingChange = z.infer<typeof HeroRatingChange>;

/** The repeat-win rule as it met this win (src/game/rewards.ts repeatWinFactor). */
export const RepeatWin = z.object({
  earlier_wins: z
    .number()
    .int()
    .min(0)
    .describe("the player's wins over this opponent in the 24 hours before this one"),
  factor: z
    .number()
    .min(0)
    .max(1)
    .describe('the share of its rewards this win paid: 1, 0.5, 0.25, then 0.125'),
  unreduced: Rewards.describe('what the win would have paid as a first win over this opponent'),
});
export type RepeatWin = z.infer<typeof RepeatWin>;

export const ArenaResponse = BattleResult.extend({
  ratings: z
    .object({ attacker: HeroRatingChange, opponent: HeroRatingChange })
    .describe("both sides' ladder ratings, moved by this fight"),
  repeat_win: RepeatWin.nullable().describe('how the repeat-win rule scaled a win; null for a loss'),
});
export type ArenaResponse = z.infer<typeof ArenaResponse>;

const Cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]*$/, 'not a cursor this server gave');

export const LEADERBOARD_LIMIT_MAX = 50;
export const LeaderboardQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LEADERBOARD_LIMIT_MAX).default(20).describe('heroes per page'),
  cursor: Cursor.optional().describe('next_cursor of the page before'),
  user_id: Id.optional().describe("also answer this player's best heroes with their ranks (`mine`)"),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

export const LeaderboardEntry = z.object({
  rank: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe('place in the order (1 = top); null beyond the first 10,000, which are counted exactly'),
  hero_id: z.string(),
  name: z.string(),
  level: z.number().int(),
  rarity: z.number().int(),
  race: z.string(),
  class: z.string(),
  type: z.enum(['Tank', 'Damage', 'Support']),
  portrait_url: z.string(),
  npc: z.boolean(),
  user_id: z.string().nullable().describe("the owner's id (null for an NPC)"),
  username: z.string().nullable().describe("the owner's name (null for an NPC)"),
  dungeon_id: z.string().nullable().describe("an NPC's dungeon"),
  rating: z.number().describe('Glicko-2 rating'),
  rd: z.number().describe('rating deviation'),
  conservative: z.number().describe('rating − 2·rd: the order of the leaderboard'),
  wins: z.number().int(),
  losses: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;

export const LeaderboardResponse = z.object({
  heroes: z.array(LeaderboardEntry),
  next_cursor: z.string().nullable().describe('pass back as cursor for the next page; null on the last'),
  mine: z
    .array(LeaderboardEntry)
    .optional()
    .describe("with user_id: the player's best heroes (at most 10), each with its rank"),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;

export const OPPONENTS_LIMIT_MAX = 12;
export const OpponentsQuery = z.object({
  user_id: Id,
  hero_id: Id.describe('your hero: opponents for a fair duel with it'),
  limit: z.coerce.number().int().min(1).max(OPPONENTS_LIMIT_MAX).default(6),
});
export type OpponentsQuery = z.infer<typeof OpponentsQuery>;

export const OpponentsRefreshBody = z.object({
  user_id: Id,
  hero_id: Id.describe('your hero: another set of opponents for it'),
  limit: z.number().int().min(1).max(OPPONENTS_LIMIT_MAX).default(6),
});
export type OpponentsRefreshBody = z.infer<typeof OpponentsRefreshBody>;

export const OpponentsResponse = z.object({
  hero: HeroSchema.describe('your hero, with its rating'),
  opponents: z
    .array(HeroSchema)
    .describe(
      "other players' heroes and NPCs whose duel with your hero it wins 40–60% of the time by the honest odds, then sparring partners made for it; nearest an even duel first, each with its rating",
    ),
  probabilities: z
    .array(z.number().min(0).max(1))
    .describe(
      "your hero's chance against each opponent, in the same order: the duel's estimate, the number GET /api/odds and the fight then state",
    ),
  owners: z
    .array(z.string().nullable())
    .describe("each opponent's owner's username, in the same order (null for an NPC)"),
  sparring: z
    .array(z.boolean())
    .describe('in the same order: whether the opponent is a sparring partner (an NPC made for your hero)'),
  day: z.string().describe("the player's day the set is for, 'YYYY-MM-DD'"),
  draw: z.number().int().min(0).describe("which set of the day: 0 the day's first, one more at each refresh"),
});
export type OpponentsResponse = z.infer<typeof OpponentsResponse>;
