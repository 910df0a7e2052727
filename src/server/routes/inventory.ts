// The inventory: GET /api/inventory?user_id=, POST /api/inventory/use — the item's effect (src/game/items.ts),
// the spent item, the hero and any currency all change in one economy transaction (../transaction.ts: player,
// hero, then the inventory row), or none of them does.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import {
  InventoryQuery,
  InventoryResponse,
  UseItemBody,
  UseItemResponse,
  type InventoryItem,
} from '../../api/shop.ts';
import { ITEMS_BY_ID } from '../../game/data/items.ts';
import { useItem } from '../../game/items.ts';
import type { RouteOpts } from '../context.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../errors.ts';
import { saveHero } from '../hero-store.ts';
import { newSeed } from '../ids.ts';
import { heroFromRow, type HeroRow } from '../store/hero-rows.ts';
import { economyTransaction } from '../transaction.ts';
import { credit, findUser, userView } from '../wallet.ts';

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
      const seed = newSeed();
      // The hero is locked (and read) only when named: hero_id is ignored for items that target none.
      const heroIds = hero_id ? [hero_id] : [];
      const result = await economyTransaction(db, { userId: user_id, heroIds }, async (trx, locked) => {
        if (!locked.user) throw notFound(MESSAGES.userNotFound);
        // item_id may name the catalogue item or the inventory row (spec §3 gives both an id and an item_id).
        const row = await trx
          .selectFrom('inventory')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb.and([eb('user_id', '=', user_id), eb('item_id', '=', item_id)]),
              eb('id', '=', item_id),
            ]),
          )
          .orderBy('quantity', 'desc')
          .executeTakeFirst();
        if (row && row.user_id !== user_id) throw forbidden('That item belongs to another player');
        if (!row || row.quantity < 1) throw badRequest('You have none of this item');
        const def = ITEMS_BY_ID.get(row.item_id);
        if (!def) throw notFound(MESSAGES.itemNotFound);
        let target: HeroRow | undefined;
        if (def.targetsHero) {
          if (!hero_id) throw badRequest('Choose a hero to use this on');
          target = locked.heroes.get(hero_id);
          if (!target) throw notFound(MESSAGES.heroNotFound);
          if (target.user_id !== user_id) throw forbidden(MESSAGES.notYourHero);
        }
        const outcome = useItem(def, { hero: target && heroFromRow(target), seed });
        if (!outcome.ok) throw badRequest(outcome.error);
        const spent = await trx
          .updateTable('inventory')
          .set((eb) => ({ quantity: eb('quantity', '-', 1) }))
          .where('id', '=', row.id)
          .where('quantity', '>=', 1)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) throw badRequest('You have none of this item');
        if (outcome.hero && target) {
          if (!(await saveHero(trx, outcome.hero, target.version, user_id)))
            throw conflict('The hero changed meanwhile: try again');
        }
        const user = await credit(trx, user_id, outcome.currencyDelta ?? {});
        if (!user) throw notFound(MESSAGES.userNotFound);
        return { user, hero: outcome.hero, message: outcome.message };
      });
      return {
        message: result.message,
        user: userView(result.user),
        ...(result.hero ? { hero: result.hero } : {}),
      };
    },
  });
};

export default inventory;
