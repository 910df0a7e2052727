// Buying one shop item: the price is taken only if the player has it (the wallet's conditional spend, with its
// ledger entry) and the item lands in the inventory (upsert) in the same transaction. On PostgreSQL that is an
// economy transaction (transaction.ts: the player's row first, then the inventory row). On SQLite the same
// statements run synchronously on the raw connection while Kysely's is held (the wallet's sqliteSpender, then the
// upsert) — a purchase is the hottest write — and purchases arriving together are committed together (group
// commit): each in its own savepoint, so one purchase's failure touches no other, and one commit for the batch.
// Each is answered once its commit is flushed to disk (store/wal-sync.ts).
import type { Selectable } from 'kysely';
import type { Statement } from 'better-sqlite3';
import { onSqlite, type Store } from '../store/db.ts';
import type { ShopItemsTable } from '../store/tables.ts';
import { newId } from '../foundation/ids.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { economyTransaction, isContention, withRetries } from './transaction.ts';
import { recordDaily, sqliteDailyRecorder } from './daily-progress.ts';
import { spend, sqliteSpender, type Currency, type UserRow } from './wallet.ts';

export type PurchaseOutcome = { ok: true; user: UserRow } | { ok: false };

const stockStatements = new WeakMap<object, Statement>();

/** The inventory's upsert on SQLite's raw connection, prepared once per connection. */
function stockStatement(raw: NonNullable<Store['sqlite']>): Statement {
  let stock = stockStatements.get(raw);
  if (!stock) {
    stock = raw.prepare(
      'insert into inventory (id, user_id, item_id, quantity, created_at) values (?, ?, ?, 1, ?) ' +
        'on conflict (user_id, item_id) do update set quantity = inventory.quantity + 1',
    );
    stockStatements.set(raw, stock);
  }
  return stock;
}

/** The ledger entry of buying `item`. */
const bought = (item: Selectable<ShopItemsTable>) => ({ reason: 'purchase' as const, ref: item.id });

export async function buyItem(
  store: Store,
  userId: string,
  item: Selectable<ShopItemsTable>,
): Promise<PurchaseOutcome> {
  if (store.sqlite) return buyOnSqlite(store, store.sqlite, userId, item);
  try {
    return await economyTransaction(store.db, { userId }, async (trx) => {
      const user = await spend(trx, userId, item.currency as Currency, item.cost, bought(item));
      if (!user) throw NOT_PAID;
      await trx
        .insertInto('inventory')
        .values({
          id: newId('inv'),
          user_id: userId,
          item_id: item.id,
          quantity: 1,
          created_at: nowSeconds(),
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'item_id'])
            .doUpdateSet((eb) => ({ quantity: eb('inventory.quantity', '+', 1) })),
        )
        .execute();
      await recordDaily(trx, userId, ['buy_item']);
      return { ok: true as const, user };
    });
  } catch (err) {
    if (err === NOT_PAID) return { ok: false };
    throw err;
  }
}

const NOT_PAID = Symbol('not paid');

interface Pending {
  userId: string;
  item: Selectable<ShopItemsTable>;
  resolve(outcome: PurchaseOutcome): void;
  reject(err: unknown): void;
}
/** Purchases waiting for the next group commit, per SQLite connection. */
const waiting = new WeakMap<object, Pending[]>();

function buyOnSqlite(
  store: Store,
  raw: NonNullable<Store['sqlite']>,
  userId: string,
  item: Selectable<ShopItemsTable>,
): Promise<PurchaseOutcome> {
  let queue = waiting.get(raw);
  if (!queue) waiting.set(raw, (queue = []));
  const outcome = new Promise<PurchaseOutcome>((resolve, reject) =>
    queue.push({ userId, item, resolve, reject }),
  );
  // After this turn's I/O: every purchase whose request has arrived by then joins the same commit.
  if (queue.length === 1) setImmediate(() => void commitWaiting(store, raw));
  return outcome;
}

/** Commits every waiting purchase in one transaction; each is answered only once that commit is durable. */
async function commitWaiting(store: Store, raw: NonNullable<Store['sqlite']>) {
  const batch = waiting.get(raw)!.splice(0);
  const pay = sqliteSpender(raw);
  const stock = stockStatement(raw);
  const record = sqliteDailyRecorder(raw);
  // Nested better-sqlite3 transactions are savepoints: a throwing purchase rolls back alone.
  const buyOne = raw.transaction((p: Pending): PurchaseOutcome => {
    const user = pay(p.userId, p.item.currency as Currency, p.item.cost, bought(p.item));
    if (!user) return { ok: false };
    stock.run(newId('inv'), p.userId, p.item.id, nowSeconds());
    record(user, ['buy_item']);
    return { ok: true, user };
  });
  let outcomes: (PurchaseOutcome | { failed: unknown })[] = [];
  const all = raw.transaction(() => {
    outcomes = batch.map((p) => {
      try {
        return buyOne(p);
      } catch (failed) {
        if (isContention(failed)) throw failed; // the whole commit is tried again
        return { failed };
      }
    });
  });
  try {
    await withRetries(() => onSqlite(store, raw, () => all()));
  } catch (err) {
    for (const p of batch) p.reject(err);
    return;
  }
  batch.forEach((p, i) => {
    const o = outcomes[i];
    if ('failed' in o) p.reject(o.failed);
    else p.resolve(o);
  });
}
