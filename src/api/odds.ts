// The win chance of a fight before it is fought: one read for the arena, a dungeon's next floor and the next
// random battle. The number it states is the number that fight then uses (server: routes/odds.ts).
import { z } from 'zod';
import { ErrorBody, FIGHT_REFUSALS, HeroSchema, Id, Rewards, StageReward } from './common.ts';
import { RepeatWin } from './arena.ts';
import { DungeonRun, Tier } from './dungeons.ts';
import { TEAM_MAX, TEAM_MIN } from './rules.ts';

export const OddsKind = z.enum(['arena', 'dungeon', 'random', 'campaign'], {
  error: 'kind must be arena, dungeon, random or campaign',
});

export const OddsQuery = z.object({
  user_id: Id,
  kind: OddsKind,
  hero_id: Id.optional().describe('arena: your hero'),
  opponent_id: Id.optional().describe("arena: the opponent (another player's hero or an NPC)"),
  dungeon_id: Id.optional().describe('dungeon: floor 1 of a new run in this dungeon, fought by `team`'),
  tier: z.coerce
    .number()
    .pipe(Tier)
    .optional()
    .describe(
      'dungeon with dungeon_id: the tier of the new run, default 1 (one the player has opened, else 403)',
    ),
  run_id: Id.optional().describe(
    'dungeon: the next floor of this run of yours, with its team; once the run is over (run_status), floor 1 of a new run of its dungeon with its team — what comes next',
  ),
  stage_id: Id.optional().describe("campaign: the stage ('1-1'), fought by `team`"),
  team: z
    .string()
    .max(TEAM_MAX * 65)
    .optional()
    .describe(
      `dungeon with dungeon_id, random and campaign: ${TEAM_MIN}–${TEAM_MAX} of your hero ids, comma-separated`,
    ),
});
export type OddsQuery = z.infer<typeof OddsQuery>;

export const OddsResponse = z.object({
  kind: OddsKind,
  probability: z.number().min(0).max(1).describe('the chance to win: the probability the fight then states'),
  samples: z.number().int().describe('simulated battles behind the estimate'),
  key: z
    .string()
    .describe(
      "what the estimate is for: the kind, what the team meets (the encounter, the opponent and its version, the dungeon and floor) and each of the team's heroes with its version. The fight states the same `odds_key` and the same probability; a changed hero (a level, an item) or a new encounter makes a new key",
    ),
  versions: z
    .record(z.string(), z.number().int())
    .describe(
      'each hero of the team (and an opponent that is a stored hero), by id, with the version the estimate was made for: a client shows the chance only while its heroes are at these versions',
    ),
  encounter: z
    .number()
    .int()
    .optional()
    .describe(
      "random: the player's stored encounter (one of 16 bands), the same until a random battle fights it",
    ),
  win_rewards: Rewards.describe(
    'what winning this fight pays at this probability, computed by the function the fight pays with: gold, xp per hero, essence and tokens — on a boss floor with the clear bonus, in the arena after the repeat-win rule, for a random battle fought at once (Quick Battle)',
  ),
  win_rewards_turn_based: Rewards.optional().describe(
    'random, campaign, dungeon: the least winning it turn by turn pays (POST /api/battles and a stage, the default mode; a floor with mode turn_based), at the same stated odds — played at once with Auto; a boss floor with the clear bonus',
  ),
  turn_based_per_minute: Rewards.optional().describe(
    'random, campaign, dungeon: what each minute of play adds to a turn-based win at these odds (a turn-based battle is paid for the time it was played: each decision credited up to 20 s)',
  ),
  clear_bonus: Rewards.nullable()
    .optional()
    .describe(
      'dungeon: the clear bonus a win on the boss floor adds (inside win_rewards); null on other floors',
    ),
  loss_stake: z
    .number()
    .int()
    .min(0)
    .describe(
      'the gold losing this fight costs (its stake: a share of what a quick win pays at this probability, never more than the player holds)',
    ),
  repeat_win: RepeatWin.optional().describe(
    "arena: the repeat-win rule as a win now would meet it (the player's earlier wins over this opponent in 24 h)",
  ),
  team_hero_ids: z.array(z.string()),
  enemies: z.array(HeroSchema).describe('who the fight is against'),
  location: z.string().describe("'Arena', the dungeon's name, the random battle's place or the stage's name"),
  first_clear: StageReward.nullable()
    .optional()
    .describe('campaign: what winning pays besides win_rewards the first time, once; null once paid'),
  floor: z.number().int().optional().describe('dungeon: the floor this is (1-based)'),
  floors: z.number().int().optional(),
  boss_floor: z.boolean().optional(),
  tier: z.number().int().optional().describe('dungeon: the tier of the run'),
  run_status: DungeonRun.shape.status
    .optional()
    .describe(
      "dungeon with run_id: the run's status; not 'active' when it is over, and then the odds are those of floor 1 of a new run of its dungeon with its team",
    ),
});
export type OddsResponse = z.infer<typeof OddsResponse>;

/**
 * A fight refused because the chance it was shown is no longer its own (the request's `odds_key` is not the key the
 * server computes now): nothing was fought, and the answer carries the new chance — the odds answer as GET
 * /api/odds would give it now, its key also as `odds_key` — so the page can show it.
 */
export const ChangedOdds = OddsResponse.extend({
  error: z.string().describe('what changed, in words, with the new chance'),
  odds_key: z.string().describe('the key of the new chance: send it with the next try'),
});
export type ChangedOdds = z.infer<typeof ChangedOdds>;

/** A fight that names the odds it was shown may also be refused with the new chance (409 ChangedOdds). */
export const SHOWN_FIGHT_REFUSALS = {
  ...FIGHT_REFUSALS,
  409: z.union([ChangedOdds, ErrorBody]),
} as const;
