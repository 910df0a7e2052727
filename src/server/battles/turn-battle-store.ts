// Turn-based battles in the store, each step in one economy transaction: opening one (the player's active one
// ends first, lost: one at a time), moving one on (guarded by the row's version), and paying one when it ends.
// A battle is paid for the time it was played (src/game/play-time.ts): each decision is credited, in the
// transaction that stores it, with the time since the battle last waited for the player or since their last other
// fight, whichever is later, up to a cap. A battle's rewards are paid in the transaction that stores its final state;
// a dungeon floor fought turn by turn also moves its run on there (and pays the clear bonus on the boss floor).
// Routes (routes/battles.ts, routes/dungeons.ts) validate, drive the engine (src/game/battle/turn-based.ts), call
// these and return a view.
import { dropGear } from '../heroes/worn-gear.ts';
import type { Kysely, Selectable } from 'kysely';
import type { LedgerReason } from '../../api/ledger.ts';
import { clearBonus, decisionCredit, rewardsFor, type BattleState } from '../../game/index.ts';
import { lossStake, type RewardInput } from '../../game/rewards.ts';
import type { Hero, LevelUp, Rewards } from '../../game/types.ts';
import { conflict } from '../foundation/errors.ts';
import { encodeRecord, recordBattle, turnRecord, type FloorBattle } from '../store/battle-record.ts';
import { drawNextEncounter } from './random-foes.ts';
import { NO_REWARDS, payRewards, type Payment } from './reward-payment.ts';
import type { BattlesTable, Database } from '../store/tables.ts';
import { idleBefore } from './battle-expiry.ts';
import { did, economyTransaction } from '../economy/transaction.ts';
import { forfeit, type Db, type Trx } from '../economy/wallet.ts';
import { nowMs, nowSeconds } from '../foundation/clock.ts';
import { STAGES_BY_ID } from '../../game/index.ts';
import type { CampaignFight } from '../../api/common.ts';
import { recordStageWin, stageUnchanged } from './campaign-progress.ts';

/**
 * What a turn-based battle's row keeps: the engine's state (which holds the whole event log) and what it pays
 * against. `probability` is the battle's stated odds: the same matchup's win chance estimated at its start (the
 * number a quick battle against these enemies would roll against). Rows kept in older shapes were brought to this
 * one by migration 0024 (store/migration-0024-no-old-records.ts).
 */
export interface StoredBattle {
  engine: BattleState;
  enemyLevel: number;
  probability: number;
  /** The teams as they were when it began, and the engine version it was fought under (for its replay). */
  teams: { allies: Hero[]; enemies: Hero[] };
  engine_version: string;
  /** Seconds of play credited so far, decision by decision. */
  played_s: number;
  /** When the battle last waited for the player: its start, or the answer to their last decision (epoch ms). */
  waiting_since_ms: number;
  /** A dungeon run's floor fought turn by turn: what it pays by and the run it moves on. */
  dungeon?: FloorBattle;
  /** A campaign stage fought turn by turn: won, it is recorded (and its first clear paid) where it is paid. */
  campaign?: { stage_id: string };
}

export type { FloorBattle };

/** A battle as it begins: its play time is counted from its opening (openBattle). */
export type OpeningBattle = Omit<StoredBattle, 'played_s' | 'waiting_since_ms'>;

/** A battle's row state, as it is written. */
export const readStoredBattle = (json: string): StoredBattle => JSON.parse(json) as StoredBattle;

/** What a battle paid when it ended (nothing yet while it is on); a boss floor's says if its dungeon was cleared. */
export interface Payout {
  rewards: Rewards | null;
  level_ups: LevelUp[];
  clear_bonus?: boolean;
  /** a boss floor's battle: the piece of gear the cleared run dropped (its item id), or null */
  gear_drop?: string | null;
  /** a campaign stage's battle that has ended: the stage, and what its first clear paid */
  campaign?: CampaignFight;
  /** a battle just lost: the gold its stake took */
  stake_lost?: number;
}
const UNPAID: Payout = { rewards: null, level_ups: [] };

