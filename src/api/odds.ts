// The win chance of a fight before it is fought: one read for the arena, a dungeon's next floor and the next
// random battle. The number it states is the number that fight then uses (server: routes/odds.ts).
import { z } from 'zod';
import { HeroSchema, Id } from './common.ts';
import { TEAM_MAX, TEAM_MIN } from './rules.ts';

export const OddsKind = z.enum(['arena', 'dungeon', 'random'], {
  error: 'kind must be arena, dungeon or random',
});

export const OddsQuery = z.object({
  user_id: Id,
  kind: OddsKind,
  hero_id: Id.optional().describe('arena: your hero'),
  opponent_id: Id.optional().describe("arena: the opponent (another player's hero or an NPC)"),
  dungeon_id: Id.optional().describe('dungeon: floor 1 of a new run in this dungeon, fought by `team`'),
  run_id: Id.optional().describe('dungeon: the next floor of this active run of yours, with its team'),
  team: z
    .string()
    .max(TEAM_MAX * 65)
    .optional()
    .describe(
      `dungeon with dungeon_id, and random: ${TEAM_MIN}–${TEAM_MAX} of your hero ids, comma-separated`,
    ),
});
export type OddsQuery = z.infer<typeof OddsQuery>;

export const OddsResponse = z.object({
  kind: OddsKind,
  probability: z.number().min(0).max(1).describe('the chance to win: the probability the fight then states'),
  samples: z.number().int().describe('simulated battles behind the estimate'),
  team_hero_ids: z.array(z.string()),
  enemies: z.array(HeroSchema).describe('who the fight is against'),
  location: z.string().describe("'Arena', the dungeon's name, or the random battle's place"),
  floor: z.number().int().optional().describe('dungeon: the floor this is (1-based)'),
  floors: z.number().int().optional(),
  boss_floor: z.boolean().optional(),
});
export type OddsResponse = z.infer<typeof OddsResponse>;
