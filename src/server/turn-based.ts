// Turn-based battles in the store, each step in one economy transaction: opening one (the player's active one
// ends first, lost: one at a time), moving one on (guarded by the row's version), and paying one when it ends.
// A battle's rewards are paid in the transaction that stores its final state. Routes (routes/battles.ts) validate,
// drive the engine (src/game/battle/turn-based.ts), call these and return a view.
import type { Kysely, Selectable } from 'kysely';
import { rewardsFor, type BattleState } from '../game/index.ts';
import { upgradeBattleState } from '../game/battle/record-upgrade.ts';
import type { Hero, LevelUp, Rewards } from '../game/types.ts';
import { fightActs } from '../game/daily.ts';
import { recordDaily } from './daily.ts';
import { conflict } from './errors.ts';
import { recordBattle } from './fights.ts';
import { drawNextEncounter } from './random-foes.ts';
import { NO_REWARDS, payRewards } from './rewards.ts';
import type { BattlesTable, Database } from './store/tables.ts';
import { BATTLE_IDLE_TTL_S } from './sweep.ts';
import { economyTransaction } from './transaction.ts';
import type { Db, Trx } from './wallet.ts';
import { nowSeconds } from './clock.ts';

/**
 * What a turn-based battle's row keeps: the engine's state (which holds the whole event log) and what it pays
 * against. `probability` is the battle's stated odds: the same matchup's win chance estimated at its start (the
 * number a quick battle against these enemies would roll against); rows from before it was kept pay as 50%.
 */
export interface StoredBattle {
  engine: BattleState;
  enemyLevel: number;
  probability?: number;
  /** The teams as they were when it began, and the engine version it was fought under (for its replay). */
  teams?: { allies: Hero[]; enemies: Hero[] };
  engine_version?: string;
}

/**
 * A battle's row state with its log as today's facts: every read that answers or moves on a battle's events goes
 * through here, so one stored before the rules core told a fallen unit's expires reads (and, moved on, is stored)
 * with them (src/game/battle/record-upgrade.ts).
 */
export function readStoredBattle(json: string): StoredBattle {
  const stored = JSON.parse(json) as StoredBattle;
  return { ...stored, engine: upgradeBattleState(stored.engine) };
}

/** What a battle paid when it ended (nothing yet while it is on). */
export interface Payout {
  rewards: Rewards | null;
  level_ups: LevelUp[];
}
const UNPAID: Payout = { rewards: null, level_ups: [] };

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
    .where('updated_at', '<', now - BATTLE_IDLE_TTL_S)
    .execute();
  const ended = await trx
    .updateTable('battles')
    .set((eb) => ({
      status: 'lost',
      rewards: JSON.stringify(NO_REWARDS),
      level_ups: '[]',
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('user_id', '=', userId)
    .where('kind', '=', 'turn_based')
    .where('status', '=', 'active')
    .returning(['id', 'location'])
    .executeTakeFirst();
  return ended ? { battle_id: ended.id, location: ended.location } : null;
}

/**
 * What a won turn-based battle pays: the random battle's table at the odds stated at its start, ×3 for being steered
 * (src/game/rewards.ts). GET /api/odds states it for the player's next random battle before it is fought.
 */
export function turnBasedWinPay(o: { probability: number; enemyLevel: number; teamSize: number }): Rewards {
  return rewardsFor('random', { won: true, mode: 'turn_based', ...o });
}

/** Pays a finished battle and records what it paid (inside the caller's transaction). */
async function settle(
  trx: Trx,
  battleId: string,
  userId: string,
  teamIds: string[],
  status: string,
  stored: StoredBattle,
): Promise<Payout> {
  const won = status === 'won';
  const rewards = won
    ? turnBasedWinPay({
        probability: stored.probability ?? 0.5,
        enemyLevel: stored.enemyLevel,
        teamSize: teamIds.length,
      })
    : NO_REWARDS;
  const { levelUps } = await payRewards(trx, userId, teamIds, [
    { rewards, entry: { reason: 'battle_reward', ref: battleId } },
  ]);
  const probability = stored.probability ?? 0.5;
  await recordDaily(trx, userId, fightActs({ kind: 'random', mode: 'turn_based', won, probability }));
  await trx
    .updateTable('battles')
    .set({ rewards: JSON.stringify(rewards), level_ups: JSON.stringify(levelUps) })
    .where('id', '=', battleId)
    .execute();
  return { rewards, level_ups: levelUps };
}

export interface Opening {
  battleId: string;
  userId: string;
  teamIds: string[];
  location: string;
  stored: StoredBattle;
  /** The next-encounter band these enemies were drawn from: the player's next one is drawn afresh. */
  band: number;
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
    const ended = await endActiveBattle(trx, o.userId, now);
    await recordBattle(trx, {
      id: o.battleId,
      user_id: o.userId,
      kind: 'turn_based',
      location_type: 'random',
      location: o.location,
      status,
      team_hero_ids: JSON.stringify(o.teamIds),
      state: JSON.stringify(o.stored),
      result: null,
      rewards: null,
      level_ups: null,
      run_id: null,
    });
    await drawNextEncounter(trx, o.userId, o.band);
    const payout =
      status === 'active' ? UNPAID : await settle(trx, o.battleId, o.userId, o.teamIds, status, o.stored);
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
    const moved = await trx
      .updateTable('battles')
      .set({ state: JSON.stringify(next), status, updated_at: nowSeconds(), version: row.version + 1 })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict('The battle moved on meanwhile: reload it');
    if (status === 'active') return UNPAID;
    return settle(trx, row.id, row.user_id, teamIds, status, next);
  });
}
