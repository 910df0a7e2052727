// Turn-based battles in the store, each step in one economy transaction: opening one (the player's active one
// ends first, lost: one at a time), moving one on (guarded by the row's version), and paying one when it ends.
// A battle is paid for the time it was played (src/game/play-time.ts): each decision is credited, in the
// transaction that stores it, with the time since the battle last waited for the player or since their last other
// fight, whichever is later, up to a cap. A battle's rewards are paid in the transaction that stores its final state,
// where it ends as its kind says (a TurnKind of kinds/: a dungeon floor moves its run on, a stage is recorded). The
// runner names no kind: the kinds open their battles here (openTurnBattle) and turn-battles.ts acts in them.
import type { Kysely, Selectable } from 'kysely';
import {
  ENGINE_VERSION,
  decisionCredit,
  startBattle,
  type BattleState,
  type Difficulty,
} from '../../game/index.ts';
import type { BattleEvent } from '../../api/battles.ts';
import type { FightKind, Hero, LevelUp, Rewards } from '../../game/types.ts';
import type { Ctx } from '../context.ts';
import { conflict } from '../foundation/errors.ts';
import { newId, newSeed } from '../foundation/ids.ts';
import { encodeRecord, recordBattle, turnRecord, type FloorBattle } from '../store/battle-record.ts';
import { NO_REWARDS, payRewards, type Payment } from './reward-payment.ts';
import type { BattlesTable, Database } from '../store/tables.ts';
import { idleBefore } from './battle-expiry.ts';
import { did, economyTransaction } from '../economy/transaction.ts';
import { forfeit, type Db, type Trx } from '../economy/wallet.ts';
import { nowMs, nowSeconds } from '../foundation/clock.ts';
import { addRewards, lossStakeOf, turnBasedWinPay, type FightEnd, type FightPlan } from './fight-plans.ts';
import { simulated } from './fights.ts';
// The kinds' rules, read when a battle ends or is read (never while modules load: each kind opens its battles here).
import { turnKindOf } from './kinds/index.ts';

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
  /** A dungeon run's floor fought turn by turn: what it pays by and the run it moves on (kinds/dungeon.ts). */
  dungeon?: FloorBattle;
  /** A campaign stage fought turn by turn (kinds/campaign.ts). */
  campaign?: { stage_id: string };
}

/**
 * A kind of fight that may be fought turn by turn, as the runner here reads it (kinds/): which stored battles are
 * its (by the data they keep), what the table prices a win by besides its odds, time and size, how it ends (its
 * FightEnd, from what the battle keeps), what ends with it when it is left for another battle, what its view shows
 * of it and what a finished one's read adds.
 */
export interface TurnKind {
  kind: FightKind;
  owns: (stored: Pick<StoredBattle, 'dungeon' | 'campaign'>) => boolean;
  pay: (stored: StoredBattle) => { difficulty?: Difficulty; multiplier?: number };
  end: (stored: StoredBattle, userId: string) => FightEnd;
  abandoned?: (trx: Db, stored: StoredBattle, now: number) => Promise<void>;
  view?: (stored: Pick<StoredBattle, 'dungeon' | 'campaign'>) => object;
  ended?: (db: Db, stored: Pick<StoredBattle, 'dungeon' | 'campaign'>, status: string) => Promise<object>;
}

export type { FloorBattle };

/** A battle as it begins: its play time is counted from its opening (openBattle). */
export type OpeningBattle = Omit<StoredBattle, 'played_s' | 'waiting_since_ms'>;

/** A battle's row state, as it is written. */
export const readStoredBattle = (json: string): StoredBattle => JSON.parse(json) as StoredBattle;

/** What a battle paid when it ended (nothing yet while it is on), and what its kind's end adds to the answer. */
export interface Payout {
  rewards: Rewards | null;
  level_ups: LevelUp[];
  /** what its kind's end added (a drop, a stage's first clear) and, lost, the gold its stake took (stake_lost) */
  extra?: object;
}
const UNPAID: Payout = { rewards: null, level_ups: [] };

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
  // What ends with it, by its kind (a dungeon floor left unfinished is a lost floor: its run ends with it).
  await turnKindOf(ended.stored).abandoned?.(trx, ended.stored, now);
  return { battle_id: ended.id, location: ended.location };
}

