// The shop and the inventory: buying (one at a time, atomically), listing, using items.
import { z } from 'zod';
import { CurrencyName, HeroSchema, Id, User } from './common.ts';

export const ItemType = z.enum(['potion', 'upgrade_mat', 'gear_token', 'hero_shard']);
export type ItemType = z.infer<typeof ItemType>;

export const ShopItem = z.object({
  id: z.string(),
  name: z.string(),
  type: ItemType,
  description: z.string(),
  cost: z.number().int(),
  currency: CurrencyName,
  icon: z.string(),
  /** Whether using it needs a hero_id. */
  targets_hero: z.boolean(),
});
export type ShopItem = z.infer<typeof ShopItem>;
export const ShopResponse = z.array(ShopItem);

export const PurchaseBody = z.object({
  user_id: Id,
  item_id: Id,
  quantity: z.literal(1).default(1),
});
export const PurchaseResponse = z.object({
  item: ShopItem,
  remaining_gold: z.number().int(),
  user: User,
});

export const InventoryItem = z.object({
  id: z.string(),
  item_id: z.string(),
  name: z.string(),
  type: ItemType,
  description: z.string(),
  icon: z.string(),
  quantity: z.number().int(),
  targets_hero: z.boolean(),
  slot: z
    .enum(['weapon', 'armour', 'charm', 'relic'])
    .optional()
    .describe('a piece of gear: the slot it is worn in (POST /api/heroes/{heroId}/gear)'),
  set_name: z.string().optional().describe('a piece of gear: the name of the set it belongs to'),
});
export type InventoryItem = z.infer<typeof InventoryItem>;
export const InventoryQuery = z.object({ user_id: Id });
export const InventoryResponse = z.object({
  items: z.array(InventoryItem),
  grouped: z.record(z.string(), z.array(InventoryItem)),
  total_quantity: z.number().int(),
});

export const UseItemBody = z.object({
  user_id: Id,
  item_id: Id,
  hero_id: Id.optional(),
});
export const UseItemResponse = z.object({
  message: z.string(),
  user: User,
  hero: HeroSchema.optional(),
});
