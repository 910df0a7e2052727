// Accounts: list (searchable, bounded), read, create. Spec §7 rows GET/POST /api/users, GET /api/users/{id}.
import { z } from 'zod';
import { CleanText, Id, User } from './common.ts';
import { USERNAME_MAX, USERNAME_RULES } from './rules.ts';

export { STARTING_BALANCES, USERNAME_RULES } from './rules.ts';

export const ListUsersQuery = z.object({
  q: CleanText(USERNAME_MAX).optional().describe('username prefix, case-insensitive'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const UserSummary = z.object({ id: z.string(), username: z.string(), gold: z.number().int() });
export const ListUsersResponse = z.array(UserSummary);
export type UserSummary = z.infer<typeof UserSummary>;

export const CreateUserBody = z.object({ username: z.string({ error: USERNAME_RULES.length }) });
export const UserParams = z.object({ id: Id });
export const UserResponse = User;