/**
 * Pays a finished battle for the time it was played and ends it as its kind says (its FightEnd: progress, a bonus
 * entered apart, a drop), and records what it paid (inside the caller's transaction). Lost, the stake: of what a
 * quick win against the same foes at the same odds would have paid.
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
  const rules = turnKindOf(stored);
  const { probability } = stored;
  const priced = { kind: rules.kind, rewards: { enemyLevel: stored.enemyLevel, ...rules.pay(stored) } };
  const rewards = won
    ? turnBasedWinPay(rules.kind, {
        playedSeconds: stored.played_s,
        probability,
        teamSize: teamIds.length,
        ...priced.rewards,
      })
    : NO_REWARDS;
  const end = rules.end(stored, userId);
  await end.guard?.(trx, won);
  const own = end.settle
    ? await end.settle(trx, { userId, battleId, teamIds, won, probability }, rewards)
    : { rewards, extra: {} };
  const payments: Payment[] = [{ rewards: own.rewards, entry: { reason: end.reason, ref: battleId } }];
  if (own.bonus) payments.push(own.bonus);
  const { levelUps, user } = await payRewards(trx, userId, teamIds, payments);
  const paid = payments.reduce((sum, p) => addRewards(sum, p.rewards), NO_REWARDS);
  const stake = won ? 0 : lossStakeOf(priced, teamIds.length, probability);
  const lost =
    stake > 0 ? await forfeit(trx, user, 'gold', stake, { reason: 'fight_stake', ref: battleId }) : null;
  did(trx, { act: 'fight', kind: rules.kind, mode: 'turn_based', won, probability });
  // Over: kept as its record from now on (store/battle-record.ts).
  await trx
    .updateTable('battles')
    .set({ record: encodeRecord(turnRecord(stored, paid, levelUps)), state: null })
    .where('id', '=', battleId)
    .execute();
  return {
    rewards: paid,
    level_ups: levelUps,
    extra: { ...own.extra, ...(!won && { stake_lost: lost?.taken ?? 0 }) },
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
  /** the dungeon run the battle is a floor of */
  runId?: string;
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
      location_type: turnKindOf(stored).kind,
      location: o.location,
      status,
      team_hero_ids: JSON.stringify(o.teamIds),
      state: JSON.stringify(stored),
      result: null,
      rewards: null,
      level_ups: null,
      run_id: o.runId ?? null,
    });
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

/** A battle of `plan` opened for the player to steer, as it begins, with what its opening ended and paid. */
export interface OpenedBattle {
  battleId: string;
  stored: OpeningBattle;
  events: BattleEvent[];
  ended: { battle_id: string; location: string } | null;
  payout: Payout;
}

/**
 * Opens `plan` as a turn-based battle the player steers (the team against its foes, at the odds a quick fight of it
 * would state), keeping what its kind needs to end it (`keeps`: a floor, a stage) and ending the player's active
 * battle first (openBattle).
 */
export async function openTurnBattle(
  ctx: Ctx,
  plan: FightPlan,
  userId: string,
  o: {
    keeps?: Pick<StoredBattle, 'dungeon' | 'campaign'>;
    runId?: string;
    guard?: (trx: Trx) => Promise<void>;
  },
): Promise<OpenedBattle> {
  const { team, enemies } = plan;
  const battleId = newId('b');
  const odds = await simulated(() => ctx.odds.estimate(team, enemies));
  const started = startBattle(newSeed(), team, enemies, {
    battleId,
    enemyAi: 'normal',
    allyAi: 'normal',
    auto: false,
  });
  const stored: OpeningBattle = {
    engine: started.state,
    enemyLevel: plan.rewards.enemyLevel,
    probability: odds.probability,
    teams: { allies: team, enemies },
    engine_version: ENGINE_VERSION,
    ...o.keeps,
  };
  const { ended, payout } = await openBattle(ctx.store.db, {
    battleId,
    userId,
    teamIds: team.map((h) => h.id),
    location: plan.location,
    stored,
    runId: o.runId,
    guard: o.guard,
  });
  return { battleId, stored, events: started.events, ended, payout };
}
