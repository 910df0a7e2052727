// The dungeons: one typed table keyed by a stable id. Each lists its NPCs as fixed generation seeds, so every
// server generates the same NPCs (src/server/store/seed-content.ts does, through generateHero): four a floor (the
// last floor: the boss and three escorts), so a team of four meets other foes on every floor. A run fights `floors`
// floors, the boss last; which NPC stands on which floor is ../dungeon-tiers.ts's rule. Each dungeon has TIER_COUNT
// tiers: tier 1 is its NPCs as listed (the arena's NPCs too); a deeper tier is the same NPCs (same seeds: the same
// faces and names) at the tier's level, rarity and training (TIERS; tier 2 of the first three dungeons: their own
// `tier2`), each floor trained FLOOR_TRAINING more than the one before. Tier t opens once a run of tier t − 1 is
// cleared. Numbers: docs/game-rules.md "Dungeons".
import type { Difficulty } from '../types.ts';

export interface DungeonNpcDef {
  id: string; // always npc_…
  seed: number;
  level: number;
  rarity: number;
  boss?: boolean;
}

export interface DungeonDef {
  id: string;
  name: string;
  difficulty: Difficulty;
  levelRecommendation: number;
  rewardsMultiplier: number;
  description: string;
  /** Scene art theme (scenePath). */
  theme: string;
  floors: number;
  npcs: DungeonNpcDef[];
  /**
   * each deeper tier's floor-1 training, tier 2 first: the dungeons' deeper tiers stand on one ladder of power, evenly
   * spaced, so a team of any power has a tier near an even fight (measured: npm run difficulty -- only=tiers tune)
   */
  tierTraining: readonly number[];
  /** each tier's recommended team power, tier 1 first: where floor 1 is an even fight (measured: npm run difficulty) */
  tierPower: readonly number[];
  /**
   * the training a deeper tier's boss floor (the boss and its escorts) has over its floor's (negative: less), so the
   * boss floor is BOSS_FLOOR_ODDS at the tier's recommended power (measured: npm run difficulty -- only=bosses)
   */
  bossTraining: readonly number[];
  /**
   * tier 2's foes when they are weaker than TIERS' first: a dungeon whose tier 1 stands far below the ladder's first
   * rung gets a tier 2 between the two, so a team too strong for tier 1 and too weak for the ladder has a fight
   */
  tier2?: TierDef;
}

/** What a deeper tier's boss floor states at the tier's recommended power: harder than floor 1, yet a fight. */
export const BOSS_FLOOR_ODDS = 0.3;

/**
 * A deeper tier's foes: every NPC at `level` and `rarity`, trained as its dungeon's tierTraining says on floor 1; the
 * boss a star more (at most 5★).
 */
export interface TierDef {
  level: number;
  rarity: number;
}

/** The tiers past the first, tier 2 first: each as weak as the ladder's rungs it holds need, training adding the rest. */
export const TIERS: readonly TierDef[] = [
  { level: 4, rarity: 3 },
  { level: 4, rarity: 3 },
  { level: 5, rarity: 3 },
  { level: 6, rarity: 3 },
  { level: 7, rarity: 3 },
  { level: 8, rarity: 3 },
  { level: 9, rarity: 3 },
  { level: 10, rarity: 3 },
  { level: 10, rarity: 3 },
  { level: 10, rarity: 4 },
  { level: 10, rarity: 4 },
  ...Array.from({ length: 16 }, () => ({ level: 10, rarity: 5 })),
];

/** How many tiers each dungeon has. */
export const TIER_COUNT = TIERS.length + 1;

/** The training each floor of a deeper tier adds over the floor before. */
export const FLOOR_TRAINING = 1;

