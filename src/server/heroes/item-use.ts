// Using an item from the inventory: the item's effect (src/game/items.ts), the spent item, the hero and any
// currency change in one economy transaction (./transaction.ts: player, hero, then the inventory row), or none of
// them does.
import type { Kysely } from 'kysely';
import { ITEMS_BY_ID } from '../../game/data/items.ts';
import { useItem } from '../../game/items.ts';
import { GEAR } from '../../game/data/gear.ts';
import { own } from '../../game/content.ts';
import { wearPiece } from './worn-gear.ts';
import type { Hero } from '../../game/types.ts';
import { badRequest, forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import { heldHero, keepHero } from './hero-rules.ts';
import { heroFromRow, type HeroRow } from '../store/hero-rows.ts';
import type { Database } from '../store/tables.ts';
import { did, economyTransaction } from '../economy/transaction.ts';
import { credit, type UserRow } from '../economy/wallet.ts';

export interface ItemUse {
  userId: string;
  /** The catalogue item's id, or the inventory row's (an inventory row has both an id and an item_id). */
  itemId: string;
  /** The hero it is used on, for items that target one (ignored otherwise). */
  heroId?: string;
}

const NONE_LEFT = 'You have none of this item';

export function useInventoryItem(
  db: Kysely<Database>,
  use: ItemUse,
  seed: number,
): Promise<{ user: UserRow; hero?: Hero; message: string }> {
  const { userId, itemId, heroId } = use;
  // The hero is locked (and read) only when named.
  return economyTransaction(db, { userId, heroIds: heroId ? [heroId] : [] }, async (trx, locked) => {
    if (!locked.user) throw notFound(MESSAGES.userNotFound);
    const row = await trx
      .selectFrom('inventory')
      .selectAll()
      .where((eb) =>
        eb.or([eb.and([eb('user_id', '=', userId), eb('item_id', '=', itemId)]), eb('id', '=', itemId)]),
      )
      .orderBy('quantity', 'desc')
      .executeTakeFirst();
    if (row && row.user_id !== userId) throw forbidden('That item belongs to another player');
    if (!row || row.quantity < 1) throw badRequest(NONE_LEFT);
    const def = ITEMS_BY_ID.get(row.item_id);
    if (!def) throw notFound(MESSAGES.itemNotFound);
    let target: HeroRow | undefined;
    if (def.targetsHero) {
      if (!heroId) throw badRequest('Choose a hero to use this on');
      target = heldHero(locked, heroId, userId);
    }
    // A piece of gear is used by putting it on (worn-gear.ts), which takes it from its stack.
    const piece = own(GEAR, def.id);
    if (piece && target) {
      const worn = await wearPiece(trx, target, userId, piece);
      did(trx, { act: 'item_use' });
      return { user: locked.user, hero: worn.hero, message: worn.message };
    }
    const outcome = useItem(def, { hero: target && heroFromRow(target), seed });
    if (!outcome.ok) throw badRequest(outcome.error);
    // One use takes `consumes` of the stack (Star Shards fuse a hundred at a time), only if that many are held.
    const n = outcome.consumes ?? 1;
    const short = `You need ${n} ${def.name}s to use them; you have ${row.quantity}`;
    if (row.quantity < n) throw badRequest(short);
    const spent = await trx
      .updateTable('inventory')
      .set((eb) => ({ quantity: eb('quantity', '-', n) }))
      .where('id', '=', row.id)
      .where('quantity', '>=', n)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw badRequest(n > 1 ? short : NONE_LEFT);
    const hero = outcome.hero && target ? await keepHero(trx, outcome.hero, target, userId) : outcome.hero;
    const user = await credit(trx, userId, outcome.currencyDelta ?? {}, {
      reason: 'item_use',
      ref: row.item_id,
    });
    if (!user) throw notFound(MESSAGES.userNotFound);
    did(trx, { act: 'item_use' });
    return { user, hero, message: outcome.message };
  });
}