/** A lost floor ends its run; a won one moves it a floor on, or clears it on the boss. Answers whether it moved. */
async function settleRun(trx: Db, d: FloorBattle, won: boolean, now: number): Promise<boolean> {
  const moved = await trx
    .updateTable('dungeon_runs')
    .set({
      floor: won && !d.boss_floor ? d.floor + 1 : d.floor,
      status: won ? (d.boss_floor ? 'cleared' : 'active') : 'failed',
      updated_at: now,
    })
    .where('id', '=', d.run_id)
    .where('floor', '=', d.floor)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/**
 * Ends the turn-based battles still on of a player (one at most) or of a dungeon run as lost, with no rewards, each
 * kept as its record from now on, abandoned where it stood (inside the caller's transaction).
 */
export async function abandonBattles(trx: Db, of: { userId: string } | { runId: string }, now: number) {
  const ended = await trx
    .updateTable('battles')
    .set((eb) => ({ status: 'lost', updated_at: now, version: eb('version', '+', 1) }))
    .where('userId' in of ? 'user_id' : 'run_id', '=', 'userId' in of ? of.userId : of.runId)
    .where('kind', '=', 'turn_based')
    .where('status', '=', 'active')
    .returning(['id', 'location', 'run_id', 'state'])
    .execute();
  return Promise.all(
    ended.map(async (e) => {
      const stored = readStoredBattle(e.state!);
      await trx
        .updateTable('battles')
        .set({ record: encodeRecord(turnRecord(stored, NO_REWARDS, [])), state: null })
        .where('id', '=', e.id)
        .execute();
      return { id: e.id, location: e.location, run_id: e.run_id, stored };
    }),
  );
}

/**
 * Ends the player's active turn-based battle, if any, before a new one starts (inside its transaction): lost,
 * no rewards. One idle past the expiry is expired instead, as the sweep would. Answers the battle it ended.
 */
async function endActiveBattle(trx: Db, userId: string, now: number) {
  await trx
    .updateTable('battles')
    .set({ status: 'expired', state: null, updated_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', 'turn_based')
    .where('status', '=', 'active')
    .where('updated_at', '<', idleBefore(now))
    .execute();
  const [ended] = await abandonBattles(trx, { userId }, now);
  if (!ended) return null;
  // A dungeon floor left unfinished is a lost floor: its run ends with it.
  const floor = ended.run_id ? ended.stored.dungeon : undefined;
  if (floor) await settleRun(trx, floor, false, now);
  return { battle_id: ended.id, location: ended.location };
}

const add = (a: Rewards, b: Rewards): Rewards => ({
  gold: a.gold + b.gold,
  xp_per_hero: a.xp_per_hero + b.xp_per_hero,
  magic_essence: a.magic_essence + b.magic_essence,
  combat_tokens: a.combat_tokens + b.combat_tokens,
});

/**
 * What a won turn-based battle pays, the seconds of play credited to it being `playedSeconds`: its kind's table (a
 * random battle's, or a dungeon floor's) at the odds stated at its start, by time (src/game/rewards.ts). GET
 * /api/odds states it before the fight, played at once and per minute of play.
 */
export function turnBasedWinPay(
  kind: 'random' | 'dungeon' | 'campaign',
  o: Omit<RewardInput, 'won' | 'mode'>,
): Rewards {
  return rewardsFor(kind, { won: true, mode: 'turn_based', ...o });
}

/**
 * Pays a finished battle for the time it was played and records what it paid (inside the caller's transaction); a
 * dungeon floor's run moves on, and a cleared dungeon's bonus is paid apart (its own ledger entry).
 */
async function settle(
  trx: Trx,
  battleId: string,
  userId: string,
  teamIds: string[],
  status: string,
  stored: StoredBattle,
): Promise<Payout> {
  const won = status === 'won';
  const d = stored.dungeon;
  const stage = stored.campaign && STAGES_BY_ID.get(stored.campaign.stage_id);
  const kind = d ? 'dungeon' : stage ? 'campaign' : 'random';
  const rewards = won
    ? turnBasedWinPay(kind, {
        playedSeconds: stored.played_s,
        probability: stored.probability,
        enemyLevel: stored.enemyLevel,
        teamSize: teamIds.length,
        ...(d && { difficulty: d.difficulty, multiplier: d.multiplier }),
      })
    : NO_REWARDS;
  const reason: LedgerReason = d ? 'dungeon_reward' : stage ? 'campaign_reward' : 'battle_reward';
  const payments: Payment[] = [{ rewards, entry: { reason, ref: battleId } }];
  let cleared = false;
  let gearDrop: string | null = null;
  const probability = stored.probability;
  if (d && (await settleRun(trx, d, won, nowSeconds())) && won && d.boss_floor) {
    cleared = true;
    const bonus = clearBonus({ floors: d.floors, multiplier: d.multiplier }, probability);
    payments.push({ rewards: bonus, entry: { reason: 'dungeon_clear', ref: battleId } });
    gearDrop = await dropGear(trx, userId, battleId);
  }
  // A campaign stage: recorded, and its first clear paid (its own ledger entry), before the fight's own pay.
  const campaign = stage
    ? won
      ? await recordStageWin(trx, userId, stage, teamIds, battleId)
      : await stageUnchanged(trx, userId, stage)
    : undefined;
  const { levelUps } = await payRewards(trx, userId, teamIds, payments);
  const paid = payments.reduce((sum, p) => add(sum, p.rewards), NO_REWARDS);
  // Lost: the stake, of what a quick win against the same foes at the same odds would have paid.
  const stake = won
    ? 0
    : lossStake(
        rewardsFor(kind, {
          won: true,
          probability,
          enemyLevel: stored.enemyLevel,
          teamSize: teamIds.length,
          ...(d && { difficulty: d.difficulty, multiplier: d.multiplier }),
        }).gold,
      );
  const lost =
    stake > 0 ? await forfeit(trx, userId, 'gold', stake, { reason: 'fight_stake', ref: battleId }) : null;
  did(trx, { act: 'fight', kind, mode: 'turn_based', won, probability });
  // Over: kept as its record from now on (store/battle-record.ts).
  await trx
    .updateTable('battles')
    .set({ record: encodeRecord(turnRecord(stored, paid, levelUps)), state: null })
    .where('id', '=', battleId)
    .execute();
  return {
    rewards: paid,
    level_ups: levelUps,
    ...(d && { clear_bonus: cleared, gear_drop: gearDrop }),
    ...(campaign && { campaign }),
    ...(!won && { stake_lost: lost?.taken ?? 0 }),
  };
}

/**
 * The battle with the decision now made credited (src/game/play-time.ts decisionCredit): the time since it last
 * waited for the player, or since the end of the second their last other fight was recorded in if that is later —
 * time spent fighting elsewhere is paid there, not twice — up to the cap.
 */
async function credited(trx: Db, row: Selectable<BattlesTable>, next: StoredBattle): Promise<StoredBattle> {
  const now = nowMs();
  let since = next.waiting_since_ms;
  const other = await trx
    .selectFrom('battles')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', row.user_id)
    .where('created_at', '>=', Math.floor(since / 1000))
    .where('id', '<>', row.id)
    .executeTakeFirst();
  if (other?.at !== null && other?.at !== undefined)
    since = Math.max(since, Math.min(now, (Number(other.at) + 1) * 1000));
  return { ...next, played_s: next.played_s + decisionCredit(now - since), waiting_since_ms: now };
}

export interface Opening {
  battleId: string;
  userId: string;
  teamIds: string[];
  location: string;
  stored: OpeningBattle;
  /** A random battle's next-encounter band these enemies were drawn from: the player's next one is drawn afresh. */
  band?: number;
  /** Runs first inside the opening's transaction, before the active battle ends; throwing refuses the opening. */
  guard?: (trx: Trx) => Promise<void>;
}

/**
 * Stores a new battle, ending the player's active one first; a battle over before the player ever acts (a
 * wipe-out by faster foes) is paid at once. Answers the battle it ended and what this one paid.
 */
export function openBattle(
  db: Kysely<Database>,
  o: Opening,
): Promise<{ ended: { battle_id: string; location: string } | null; payout: Payout }> {
  const status = o.stored.engine.status;
  return economyTransaction(db, { userId: o.userId, heroIds: o.teamIds }, async (trx) => {
    // The player's row is locked first (economyTransaction): two starts by one player take turns here, so the
    // second sees, and ends, the battle the first started.
    const now = nowSeconds();
    await o.guard?.(trx);
    const ended = await endActiveBattle(trx, o.userId, now);
    const stored: StoredBattle = { ...o.stored, played_s: 0, waiting_since_ms: nowMs() };
    await recordBattle(trx, {
      id: o.battleId,
      user_id: o.userId,
      kind: 'turn_based',
      location_type: stored.dungeon ? 'dungeon' : stored.campaign ? 'campaign' : 'random',
      location: o.location,
      status,
      team_hero_ids: JSON.stringify(o.teamIds),
      state: JSON.stringify(stored),
      result: null,
      rewards: null,
      level_ups: null,
      run_id: stored.dungeon?.run_id ?? null,
    });
    if (o.band !== undefined) await drawNextEncounter(trx, o.userId, o.band);
    const payout =
      status === 'active' ? UNPAID : await settle(trx, o.battleId, o.userId, o.teamIds, status, stored);
    return { ended, payout };
  });
}

/**
 * Stores a battle's next state if nobody moved it on since `row` was read (409 otherwise), and pays it if that
 * state ends it.
 */
export function moveBattle(
  db: Kysely<Database>,
  row: Selectable<BattlesTable>,
  next: StoredBattle,
): Promise<Payout> {
  const status = next.engine.status;
  const teamIds = JSON.parse(row.team_hero_ids) as string[];
  return economyTransaction(db, { userId: row.user_id, heroIds: teamIds }, async (trx) => {
    const timed = await credited(trx, row, next);
    const moved = await trx
      .updateTable('battles')
      .set({ state: JSON.stringify(timed), status, updated_at: nowSeconds(), version: row.version + 1 })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict('The battle moved on meanwhile: reload it');
    if (status === 'active') return UNPAID;
    return settle(trx, row.id, row.user_id, teamIds, status, timed);
  });
}
