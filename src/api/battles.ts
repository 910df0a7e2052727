// Team battles: turn-based (state, options, actions, auto) and quick (resolved at once); both kinds are offered.
import { z } from 'zod';
import { BattleResult, CampaignFight, HeroSchema, Id, LevelUp, Rewards, ShownOddsKey } from './common.ts';
import { TEAM_MAX, TEAM_MIN, TEAM_RULES } from './rules.ts';
import type {
  BattleEvent as BattleEventType,
  BattleOption as BattleOptionType,
  BattleUnitView,
  StatusEffectView,
} from '../game/types.ts';
import { mirrors } from './wire-types.ts';

export { TEAM_MAX, TEAM_MIN };

export const TeamHeroIds = z
  .array(Id, { error: TEAM_RULES.battleEmpty })
  .min(TEAM_MIN, TEAM_RULES.battleEmpty)
  .max(TEAM_MAX, TEAM_RULES.tooBig);

export const CreateBattleBody = z.object({
  user_id: Id,
  team_hero_ids: TeamHeroIds,
  mode: z.enum(['turn_based', 'auto']).default('turn_based'),
  odds_key: ShownOddsKey,
});

export const UnitView = mirrors<BattleUnitView>()(
  z.object({
    id: z.string(),
    name: z.string(),
    level: z.number().int(),
    class: z.string(),
    race: z.string(),
    type: z.enum(['Tank', 'Damage', 'Support']),
    rarity: z.number().int(),
    portrait_url: z.string(),
    is_ally: z.boolean(),
    is_dead: z.boolean(),
    stats: z.object({
      hp: z.number(),
      max_hp: z.number(),
      start_hp: z.number().describe('the health it began the battle with (a bane can start it wounded)'),
      atk: z.number(),
      def: z.number(),
      spd: z.number(),
    }),
    shield: z.number(),
    energy: z.number(),
    max_energy: z.number(),
    status_effects: z.array(
      mirrors<StatusEffectView>()(
        z.object({
          id: z.string(),
          name: z.string(),
          turns: z.number(),
          icon: z.string(),
          harmful: z.boolean(),
          /** what it does, with its figures (tap a badge to read it) */
          description: z.string(),
        }),
      ),
    ),
  }),
);
export const Option = mirrors<BattleOptionType>()(
  z.object({
    id: z.string(),
    tendency: z.enum(['aggressive', 'defensive', 'supportive', 'tactical']),
    label: z.string(),
    detail: z.string(),
    /** the unit ids the player may aim it at with `target_id` (one enemy or one ally); empty when it aims itself */
    targets: z.array(z.string()),
    /** for each of `targets`, the option's label and detail aimed there (the figures are for that unit) */
    aims: z.array(z.object({ target_id: z.string(), label: z.string(), detail: z.string() })),
    /** what the action does, as its rules text (written from the same effects the engine applies) */
    description: z.string(),
  }),
);
/** One thing that happened, told as facts (src/game/types.ts documents each kind); `description` is its sentence. */
export const BattleEvent = mirrors<BattleEventType>()(
  z.object({
    turn: z.number().int(),
    description: z.string(),
    kind: z.enum([
      'turn',
      'ability',
      'damage',
      'heal',
      'shield',
      'status',
      'expire',
      'death',
      'miss',
      'start',
      'end',
    ]),
    actor_id: z.string().optional(),
    target_id: z.string().optional(),
    ability_id: z.string().optional(),
    amount: z.number().optional(),
    absorbed: z.number().optional(),
    crit: z.boolean().optional(),
    status_id: z.string().optional(),
    turns: z.number().optional(),
    fatigue: z.boolean().optional(),
    hp_after: z.number().optional(),
    shield_after: z.number().optional(),
    outcome: z.enum(['won', 'lost', 'draw']).optional(),
    effect: z.enum(['health', 'shield', 'energy', 'status']).optional(),
    sources: z
      .array(
        z.object({
          from: z.enum(['boon', 'bane', 'passive', 'gear', 'set']),
          id: z.string(),
          name: z.string().optional().describe('the source by name, as the sentence tells it'),
        }),
      )
      .optional(),
  }),
);
/** The turn-based battle state, plus where it is fought and, once over, what it paid. */
export const BattleState = z.object({
  battle_id: z.string(),
  kind: z.literal('turn_based'),
  allies: z.array(UnitView),
  enemies: z.array(UnitView),
  status: z.enum(['active', 'won', 'lost', 'draw']),
  pending_options: z.array(Option),
  current_actor_id: z.string().nullable(),
  turn: z.number().int(),
  /** The whole log; the view shows the last 5. */
  events: z.array(BattleEvent),
  /** Only the events produced by the call that answered (for playback); empty on GET. */
  new_events: z.array(BattleEvent),
  auto: z.boolean(),
  location: z.string(),
  rewards: z
    .object({
      gold: z.number(),
      xp_per_hero: z.number(),
      magic_essence: z.number(),
      combat_tokens: z.number(),
    })
    .nullable(),
  level_ups: z.array(LevelUp),
  dungeon: z
    .object({
      run_id: z.string(),
      dungeon_id: z.string(),
      floor: z.number().int(),
      floors: z.number().int(),
      boss_floor: z.boolean(),
    })
    .optional()
    .describe('a dungeon run’s floor fought turn by turn: when the battle ends, the run moves on'),
  clear_bonus: z
    .boolean()
    .optional()
    .describe(
      'a dungeon floor’s battle that has ended: whether it cleared the dungeon (its bonus is in rewards)',
    ),
  gear_drop: z
    .string()
    .nullable()
    .optional()
    .describe(
      'a dungeon floor’s battle that has just ended: the piece of gear a cleared run dropped into the inventory (its item id), or null; absent when read again later',
    ),
  campaign: CampaignFight.optional(),
  stake_lost: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'a battle that has just been lost: the gold its stake took (a share of what a quick win would have paid; never more than held); absent when read again later',
    ),
});
export type BattleState = z.infer<typeof BattleState>;
export type BattleUnit = BattleUnitView;
export type BattleOption = BattleOptionType;
export type BattleEvent = BattleEventType;

