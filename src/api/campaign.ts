// The campaign and idle income (issue 30): GET /api/campaign (chapters, stages, the player's progress, what stages
// open, idle income), POST /api/campaign/stages/{stageId}/battle (a stage fought as team battles are), GET /api/idle
// and POST /api/idle/claim. Server: routes/campaign.ts over fights/campaign-progress.ts; rules: src/game/campaign.ts.
import { z } from 'zod';
import { Id, StageReward, User } from './common.ts';
import { TEAM_MAX } from './rules.ts';
import { CreateBattleBody } from './battles.ts';

export const CampaignQuery = z.object({ user_id: Id });

export const IdleRate = z.object({
  gold: z.number().int(),
  xp_per_hero: z.number().int(),
  magic_essence: z.number().int(),
});
export type IdleRate = z.infer<typeof IdleRate>;

export const IdleView = z.object({
  accrued: IdleRate.describe('what has accrued since the last claim (or the first clear), whole amounts'),
  rate: IdleRate.describe('per hour, set by the furthest cleared stage (all zero before the first clear)'),
  since: z
    .number()
    .int()
    .nullable()
    .describe(
      'unix seconds it has accrued from (the last claim or the first clear); null before the first clear',
    ),
  full_at: z
    .number()
    .int()
    .nullable()
    .describe(
      'unix seconds at which it is full (since + cap_hours): nothing accrues after; null before the first clear',
    ),
  cap_hours: z.number().int().describe('how many hours of income it holds at most'),
  now: z.number().int().describe("the server's clock, unix seconds (to show it filling)"),
  team_hero_ids: z
    .array(z.string())
    .describe("the player's last winning campaign team: a claim's xp goes to each of them still theirs"),
});
export type IdleView = z.infer<typeof IdleView>;

export const StageStatus = z.enum(['locked', 'open', 'cleared']);

export const Unlock = z.object({
  kind: z.enum(['dungeon', 'arena']),
  id: z.string().nullable().describe('the dungeon id; null for the arena'),
  name: z.string(),
});

export const StageView = z.object({
  id: z.string().describe("'1-1' … '18-8': chapter and place in it"),
  chapter: z.number().int(),
  index: z.number().int(),
  name: z.string(),
  story: z.string(),
  scene_url: z.string().describe('the stage’s scene (SVG)'),
  status: StageStatus.describe(
    'cleared; open (the next stage: every stage before it is cleared); locked (the stage before is not cleared)',
  ),
  recommended_power: z.number().int().describe('the team power at which it is an even fight (measured)'),
  enemies: z.array(
    z.object({
      level: z.number().int(),
      rarity: z.number().int(),
      training: z.number().int().describe('levels of training (past the sixth chapter); 0: none'),
    }),
  ),
  first_clear: StageReward.describe('what the first clear pays, once'),
  first_clear_paid: z.boolean(),
  unlocks: z.array(Unlock).describe('what its first clear opens'),
});
export type StageView = z.infer<typeof StageView>;

export const ChapterView = z.object({
  id: z.number().int(),
  name: z.string(),
  story: z.string(),
  scene_url: z.string(),
  stages: z.array(StageView),
});

export const CampaignResponse = z.object({
  chapters: z.array(ChapterView),
  cleared: z.number().int().describe('stages cleared, in order'),
  next_stage_id: z.string().nullable().describe('the stage to fight next; null when all are cleared'),
  team_power: z
    .number()
    .int()
    .describe("the power of the player's four strongest heroes, in the gear they wear"),
  strongest_team: z
    .array(z.string())
    .max(TEAM_MAX)
    .describe('those heroes, strongest first: the team a page picks for a player who has picked none'),
  unlocks: z
    .array(Unlock.extend({ stage_id: z.string(), unlocked: z.boolean() }))
    .describe('the order in which stages open the dungeons and the arena'),
  idle: IdleView,
});
export type CampaignResponse = z.infer<typeof CampaignResponse>;

export const StageParams = z.object({ stageId: Id });
export const StageBattleBody = CreateBattleBody;

export const IdleClaimBody = z.object({ user_id: Id });
export const IdleClaimResponse = z.object({
  claimed: IdleRate.describe(
    'what this claim paid: gold and essence to the player, xp to each hero of the idle team',
  ),
  level_ups: z.array(z.object({ hero_id: z.string(), name: z.string(), new_level: z.number().int() })),
  idle: IdleView,
  user: User,
});
export type IdleClaimResponse = z.infer<typeof IdleClaimResponse>;
