// The operator's console (GET/POST /api/admin/…): finding a player, what they hold, currency granted or taken back,
// an account suspended or restored, and the audit trail every one of those writes. Operators are the accounts
// ADMIN_USERNAMES names, signed in with their passkey (src/server/accounts/operators.ts); the rules are in
// src/server/admin/.
import { z } from 'zod';
import { CleanText, CurrencyName, Id } from './common.ts';
import { LedgerReason } from './ledger.ts';
import { ADMIN_LIMITS } from './rules.ts';

export { ADMIN_LIMITS };

/** The words of every refusal the console and a suspension give, the same on every route. */
export const ADMIN_MESSAGES = {
  /** 401: no live session on the request */
  signIn: 'The operator’s console needs an operator signed in with their passkey: sign in with it first',
  /** 403: a session of an account ADMIN_USERNAMES does not name */
  notOperator: 'Refused: this account is not an operator',
  /** 403: an operator's account that holds no passkey */
  needsPasskey: 'An operator needs a passkey: lock this account with a passkey, then sign in with it',
  /** 409: a take of more than the player holds */
  takeTooMuch: 'The player does not hold that much: a take never leaves a balance below zero',
  alreadySuspended: 'This account is already suspended',
  notSuspended: 'This account is not suspended',
  notYourself: 'An operator cannot suspend their own account',
} as const;

/** The words a suspended player's every request is refused with (403). */
export const suspendedMessage = (reason: string | null) =>
  `This account is suspended: ${reason ?? 'ask the game’s operators why'}`;

export const ADMIN_ACTIONS = ['grant', 'take', 'suspend', 'restore'] as const;
export const AdminAction = z.enum(ADMIN_ACTIONS);
export type AdminAction = z.infer<typeof AdminAction>;

const Reason = CleanText(ADMIN_LIMITS.reasonMax)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(ADMIN_LIMITS.reasonMin, `must be ${ADMIN_LIMITS.reasonMin}–${ADMIN_LIMITS.reasonMax} characters`),
  )
  .describe('why, in words: kept in the audit trail');

export const AdminPlayersQuery = z.object({
  query: CleanText(ADMIN_LIMITS.searchMax)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'type a name or an id'))
    .describe('the start of a username (case-insensitive), or a player’s exact id'),
});
export const AdminPlayerParams = z.object({ id: Id });

export const AdminPlayerSummary = z.object({
  id: z.string(),
  username: z.string(),
  created_at: z.number().int(),
  locked: z.boolean(),
  suspended: z.boolean(),
});
export type AdminPlayerSummary = z.infer<typeof AdminPlayerSummary>;
export const AdminPlayersResponse = z.object({ players: z.array(AdminPlayerSummary) });
export type AdminPlayersResponse = z.infer<typeof AdminPlayersResponse>;

export const AdminPlayer = z.object({
  id: z.string(),
  username: z.string(),
  created_at: z.number().int(),
  last_seen: z.number().int(),
  locked: z.boolean(),
  guild_id: z.string().nullable(),
  balances: z.object({
    gold: z.number().int(),
    magic_essence: z.number().int(),
    summoning_scrolls: z.number().int(),
    combat_tokens: z.number().int(),
  }),
  suspended_at: z.number().int().nullable().describe('epoch seconds; null while not suspended'),
  suspended_reason: z.string().nullable(),
});
export type AdminPlayer = z.infer<typeof AdminPlayer>;

export const AdminPlayerDetail = z.object({
  player: AdminPlayer,
  heroes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      race: z.string(),
      class: z.string(),
      rarity: z.number().int(),
      level: z.number().int(),
    }),
  ),
  ledger: z
    .array(
      z.object({
        id: z.string(),
        currency: CurrencyName,
        delta: z.number().int(),
        balance_after: z.number().int(),
        reason: LedgerReason,
        ref: z.string().nullable(),
        created_at: z.number().int(),
      }),
    )
    .describe('the newest entries'),
  sessions: z
    .array(z.object({ created_at: z.number().int(), expires_at: z.number().int() }))
    .describe('live sessions (never their tokens)'),
});
export type AdminPlayerDetail = z.infer<typeof AdminPlayerDetail>;

export const AdminMoveBody = z.object({
  currency: CurrencyName,
  amount: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(ADMIN_LIMITS.amountMax, `must be at most ${ADMIN_LIMITS.amountMax}`),
  reason: Reason,
});
export type AdminMoveBody = z.infer<typeof AdminMoveBody>;
export const AdminSuspendBody = z.object({ reason: Reason });
export const AdminRestoreBody = z.object({ reason: Reason.optional() }).nullish();

export const AuditEntry = z.object({
  id: z.string(),
  at: z.number().int().describe('epoch seconds'),
  operator_id: z.string(),
  operator_username: z.string(),
  action: AdminAction,
  target_user_id: z.string(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  after: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AdminActionResponse = z.object({ player: AdminPlayer, audit: AuditEntry });
export type AdminActionResponse = z.infer<typeof AdminActionResponse>;

export const AuditQuery = z.object({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/, 'not a cursor this server gave')
    .optional(),
});
export const AuditPage = z.object({ entries: z.array(AuditEntry), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
