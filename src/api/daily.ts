// The daily layer: a player's day (quests, the bonus for all three, the login calendar, when the day resets) and
// claiming its rewards. GET /api/daily?user_id=, POST /api/daily/claim; the day's zone and hour are set with
// PATCH /api/users/{id} (./users.ts). Rules: src/game/daily.ts, src/game/day-clock.ts; server: src/server/economy/daily-progress.ts.
import { z } from 'zod';
import { Id, User } from './common.ts';
import { QUEST_KINDS } from '../game/data/quests.ts';
import { MIN_DAY_HOURS } from '../game/day-clock.ts';

export { QUEST_KINDS };

/** What a claim pays: the four currencies (0 where it pays none). */
export const DailyReward = z.object({
  gold: z.number().int(),
  magic_essence: z.number().int(),
  summoning_scrolls: z.number().int(),
  combat_tokens: z.number().int(),
});
export type DailyReward = z.infer<typeof DailyReward>;

export const DailyQuest = z.object({
  id: z
    .string()
    .describe("the quest's day and kind ('2026-11-27.arena_win'): what POST /api/daily/claim takes"),
  kind: z
    .enum(QUEST_KINDS)
    .describe('what it asks, from the documented list (docs/api.md "The daily layer")'),
  text: z.string().describe("what it asks, in words ('Win 3 arena duels')"),
  unit: z.string().describe("what progress counts, read after 'progress / goal' ('2 / 3 arena wins')"),
  progress: z.number().int().min(0).describe('acts counted today, at most goal'),
  goal: z.number().int().min(1),
  reward: DailyReward,
  claimed: z.boolean(),
});
export type DailyQuest = z.infer<typeof DailyQuest>;

export const CalendarDay = z.object({
  day: z.number().int().min(1).max(7),
  reward: DailyReward,
  claimed: z.boolean(),
  claimed_on: z
    .string()
    .nullable()
    .describe("the player's day it was claimed on, 'YYYY-MM-DD' (as period); null when not claimed"),
});

export const DailyQuery = z.object({ user_id: Id });
export const DailyResponse = z.object({
  period: z
    .string()
    .describe(
      "the player's day, named by the local date it began on in their time_zone, 'YYYY-MM-DD' (claims are kept per period)",
    ),
  now: z
    .string()
    .describe("the server's instant (ISO 8601): count down to resets_at from it, not from a local clock"),
  resets_at: z.string().describe('the next reset, an ISO 8601 instant: the first instant of the next day'),
  time_zone: z.string().describe("the player's IANA zone"),
  reset_hour: z.number().int().min(0).max(23).describe('the local hour the day resets at'),
  rule_starts_at: z
    .string()
    .nullable()
    .describe(
      'while a change of time_zone or reset_hour waits for the reset it applies from: that reset; else null',
    ),
  first_day: z
    .boolean()
    .describe(
      `the account's first day: it began when the account opened and lasts at least ${MIN_DAY_HOURS} hours, to resets_at`,
    ),
  quests: z.array(DailyQuest),
  bonus: z.object({
    reward: DailyReward,
    claimed: z.boolean(),
    available: z.boolean().describe('all three quests done and the bonus not yet claimed'),
  }),
  calendar: z.object({
    days: z.array(CalendarDay).length(7),
    next_day: z.number().int().min(1).max(7).describe('the calendar day the next claim pays'),
    available: z.boolean().describe("today's calendar claim not yet made"),
  }),
  waiting: z
    .array(
      z.object({
        id: z.string().describe("what POST /api/daily/claim takes: a quest's id, or '<period>.bonus'"),
        period: z.string(),
        text: z.string(),
        reward: DailyReward,
      }),
    )
    .describe('rewards earned on an earlier day and not claimed yet: claimable for 7 days after their day'),
});
export type DailyResponse = z.infer<typeof DailyResponse>;

export const ClaimBody = z.object({
  user_id: Id,
  claim: z.string().min(1).max(64).describe("a quest's id, 'bonus' or 'calendar'"),
});
export const ClaimResponse = z.object({
  claim: z.string(),
  reward: DailyReward,
  user: User.describe('the player after the reward: the new balances'),
  daily: DailyResponse.describe('the day as it stands after the claim'),
});
export type ClaimResponse = z.infer<typeof ClaimResponse>;
