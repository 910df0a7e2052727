// The operator's console, its rules (routes/admin.ts routes them; who is an operator: accounts/operators.ts): a player
// found by name or id and shown whole, currency granted or taken back, an account suspended and restored, and the
// audit trail. Each action is one economy transaction (economy/transaction.ts: the player's row locked first) that
// writes exactly one append-only audit row (migration 0035) beside its change — and, where money moves, its one
// ledger entry, through the wallet (admin_grant / admin_take, ref: the audit row). A suspension ends the player's
// sessions; the guard (accounts/player-guard.ts) refuses their every request while it lasts; their data stays.
import type { Kysely, Selectable } from 'kysely';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminAction,
  type AdminActionResponse,
  type AdminPlayer,
  type AdminPlayerDetail,
  type AdminPlayersResponse,
  type AuditEntry,
  type AuditPage,
} from '../../api/admin.ts';
import type { Currency } from '../../api/rules.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { cursorCodec } from '../foundation/cursor.ts';
import { conflict, MESSAGES, notFound } from '../foundation/errors.ts';
import type { AdminAuditTable, Database } from '../store/tables.ts';
import { ledgerPage } from '../economy/ledger.ts';
import { economyTransaction } from '../economy/transaction.ts';
import { credit, spend, type Db, type Trx, type UserRow } from '../economy/wallet.ts';
import { endSessionsOf } from '../accounts/sessions.ts';
import type { Operator } from '../accounts/operators.ts';

type Audited = Record<string, string | number | null>;

/** An audit page's last row: its id. */
const auditCursor = cursorCodec('integer');

export function adminPlayerView(u: UserRow): AdminPlayer {
  return {
    id: u.id,
    username: u.username,
    created_at: Number(u.created_at),
    last_seen: Number(u.last_seen),
    locked: u.locked === 1,
    guild_id: u.guild_id ?? null,
    balances: {
      gold: u.gold,
      magic_essence: u.magic_essence,
      summoning_scrolls: u.summoning_scrolls,
      combat_tokens: u.combat_tokens,
    },
    suspended_at: u.suspended_at === null ? null : Number(u.suspended_at),
    suspended_reason: u.suspended_reason,
  };
}

function auditView(r: Selectable<AdminAuditTable>): AuditEntry {
  return {
    id: String(r.id),
    at: Number(r.at),
    operator_id: r.operator_id,
    operator_username: r.operator_username,
    action: r.action as AdminAction,
    target_user_id: r.target_user_id,
    reason: r.reason,
    before: JSON.parse(r.before) as Audited,
    after: JSON.parse(r.after) as Audited,
  };
}

/** Players whose username starts with `query` (case-insensitive), the one whose id it is first. */
export async function findPlayers(db: Db, query: string): Promise<AdminPlayersResponse> {
  const prefix = query.toLowerCase();
  const [byId, byName] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'created_at', 'locked', 'suspended_at'])
      .where('id', '=', query)
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'username', 'created_at', 'locked', 'suspended_at'])
      // Usernames are [a-z0-9_] once lower-cased, and '~' sorts after all of them: a range the index serves.
      .where('username_key', '>=', prefix)
      .where('username_key', '<', `${prefix}~`)
      .orderBy('username_key')
      .limit(ADMIN_LIMITS.searchPage)
      .execute(),
  ]);
  const rows = [...byId, ...byName.filter((r) => r.id !== query)].slice(0, ADMIN_LIMITS.searchPage);
  return {
    players: rows.map((r) => ({
      id: r.id,
      username: r.username,
      created_at: Number(r.created_at),
      locked: r.locked === 1,
      suspended: r.suspended_at !== null,
    })),
  };
}

