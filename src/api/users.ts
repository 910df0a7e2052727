// Accounts: list (searchable, bounded), read, create. Spec §7 rows GET/POST /api/users, GET /api/users/{id}.
import { z } from 'zod';
import { CleanText, Id, User } from './common.ts';

import { USERNAME_RULES } from './rules.ts';
export { USERNAME_RULES };

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
