// The fairness figures (GET /api/fairness, public): the odds fights state against how they went, the summoning
// rarity odds against what was drawn, and the balance of races, classes and types in level-matched simulated
// battles — each share with its 95% interval. Server: routes/fairness.ts over fairness.ts; page: /fairness.
import { z } from 'zod';

export const FAIRNESS_KINDS = ['all', 'arena', 'dungeon', 'random', 'campaign'] as const;
export const FairnessKind = z.enum(FAIRNESS_KINDS, {
  error: 'kind must be all, arena, dungeon or random',
});
export type FairnessKind = z.infer<typeof FairnessKind>;
/** Bucket counts that split 0–100% into whole-percent steps (the tally keeps fights by whole percent). */
export const FAIRNESS_BUCKETS = [2, 4, 5, 10, 20, 25, 50] as const;
export const DEFAULT_FAIRNESS_BUCKETS = 10;

export const FairnessQuery = z.object({
  kind: FairnessKind.default('all').describe(
    'which fights the calibration counts: all, arena, dungeon or random',
  ),
  buckets: z.coerce
    .number({ error: 'buckets must be a number' })
    .int('buckets must be a whole number')
    .refine((n) => (FAIRNESS_BUCKETS as readonly number[]).includes(n), {
      error: `buckets must be one of ${FAIRNESS_BUCKETS.join(', ')}`,
    })
    .default(DEFAULT_FAIRNESS_BUCKETS)
    .describe('how many equal ranges of stated win chance (default 10)'),
});
export type FairnessQuery = z.input<typeof FairnessQuery>;

export const Interval = z
  .object({ low: z.number().min(0).max(1), high: z.number().min(0).max(1) })
  .describe('95% Wilson score interval of the share');
export type Interval = z.infer<typeof Interval>;

const Share = z.number().min(0).max(1);

export const CalibrationBucket = z.object({
  from: Share.describe('stated win chance from (inclusive)'),
  to: Share.describe('up to (exclusive; the last bucket includes 100%)'),
  fights: z.number().int().min(0),
  won: z.number().int().min(0),
  stated: Share.nullable().describe('mean stated win chance of its fights (null: none)'),
  observed: Share.nullable().describe('share of its fights won (null: none)'),
  interval: Interval.nullable(),
});
export type CalibrationBucket = z.infer<typeof CalibrationBucket>;

export const FightKindCount = z.object({
  kind: z.enum(['arena', 'dungeon', 'random', 'campaign']),
  fights: z.number().int().min(0),
  won: z.number().int().min(0),
});

export const Calibration = z.object({
  kind: FairnessKind,
  fights: z.number().int().min(0).describe('fights counted (of the kind asked)'),
  won: z.number().int().min(0),
  stated: Share.nullable().describe('mean stated win chance over those fights'),
  by_kind: z.array(FightKindCount).describe('every kind, whatever was asked'),
  buckets: z.array(CalibrationBucket),
});
export type Calibration = z.infer<typeof Calibration>;

export const RarityShare = z.object({
  rarity: z.number().int().min(1).max(5),
  base: Share.describe('the chance of this rarity for one candidate, before any pity'),
  stated: Share.describe(
    'the long-run share of this rarity per summoned candidate with the pity included (exact, from the rates and the rule)',
  ),
  drawn: z.number().int().min(0),
  observed: Share.nullable(),
  interval: Interval.nullable(),
});
export type RarityShare = z.infer<typeof RarityShare>;

export const SummonRarity = z.object({
  drawn: z.number().int().min(0).describe('candidates drawn by paid summons, ever'),
  pity: z
    .array(z.object({ rarity: z.number().int().min(1).max(5), within: z.number().int().min(1) }))
    .describe(
      'a pair holding `rarity` or better within `within` pairs (GET /api/summons: a player’s own counters)',
    ),
  rarities: z.array(RarityShare),
});

export const BalanceGroupEntry = z.object({
  id: z.string(),
  name: z.string(),
  wins: z.number().int().min(0),
  games: z.number().int().min(0).describe('appearances: a hero of this group in a battle'),
  rate: Share,
  interval: Interval.describe(
    '95% Wilson interval over the effective sample size (teammates share an outcome)',
  ),
});
export type BalanceGroupEntry = z.infer<typeof BalanceGroupEntry>;

export const Balance = z.object({
  status: z
    .enum(['ready', 'computing', 'failed'])
    .describe('computing: the first measure under these rules is running; ask again in a few seconds'),
  rules: z
    .string()
    .nullable()
    .describe('the rules version measured: a hash of the engine and the heroes sampled'),
  computed_at: z.number().int().nullable().describe('epoch seconds'),
  battles: z.number().int().min(0),
  draws: z.number().int().min(0),
  team_size: z.number().int().min(1),
  levels: z.array(z.number().int()),
  gate: z.object({ low: Share, high: Share }).describe('the range npm run balance holds every group to'),
  race: z.array(BalanceGroupEntry),
  class: z.array(BalanceGroupEntry),
  type: z.array(BalanceGroupEntry),
});
export type Balance = z.infer<typeof Balance>;

export const FairnessResponse = z.object({
  as_of: z.number().int().describe('epoch seconds: when the fight and summon counts were read'),
  fights: Calibration,
  summons: SummonRarity,
  balance: Balance,
});
export type FairnessResponse = z.infer<typeof FairnessResponse>;
