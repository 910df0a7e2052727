// Shapes shared by several route groups: ids, errors, users, heroes. Each route group's own file (users.ts,
// heroes.ts …) builds on these. The server validates with them; the web client imports their types only.
import { z } from 'zod';
import { ID_MAX_LENGTH, isCleanText } from './id-rule.ts';
import { CURRENCIES, MAX_FOE_TRAINING, MAX_LEVEL, MAX_TRAINING } from './rules.ts';
import type {
  Ability as AbilityType,
  GearSetBonus as GearSetBonusType,
  Hero,
  HeroRating as HeroRatingType,
  LevelUp as LevelUpType,
  Rewards as RewardsType,
  StatSpread as StatSpreadType,
  Trait as TraitType,
  WornGear as WornGearType,
} from '../game/types.ts';
import { mirrors } from './wire-types.ts';

/** Every refusal: a 4xx whose body is `{ error }`, text a player can read (the game's refusals word for word). */
export const ErrorBody = z.object({ error: z.string() });
/** What a fight (or its odds read) may be refused with: bad input, not yours, unknown, raced, rate-limited, busy. */
export const FIGHT_REFUSALS = {
  400: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
} as const;
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * A fight request's `odds_key`: the key of the chance the player was shown (GET /api/odds `key`). When the fight
 * has changed since (the key the server computes now differs), nothing is fought: a 409 with the new chance.
 */
export const ShownOddsKey = z
  .string()
  .min(1)
  .max(2000)
  .optional()
  .describe(
    'the `key` of the odds shown before this fight (GET /api/odds): when the fight has changed since, nothing is fought and the answer is a 409 with the new chance (`probability`, `odds_key` and the rest of the odds answer); without it the fight is fought as it now is',
  );

export { ID_MAX_LENGTH, isCleanText, isValidId } from './id-rule.ts';

/** Read after the field's name: `Invalid body field "user_id": not a valid id (…)`. */
export const ID_RULE = `not a valid id (1-${ID_MAX_LENGTH} characters, no control characters)`;

/**
 * Every id that arrives in a path, a query or a body (users, heroes, battles, runs, items, dungeons, generations,
 * options): 1-64 characters of well-formed Unicode, no control characters. Anything else is a 400 before a query
 * runs, so the database is never handed a NUL byte or a lone surrogate. `empty` replaces the text for a missing
 * or empty id where the game has its own ('Please select a character').
 */
export const idField = (empty?: string) =>
  z
    .string(empty ? { error: empty } : undefined)
    .min(1, empty ?? ID_RULE)
    .max(ID_MAX_LENGTH, ID_RULE)
    .refine(isCleanText, ID_RULE);
export const Id = idField();

/** Free text a player types (a search, a name): well-formed, no control characters. */
export const CleanText = (max: number) =>
  z.string().max(max).refine(isCleanText, 'must not contain control characters or broken Unicode');

export const CurrencyName = z.enum(CURRENCIES);
export type CurrencyName = z.infer<typeof CurrencyName>;

export const User = z.object({
  id: z.string(),
  username: z.string(),
  gold: z.number().int(),
  magic_essence: z.number().int(),
  summoning_scrolls: z.number().int(),
  combat_tokens: z.number().int(),
  created_at: z.number().int().describe('epoch seconds'),
  time_zone: z.string().describe("the IANA zone the player's day is kept in (GET /api/daily)"),
  reset_hour: z.number().int().min(0).max(23).describe('the local hour their day resets at'),
  guild_id: z.string().nullable().describe('the guild the player belongs to; null: none'),
});
export type User = z.infer<typeof User>;

const AbilityKind = z.enum(['offensive', 'defensive', 'support', 'utility', 'passive', 'ultimate']);
export const Ability = mirrors<AbilityType>()(
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    level: z.number().int(),
    type: AbilityKind,
    icon: z.string(),
  }),
);
export const Trait = mirrors<TraitType>()(
  z.object({ id: z.string(), name: z.string(), description: z.string() }),
);
const SpreadPct = z.number().int().min(-5).max(5);
export const StatSpread = mirrors<StatSpreadType>()(
  z
    .object({ max_hp: SpreadPct, atk: SpreadPct, def: SpreadPct, spd: SpreadPct })
    .describe(
      "the hero's own spread: how many percent each stat sits from the base of its race, class, type, rarity and level (rolled from its seed; already in the stats; zeros for heroes made before spreads)",
    ),
);

