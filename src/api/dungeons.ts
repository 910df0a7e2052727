// Dungeons and their runs: a run is a sequence of floors ending with a boss; each battle call fights the next.
import { z } from 'zod';
import { BattleResult, HeroSchema, Id, ShownOddsKey } from './common.ts';
import { TEAM_MAX, TEAM_MIN, TEAM_RULES } from './rules.ts';
import { TIER_COUNT } from '../game/data/dungeons.ts';

/** A dungeon's tier (1 … TIER_COUNT): its number in a request. */
export const Tier = z
  .number()
  .int()
  .min(1, `A dungeon's tiers are 1 to ${TIER_COUNT}`)
  .max(TIER_COUNT, `A dungeon's tiers are 1 to ${TIER_COUNT}`);

export const DungeonTier = z.object({
  tier: z.number().int(),
  level: z.number().int().describe('the foes’ level'),
  rarity_min: z.number().int().describe('the weakest foe’s rarity (stars)'),
  rarity_max: z.number().int().describe('the boss’s rarity (stars)'),
  training: z.number().int().describe('the training of floor 1’s foes (each floor after trains more)'),
  recommended_power: z
    .number()
    .int()
    .describe('the team power (as the campaign counts it) at which floor 1 is an even fight, measured'),
});
export type DungeonTier = z.infer<typeof DungeonTier>;

export const Dungeon = z.object({
  id: z.string(),
  name: z.string(),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  level_recommendation: z.number().int(),
  npc_count: z.number().int(),
  rewards_multiplier: z.number(),
  description: z.string(),
  image_url: z.string(),
  theme: z.string(),
  floors: z.number().int(),
  npcs: z
    .array(HeroSchema)
    .describe('the NPCs of tier 1 (those of the arena); a deeper tier’s are the same, stronger'),
  tiers: z
    .array(DungeonTier)
    .describe('its tiers, 1 first: tier t opens once a run of tier t − 1 is cleared'),
});
export type Dungeon = z.infer<typeof Dungeon>;
export const DungeonsResponse = z.array(Dungeon);
export const DungeonParams = z.object({ dungeonId: Id });
export const DungeonNpcsResponse = z.array(HeroSchema);

export const StartRunBody = z.object({
  user_id: Id,
  team_hero_ids: z
    .array(Id, { error: TEAM_RULES.dungeonEmpty })
    .min(TEAM_MIN, TEAM_RULES.dungeonEmpty)
    .max(TEAM_MAX, TEAM_RULES.tooBig),
  abandon_active: z.boolean().default(true),
  tier: Tier.default(1).describe(
    'the tier to fight: one the player has opened (GET /api/dungeon-tiers), else 403',
  ),
});
export const DungeonRun = z.object({
  id: z.string(),
  dungeon_id: z.string(),
  dungeon_name: z.string(),
  user_id: z.string(),
  team_hero_ids: z.array(z.string()),
  floor: z.number().int().describe('the next floor to fight, 1-based'),
  floors: z.number().int(),
  tier: z.number().int().describe('the tier the run fights'),
  status: z.enum(['active', 'cleared', 'failed', 'abandoned']),
});
export type DungeonRun = z.infer<typeof DungeonRun>;
export const StartRunResponse = DungeonRun;

export const RunParams = z.object({ runId: Id });
export const RunQuery = z.object({ user_id: Id.optional() });
export const ActiveRunQuery = z.object({ user_id: Id });
export const ActiveRunResponse = z.object({
  run: DungeonRun.nullable().describe('the player’s active run, or null when none is active'),
});
export const RunBattleBody = z
  .object({
    user_id: Id.optional(),
    floor: z
      .number()
      .int()
      .min(1)
      .max(99)
      .optional()
      .describe('the floor the player means to fight: when the run has moved on, 409 instead of a fight'),
    mode: z
      .enum(['quick', 'turn_based'])
      .default('quick')
      .describe(
        'quick: the floor is fought at once (200, its result); turn_based: a battle the player steers (201)',
      ),
    odds_key: ShownOddsKey,
  })
  .nullish();
export const RunBattleResponse = BattleResult.extend({
  run: DungeonRun,
  clear_bonus: z.boolean(),
  gear_drop: z
    .string()
    .nullable()
    .optional()
    .describe('a cleared run: the piece of gear it dropped into the inventory (its item id), or null'),
});

export const TiersQuery = z.object({ user_id: Id });
export const PlayerTier = z.object({
  tier: z.number().int(),
  open: z.boolean().describe('the player may start a run of it'),
  cleared: z.boolean().describe('the player has cleared a run of it'),
  opens_at_power: z
    .number()
    .int()
    .describe(
      'the strongest four’s power that opens it without a cleared run (85% of the least any dungeon recommends for it)',
    ),
});
export type PlayerTier = z.infer<typeof PlayerTier>;
export const TiersResponse = z
  .array(z.object({ dungeon_id: z.string(), tiers: z.array(PlayerTier) }))
  .describe('each dungeon, in the order of GET /api/dungeons, with its tiers as the player has them');
export type TiersResponse = z.infer<typeof TiersResponse>;
