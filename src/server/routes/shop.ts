// The shop: GET /api/shop, POST /api/shop/purchase — one item, paid and stocked in one transaction.
import type { Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import { PurchaseBody, PurchaseResponse, ShopResponse, type ShopItem } from '../../api/shop.ts';
import type { RouteOpts } from '../context.ts';
import { badRequest, MESSAGES, notFound } from '../errors.ts';
import { newId, nowSeconds } from '../ids.ts';
import type { ShopItemsTable } from '../store/tables.ts';
import { findUser, spend, userView, type Currency } from '../wallet.ts';

export function shopItemView(r: Selectable<ShopItemsTable>): ShopItem {
  return {
    id: r.id,
    name: r.name,
    type: r.type as ShopItem['type'],
    description: r.description,
    cost: r.cost,
    currency: r.currency as ShopItem['currency'],
    icon: r.icon,
    targets_hero: r.targets_hero === 1,
  };
}

const INSUFFICIENT: Record<Currency, string> = {
  gold: MESSAGES.insufficientGold,
  magic_essence: 'Insufficient magic essence',
  summoning_scrolls: 'Insufficient summoning scrolls',
  combat_tokens: 'Insufficient combat tokens',
};

const shop: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  const catalogue = ctx.shopItems.map(shopItemView);

  app.get('/api/shop', {
    schema: { tags: ['shop'], response: { 200: ShopResponse } },
    handler: async () => catalogue,
  });

  app.post('/api/shop/purchase', {
    schema: { tags: ['shop'], body: PurchaseBody, response: { 200: PurchaseResponse, 400: ErrorBody, 404: ErrorBody } },
    handler: async (req) => {
      const { user_id, item_id } = req.body;
      const item = ctx.shopItemsById.get(item_id);
      if (!item) throw notFound(MESSAGES.itemNotFound);
      const currency = item.currency as Currency;
      const user = await db.transaction().execute(async (trx) => {
        const paid = await spend(trx, user_id, currency, item.cost);
        if (!paid) {
          const exists = await findUser(trx, user_id);
          throw exists ? badRequest(INSUFFICIENT[currency]) : notFound(MESSAGES.userNotFound);
        }
        await trx
          .insertInto('inventory')
          .values({ id: newId('inv'), user_id, item_id, quantity: 1, created_at: nowSeconds() })
          .onConflict((oc) => oc.columns(['user_id', 'item_id']).doUpdateSet((eb) => ({ quantity: eb('inventory.quantity', '+', 1) })))
          .execute();
        return paid;
      });
      return { item: shopItemView(item), remaining_gold: user.gold, user: userView(user) };
    },
  });
};

export default shop;
