// A live match as a fight kind: what its end settles (its opening and turns: ../challenges.ts, ../live-matches.ts).
// Once over, in two steps that each happen once whoever runs them — the instance that ended it, or any instance's
// sweep after a crash (runLiveClocks) — each guarded by a flag of the match row set in the step's own transaction:
//   1. rated (`settled`): both players' live ratings move, one Glicko-2 rating period each (src/game/ladder.ts
//      ratePeriod; a draw scores ½), and whether the win pays is decided: the same two players' first
//      LIVE_PAID_MATCHES_A_DAY matches of a day pay, later ones nothing (live_pair_days counts them in the same
//      transaction, so two ends at once count two);
//   2. each side's record and pay (`paid_a`, `paid_b`), in that player's economy transaction: their battle row (the
//      one battle record: teams, the facts as played — a live match is two players' choices, so its facts are
//      kept), the winner's pay through the wallet (ledger: live_reward) and xp to their heroes, and the fight told
//      to the day's quests (an arena fight).
// A win pays what a turn-based arena win pays at the chance the match stated for the teams fielded, by the minutes
// played (the per-minute rule every fight follows: src/game/rewards.ts); a loss or a draw pays nothing and costs
// nothing (the rating is its stake).
import { createHash } from 'node:crypto';
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { LiveLeaderboardResponse } from '../../../api/live.ts';
import { NEW_RATING, ratePeriod } from '../../../game/ladder.ts';
import type { LiveState } from '../../../game/battle/live.ts';
import { factOf } from '../../../game/battle/narration.ts';
import { DECISION_CREDIT_CAP_S } from '../../../game/play-time.ts';
import type { Hero, Rewards } from '../../../game/types.ts';
import { nowMs, nowSeconds } from '../../foundation/clock.ts';
import { did, economyTransaction, withRetries } from '../../economy/transaction.ts';
import type { Db } from '../../economy/wallet.ts';
import { fightRecord, recordBattle } from '../../store/battle-record.ts';
import type { Database, LiveRatingsTable } from '../../store/tables.ts';
import { highestLevel, turnBasedWinPay } from '../fight-plans.ts';
import { NO_REWARDS, payRewards } from '../reward-payment.ts';

/** A pair of players' matches a day that pay (UTC days): enough for a rematch or two, too few to farm each other. */
export const LIVE_PAID_MATCHES_A_DAY = 3;
const DAY_MS = 86_400_000;

/** A player's live rating as the contract shows it. */
export interface LiveRatingView {
  rating: number;
  rd: number;
  games: number;
}
const viewOf = (r: Pick<LiveRatingsTable, 'rating' | 'rd' | 'games'>): LiveRatingView => ({
  rating: Math.round(r.rating),
  rd: Math.round(r.rd),
  games: r.games,
});

/** Before and after, each side's: what a settled match keeps in its `ratings` column. */
export type MatchRatings = [
  { before: LiveRatingView; after: LiveRatingView },
  { before: LiveRatingView; after: LiveRatingView },
];

/** The id of a side's record of a match: the same every time it is asked for, so a second write of it is refused. */
export const liveBattleId = (matchId: string, side: 0 | 1): string =>
  `b_${createHash('sha256').update(`${matchId}:${side}`).digest('hex').slice(0, 24)}`;

/** The players' rating rows, made at the starting rating where missing, then locked in user id order. */
async function lockRatings(trx: Db, userIds: string[], now: number) {
  const ids = [...userIds].sort();
  for (const id of ids)
    await trx
      .insertInto('live_ratings')
      .values({ user_id: id, ...NEW_RATING, games: 0, wins: 0, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  let q = trx.selectFrom('live_ratings').selectAll().where('user_id', 'in', ids).orderBy('user_id');
  if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) q = q.forUpdate();
  return new Map((await q.execute()).map((r) => [r.user_id, r]));
}

/** Step 1: rates the match and decides whether its win pays — once (the `settled` flag, in this transaction). */
async function rate(db: Kysely<Database>, id: string): Promise<void> {
  await withRetries(() =>
    db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('live_matches')
        .set({ settled: 1 })
        .where('id', '=', id)
        .where('status', '=', 'over')
        .where('settled', '=', 0)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      const r = await trx
        .selectFrom('live_matches')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const endedAt = r.ended_at ?? nowMs();
      const counted = await trx
        .insertInto('live_pair_days')
        .values({
          pair: [r.user_a, r.user_b].sort().join('|'),
          day: Math.floor(endedAt / DAY_MS),
          matches: 1,
        })
        .onConflict((oc) =>
          oc.columns(['pair', 'day']).doUpdateSet({ matches: sql`live_pair_days.matches + 1` }),
        )
        .returning('matches')
        .executeTakeFirstOrThrow();
      const now = nowSeconds();
      const rows = await lockRatings(trx, [r.user_a, r.user_b], now);
      const a0 = rows.get(r.user_a)!;
      const b0 = rows.get(r.user_b)!;
      const scoreA = r.winner_id === r.user_a ? 1 : r.winner_id === r.user_b ? 0 : 0.5;
      const ratings: MatchRatings = [
        { before: viewOf(a0), after: viewOf(a0) },
        { before: viewOf(b0), after: viewOf(b0) },
      ];
      for (const [k, me, them, score] of [
        [0, a0, b0, scoreA],
        [1, b0, a0, 1 - scoreA],
      ] as const) {
        const next = {
          ...ratePeriod(me, them, score),
          games: me.games + 1,
          wins: me.wins + (score === 1 ? 1 : 0),
        };
        await trx
          .updateTable('live_ratings')
          .set({ ...next, updated_at: now })
          .where('user_id', '=', me.user_id)
          .execute();
        ratings[k].after = viewOf(next);
      }
      await trx
        .updateTable('live_matches')
        .set({
          pays: Number(counted.matches) <= LIVE_PAID_MATCHES_A_DAY ? 1 : 0,
          ratings: JSON.stringify(ratings),
          ended_at: endedAt,
        })
        .where('id', '=', id)
        .execute();
    }),
  );
}