/** A hero's arena ladder standing (Glicko-2, src/game/ladder.ts): rating and deviation, arena wins and losses. */
export const HeroRating = mirrors<HeroRatingType>()(
  z
    .object({
      rating: z.number().describe('Glicko-2 rating (a new hero 1500)'),
      rd: z.number().describe('rating deviation: how sure the rating is (a new hero 350)'),
      wins: z.number().int().min(0).describe('arena fights won'),
      losses: z.number().int().min(0).describe('arena fights lost'),
    })
    .describe("the hero's arena ladder standing; one arena fight is one Glicko-2 rating period"),
);
export type HeroRating = HeroRatingType;

export const GearSlot = z.enum(['weapon', 'armour', 'charm', 'relic']);
export const WornGear = mirrors<WornGearType>()(
  z.object({
    slot: GearSlot,
    item_id: z.string().describe('the piece: its shop and inventory item id'),
    name: z.string(),
    set: z.string(),
    set_name: z.string(),
    icon: z.string(),
    description: z.string().describe('what it does, written from its figures'),
  }),
);
export const GearSetBonus = mirrors<GearSetBonusType>()(
  z.object({
    set: z.string(),
    name: z.string(),
    pieces: z.union([z.literal(2), z.literal(4)]),
    description: z.string(),
  }),
);

export const HeroSchema = mirrors<Hero>()(
  z.object({
    id: z.string(),
    user_id: z.string().nullable(),
    seed: z.number().int(),
    name: z.string(),
    race: z.string(),
    race_description: z.string(),
    class: z.string(),
    class_description: z.string(),
    type: z.enum(['Tank', 'Damage', 'Support']),
    rarity: z.number().int().min(1).max(5),
    level: z.number().int().min(1).max(MAX_LEVEL),
    xp: z.number().int().min(0),
    hp: z.number().int(),
    max_hp: z.number().int(),
    atk: z.number().int(),
    def: z.number().int(),
    spd: z.number().int(),
    spread: StatSpread,
    description: z.string(),
    portrait_url: z.string(),
    boon: Trait,
    bane: Trait,
    boon_icon: z.string(),
    bane_icon: z.string(),
    abilities: z.array(Ability),
    rating: HeroRating.optional().describe(
      'the arena ladder standing: on heroes and NPCs read from the store (lists, detail, browse, NPCs); absent on candidates, previews, odds and replays',
    ),
    version: z
      .number()
      .int()
      .optional()
      .describe(
        "the stored hero's version: every change to the hero (xp, a level, an item, a reroll, gear, a star) raises it, so a win chance is keyed by it (GET /api/odds `versions`); on players' heroes read from the store; absent on NPCs (content), candidates and previews",
      ),
    gear: z.array(WornGear).optional().describe('the gear it wears, one piece a slot, in slot order'),
    gear_sets: z.array(GearSetBonus).optional().describe('the set bonuses its gear gives'),
    summoned_rarity: z
      .number()
      .int()
      .min(1)
      .max(5)
      .optional()
      .describe('the rarity it was summoned at, once it has ascended (a reset returns it there)'),
    training: z
      .number()
      .int()
      .min(1)
      .max(MAX_FOE_TRAINING)
      .optional()
      .describe(
        `levels of training bought with gold (POST /api/heroes/{heroId}/train; a player's hero holds at most ${MAX_TRAINING}, an NPC of a deep dungeon tier up to ${MAX_FOE_TRAINING}): health, attack and defence include it; absent: none`,
      ),
    fighting_stats: z
      .object({
        max_hp: z.number().int(),
        atk: z.number().int(),
        def: z.number().int(),
        spd: z.number().int(),
      })
      .optional()
      .describe(
        'the health, attack, defence and speed it fights with: max_hp, atk, def and spd with its boon, bane, passive abilities, gear and set bonuses composed on them, as every fight composes them (whole numbers). On every hero answered but in battle records and replays (their units say how each fought)',
      ),
  }),
);
export type { Hero };

