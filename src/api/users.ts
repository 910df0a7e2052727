// Accounts: list (searchable, bounded), read, create: GET/POST /api/users, GET /api/users/{id}.
import { z } from 'zod';
import { CleanText, Id, User } from './common.ts';
import { USERNAME_MAX, USERNAME_RULES } from './rules.ts';
import { DEFAULT_RESET_HOUR, DEFAULT_TIME_ZONE, ianaZone } from '../game/day-clock.ts';

export { STARTING_BALANCES, USERNAME_RULES } from './rules.ts';

export const ListUsersQuery = z.object({
  q: CleanText(USERNAME_MAX).optional().describe('username prefix, case-insensitive'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const UserSummary = z.object({
  id: z.string(),
  username: z.string(),
  gold: z.number().int().nullable().describe('null for a locked account: its balances are its own'),
  locked: z.boolean().describe('locked with a passkey: Continue asks for it (POST /api/users/{id}/sign-in)'),
});
export const ListUsersResponse = z.array(UserSummary);
export type UserSummary = z.infer<typeof UserSummary>;

/** An IANA zone name ('Europe/Berlin', 'UTC'); offsets and unknown names are refused. */
export const TimeZone = z
  .string()
  .max(64)
  .refine((z) => ianaZone(z) !== null, 'must be an IANA time zone name, such as Europe/Berlin or UTC');
export const ResetHour = z
  .number({ error: 'must be a whole hour from 0 to 23' })
  .int('must be a whole hour from 0 to 23')
  .min(0, 'must be a whole hour from 0 to 23')
  .max(23, 'must be a whole hour from 0 to 23');

export const CreateUserBody = z.object({
  username: z.string({ error: USERNAME_RULES.length }),
  time_zone: TimeZone.optional().describe(
    `the player's zone (the web sends the browser's); default ${DEFAULT_TIME_ZONE}`,
  ),
  reset_hour: ResetHour.optional().describe(
    `the local hour the day resets at; default ${DEFAULT_RESET_HOUR}`,
  ),
});
export const UserParams = z.object({ id: Id });
/** Where the player's day turns over: from the next reset (GET /api/daily says when). */
export const UpdateUserBody = z
  .object({ time_zone: TimeZone.optional(), reset_hour: ResetHour.optional() })
  .refine(
    (b) => b.time_zone !== undefined || b.reset_hour !== undefined,
    'Nothing to change: send time_zone or reset_hour',
  );
/** A player's live rating (Glicko-2: the ladder of live matches, apart from the arena's). */
export const LiveRating = z.object({
  rating: z.number().int(),
  rd: z.number().int().describe('its deviation: how unsure it still is (350 new, falling with each match)'),
  games: z.number().int().describe('live matches rated'),
});
export const UserResponse = User;
/** GET /api/users/{id}: the player and their live rating. */
export const PlayerResponse = User.extend({
  live_rating: LiveRating.describe('the player’s live rating (1500 ± 350 before their first match)'),
});