export const DUNGEONS: readonly DungeonDef[] = [
  {
    id: 'whispering_woods',
    name: 'Whispering Woods',
    difficulty: 'easy',
    levelRecommendation: 1,
    rewardsMultiplier: 1,
    description: 'Bandits and restless spirits haunt the old forest road. A gentle first hunt for new heroes.',
    theme: 'forest',
    floors: 3,
        npcs: [
      { id: 'npc_woods_poacher', seed: 1101, level: 2, rarity: 2 },
      { id: 'npc_woods_thornling', seed: 1102, level: 1, rarity: 1 },
      { id: 'npc_woods_outlaw', seed: 1103, level: 2, rarity: 2 },
      { id: 'npc_woods_bramblekin', seed: 1105, level: 1, rarity: 1 },
      { id: 'npc_woods_trapper', seed: 1106, level: 1, rarity: 1 },
      { id: 'npc_woods_wolfcaller', seed: 1107, level: 1, rarity: 1 },
      { id: 'npc_woods_hexer', seed: 1108, level: 1, rarity: 1 },
      { id: 'npc_woods_highwayman', seed: 1109, level: 1, rarity: 1 },
      { id: 'npc_woods_warden', seed: 1104, level: 1, rarity: 3 },
      { id: 'npc_woods_ranger', seed: 1110, level: 1, rarity: 1 },
      { id: 'npc_woods_dryad', seed: 1111, level: 1, rarity: 1 },
      { id: 'npc_woods_bandit_chief', seed: 1134, level: 2, rarity: 3, boss: true },
    ],
    tier2: { level: 3, rarity: 2 },
    tierTraining: [0, 2, 2, 3, 4, 7, 6, 7, 11, 11, 14, 14, 18, 22, 26, 31, 36, 42, 48, 54, 61, 68, 76, 87, 97, 106, 118],
    tierPower: [1020, 1360, 1670, 1750, 1930, 2090, 2300, 2460, 2730, 2890, 3210, 3460, 3800, 4010, 4520, 4790, 5280, 5710, 6280, 6740, 7300, 7970, 8500, 9200, 10090, 10920, 11970, 12970],
    bossTraining: [-2, -4, -4, -6, -4, -4, -4, -4, -6, -4, -6, -4, -6, -4, -4, -4, -4, -6, -6, -6, -6, -8, -8, -10, -10, -8, -10],
  },
  {
    id: 'forgotten_crypt',
    name: 'The Forgotten Crypt',
    difficulty: 'easy',
    levelRecommendation: 2,
    rewardsMultiplier: 1.1,
    description: 'Beneath a ruined chapel the dead keep poor company. Bring light, and something sharp.',
    theme: 'crypt',
    floors: 3,
        npcs: [
      { id: 'npc_crypt_gravekeeper', seed: 2101, level: 2, rarity: 2 },
      { id: 'npc_crypt_bonecaller', seed: 2102, level: 1, rarity: 1 },
      { id: 'npc_crypt_ghoul', seed: 2103, level: 1, rarity: 1 },
      { id: 'npc_crypt_mourner', seed: 2106, level: 1, rarity: 1 },
      { id: 'npc_crypt_cultist', seed: 2109, level: 1, rarity: 1 },
      { id: 'npc_crypt_shambler', seed: 2107, level: 1, rarity: 1 },
      { id: 'npc_crypt_banshee', seed: 2108, level: 1, rarity: 1 },
      { id: 'npc_crypt_wraith', seed: 2104, level: 2, rarity: 2 },
      { id: 'npc_crypt_lich', seed: 2105, level: 1, rarity: 3 },
      { id: 'npc_crypt_deathknight', seed: 2110, level: 2, rarity: 1 },
      { id: 'npc_crypt_bonelord', seed: 2111, level: 3, rarity: 2 },
      { id: 'npc_crypt_revenant', seed: 2112, level: 1, rarity: 1, boss: true },
    ],
    tier2: { level: 3, rarity: 2 },
    tierTraining: [0, 0, 0, 1, 3, 4, 4, 4, 8, 8, 11, 11, 14, 17, 21, 26, 30, 35, 41, 47, 52, 59, 67, 75, 85, 93, 105],
    tierPower: [1170, 1490, 1730, 1840, 2050, 2180, 2410, 2620, 2770, 2990, 3290, 3590, 3850, 4220, 4570, 4960, 5360, 5880, 6330, 6780, 7440, 8140, 8680, 9560, 10270, 11270, 12200, 13320],
    bossTraining: [-2, -2, -2, -2, -2, -2, -2, -2, -2, -2, -2, -2, -2, 0, 0, -2, 0, 0, -2, 0, 0, 0, 0, 0, 0, 2, 0],
  },
  {
    id: 'sunken_mines',
    name: 'The Sunken Mines',
    difficulty: 'medium',
    levelRecommendation: 4,
    rewardsMultiplier: 1.2,
    description: 'Flooded tunnels where the miners never came back up. Something down there learned to fight.',
    theme: 'cavern',
    floors: 4,
        npcs: [
      { id: 'npc_mines_tunneler', seed: 3101, level: 3, rarity: 1 },
      { id: 'npc_mines_deepcrawler', seed: 3102, level: 3, rarity: 1 },
      { id: 'npc_mines_rockbiter', seed: 3106, level: 3, rarity: 1 },
      { id: 'npc_mines_lampkeeper', seed: 3107, level: 2, rarity: 3 },
      { id: 'npc_mines_foreman', seed: 3103, level: 4, rarity: 2 },
      { id: 'npc_mines_gemwitch', seed: 3104, level: 4, rarity: 2 },
      { id: 'npc_mines_sapper', seed: 3108, level: 3, rarity: 1 },
      { id: 'npc_mines_drowned', seed: 3109, level: 3, rarity: 1 },
      { id: 'npc_mines_crystal_golem', seed: 3110, level: 4, rarity: 2 },
      { id: 'npc_mines_shaman', seed: 3111, level: 4, rarity: 2 },
      { id: 'npc_mines_blaster', seed: 3112, level: 4, rarity: 1, boss: true },
      { id: 'npc_mines_overseer', seed: 3113, level: 4, rarity: 1 },
      { id: 'npc_mines_colossus', seed: 3105, level: 4, rarity: 3 },
      { id: 'npc_mines_broodmother', seed: 3114, level: 4, rarity: 2 },
      { id: 'npc_mines_deepking', seed: 3115, level: 4, rarity: 2 },
      { id: 'npc_mines_magmaworm', seed: 3116, level: 4, rarity: 1 },
    ],
    tier2: { level: 3, rarity: 2 },
    tierTraining: [1, 0, 1, 2, 3, 4, 5, 5, 8, 8, 12, 12, 15, 18, 23, 27, 31, 36, 42, 48, 54, 60, 66, 74, 84, 93, 103],
    tierPower: [1360, 1530, 1740, 1900, 2070, 2240, 2460, 2630, 2840, 3050, 3400, 3730, 3980, 4320, 4670, 5150, 5540, 5980, 6490, 7080, 7780, 8330, 9200, 9870, 10720, 11780, 12630, 13660],
    bossTraining: [2, 2, 2, 2, 4, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 8, 8, 10, 10, 12, 14, 18, 18, 22, 24, 26, 28],
  },
  {
    id: 'ironhold_fortress',
    name: 'Ironhold Fortress',
    difficulty: 'medium',
    levelRecommendation: 5,
    rewardsMultiplier: 1.3,
    description: 'A renegade warlord holds the mountain fortress. Breach the gate and take the keep.',
    theme: 'fortress',
    floors: 4,
        npcs: [
      { id: 'npc_fortress_crossbow', seed: 4102, level: 4, rarity: 1 },
      { id: 'npc_fortress_sergeant', seed: 4103, level: 4, rarity: 2 },
      { id: 'npc_fortress_champion', seed: 4105, level: 4, rarity: 2 },
      { id: 'npc_fortress_gatewarden', seed: 4107, level: 4, rarity: 1 },
      { id: 'npc_fortress_sentry', seed: 4101, level: 5, rarity: 2 },
      { id: 'npc_fortress_chaplain', seed: 4104, level: 5, rarity: 2 },
      { id: 'npc_fortress_pikeman', seed: 4108, level: 4, rarity: 1 },
      { id: 'npc_fortress_torturer', seed: 4109, level: 3, rarity: 1 },
      { id: 'npc_fortress_knight', seed: 4110, level: 3, rarity: 1 },
      { id: 'npc_fortress_siegemaster', seed: 4111, level: 3, rarity: 2 },
      { id: 'npc_fortress_battlemage', seed: 4112, level: 5, rarity: 1 },
      { id: 'npc_fortress_quartermaster', seed: 4113, level: 7, rarity: 2 },
      { id: 'npc_fortress_warlord', seed: 4106, level: 4, rarity: 3 },
      { id: 'npc_fortress_marshal', seed: 4114, level: 5, rarity: 1 },
      { id: 'npc_fortress_berserker', seed: 4115, level: 6, rarity: 2 },
      { id: 'npc_fortress_standard_bearer', seed: 4116, level: 5, rarity: 2, boss: true },
    ],
    tierTraining: [0, 1, 1, 0, 1, 3, 3, 4, 7, 7, 10, 9, 13, 17, 20, 24, 28, 33, 40, 44, 50, 57, 64, 73, 82, 91, 101],
    tierPower: [1450, 1730, 1760, 1870, 1970, 2150, 2340, 2520, 2770, 2950, 3230, 3500, 3800, 4170, 4570, 4920, 5320, 5710, 6250, 6780, 7430, 7840, 8650, 9340, 10270, 11220, 11980, 13010],
    bossTraining: [0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 6, 6, 8, 8, 8, 10, 8, 10, 12, 16, 16, 16, 18],
  },
  {
    id: 'ember_caldera',
    name: 'Ember Caldera',
    difficulty: 'hard',
    levelRecommendation: 7,
    rewardsMultiplier: 1.4,
    description: 'A fire cult keeps the volcano awake. The air burns; so will you.',
    theme: 'volcano',
    floors: 5,
        npcs: [
      { id: 'npc_caldera_cinder', seed: 5101, level: 6, rarity: 2 },
      { id: 'npc_caldera_zealot', seed: 5102, level: 6, rarity: 2 },
      { id: 'npc_caldera_acolyte', seed: 5107, level: 6, rarity: 1 },
      { id: 'npc_caldera_emberling', seed: 5108, level: 5, rarity: 1 },
      { id: 'npc_caldera_ashguard', seed: 5103, level: 7, rarity: 2 },
      { id: 'npc_caldera_pyromancer', seed: 5104, level: 7, rarity: 2 },
      { id: 'npc_caldera_firedancer', seed: 5109, level: 6, rarity: 2 },
      { id: 'npc_caldera_brander', seed: 5110, level: 6, rarity: 1 },
      { id: 'npc_caldera_salamander', seed: 5105, level: 8, rarity: 2 },
      { id: 'npc_caldera_lavawalker', seed: 5111, level: 7, rarity: 2 },
      { id: 'npc_caldera_flamecaller', seed: 5112, level: 6, rarity: 2 },
      { id: 'npc_caldera_smith', seed: 5113, level: 7, rarity: 2 },
      { id: 'npc_caldera_inquisitor', seed: 5114, level: 8, rarity: 1 },
      { id: 'npc_caldera_phoenix_guard', seed: 5115, level: 7, rarity: 2 },
      { id: 'npc_caldera_magmaborn', seed: 5116, level: 7, rarity: 2 },
      { id: 'npc_caldera_ashbringer', seed: 5117, level: 6, rarity: 1 },
      { id: 'npc_caldera_high_priest', seed: 5106, level: 7, rarity: 3, boss: true },
      { id: 'npc_caldera_flameheart', seed: 5118, level: 9, rarity: 3 },
      { id: 'npc_caldera_emberlord', seed: 5119, level: 5, rarity: 2 },
      { id: 'npc_caldera_cinderqueen', seed: 5120, level: 8, rarity: 3 },
    ],
    tierTraining: [3, 4, 3, 4, 6, 7, 7, 8, 12, 11, 16, 15, 19, 22, 27, 32, 37, 42, 48, 54, 61, 70, 78, 87, 97, 108, 119],
    tierPower: [1670, 1750, 1780, 1840, 2050, 2190, 2460, 2620, 2840, 3100, 3290, 3800, 3970, 4320, 4610, 5020, 5510, 5980, 6390, 7020, 7440, 8140, 8960, 9830, 10590, 11600, 12540, 13510],
    bossTraining: [-4, -4, -4, -6, -6, -6, -6, -6, -6, -6, -6, -6, -4, -6, -6, -6, -6, -6, -6, -8, -8, -8, -6, -8, -10, -8, -8],
  },
  {
    id: 'void_sanctum',
    name: 'The Void Sanctum',
    difficulty: 'hard',
    levelRecommendation: 8,
    rewardsMultiplier: 1.5,
    description: 'A temple that fell out of the world. Its keepers guard what should never be opened.',
    theme: 'void',
    floors: 5,
        npcs: [
      { id: 'npc_void_devourer', seed: 6106, level: 7, rarity: 2 },
      { id: 'npc_void_acolyte', seed: 6101, level: 8, rarity: 2 },
      { id: 'npc_void_shade', seed: 6103, level: 8, rarity: 2 },
      { id: 'npc_void_drifter', seed: 6109, level: 6, rarity: 1 },
      { id: 'npc_void_seer', seed: 6104, level: 8, rarity: 2 },
      { id: 'npc_void_knight', seed: 6105, level: 8, rarity: 2 },
      { id: 'npc_void_whisperer', seed: 6110, level: 6, rarity: 1 },
      { id: 'npc_void_hollow', seed: 6111, level: 8, rarity: 1 },
      { id: 'npc_void_herald', seed: 6107, level: 9, rarity: 2 },
      { id: 'npc_void_watcher', seed: 6102, level: 10, rarity: 1 },
      { id: 'npc_void_stalker', seed: 6112, level: 6, rarity: 1 },
      { id: 'npc_void_unmaker', seed: 6113, level: 8, rarity: 2 },
      { id: 'npc_void_riftlord', seed: 6114, level: 7, rarity: 2 },
      { id: 'npc_void_eclipse', seed: 6115, level: 8, rarity: 1 },
      { id: 'npc_void_starved', seed: 6116, level: 8, rarity: 1 },
      { id: 'npc_void_nullmage', seed: 6117, level: 10, rarity: 2 },
      { id: 'npc_void_archon', seed: 6108, level: 10, rarity: 3, boss: true },
      { id: 'npc_void_sentinel', seed: 6118, level: 10, rarity: 2 },
      { id: 'npc_void_oracle', seed: 6119, level: 7, rarity: 1 },
      { id: 'npc_void_gatekeeper', seed: 6120, level: 10, rarity: 2 },
    ],
    tierTraining: [7, 8, 6, 7, 8, 9, 10, 11, 15, 14, 18, 18, 22, 27, 31, 36, 42, 47, 54, 62, 69, 78, 87, 96, 107, 119, 131],
    tierPower: [1750, 1840, 1930, 1970, 2090, 2270, 2490, 2680, 2890, 3150, 3400, 3640, 3980, 4320, 4790, 5150, 5580, 6070, 6630, 7080, 7800, 8500, 9340, 10090, 10860, 11780, 12690, 13880],
    bossTraining: [-8, -8, -8, -8, -8, -10, -8, -8, -10, -10, -10, -8, -10, -10, -10, -12, -12, -14, -14, -14, -14, -16, -16, -16, -18, -20, -20],
  },
];

