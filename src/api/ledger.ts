// A player's ledger: every change of a currency as an entry (GET /api/users/{id}/ledger). The entries are written
// by the wallet (src/server/economy/wallet.ts) in the transaction of the change they record; they are read and audited in
// src/server/economy/ledger.ts.
import { z } from 'zod';
import { CurrencyName, Id } from './common.ts';

/**
 * Why a balance changed: the closed list every entry names (docs/api.md). `ref` names what caused it:
 * a generation id (summon), a hero id (reroll), a catalogue item id (purchase, item_use), a battle id
 * (the four fight reasons); null for the others.
 */
export const LEDGER_REASONS = [
  /** the balance a player held when the ledger began (migration 0010_ledger) */
  'opening_balance',
  /** a new account's starting balances */
  'start_grant',
  /** a paid generation: a pair of candidates for one summoning scroll */
  'summon',
  /** a hero's abilities rerolled for magic essence */
  'reroll',
  /** a shop item bought */
  'purchase',
  /** an inventory item used that grants a currency */
  'item_use',
  /** a random battle won (quick or turn-based) */
  'battle_reward',
  /** an arena duel won */
  'arena_reward',
  /** a dungeon floor won */
  'dungeon_reward',
  /** the bonus for clearing a dungeon (its boss floor won) */
  'dungeon_clear',
  /** a balance set by an operator (support, tests, benchmarks) */
  'adjustment',
  /** a daily quest's reward (ref: the quest's id, '2026-11-27.arena_win') */
  'daily_quest',
  /** the bonus for all three of a day's quests (ref: '2026-11-27.bonus') */
  'daily_bonus',
  /** a hero raised one star (ref: the hero's id) */
  'ascension',
  /** a hero's stars reset to its summoned rarity, or the hero dismissed: every star's essence refunded (ref: its id) */
  'ascension_reset',
  /** a login-calendar reward (ref: '2026-11-27.calendar.3', the day and the calendar day it paid) */
  'daily_calendar',
  /** a campaign stage won (its first clear pays apart) */
  'campaign_reward',
  /** a campaign stage's first clear, paid once (ref: the stage id, '1-1') */
  'campaign_first_clear',
  /** idle income claimed (ref: the instant, in epoch seconds, it had accrued from) */
  'idle_income',
  /** a hero trained one level for gold (ref: the hero's id) */
  'training',
  /** a fight lost: its stake, a share of what its win would have paid, taken (ref: the battle's id) */
  'fight_stake',
  /** a live match won against another player (ref: the winner's record of it) */
  'live_reward',
  /** an attack on the guild boss, paid by its own damage (ref: the attack's record) */
  'guild_attack',
  /** the guild boss felled: paid once to each member who attacked it (ref: 'guild id:week:level') */
  'guild_kill',
  /** currency granted by an operator in the console, with a reason (ref: the audit row's id) */
  'admin_grant',
  /** currency taken back by an operator in the console, with a reason (ref: the audit row's id) */
  'admin_take',
] as const;
export const LedgerReason = z.enum(LEDGER_REASONS);
export type LedgerReason = z.infer<typeof LedgerReason>;

/** Entries per page of GET /api/users/{id}/ledger. */
export const LEDGER_PAGE = { default: 20, max: 100 } as const;

export const LedgerParams = z.object({ id: Id });
export const LedgerQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE.max).default(LEDGER_PAGE.default),
  cursor: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]*$/, 'not a cursor this server gave')
    .optional(),
  currency: z
    .enum(CurrencyName.options, {
      error: `must be one of ${CurrencyName.options.join(', ')}`,
    })
    .optional(),
});

/** What an entry links to, as it stands now (null when it names nothing that can be shown). */
export const LedgerSubject = z.object({
  kind: z.enum(['battle', 'hero', 'item', 'daily']),
  id: z.string(),
  name: z
    .string()
    .describe(
      "the battle's location, the hero's or the item's name, or what a daily reward was for and its day ('Daily quest: Win 3 arena duels (Dec 1)')",
    ),
});
export type LedgerSubject = z.infer<typeof LedgerSubject>;

export const LedgerEntry = z.object({
  id: z.string().describe('opaque; newer entries of a player sort after older ones'),
  currency: CurrencyName,
  delta: z.number().int().describe('what the change added (negative: what it took)'),
  balance_after: z.number().int(),
  reason: LedgerReason,
  ref: z.string().nullable().describe('what caused it, by id (see the reasons)'),
  subject: LedgerSubject.nullable().describe(
    "what to link to: the fight's replay, the hero (a summon's kept hero, a rerolled hero), the item",
  ),
  created_at: z.number().int().describe('epoch seconds'),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
export const LedgerResponse = z.object({
  entries: z.array(LedgerEntry),
  next_cursor: z.string().nullable(),
});
export type LedgerResponse = z.infer<typeof LedgerResponse>;
