// A player's four currencies: reading them, and the ONE place that changes them. Every change — a new account's
// grant, a summon, a reroll, a purchase, an item, a fight's rewards, an operator's adjustment — goes through
// spend / pay / credit / openAccount / adjustBalances here, and
// each writes the change's ledger entry (src/api/ledger.ts: currency, delta, balance after, reason, ref) in the
// caller's transaction, so the currency moves with its record and its entry or not at all.
//
// The entry is written first, computed from the player's row (`INSERT … SELECT … FROM users WHERE … gold >= cost`
// is also the spend's condition), then the balance is moved to it. The database holds the code to that order: a
// trigger (store/migrations.ts, 0010_ledger) refuses any balance that moves unless the player's latest entry for
// that currency states the new balance. Each write runs inside an economy transaction (transaction.ts), which has
// locked the player's row first, so nothing moves the balance between the entry and the update. Reads of the
// ledger and its audit: ledger.ts.
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { User } from '../../api/common.ts';
import type { LedgerReason } from '../../api/ledger.ts';
import { CURRENCIES, type Currency } from '../../api/rules.ts';
import type { Database, UsersTable } from '../store/tables.ts';
import type { Store } from '../store/db.ts';
import { keyedRead } from '../store/read-batches.ts';
import { readAlready, readOnce } from '../store/request-reads.ts';
import { MESSAGES, notFound, type Refusal } from '../foundation/errors.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { economyTransaction } from './transaction.ts';
import { wroteMoves } from './committed.ts';

export type { Currency };
export type Db = Kysely<Database> | Transaction<Database>;
/** A change of currencies is written inside a transaction, never on its own. */
export type Trx = Transaction<Database>;
export type UserRow = Selectable<UsersTable>;

/** Why a balance moves, and what caused it (a battle, hero, item or generation id). */
export interface Entry {
  reason: LedgerReason;
  ref?: string | null;
}

export function userView(r: UserRow): User {
  return {
    id: r.id,
    username: r.username,
    gold: r.gold,
    magic_essence: r.magic_essence,
    summoning_scrolls: r.summoning_scrolls,
    combat_tokens: r.combat_tokens,
    created_at: Number(r.created_at),
    time_zone: r.time_zone,
    reset_hour: r.reset_hour,
    guild_id: r.guild_id ?? null,
  };
}

const USER = keyedRead<UserRow>(
  (match) => `select * from users where id ${match}`,
  (r) => r.id,
);

/**
 * A player, read outside any transaction (the hot reads: read-batches.ts); once for `request` when one is given
 * (request-reads.ts: the player guard's read serves the handler too).
 */
export async function readUser(store: Store, id: string, request?: object): Promise<UserRow | undefined> {
  return (await readOnce(request, `user:${id}`, () => USER(store, id)))[0];
}

/** Whether `request` has read player `id` already (readUser): the player guard reads each player it clears. */
export function userReadFor(request: object, id: string): boolean {
  return readAlready(request, `user:${id}`);
}

/**
 * Makes `row` — the player read by a statement that read more beside them — the request's read of player `id`
 * (readUser answers it), unless the request has read them already.
 */
export function shareUserRead(request: object, id: string, row: Promise<UserRow | undefined>): void {
  const rows = row.then((r) => (r ? [r] : []));
  rows.catch(() => {}); // its failure is told to whoever reads it
  void readOnce(request, `user:${id}`, () => rows);
}

export function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

type Change = readonly [Currency, number];

/** The changes that move something, whole numbers, in the fixed order of CURRENCIES (one entry each). */
function changesOf(delta: Partial<Record<Currency, number>>, sign: 1 | -1 | 0): Change[] {
  const out: Change[] = [];
  for (const c of CURRENCIES) {
    const v = Math.trunc(delta[c] ?? 0);
    if (v === 0 || (sign === 1 && v < 0) || (sign === -1 && v > 0)) continue;
    out.push([c, v]);
  }
  return out;
}

/**
 * Moves the player's balances by `changes` (each currency once) and writes one entry per change, in `trx`:
 * the entries first, read from the player's row — only if `spending` is covered (`WHERE c >= amount`) — then the
 * row. Answers the updated player, or undefined (nothing written) when there is no such player or the spend is not
 * covered. `also` is set on the player's row in the same update.
 */
