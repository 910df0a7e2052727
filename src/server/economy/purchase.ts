// Buying one shop item: the price is taken only if the player has it (the wallet's conditional spend, with its
// ledger entry) and the item lands in the inventory (upsert) in the same economy transaction (transaction.ts: the
// player's row first, then the inventory row), on either database. On SQLite it is answered once its commit is
// flushed to disk (store/wal-sync.ts: commits that wait together share one flush).
import type { Selectable } from 'kysely';
import type { Store } from '../store/db.ts';
import type { ShopItemsTable } from '../store/tables.ts';
import { newId } from '../foundation/ids.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { did, economyTransaction } from './transaction.ts';
import { spend, type Currency, type UserRow } from './wallet.ts';

export type PurchaseOutcome = { ok: true; user: UserRow } | { ok: false };

/** The ledger entry of buying `item`. */
const bought = (item: Selectable<ShopItemsTable>) => ({ reason: 'purchase' as const, ref: item.id });

export async function buyItem(
  store: Store,
  userId: string,
  item: Selectable<ShopItemsTable>,
): Promise<PurchaseOutcome> {
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
      did(trx, { act: 'purchase' });
      return { ok: true as const, user };
    });
  } catch (err) {
    if (err === NOT_PAID) return { ok: false };
    throw err;
  }
}

const NOT_PAID = Symbol('not paid');
