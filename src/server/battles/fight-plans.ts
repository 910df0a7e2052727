// What a fight resolved at once is before it is fought — its sides, where it happens, what a win pays and the key
// of its odds — made by one function per kind (a random battle against the player's stored encounter, an arena
// duel, a dungeon floor). The fight (fights.ts fightNow) and GET /api/odds (routes/odds.ts) both start from these,
// so the read states the very probability, key and pay the fight then does. The pay is rewardsFor's
// (src/game/rewards.ts) through winPay, the one place a quick fight's win is priced.
import type { Selectable } from 'kysely';
import { clearBonus, rewardsFor, stageFoes, type Difficulty, type StageDef } from '../../game/index.ts';
import { lossStake } from '../../game/rewards.ts';
import type { FightKind, Hero, Rewards } from '../../game/types.ts';
import { levelEquivalent } from '../../game/training.ts';
import { tierPayRate } from '../../game/data/dungeons.ts';
import { floorFoes } from '../content/npcs.ts';
import { randomFoes } from './random-foes.ts';
import type { DungeonsTable } from '../store/tables.ts';

export interface FightPlan {
  kind: FightKind;
  team: Hero[];
  enemies: Hero[];
  location: string;
  /** what the table prices a win by, besides the stated odds and the team's size */
  rewards: { difficulty?: Difficulty; multiplier?: number; enemyLevel: number };
  /** a dungeon's boss floor: the clear bonus its win adds, of the run's floors and the dungeon's multiplier */
  clear?: { floors: number; multiplier: number };
  /**
   * What the fight's odds are keyed by: the kind, what the team meets (the encounter, the opponent and its
   * version, the dungeon, its tier and floor) and each hero of the team with its version — equal keys, equal odds.
   */
  key: string;
  /** a dungeon floor: which one, of how many, whether it is the boss, and the run's tier */
  floor?: { floor: number; floors: number; boss: boolean; tier: number };
  /** a random battle: the band of the player's stored encounter */
  encounter?: number;
  /** a campaign stage: which */
  stage?: StageDef;
}

/** `h_1@4,h_2@7`: each hero of a side with the version it was read at. */
const sideKey = (heroes: Hero[]) => heroes.map((h) => `${h.id}@${h.version ?? 0}`).join(',');

/** The strongest foe's level as the pay reads it: its training counted in levels. */
const highestLevel = (heroes: Hero[]) => Math.max(...heroes.map(levelEquivalent));

/** The player's next random battle: their stored encounter (`band`) at the team's size and level. */
export function randomPlan(team: Hero[], band: number): FightPlan {
  const { enemies, location } = randomFoes(team, band);
  return {
    kind: 'random',
    team,
    enemies,
    location,
    rewards: { enemyLevel: highestLevel(enemies) },
    key: `random:encounter ${band}:${sideKey(team)}`,
    encounter: band,
  };
}

/** An arena duel: the player's hero against another player's hero or an NPC. */
export function arenaPlan(attacker: Hero, opponent: Hero): FightPlan {
  return {
    kind: 'arena',
    team: [attacker],
    enemies: [opponent],
    location: 'Arena',
    rewards: { enemyLevel: levelEquivalent(opponent) },
    key: `arena:${sideKey([opponent])}:${sideKey([attacker])}`,
  };
}

/** Floor `floor` of a run of `floors` floors of `tier` in `dungeon`, fought by `team`. */
export function floorPlan(
  dungeon: Selectable<DungeonsTable>,
  at: { tier: number; floor: number; floors: number },
  team: Hero[],
): FightPlan {
  const { tier, floor, floors } = at;
  const { enemies, bossFloor, payLevel } = floorFoes(dungeon.id, tier, floor, team.length);
  const pay = tierPayRate(
    { difficulty: dungeon.difficulty as Difficulty, multiplier: dungeon.rewards_multiplier },
    tier,
  );
  return {
    kind: 'dungeon',
    team,
    enemies,
    location: dungeon.name,
    rewards: {
      difficulty: pay.difficulty,
      multiplier: pay.multiplier,
      enemyLevel: payLevel,
    },
    clear: bossFloor ? { floors, multiplier: pay.multiplier } : undefined,
    key: `dungeon:${dungeon.id} tier ${tier} floor ${floor} of ${floors}:${sideKey(team)}`,
    floor: { floor, floors, boss: bossFloor, tier },
  };
}

/** A campaign stage (its fixed foes: src/game/campaign.ts stageFoes), fought by `team`. */
export function campaignPlan(stage: StageDef, team: Hero[]): FightPlan {
  const enemies = stageFoes(stage);
  return {
    kind: 'campaign',
    team,
    enemies,
    location: `${stage.id} ${stage.name}`,
    rewards: { enemyLevel: highestLevel(enemies) },
    key: `campaign:${stage.id}:${sideKey(team)}`,
    stage,
  };
}

/**
 * What winning the fight pays at its stated odds: its own rewards and, on a dungeon's boss floor, the clear bonus
 * (entered in the ledger apart). An arena win then meets the repeat-win rule (rating-store.ts repeatWin).
 */
export function winPay(plan: FightPlan, probability: number): { own: Rewards; bonus: Rewards | null } {
  return {
    own: rewardsFor(plan.kind, { won: true, probability, teamSize: plan.team.length, ...plan.rewards }),
    bonus: plan.clear ? clearBonus(plan.clear, probability) : null,
  };
}

/** The gold losing the fight costs at its stated odds (src/game/rewards.ts lossStake): a share of its win's own pay. */
export const lossStakeOf = (plan: FightPlan, probability: number): number =>
  lossStake(
    rewardsFor(plan.kind, { won: true, probability, teamSize: plan.team.length, ...plan.rewards }).gold,
  );

/** The fields of two rewards added. */
export const addRewards = (a: Rewards, b: Rewards): Rewards => ({
  gold: a.gold + b.gold,
  xp_per_hero: a.xp_per_hero + b.xp_per_hero,
  magic_essence: a.magic_essence + b.magic_essence,
  combat_tokens: a.combat_tokens + b.combat_tokens,
});
