// The altar (GET /api/summons?user_id=): the chance of each rarity per candidate, the pity rule with the player's own
// counters, and their summon history. What the player reads on /create before paying. Rules: src/game/altar.ts.
import { z } from 'zod';
import { Id } from './common.ts';

const Rarity = z.number().int().min(1).max(5);

export const SummonsQuery = z.object({ user_id: Id });

export const RarityRate = z.object({
  rarity: Rarity,
  chance: z.number().min(0).max(1).describe('the chance of this rarity for one candidate, before any pity'),
});

export const PityCounter = z.object({
  rarity: Rarity.describe('a pair holding this rarity or better is promised …'),
  within: z.number().int().min(1).describe('… within this many pairs'),
  since_last: z
    .number()
    .int()
    .min(0)
    .describe('the player’s paid pairs since their last pair holding this rarity or better'),
});

export const SummonRecord = z.object({
  generation_id: z.string(),
  at: z.number().int().describe('epoch seconds: when the pair was paid for'),
  rarities: z.array(Rarity).describe('each candidate’s rarity, in drawn order'),
  kept: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe('which candidate was kept (its place in rarities), or null'),
});

export const SummonsResponse = z.object({
  rates: z.array(RarityRate).describe('every rarity, 1★ first'),
  pity: z.array(PityCounter),
  history: z.array(SummonRecord).describe('the player’s paid pairs, newest first (at most 50)'),
});
export type SummonsResponse = z.infer<typeof SummonsResponse>;
export type SummonRecord = z.infer<typeof SummonRecord>;
