// Ascension and gear: GET /api/heroes/{heroId}/ascension, POST …/ascend, POST …/ascension/reset, POST
// /api/heroes/{heroId}/gear and DELETE /api/heroes/{heroId}/gear/{slot} (src/server/routes/ascension.ts).
import { z } from 'zod';
import { GearSlot, HeroSchema, Id, User } from './common.ts';

export const AscensionQuery = z.object({ user_id: Id });
const Stats = z.object({
  max_hp: z.number().int(),
  atk: z.number().int(),
  def: z.number().int(),
  spd: z.number().int(),
});
const HeroBrief = z.object({
  id: z.string(),
  name: z.string(),
  rarity: z.number().int(),
  level: z.number().int(),
  portrait_url: z.string(),
});
const SpendableHero = HeroBrief.extend({
  rarer: z
    .boolean()
    .describe(
      'rarer than the star needs: spending it gives up more than the star asks (offered after those that fit)',
    ),
});

export const AscensionResponse = z.object({
  hero_id: z.string(),
  rarity: z.number().int(),
  max_rarity: z.number().int(),
  summoned_rarity: z.number().int(),
  next: z
    .object({
      rarity: z.number().int(),
      copies: z
        .number()
        .int()
        .describe('heroes spent, each of rarity ≥ copy_min_rarity, or Star Shards in their place'),
      copy_min_rarity: z.number().int(),
      shards_per_copy: z.number().int(),
      essence: z.number().int(),
      stats_now: Stats,
      stats_next: Stats.describe('its stats at the next rarity, by the formula generation uses'),
    })
    .nullable()
    .describe('the next star: null at the highest rarity'),
  /** the table of every star, for the page to show before confirming */
  table: z.array(
    z.object({
      from: z.number().int(),
      copies: z.number().int(),
      shards_per_copy: z.number().int(),
      essence: z.number().int(),
    }),
  ),
  shards_held: z.number().int(),
  essence_held: z.number().int(),
  copies: z
    .array(SpendableHero)
    .describe(
      'the player’s heroes it may spend (rarity ≥ its own, not in a battle), least valuable first: those of its own rarity — never ascended before ascended, then by level and experience — then the rarer ones',
    ),
  suggested: z
    .array(z.string())
    .describe(
      'the copies a payment starts from: the first of `copies` that fit (never a rarer one), as many as the next star takes; empty at the top',
    ),
  by_chosen: z
    .array(
      z.object({
        shards: z.number().int().describe('the Star Shards that pay the heroes left unchosen'),
        short_with_shards: z.array(z.string()),
        short_without_shards: z.array(z.string()),
      }),
    )
    .describe(
      'the next star by how many heroes are chosen (index 0 … copies): the shards that pay the rest, and every reason it is out of reach paying the rest with shards or not, in the words the ascend call refuses with (empty: it can be paid); empty at the top',
    ),
  reset: z
    .object({
      rarity: z.number().int(),
      essence: z.number().int(),
      shards: z.number().int(),
      heroes: z.array(HeroBrief),
    })
    .nullable()
    .describe('what a reset refunds; null when it has not ascended'),
});

export const HeroPathParams = z.object({ heroId: Id });
/** The most heroes one request may name to spend (a star asks at most a handful of copies). */
const MOST_SPENT_HEROES = 10;
export const AscendBody = z.object({
  user_id: Id,
  spend_hero_ids: z.array(Id).max(MOST_SPENT_HEROES).optional().describe('heroes spent as copies'),
  use_shards: z.boolean().optional().describe('Star Shards pay the copies the heroes leave unpaid'),
});
export const AscendResponse = z.object({
  hero: HeroSchema,
  user: User,
  spent_hero_ids: z.array(z.string()),
  shards_spent: z.number().int(),
  essence_spent: z.number().int(),
  message: z.string(),
});
export const ResetBody = z.object({ user_id: Id });
export const ResetResponse = z.object({
  hero: HeroSchema,
  user: User,
  restored_hero_ids: z.array(z.string()),
  shards_refunded: z.number().int(),
  essence_refunded: z.number().int(),
  message: z.string(),
});

export const EquipBody = z.object({
  user_id: Id,
  item_id: Id.describe('the piece: its item id (or its inventory row id)'),
});
export const GearResponse = z.object({ hero: HeroSchema, message: z.string() });
export const UnequipParams = z.object({
  heroId: Id,
  slot: z.enum(GearSlot.options, { error: `must be one of ${GearSlot.options.join(', ')}` }),
});
export const UnequipQuery = z.object({ user_id: Id });