export const DUNGEONS_BY_ID: ReadonlyMap<string, DungeonDef> = new Map(DUNGEONS.map((d) => [d.id, d]));

/** What a foe of a tier is made of: an NPC of the dungeon at the tier's level, rarity and training. */
export interface TierFoeSpec {
  id: string;
  seed: number;
  level: number;
  rarity: number;
  training: number;
}

/**
 * The NPC `npc` of `dungeon` at `tier`, standing on floor `floor` (tier 1: the NPC as listed, its own id, on any
 * floor; deeper: `npc_…_t3`, trained FLOOR_TRAINING more a floor).
 */
export function tierFoeSpec(dungeon: DungeonDef, npc: DungeonNpcDef, tier: number, floor = 1): TierFoeSpec {
  if (tier <= 1) return { id: npc.id, seed: npc.seed, level: npc.level, rarity: npc.rarity, training: 0 };
  const deeper = Math.min(tier, TIER_COUNT) - 2;
  const t = (deeper === 0 ? dungeon.tier2 : undefined) ?? TIERS[deeper];
  return {
    id: `${npc.id}_t${tier}`,
    seed: npc.seed,
    level: t.level,
    rarity: npc.boss ? Math.min(5, t.rarity + 1) : t.rarity,
    training: Math.max(
      0,
      dungeon.tierTraining[deeper] +
        (floor - 1) * FLOOR_TRAINING +
        (floor >= dungeon.floors ? dungeon.bossTraining[deeper] : 0),
    ),
  };
}