/** A player as the console shows them: balances, heroes, the newest ledger entries, live sessions (no tokens). */
export async function playerDetail(db: Db, id: string): Promise<AdminPlayerDetail> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound(MESSAGES.userNotFound);
  const [heroes, ledger, sessions] = await Promise.all([
    db
      .selectFrom('heroes')
      .select(['id', 'name', 'race', 'class', 'rarity', 'level'])
      .where('user_id', '=', id)
      .orderBy('level', 'desc')
      .orderBy('id')
      .limit(200)
      .execute(),
    // The player's own ledger page, by its one reader; the console's schema leaves out what each entry links to.
    ledgerPage(db, id, { limit: ADMIN_LIMITS.ledgerShown }),
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', id)
      .where('expires_at', '>', nowSeconds())
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  return {
    player: adminPlayerView(user),
    heroes: heroes.map((h) => ({ ...h, rarity: Number(h.rarity), level: Number(h.level) })),
    ledger: ledger.entries,
    sessions: sessions.map((s) => ({ created_at: Number(s.created_at), expires_at: Number(s.expires_at) })),
  };
}

/** Writes the action's one audit row in `trx`; answers it. */
async function writeAudit(
  trx: Trx,
  operator: Operator,
  action: AdminAction,
  target: string,
  reason: string | null,
  before: Audited,
  after: Audited,
): Promise<AuditEntry> {
  const row = await trx
    .insertInto('admin_audit')
    .values({
      at: nowSeconds(),
      operator_id: operator.id,
      operator_username: operator.username,
      action,
      target_user_id: target,
      reason,
      before: JSON.stringify(before),
      after: JSON.stringify(after),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return auditView(row);
}

/**
 * Grants (`grant`) or takes back (`take`) `amount` of one currency: the audit row, then the move with its ledger
 * entry (ref: the audit row). A take of more than the player holds is a 409 and changes nothing.
 */
export function moveCurrency(
  db: Kysely<Database>,
  operator: Operator,
  target: string,
  action: 'grant' | 'take',
  move: { currency: Currency; amount: number; reason: string },
): Promise<AdminActionResponse> {
  return economyTransaction(db, { userId: target }, async (trx, { user }) => {
    if (!user) throw notFound(MESSAGES.userNotFound);
    const held = user[move.currency];
    if (action === 'take' && held < move.amount) throw conflict(ADMIN_MESSAGES.takeTooMuch);
    const after = action === 'grant' ? held + move.amount : held - move.amount;
    const audit = await writeAudit(
      trx,
      operator,
      action,
      target,
      move.reason,
      { [move.currency]: held },
      { [move.currency]: after },
    );
    const entry = { reason: `admin_${action}` as const, ref: audit.id };
    const moved =
      action === 'grant'
        ? await credit(trx, target, { [move.currency]: move.amount }, entry)
        : await spend(trx, target, move.currency, move.amount, entry);
    // The row is locked: what was read is what moved. Anything else is a defect, and rolls the audit row back too.
    if (!moved || moved[move.currency] !== after) throw new Error('an operator’s move did not land as read');
    return { player: adminPlayerView(moved), audit };
  });
}

/** Suspends the account (its sessions end) or restores it; one audit row either way. */
export function setSuspended(
  db: Kysely<Database>,
  operator: Operator,
  target: string,
  suspend: boolean,
  reason: string | null,
): Promise<AdminActionResponse> {
  return economyTransaction(db, { userId: target }, async (trx, { user }) => {
    if (!user) throw notFound(MESSAGES.userNotFound);
    const was = user.suspended_at !== null;
    if (suspend && was) throw conflict(ADMIN_MESSAGES.alreadySuspended);
    if (!suspend && !was) throw conflict(ADMIN_MESSAGES.notSuspended);
    if (suspend && target === operator.id) throw conflict(ADMIN_MESSAGES.notYourself);
    const at = suspend ? nowSeconds() : null;
    const updated = await trx
      .updateTable('users')
      .set({ suspended_at: at, suspended_reason: suspend ? reason : null })
      .where('id', '=', target)
      .returningAll()
      .executeTakeFirstOrThrow();
    const sessionsEnded = suspend ? await endSessionsOf(trx, target) : 0;
    const audit = await writeAudit(
      trx,
      operator,
      suspend ? 'suspend' : 'restore',
      target,
      reason,
      {
        suspended_at: user.suspended_at === null ? null : Number(user.suspended_at),
        suspended_reason: user.suspended_reason,
      },
      { suspended_at: at, suspended_reason: updated.suspended_reason, sessions_ended: sessionsEnded },
    );
    return { player: adminPlayerView(updated), audit };
  });
}

/** The audit trail, newest first, a page at a time. */
export async function auditPage(db: Db, cursor?: string): Promise<AuditPage> {
  let q = db
    .selectFrom('admin_audit')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(ADMIN_LIMITS.auditPage + 1);
  if (cursor) q = q.where('id', '<', auditCursor.decode(cursor)[0]);
  const rows = await q.execute();
  const page = rows.slice(0, ADMIN_LIMITS.auditPage);
  const last = page.at(-1);
  return {
    entries: page.map(auditView),
    next_cursor: rows.length > ADMIN_LIMITS.auditPage && last ? auditCursor.encode([Number(last.id)]) : null,
  };
}
