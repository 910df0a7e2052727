// Heroes: generation of candidates, saving one, lists (own, other players' paged, NPCs by dungeon), detail,
// delete, ability reroll; with generation_id, and ?user_id= on DELETE (docs/api.md).
import { z } from 'zod';
import { HeroSchema, Id, idField, User } from './common.ts';

export { REROLL_COST } from './rules.ts';

/**
 * A generate call. With no body: a free preview. With `user_id`: the player's pending pair, free, or — when none is
 * pending — a new pair for one scroll; `replaces` pays for a new pair in place of the pending one it names.
 */
export const GenerateBody = z
  .object({
    user_id: Id.optional(),
    generation_id: Id.min(8, 'not a valid generation id (8-64 characters)')
      .optional()
      .describe('the client’s id for the pair it means to pay for (both calls of one press share it)'),
    replaces: Id.optional().describe(
      'Regenerate: the pending pair’s generation_id. One scroll for a new pair in its place; once it is no longer ' +
        'the pending pair (a second such request) the answer is the pending pair, free',
    ),
  })
  .nullish();
/** A candidate in the hero shape, plus the generation it belongs to, whether this call paid, and the pair. */
export const GenerateResponse = HeroSchema.extend({
  generation_id: z
    .string()
    .nullable()
    .describe('the pair this candidate belongs to (the pending pair); null for a preview'),
  charged: z.boolean().describe('whether this call spent the scroll (true in exactly one call per pair)'),
  candidates: z
    .array(HeroSchema)
    .describe('the whole pair in drawn order (this hero is one of them); empty for a preview'),
});
export type Summons = z.infer<typeof GenerateResponse>;

export const PendingQuery = z.object({ user_id: Id });
/** The player's paid pair waiting to be kept (empty when none): shown again by /create after a reload. */
export const PendingResponse = z.object({
  generation_id: z.string().nullable(),
  candidates: z.array(HeroSchema).describe('the pair in the order it was drawn; empty when none is pending'),
  expires_at: z.number().int().nullable().describe('epoch seconds after which the pair may be forgotten'),
});
export type PendingPair = z.infer<typeof PendingResponse>;

export const CreateHeroBody = z.object({
  user_id: Id,
  /** The chosen candidate; only its id is trusted — everything else comes from the server's own record. */
  character_data: z
    .object({ id: idField('Please select a character') }, { error: 'Please select a character' })
    .passthrough(),
});
export const CreateHeroResponse = HeroSchema;

export const HeroesQuery = z.object({ user_id: Id });
export const HeroesResponse = z.array(HeroSchema);
/** The answer to a request whose If-None-Match names the current list. */

export const BrowseQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20).describe('players per page'),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/, 'not a cursor this server gave')
    .optional(),
  exclude_user_id: Id.optional(),
});
export const PlayerHeroes = z.object({
  user_id: z.string(),
  username: z.string(),
  hero_count: z.number().int(),
  heroes: z.array(HeroSchema).describe('at most 12 per player in a page'),
});
export const BrowseResponse = z.object({
  players: z.array(PlayerHeroes),
  next_cursor: z.string().nullable(),
});
export type PlayerHeroes = z.infer<typeof PlayerHeroes>;

export const NpcDungeon = z.object({
  dungeon_id: z.string(),
  dungeon_name: z.string(),
  difficulty: z.string(),
  level_recommendation: z.number().int(),
  npcs: z.array(HeroSchema),
});
export const NpcsResponse = z.object({ dungeons: z.array(NpcDungeon) });
export type NpcDungeon = z.infer<typeof NpcDungeon>;

export const HeroParams = z.object({ heroId: Id });
export const DeleteHeroQuery = z.object({ user_id: Id });
export const DeleteHeroResponse = z.object({
  deleted: z.literal(true),
  id: z.string(),
  shards: z
    .number()
    .int()
    .optional()
    .describe(
      'the Star Shards it left in the inventory: for its summoned rarity, and its stars’ shards given back',
    ),
  essence_refunded: z
    .number()
    .int()
    .optional()
    .describe('the magic essence its stars cost, given back (an ascended hero; 0 otherwise)'),
  restored_hero_ids: z
    .array(z.string())
    .optional()
    .describe('the heroes spent on its stars, back in the collection'),
});

export const RerollBody = z.object({ user_id: Id });
export const TrainBody = z.object({ user_id: Id });
export const TrainResponse = HeroSchema.extend({
  user: User,
  cost: z.number().int().describe('the gold this level of training cost'),
});
export const RerollResponse = HeroSchema.extend({ user: User.optional() });
