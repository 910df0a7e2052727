// Heroes: generation of candidates, saving one, lists (own, other players' paged, NPCs by dungeon), detail,
// delete, ability reroll. Spec §7 and DESIGN.md's additions (generation_id, ?user_id= on DELETE).
import { z } from 'zod';
import { HeroSchema, Id, idField, User } from './common.ts';

export { REROLL_COST } from './rules.ts';

/** Both calls of one generation send the same generation_id; the pair costs one scroll. Body may be absent. */
export const GenerateBody = z
  .object({
    user_id: Id.optional(),
    generation_id: Id.min(8, 'not a valid generation id (8-64 characters)').optional(),
  })
  .nullish();
export const GenerateResponse = HeroSchema;

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
export const NotModified = z.null().describe('Not modified: the ETag sent is still the list');

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
export const DeleteHeroResponse = z.object({ deleted: z.literal(true), id: z.string() });

export const RerollBody = z.object({ user_id: Id });
export const RerollResponse = HeroSchema.extend({ user: User.optional() });