export const QuickBattleResult = BattleResult.extend({ kind: z.literal('auto') });

/** A player's turn-based battle still being fought (one at most: starting another ends it as a loss). */
export const ActiveBattle = z.object({
  battle_id: z.string(),
  location: z.string(),
  turn: z.number().int(),
  started_at: z.number().int().describe('unix seconds'),
  run_id: z
    .string()
    .nullable()
    .describe(
      "a dungeon floor's battle: its run (opening that floor turn by turn again answers this battle); null otherwise",
    ),
});
export type ActiveBattle = z.infer<typeof ActiveBattle>;
export const ActiveBattleQuery = z.object({ user_id: Id });
export const ActiveBattleResponse = z.object({ battle: ActiveBattle.nullable() });

/** A new turn-based battle names the one it ended (lost, no rewards), if the player had one. */
export const StartedBattle = BattleState.extend({
  ended_battle: z
    .object({ battle_id: z.string(), location: z.string() })
    .nullable()
    .describe('the active battle this one replaced: it ended as a loss with no rewards'),
});
export const CreateBattleResponse = z.union([StartedBattle, QuickBattleResult]);
export const GetBattleResponse = z.union([BattleState, QuickBattleResult]);

export const BattleParams = z.object({ battleId: Id });
/** Who is watching a replay (optional: replays are public); a player's watching counts toward their daily quest. */
export const ReplayQuery = z.object({ user_id: Id.optional() });

/**
 * A finished fight as it can be watched again (GET /api/battles/{id}/replay, public: the id is unguessable): the
 * teams as they were when it began, the facts of the battle in order (each with its sentence), and the result.
 * `seed` and `choices` with `engine_version` let the server play it again and check it; the replay itself plays
 * from the facts, so it still shows after the rules change.
 */
export const BattleReplay = z.object({
  battle_id: z.string(),
  kind: z.enum(['turn_based', 'auto']),
  location_type: z.string(),
  location: z.string(),
  created_at: z.number().int().describe('unix seconds'),
  engine_version: z.string(),
  seed: z
    .number()
    .int()
    .nullable()
    .describe("the told battle's seed (null: no simulated battle went the rolled way)"),
  choices: z.array(z.string()).describe('turn-based: every option chosen, in order'),
  allies: z.array(HeroSchema),
  enemies: z.array(HeroSchema),
  /** every fighter as the battle began, allies first: what the replay's first frame shows */
  units: z.array(
    UnitView.pick({
      id: true,
      name: true,
      level: true,
      class: true,
      race: true,
      type: true,
      rarity: true,
      portrait_url: true,
      is_ally: true,
    }).extend({ attack: z.string(), max_hp: z.number(), start_hp: z.number() }),
  ),
  /** each status the events name: how to show it */
  statuses: z.record(
    z.string(),
    z.object({ name: z.string(), icon: z.string(), harmful: z.boolean(), description: z.string() }),
  ),
  events: z.array(BattleEvent),
  status: z.enum(['won', 'lost', 'draw']),
  rewards: Rewards.nullable(),
  level_ups: z.array(LevelUp),
  guild_boss: z
    .object({
      level: z.number().int(),
      damage: z.number().int().describe('what the attack took from the boss’s health'),
      dealt: z
        .number()
        .int()
        .describe('what the team dealt in the fight (more than damage only for the blow that felled it)'),
    })
    .optional()
    .describe('an attack on a guild boss: its level and the damage'),
  players: z
    .array(z.string())
    .length(2)
    .optional()
    .describe(
      'a live match: the two players’ names, this record’s player first (their heroes are the allies)',
    ),
});
export type BattleReplay = z.infer<typeof BattleReplay>;
export const ActionBody = z.object({
  option_id: Id.optional(),
  /** Aim the option at this unit (one of its `targets`); the preselected target when omitted. */
  target_id: Id.optional(),
  /** Switch the ally AI on or off instead of choosing an option. */
  auto: z.boolean().optional(),
  user_id: Id.optional(),
});
export const ActionResponse = BattleState;

/** A player's fights, newest first, paged (GET /api/users/{id}/battles). */
export const BattleHistoryParams = z.object({ id: Id });
export const BattleHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]*$/, 'not a cursor this server gave')
    .optional(),
});
export const BattleHistoryEntry = z.object({
  battle_id: z.string(),
  kind: z.enum(['turn_based', 'auto']),
  location_type: z.string().describe('random, arena or dungeon'),
  location: z.string(),
  opponents: z.array(z.string()).describe('the names of the heroes fought'),
  status: z.enum(['won', 'lost', 'draw']),
  rewards: Rewards.nullable(),
  created_at: z.number().int().describe('unix seconds'),
});
export const BattleHistoryResponse = z.object({
  battles: z.array(BattleHistoryEntry),
  next_cursor: z.string().nullable(),
});
export type BattleHistoryEntry = z.infer<typeof BattleHistoryEntry>;