/** What a side's win pays: a turn-based arena win at its stated chance, for the minutes played (capped a turn). */
function winPayOf(
  r: { probability: number | null; created_at: number; ended_at: number | null },
  side: 0 | 1,
  teams: [Hero[], Hero[]],
  turnsPlayed: number,
): Rewards {
  const p = r.probability === null ? 0.5 : side === 0 ? r.probability : 1 - r.probability;
  const seconds = Math.max(0, ((r.ended_at ?? 0) - r.created_at * 1000) / 1000);
  return turnBasedWinPay('arena', {
    probability: p,
    teamSize: teams[side].length,
    enemyLevel: highestLevel(teams[1 - side]),
    playedSeconds: Math.min(seconds, turnsPlayed * DECISION_CREDIT_CAP_S),
  });
}

/** Step 2: one side's record and pay — once (its `paid_` flag, in its player's economy transaction). */
async function paySide(db: Kysely<Database>, id: string, side: 0 | 1): Promise<void> {
  const r = await db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r || r.settled !== 1 || (side === 0 ? r.paid_a : r.paid_b) === 1) return;
  const userId = side === 0 ? r.user_a : r.user_b;
  const teams = JSON.parse(r.teams) as [Hero[], Hero[]];
  const state = JSON.parse(r.state) as LiveState;
  const won = r.winner_id === userId;
  const rewards = won && r.pays === 1 ? winPayOf(r, side, teams, state.live.played.length - 1) : NO_REWARDS;
  const battleId = liveBattleId(id, side);
  const teamIds = teams[side].map((h) => h.id);
  const probability = r.probability === null ? 0.5 : side === 0 ? r.probability : 1 - r.probability;
  const names = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [r.user_a, r.user_b])
    .execute();
  const nameOf = (u: string) => names.find((n) => n.id === u)?.username ?? 'a player who left';
  await economyTransaction(db, { userId, heroIds: teamIds }, async (trx) => {
    const claimed = await trx
      .updateTable('live_matches')
      .set(side === 0 ? { paid_a: 1 } : { paid_b: 1 })
      .where('id', '=', id)
      .where(side === 0 ? 'paid_a' : 'paid_b', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const paid = await payRewards(trx, userId, teamIds, [
      { rewards, entry: { reason: 'live_reward', ref: battleId } },
    ]);
    did(trx, { act: 'fight', kind: 'arena', mode: 'turn_based', won, probability });
    await recordBattle(
      trx,
      {
        id: battleId,
        user_id: userId,
        kind: 'auto',
        location_type: 'arena',
        location: 'Live match',
        status: won ? 'won' : r.winner_id === null ? 'draw' : 'lost',
        team_hero_ids: JSON.stringify(teamIds),
        state: null,
        result: null,
        rewards: null,
        level_ups: null,
        run_id: null,
      },
      {
        ...fightRecord(
          {
            seed: null,
            probability,
            rewards,
            level_ups: paid.levelUps,
            extra: {
              live: { match_id: id, players: [nameOf(userId), nameOf(side === 0 ? r.user_b : r.user_a)] },
            },
          },
          teams[side],
          teams[1 - side],
        ),
        facts: state.events.map(factOf),
      },
    );
  });
}

/** Settles an ended match: rated, then each side recorded and paid — each once. Nothing for one not over. */
export async function settleMatch(db: Kysely<Database>, id: string): Promise<void> {
  await rate(db, id);
  await paySide(db, id, 0);
  await paySide(db, id, 1);
}

/** Matches over but not wholly settled (an instance stopped between its end and its pay): settled now. */
export async function settleLeftOver(db: Kysely<Database>, limit = 50): Promise<number> {
  const left = await db
    .selectFrom('live_matches')
    .select('id')
    .where('status', '=', 'over')
    .where((eb) => eb.or([eb('settled', '=', 0), eb('paid_a', '=', 0), eb('paid_b', '=', 0)]))
    .limit(limit)
    .execute();
  for (const { id } of left) await settleMatch(db, id);
  return left.length;
}

/** A player's live rating (the starting one before their first match). */
export async function liveRatingOf(db: Db, userId: string): Promise<LiveRatingView> {
  const r = await db
    .selectFrom('live_ratings')
    .select(['rating', 'rd', 'games'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return viewOf(r ?? { ...NEW_RATING, games: 0 });
}

/** GET /api/live/leaderboard: players who have played live, by rating (then fewer games' doubt, then id). */
export async function liveLeaderboard(db: Db, limit: number): Promise<LiveLeaderboardResponse> {
  const rows = await db
    .selectFrom('live_ratings')
    .innerJoin('users', 'users.id', 'live_ratings.user_id')
    .select([
      'live_ratings.user_id',
      'users.username',
      'live_ratings.rating',
      'live_ratings.rd',
      'live_ratings.games',
      'live_ratings.wins',
    ])
    .where('live_ratings.games', '>', 0)
    .orderBy('live_ratings.rating', 'desc')
    .orderBy('live_ratings.user_id')
    .limit(limit)
    .execute();
  return {
    players: rows.map((r, i) => ({
      rank: i + 1,
      user_id: r.user_id,
      username: r.username,
      rating: Math.round(r.rating),
      rd: Math.round(r.rd),
      games: r.games,
      wins: r.wins,
    })),
  };
}
