// Buying one shop item: the price is taken only if the player has it (conditional UPDATE) and the item lands in
// the inventory (upsert) in the same transaction. On PostgreSQL that is a Kysely transaction; on SQLite the same
// two statements run as one synchronous better-sqlite3 transaction while Kysely's single connection is held —
// a purchase is the hottest write, and this costs a third of an async transaction (bench/api.ts). Both follow
// the economy's lock order (transaction.ts): the player's row first, then the inventory row.
import type { Selectable } from 'kysely';
import type { Statement } from 'better-sqlite3';
import { onSqlite, type Store } from './store/db.ts';
import type { ShopItemsTable } from './store/tables.ts';
import { newId, nowSeconds } from './ids.ts';
import { economyTransaction, withRetries } from './transaction.ts';
import { spend, type Currency, type UserRow } from './wallet.ts';

export type PurchaseOutcome = { ok: true; user: UserRow } | { ok: false };

const CURRENCIES: readonly Currency[] = ['gold', 'magic_essence', 'summoning_scrolls', 'combat_tokens'];
const sqliteStatements = new WeakMap<object, { pay: Map<Currency, Statement>; stock: Statement }>();

function statementsFor(store: Store) {
  const raw = store.sqlite!;
  let s = sqliteStatements.get(raw);
  if (!s) {
    s = {
      // Column names come from the fixed list above, never from a request.
      pay: new Map(
        CURRENCIES.map((c) => [
          c,
          raw.prepare(`update users set ${c} = ${c} - ? where id = ? and ${c} >= ? returning *`),
        ]),
      ),
      stock: raw.prepare(
        'insert into inventory (id, user_id, item_id, quantity, created_at) values (?, ?, ?, 1, ?) ' +
          'on conflict (user_id, item_id) do update set quantity = inventory.quantity + 1',
      ),
    };
    sqliteStatements.set(raw, s);
  }
  return s;
}

export async function buyItem(
  store: Store,
  userId: string,
  item: Selectable<ShopItemsTable>,
): Promise<PurchaseOutcome> {
  const currency = item.currency as Currency;
  if (store.sqlite) {
    const s = statementsFor(store);
    const raw = store.sqlite;
    return withRetries(() =>
      onSqlite(store, raw, () =>
        raw.transaction((): PurchaseOutcome => {
          const user = s.pay.get(currency)!.get(item.cost, userId, item.cost) as UserRow | undefined;
          if (!user) return { ok: false };
          s.stock.run(newId('inv'), userId, item.id, nowSeconds());
          return { ok: true, user };
        })(),
      ),
    );
  }
  try {
    return await economyTransaction(store.db, { userId }, async (trx) => {
      const user = await spend(trx, userId, currency, item.cost);
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
      return { ok: true as const, user };
    });
  } catch (err) {
    if (err === NOT_PAID) return { ok: false };
    throw err;
  }
}

const NOT_PAID = Symbol('not paid');
