// What a fight resolved at once is before it is fought — its sides, where it happens, what a win pays and the key
// of its odds — and how a fight of a kind ends. Each kind makes its plan and its ending in its own file (kinds/); the
// fight (fights.ts fightNow, turn-battle-store.ts openBattle) and GET /api/odds (fight-odds.ts) read them and name no
// kind, so the read states the very probability, key and pay the fight then does. The pay is rewardsFor's
// (src/game/rewards.ts) through winPay, the one place a win is priced.
import type { LedgerReason } from '../../api/ledger.ts';
import type { OddsQuery, OddsResponse } from '../../api/odds.ts';
import { TeamHeroIds } from '../../api/battles.ts';
import { clearBonus, rewardsFor, type Difficulty } from '../../game/index.ts';
import { lossStake, type RewardInput } from '../../game/rewards.ts';
import type { FightKind, Hero, Rewards } from '../../game/types.ts';
import { levelEquivalent } from '../../game/training.ts';
import type { Ctx } from '../context.ts';
import { badRequest } from '../foundation/errors.ts';
import { ownTeam } from '../heroes/hero-store.ts';
import type { Db, Trx } from '../economy/wallet.ts';
import type { Payment } from './reward-payment.ts';

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
  /** the stored heroes the key names with their versions (the odds answer's `versions`) */
  keyed: Hero[];
  /** whether it may be fought turn by turn, so the odds state what that pays per minute */
  steered: boolean;
  /**
   * What the odds answer says of this kind besides the chance and the pay (the encounter, a floor, a stage's first
   * clear, an arena win's repeat-win rule, which may answer the win's pay instead), from what a win pays (winPay).
   */
  explain?: (
    db: Db,
    userId: string,
    win: { own: Rewards; bonus: Rewards | null },
  ) => Promise<Partial<OddsResponse>>;
}

/** A fight as it ends: whose, which battle, and whether it was won at its stated odds. */
export interface Ending {
  userId: string;
  battleId: string;
  teamIds: string[];
  won: boolean;
  probability: number;
}

/**
 * How a fight of a kind ends, in the transaction that records its result (quick or turn by turn): the ledger's
 * reason for its own pay, a guard run first (throwing refuses the whole fight), and what goes with the result —
 * progress, claims, drops — which may change the fight's own pay and add a pay of its own (`bonus`, its own ledger
 * entry) and fields of the answer (`extra`, kept with the record too).
 */
export interface FightEnd<X extends object = object> {
  reason: LedgerReason;
  guard?: (trx: Trx, won: boolean) => Promise<void>;
  settle?: (
    trx: Trx,
    fight: Ending,
    rewards: Rewards,
  ) => Promise<{ rewards: Rewards; bonus?: Payment; extra: X }>;
}

/** `h_1@4,h_2@7`: each hero of a side with the version it was read at. */
export const sideKey = (heroes: Hero[]) => heroes.map((h) => `${h.id}@${h.version ?? 0}`).join(',');

/** The strongest foe's level as the pay reads it: its training counted in levels. */
export const highestLevel = (heroes: Hero[]) => Math.max(...heroes.map(levelEquivalent));

/** A comma-separated team of the player's own heroes (1–4, no repeats), as GET /api/odds names it. */
export async function teamOf(ctx: Ctx, q: OddsQuery): Promise<Hero[]> {
  const ids = TeamHeroIds.safeParse((q.team ?? '').split(',').filter((id) => id !== ''));
  if (!ids.success) throw badRequest(ids.error.issues[0].message);
  return (await ownTeam(ctx.store.db, ids.data, q.user_id)).map((s) => s.hero);
}

/** What winning the fight pays at its stated odds: its own rewards and, on a dungeon's boss floor, the clear bonus. */
export function winPay(plan: FightPlan, probability: number): { own: Rewards; bonus: Rewards | null } {
  return {
    own: rewardsFor(plan.kind, { won: true, probability, teamSize: plan.team.length, ...plan.rewards }),
    bonus: plan.clear ? clearBonus(plan.clear, probability) : null,
  };
}

/**
 * What a won battle fought turn by turn pays, the seconds of play credited to it being `playedSeconds`: its kind's
 * table at the odds stated at its start, by time (src/game/rewards.ts).
 */
export const turnBasedWinPay = (kind: FightKind, o: Omit<RewardInput, 'won' | 'mode'>): Rewards =>
  rewardsFor(kind, { won: true, mode: 'turn_based', ...o });

/** The gold losing the fight costs at its stated odds (src/game/rewards.ts lossStake): a share of its win's own pay. */
export const lossStakeOf = (
  plan: Pick<FightPlan, 'kind' | 'rewards'>,
  teamSize: number,
  probability: number,
) => lossStake(rewardsFor(plan.kind, { won: true, probability, teamSize, ...plan.rewards }).gold);

/** The fields of two rewards added. */
export const addRewards = (a: Rewards, b: Rewards): Rewards => ({
  gold: a.gold + b.gold,
  xp_per_hero: a.xp_per_hero + b.xp_per_hero,
  magic_essence: a.magic_essence + b.magic_essence,
  combat_tokens: a.combat_tokens + b.combat_tokens,
});
