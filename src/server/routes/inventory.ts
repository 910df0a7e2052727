// The inventory: GET /api/inventory?user_id=, POST /api/inventory/use (the rule: ../heroes/item-use.ts).
import { GEAR, GEAR_SETS, type GearSetId } from '../../game/data/gear.ts';
import { own } from '../../game/content.ts';
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
import type { Store } from '../store/db.ts';
import { MESSAGES, notFound } from '../foundation/errors.ts';
import { useInventoryItem } from '../heroes/item-use.ts';
import { withRating } from '../fights/rating-store.ts';
import { newSeed } from '../foundation/ids.ts';
import { readUser, shareUserRead, userReadFor, userView, type UserRow } from '../economy/wallet.ts';
import { AnswerCache } from '../store/answer-cache.ts';
import { keyedRead } from '../store/read-batches.ts';
import { contractJson } from '../foundation/contract-json.ts';
import { sendJson } from '../http/json-reply.ts';

const ITEM_TYPES = ['potion', 'upgrade_mat', 'gear_token', 'hero_shard'] as const;

interface InventoryRow {
  id: string;
  user_id: string;
  item_id: string;
  quantity: number;
}

const INVENTORY = keyedRead<InventoryRow>(
  (match) => `select id, user_id, item_id, quantity from inventory where user_id ${match} and quantity > 0`,
  (r) => r.user_id,
);

/**
 * A player's row with their entries, one row each (one with no entry when they hold none): on PostgreSQL the read of
 * the player that the guard makes (readUser) and the read of their entries in one statement. Under load
 * (GET /api/inventory, PostgreSQL) the two were two statements for each batch of requests.
 */
type PlayerEntry = UserRow & { entry_id: string | null; item_id: string | null; quantity: number | null };
const PLAYER_INVENTORY = keyedRead<PlayerEntry>(
  (match) =>
    'select u.*, i.id as entry_id, i.item_id, i.quantity from users u ' +
    `left join inventory i on i.user_id = u.id and i.quantity > 0 where u.id ${match} order by i.id`,
  (r) => r.id,
);

/** The player's own row from one of PLAYER_INVENTORY's. */
function playerOf(row: PlayerEntry): UserRow {
  const { entry_id: _entry, item_id: _item, quantity: _quantity, ...user } = row;
  return user;
}

/**
 * A player's entries, or undefined when there is no such player. On PostgreSQL, unless the request has read the
 * player already, the player comes with them, and the request's read of the player (the guard's) is that one.
 */
async function entriesOf(store: Store, userId: string, request: object): Promise<InventoryRow[] | undefined> {
  if (store.sqlite || userReadFor(request, userId)) {
    const rows = await INVENTORY(store, userId);
    if (rows.length === 0 && !(await readUser(store, userId, request))) return undefined;
    return rows;
  }
  const joined = PLAYER_INVENTORY(store, userId);
  shareUserRead(
    request,
    userId,
    joined.then((rows) => rows[0] && playerOf(rows[0])),
  );
  const rows = await joined;
  if (rows.length === 0) return undefined;
  const entries: InventoryRow[] = [];
  for (const r of rows)
    if (r.entry_id !== null)
      entries.push({ id: r.entry_id, user_id: userId, item_id: r.item_id!, quantity: r.quantity! });
  return entries;
}

/** A player's inventory, serialized from the contract. */
const inventoryJson = contractJson(InventoryResponse);

/** A piece of gear's slot and set, as its inventory entry names them; nothing for any other item. */
function gearFacts(itemId: string): Pick<InventoryItem, 'slot' | 'set_name'> {
  const piece = own(GEAR, itemId);
  return piece ? { slot: piece.slot, set_name: GEAR_SETS[piece.set as GearSetId].name } : {};
}

const inventory: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;

  // What an item says of itself is content, looked up once per item; a player's entry adds its row's numbers.
  const order = new Map(ctx.shopItems.map((i, n) => [i.id, n]));
  const content = new Map(
    ctx.shopItems.map((def) => [
      def.id,
      {
        name: def.name,
        type: def.type as InventoryItem['type'],
        description: def.description,
        icon: def.icon,
        targets_hero: def.targets_hero === 1,
        ...gearFacts(def.id),
      },
    ]),
  );

  /**
   * A player's answer from their rows, remembered under the rows it shows (each entry's id, item and count; the rule
   * of store/answer-cache.ts): an answer whose rows have not changed is sent as it was made, not made anew
   * (--cpu-prof, GET /api/inventory under load on PostgreSQL: the handler's share of the server's time 26% → 22.5%,
   * the contract's serializer 3.9% → 0).
   */
  const made = new AnswerCache<Buffer>({
    max: 10_000,
    maxBytes: 16 * 1024 * 1024,
    sizeOf: (bytes, key) => bytes.byteLength + 2 * key.length + 100,
  });
  async function answerOf(userId: string, rows: readonly InventoryRow[]): Promise<Buffer> {
    let key = '';
    for (const r of rows) key += `${r.id}:${r.item_id}:${r.quantity};`;
    return made.answer(userId, key, async () => {
      const items: InventoryItem[] = rows
        .filter((r) => content.has(r.item_id))
        .sort((x, y) => order.get(x.item_id)! - order.get(y.item_id)!)
        .map((r) => ({ id: r.id, item_id: r.item_id, quantity: r.quantity, ...content.get(r.item_id)! }));
      const grouped: Record<string, InventoryItem[]> = Object.fromEntries(ITEM_TYPES.map((t) => [t, []]));
      for (const item of items) grouped[item.type].push(item);
      const total_quantity = items.reduce((n, item) => n + item.quantity, 0);
      // Serialized by the contract's compiled serializer (foundation/contract-json.ts); the API tests parse it.
      return inventoryJson({ items, grouped, total_quantity });
    });
  }

  app.get('/api/inventory', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getInventory',
      summary: 'Read a player’s inventory',
      description: 'The items the player holds, with their counts and what each does.',
      tags: ['inventory'],
      querystring: InventoryQuery,
      response: { 200: InventoryResponse, 404: ErrorBody },
    },
    handler: async (req, reply) => {
      const rows = await entriesOf(ctx.store, req.query.user_id, req);
      if (!rows) throw notFound(MESSAGES.userNotFound);
      return sendJson(reply, await answerOf(req.query.user_id, rows));
    },
  });

  app.post('/api/inventory/use', {
    config: { actsFor: ['body.user_id'], idempotent: true },
    schema: {
      operationId: 'useItem',
      summary: 'Use an item',
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