async function move(
  trx: Trx,
  userId: string,
  changes: readonly Change[],
  entry: Entry,
  also: Updateable<UsersTable> = {},
): Promise<UserRow | undefined> {
  const now = nowSeconds();
  const ref = entry.ref ?? null;
  const rows = changes.map(([c, d]) => {
    let row = trx
      .selectFrom('users')
      .select([
        'id',
        sql<string>`cast(${c} as text)`.as('currency'),
        sql<number>`cast(${d} as integer)`.as('delta'),
        sql<number>`${sql.ref(c)} + cast(${d} as integer)`.as('balance_after'),
        sql<string>`cast(${entry.reason} as text)`.as('reason'),
        sql<string | null>`cast(${ref} as text)`.as('ref'),
        sql<number>`cast(${now} as bigint)`.as('created_at'),
      ])
      .where('id', '=', userId);
    if (d < 0) row = row.where(c, '>=', -d);
    return row;
  });
  if (rows.length > 0) {
    const entries = rows.slice(1).reduce((all, row) => all.unionAll(row), rows[0]!);
    const written = await trx
      .insertInto('ledger')
      .columns(['user_id', 'currency', 'delta', 'balance_after', 'reason', 'ref', 'created_at'])
      .expression(entries)
      .executeTakeFirst();
    if (Number(written.numInsertedOrUpdatedRows ?? 0) !== rows.length) {
      // No player, or a spend not covered; nothing was moved. (Some entries of a partly covered set: undone.)
      if (Number(written.numInsertedOrUpdatedRows ?? 0) > 0)
        throw new Error('a partly covered change of several currencies');
      return undefined;
    }
    wroteMoves(
      trx,
      changes.map(([currency, delta]) => ({ currency, delta, reason: entry.reason })),
    );
  }
  if (changes.length === 0 && Object.keys(also).length === 0) return findUser(trx, userId);
  let update = trx.updateTable('users').where('id', '=', userId);
  for (const [c, d] of changes) update = update.set(c, sql<number>`${sql.ref(c)} + ${d}`);
  if (Object.keys(also).length > 0) update = update.set(also);
  return update.returningAll().executeTakeFirst();
}

/**
 * Takes `amount` of one currency only if the player has it, setting `also` on the player's row in the same
 * statement, and writes its entry; undefined (and nothing changed) otherwise.
 */
export function spend(
  trx: Trx,
  userId: string,
  currency: Currency,
  amount: number,
  entry: Entry,
  also: Updateable<UsersTable> = {},
): Promise<UserRow | undefined> {
  return move(trx, userId, changesOf({ [currency]: -amount }, -1), entry, also);
}

/**
 * Why a spend failed, as the answer to give: 404 when there is no such player, otherwise `short(user)` (their
 * balance is short: usually a 400 stating what they have).
 */
export async function refusal(db: Db, userId: string, short: (user: UserRow) => Refusal): Promise<Refusal> {
  const user = await findUser(db, userId);
  return user ? short(user) : notFound(MESSAGES.userNotFound);
}

/** Takes `amount` of one currency (and sets `also`), or throws the refusal a failed spend deserves. */
export async function pay(
  trx: Trx,
  userId: string,
  currency: Currency,
  amount: number,
  entry: Entry,
  short: (user: UserRow) => Refusal,
  also: Updateable<UsersTable> = {},
): Promise<UserRow> {
  const paid = await spend(trx, userId, currency, amount, entry, also);
  if (paid) return paid;
  throw await refusal(trx, userId, short);
}

/**
 * Takes up to `amount` of one currency — all the player holds, when that is less — with its entry (none when nothing
 * is taken); answers the updated player and what was taken. `holding` is the player's row as the caller's
 * transaction last read or wrote it: their row is locked by that transaction (transaction.ts), so what it holds is
 * what is taken, without reading it again.
 */
export async function forfeit(
  trx: Trx,
  holding: UserRow,
  currency: Currency,
  amount: number,
  entry: Entry,
): Promise<{ user: UserRow | undefined; taken: number }> {
  const taken = Math.max(0, Math.min(Math.floor(amount), Number(holding[currency])));
  if (taken === 0) return { user: holding, taken: 0 };
  return { user: await spend(trx, holding.id, currency, taken, entry), taken };
}

/** Adds (never subtracts) currencies, one entry per currency added; answers the updated player. */
export function credit(
  trx: Trx,
  userId: string,
  delta: Partial<Record<Currency, number>>,
  entry: Entry,
): Promise<UserRow | undefined> {
  return move(trx, userId, changesOf(delta, 1), entry);
}

/**
 * A new player: stored with nothing, then granted `grant` (reason start_grant) in the same transaction.
 * Undefined (nothing written) when the username is taken.
 */
export function openAccount(
  db: Kysely<Database>,
  account: {
    id: string;
    username: string;
    username_key: string;
    created_at: number;
    time_zone?: string;
    reset_hour?: number;
  },
  grant: Partial<Record<Currency, number>>,
): Promise<UserRow | undefined> {
  return economyTransaction(db, { userId: account.id }, async (trx) => {
    const inserted = await trx
      .insertInto('users')
      .values({
        ...account,
        gold: 0,
        magic_essence: 0,
        summoning_scrolls: 0,
        combat_tokens: 0,
        last_seen: account.created_at,
      })
      .onConflict((oc) => oc.column('username_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    return credit(trx, account.id, grant, { reason: 'start_grant' });
  });
}

/**
 * Sets a player's balances to `values` (an operator's correction; tests and benchmarks arrange balances with it),
 * each change entered as an adjustment. Undefined when there is no such player.
 */
export function adjustBalances(
  db: Kysely<Database>,
  userId: string,
  values: Partial<Record<Currency, number>>,
): Promise<UserRow | undefined> {
  return economyTransaction(db, { userId }, async (trx, { user }) => {
    if (!user) return undefined;
    const delta: Partial<Record<Currency, number>> = {};
    for (const c of CURRENCIES) if (values[c] !== undefined) delta[c] = values[c] - user[c];
    return move(trx, userId, changesOf(delta, 0), { reason: 'adjustment' });
  });
}
