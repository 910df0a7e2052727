// Accounts: list (searchable, bounded), read, create. Spec §7 rows GET/POST /api/users, GET /api/users/{id}.
import { z } from 'zod';
import { CleanText, Id, User } from './common.ts';

export const USERNAME_RULES = {
  length: 'Username must be 3-20 characters',
  charset: 'Username can only contain letters, numbers, and underscores',
} as const;

export const ListUsersQuery = z.object({
  q: CleanText(20).optional().describe('username prefix, case-insensitive'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const UserSummary = z.object({ id: z.string(), username: z.string(), gold: z.number().int() });
export const ListUsersResponse = z.array(UserSummary);
export type UserSummary = z.infer<typeof UserSummary>;

export const CreateUserBody = z.object({ username: z.string({ error: USERNAME_RULES.length }) });
export const UserParams = z.object({ id: Id });
export const UserResponse = User;

/** What a new account starts with: enough for 5 summons and 2 rerolls. */
export const STARTING_BALANCES = {
  gold: 500,
  magic_essence: 100,
  summoning_scrolls: 5,
  combat_tokens: 0,
} as const;
