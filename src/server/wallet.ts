// A player's four currencies: reading, and the atomic conditional updates every purchase, reroll, summon and
// reward goes through. Each runs inside the caller's transaction, so the currency moves with its record.
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { User } from '../api/common.ts';
import type { Database, UsersTable } from './store/tables.ts';
import type { Store } from './store/db.ts';
import { firstRow, prepared } from './store/prepared.ts';
import { MESSAGES, notFound, type Refusal } from './errors.ts';

import type { Currency } from '../api/rules.ts';
export type { Currency };
export type Db = Kysely<Database> | Transaction<Database>;
export type UserRow = Selectable<UsersTable>;

export function userView(r: UserRow): User {
  return {
    id: r.id,
    username: r.username,
    gold: r.gold,
    magic_essence: r.magic_essence,
    summoning_scrolls: r.summoning_scrolls,
    combat_tokens: r.combat_tokens,
    created_at: Number(r.created_at),
  };
}

const USER = prepared('user', 'select * from users where id = ?');

/** A player, read outside any transaction by a prepared statement (the hot reads). */
export function readUser(store: Store, id: string): Promise<UserRow | undefined> {
  return firstRow<UserRow>(store, USER, [id]);
}

export function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes `amount` of one currency only if the player has it, setting `also` on the player's row in the same
 * statement; undefined (and nothing changed) otherwise.
 */
export function spend(
  db: Db,
  userId: string,
  currency: Currency,
  amount: number,
  also: Updateable<UsersTable> = {},
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set(currency, sql<number>`${sql.ref(currency)} - ${amount}`)
    .set(also)
    .where('id', '=', userId)
    .where(currency, '>=', amount)
    .returningAll()
    .executeTakeFirst();
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
  db: Db,
  userId: string,
  currency: Currency,
  amount: number,
  short: (user: UserRow) => Refusal,
  also: Updateable<UsersTable> = {},
): Promise<UserRow> {
  const paid = await spend(db, userId, currency, amount, also);
  if (paid) return paid;
  throw await refusal(db, userId, short);
}

/** Adds (never subtracts) currencies; answers the updated player. */
export async function credit(
  db: Db,
  userId: string,
  delta: Partial<Record<Currency, number>>,
): Promise<UserRow | undefined> {
  const entries = Object.entries(delta).filter(([, v]) => v && v > 0) as [Currency, number][];
  if (entries.length === 0) return findUser(db, userId);
  let q = db.updateTable('users').where('id', '=', userId);
  for (const [c, v] of entries) q = q.set(c, sql<number>`${sql.ref(c)} + ${Math.floor(v)}`);
  return q.returningAll().executeTakeFirst();
}