/** The hardest dungeon's pay multiplier, which every deeper tier pays by. */
const HARDEST_MULTIPLIER = Math.max(...DUNGEONS.map((d) => d.rewardsMultiplier));

/**
 * What each tier past the first adds to a deeper tier's pay: depth is the dungeon's own reward. It follows power, not
 * the tier's number: 5% a tier when nine tiers spanned the ladder, 2% now that its first 24 span that power in 2.6
 * times the steps.
 */
export const DEPTH_PAY = 0.02;

/**
 * What a floor of `tier` pays by: tier 1 by its dungeon's own difficulty and multiplier; a deeper tier as the hardest
 * dungeon's — every dungeon's deeper tiers are rungs of one ladder of power, so none pays less for its name (in the
 * season, a dungeon stated at 40–75% paid under half the best fight a minute on 14 player-days when it was an easy
 * one's deeper tier) — and DEPTH_PAY more a tier past the first (the season's fighter, who fights mostly deep tiers,
 * had fights at 47–53% of its income, under the half wanted on some runs: docs/game-rules.md).
 */
export function tierPayRate(
  own: { difficulty: Difficulty; multiplier: number },
  tier: number,
): { difficulty: Difficulty; multiplier: number } {
  if (tier <= 1) return own;
  return { difficulty: 'hard', multiplier: HARDEST_MULTIPLIER * (1 + DEPTH_PAY * (Math.min(tier, TIER_COUNT) - 1)) };
}

