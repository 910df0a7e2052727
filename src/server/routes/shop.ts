// The shop: GET /api/shop, POST /api/shop/purchase — one item, paid and stocked in one transaction.
import type { Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import { insufficient } from '../../api/rules.ts';
import { PurchaseBody, PurchaseResponse, ShopResponse, type ShopItem } from '../../api/shop.ts';
import { fixedJson, sendJson } from '../http/json-reply.ts';
import type { RouteOpts } from '../context.ts';
import { badRequest, MESSAGES, notFound } from '../foundation/errors.ts';
import { buyItem } from '../economy/purchase.ts';
import type { ShopItemsTable } from '../store/tables.ts';
import { refusal, userView, type Currency } from '../economy/wallet.ts';

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

const shop: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  // The catalogue never changes while the server runs: checked against its schema and serialized once.
  const catalogue = fixedJson(ShopResponse, ctx.shopItems.map(shopItemView));

  app.get('/api/shop', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'listShopItems',
      summary: 'List the shop’s items',
      description: 'The shop’s catalogue (content): every item with its price and what it does.',
      tags: ['shop'],
      response: { 200: ShopResponse },
    },
    handler: async (_req, reply) => sendJson(reply, catalogue),
  });

  app.post('/api/shop/purchase', {
    config: { actsFor: ['body.user_id'], idempotent: true },
    schema: {
      operationId: 'purchaseItem',
      summary: 'Buy an item',
      tags: ['shop'],
      body: PurchaseBody,
      response: { 200: PurchaseResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => {
      const { user_id, item_id } = req.body;
      const item = ctx.shopItemsById.get(item_id);
      if (!item) throw notFound(MESSAGES.itemNotFound);
      const bought = await buyItem(ctx.store, user_id, item);
      if (!bought.ok)
        throw await refusal(db, user_id, () => badRequest(insufficient(item.currency as Currency)));
      return { item: shopItemView(item), remaining_gold: bought.user.gold, user: userView(bought.user) };
    },
  });
};

export default shop;
