// The inventory: GET /api/inventory?user_id=, POST /api/inventory/use (the rule: ../item-use.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import {
  InventoryQuery,
  InventoryResponse,
  UseItemBody,
  UseItemResponse,
  type InventoryItem,
} from '../../api/shop.ts';
import type { RouteOpts } from '../context.ts';
import { MESSAGES, notFound } from '../errors.ts';
import { useInventoryItem } from '../item-use.ts';
import { withRating } from '../ladder.ts';
import { newSeed } from '../ids.ts';
import { findUser, userView } from '../wallet.ts';

const ITEM_TYPES = ['potion', 'upgrade_mat', 'gear_token', 'hero_shard'] as const;

const inventory: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;

  app.get('/api/inventory', {
    schema: {
      tags: ['inventory'],
      querystring: InventoryQuery,
      response: { 200: InventoryResponse, 404: ErrorBody },
    },
    handler: async (req) => {
      const { user_id } = req.query;
      const rows = await db
        .selectFrom('inventory')
        .select(['id', 'item_id', 'quantity'])
        .where('user_id', '=', user_id)
        .where('quantity', '>', 0)
        .execute();
      if (rows.length === 0 && !(await findUser(db, user_id))) throw notFound(MESSAGES.userNotFound);
      const items: InventoryItem[] = [];
      for (const r of rows) {
        const def = ctx.shopItemsById.get(r.item_id);
        if (!def) continue;
        items.push({
          id: r.id,
          item_id: r.item_id,
          name: def.name,
          type: def.type as InventoryItem['type'],
          description: def.description,
          icon: def.icon,
          quantity: r.quantity,
          targets_hero: def.targets_hero === 1,
        });
      }
      const order = new Map(ctx.shopItems.map((i, n) => [i.id, n]));
      items.sort((a, b) => (order.get(a.item_id) ?? 0) - (order.get(b.item_id) ?? 0));
      const grouped: Record<string, InventoryItem[]> = Object.fromEntries(
        ITEM_TYPES.map((t) => [t, [] as InventoryItem[]]),
      );
      for (const i of items) grouped[i.type].push(i);
      return { items, grouped, total_quantity: items.reduce((n, i) => n + i.quantity, 0) };
    },
  });

  app.post('/api/inventory/use', {
    schema: {
      tags: ['inventory'],
      body: UseItemBody,
      response: { 200: UseItemResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => {
      const { user_id, item_id, hero_id } = req.body;
      const result = await useInventoryItem(
        db,
        { userId: user_id, itemId: item_id, heroId: hero_id },
        newSeed(),
      );
      return {
        message: result.message,
        user: userView(result.user),
        ...(result.hero ? { hero: await withRating(db, result.hero) } : {}),
      };
    },
  });
};

export default inventory;