/** A tier of a dungeon exists: 1 … TIER_COUNT. */
export const isTier = (tier: number): boolean => Number.isInteger(tier) && tier >= 1 && tier <= TIER_COUNT;

/**
 * The share of a tier's least recommended power that opens it by power. A player's team is stronger than the
 * reference teams of its power by what they chose (gear, sets, heroes): in the season, players' teams stated an even
 * fight at 0.77–1.05 of a tier's recommended power (docs/game-rules.md), so a tier opened only near its recommendation
 * was 75–90% by then for some, and the one above still shut.
 */
export const OPEN_BY_POWER = 0.75;

/** The power that opens `tier` (OPEN_BY_POWER of the least any dungeon recommends for it, rounded up to tens). */
const ENTRY_POWER: readonly number[] = Array.from(
  { length: TIER_COUNT },
  (_, i) => Math.ceil((OPEN_BY_POWER * Math.min(...DUNGEONS.map((d) => d.tierPower[i]))) / 10) * 10,
);
export const tierEntryPower = (tier: number): number => ENTRY_POWER[tier - 1] ?? Infinity;

/**
 * The deepest tier a player may enter: one past the deepest tier they have cleared a run of in any dungeon (0: none),
 * or as deep as their strongest four's power reaches (tierEntryPower: near an even fight on its easiest floor 1) — tiers open by
 * play or by power, so a player who never runs a dungeon still finds one fit for their team.
 */
export function tierReach(deepestCleared: number, teamPower: number): number {
  let reach = Math.min(TIER_COUNT, deepestCleared + 1);
  while (reach < TIER_COUNT && tierEntryPower(reach + 1) <= teamPower) reach++;
  return reach;
}

/** Whether a player whose reach (tierReach) is `reach` may start a run of `tier`. */
export const tierOpen = (tier: number, reach: number): boolean => isTier(tier) && tier <= reach;