export const Rewards = mirrors<RewardsType>()(
  z.object({
    gold: z.number().int(),
    xp_per_hero: z.number().int(),
    magic_essence: z.number().int(),
    combat_tokens: z.number().int(),
  }),
);
export type Rewards = RewardsType;
export const LevelUp = mirrors<LevelUpType>()(
  z.object({
    hero_id: z.string(),
    hero_name: z.string(),
    name: z.string(),
    new_level: z.number().int(),
    /** what grew with the new level (absent on level-ups recorded before it was told) */
    gains: z.object({ max_hp: z.number(), atk: z.number(), def: z.number(), spd: z.number() }).optional(),
    portrait_url: z.string().optional(),
  }),
);

/** A fight resolved at once: arena, dungeon floors and quick battles. */
/** What a campaign stage's first clear pays: whole amounts of the four currencies. */
export const StageReward = z.object({
  gold: z.number().int(),
  magic_essence: z.number().int(),
  summoning_scrolls: z.number().int(),
  combat_tokens: z.number().int(),
});
export type StageReward = z.infer<typeof StageReward>;

/** A campaign stage's fight: which stage, and once it is won, what its first clear paid (null: cleared before). */
export const CampaignFight = z
  .object({
    stage_id: z.string(),
    first_clear: StageReward.nullable().describe(
      'what the first clear paid, once (its own ledger entry, campaign_first_clear); null while the battle is on, on a loss and on a later win',
    ),
    cleared: z.number().int().describe('stages the player has cleared after this fight'),
    gear_drop: z
      .string()
      .nullable()
      .describe(
        'the id of the piece of gear the win dropped into the inventory: a first clear of a chapter’s 2nd, 4th, 6th or 8th stage drops its set’s piece for certain, any other win one with a small chance; null otherwise',
      ),
  })
  .describe('a campaign stage’s fight (POST /api/campaign/stages/{stageId}/battle)');
export type CampaignFight = z.infer<typeof CampaignFight>;

export const BattleResult = z.object({
  battle_id: z.string(),
  status: z.enum(['won', 'lost']),
  probability: z.number().min(0).max(1),
  roll: z.number().min(0).max(1),
  description: z.string(),
  scenarios: z.object({ win: z.string(), lose: z.string() }),
  rewards: Rewards,
  stake_lost: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'a lost fight: the gold its stake took (a share of what the win would have paid; never more than held)',
    ),
  level_ups: z.array(LevelUp),
  /** Where it happened, for the result screen: a dungeon's name, 'Arena', or a random battle's place. */
  location: z.string(),
  location_type: z.enum(['dungeon', 'arena', 'random', 'campaign']),
  odds_key: z
    .string()
    .optional()
    .describe(
      'the key of the odds this fight used: GET /api/odds states the same key, and the same probability, for this fight before it (absent on fights stored before keys were told)',
    ),
  /** The user after the rewards were paid. */
  user: User.optional(),
  campaign: CampaignFight.optional(),
});
export type BattleResult = z.infer<typeof BattleResult>;
export type LevelUp = LevelUpType;

/** Idempotency-Key: 8-255 visible ASCII characters (a UUID fits); the same key again answers the first answer. */
export const IDEMPOTENCY_KEY_RULE =
  'The Idempotency-Key header must be 8-255 visible ASCII characters (letters, digits, punctuation; no spaces), e.g. a UUID';
export const IdempotencyKey = z
  .string({ error: IDEMPOTENCY_KEY_RULE })
  .regex(/^[\x21-\x7e]{8,255}$/, IDEMPOTENCY_KEY_RULE)
  .describe(
    'Optional. A key of your own for this one intent (e.g. a UUID): sent again — a retry, a double tap, even ' +
      'concurrently or through another instance — it answers the first answer (same status and body, with ' +
      '`Idempotent-Replayed: true`) and charges nothing more. The same key with another body, route or player is a ' +
      '422. Kept 24 hours (docs/api.md).',
  );
/** The headers of a route that honours Idempotency-Key (every other header passes through untouched). */
export const IdempotentHeaders = z.looseObject({ 'idempotency-key': IdempotencyKey.optional() });

/** A 304: the answer the request's If-None-Match names is still the answer. */
export const NotModified = z.null().describe('Not modified: the ETag sent still names the answer');
