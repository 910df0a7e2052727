// Fights resolved at once — quick battles, arena duels, dungeon floors. The odds and the story come from the
// worker pool (odds-pool.ts, the rules core in worker threads); the roll is the server's own randomness. The result,
// its rewards and level-ups (or, lost, its stake: src/game/rewards.ts lossStake), and any guard the caller adds (a dungeon run advancing) are written in ONE economy
// transaction (transaction.ts: the player, then the team in id order), so a fight pays exactly once or not at
// all. Fights are limited per client (fightLimit) and refused with a 503 when the pool's queue is full
// (OddsPoolBusy), before anything is written.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BattleResult } from '../../api/common.ts';
import type { Ctx } from '../context.ts';
import { fightRecord, recordBattle } from '../store/battle-record.ts';
import { Refusal } from '../foundation/errors.ts';
import { newId, newRoll, newSeed } from '../foundation/ids.ts';
import { OddsPoolBusy } from '../odds/odds-pool.ts';
import { NO_REWARDS, payRewards, type Payment } from './reward-payment.ts';
import { tallyFight } from '../odds/fairness.ts';
import { did, economyTransaction } from '../economy/transaction.ts';
import { addRewards, lossStakeOf, winPay, type FightEnd, type FightPlan } from './fight-plans.ts';
import { forfeit, userView } from '../economy/wallet.ts';

/** How long a client refused for a full queue is asked to wait: the queue drains in well under a second. */
export const BUSY_RETRY_AFTER_S = 1;
export const BUSY_MESSAGE = 'The battle simulators are busy right now: try again in a moment';

/**
 * One shared budget of fights per client (req.ip, so TRUST_PROXY decides who a client is) across every route
 * that fights: spread over several routes, a flood still counts once.
 */
export function fightLimit(app: FastifyInstance, perMinute: number): (req: FastifyRequest) => Promise<void> {
  // Keyed apart from the per-route limits, which a shared store (limit-store.ts) counts under one namespace.
  const limiter = app.createRateLimit({
    max: perMinute,
    timeWindow: '1 minute',
    keyGenerator: (req) => `fights:${req.ip}`,
  });
  return async (req) => {
    const r = await limiter(req);
    if (r.isAllowed || !r.isExceeded) return;
    throw new Refusal(429, `Too many fights: try again in ${r.ttlInSeconds} s`, {
      'retry-after': String(r.ttlInSeconds),
    });
  };
}

const busy = () => new Refusal(503, BUSY_MESSAGE, { 'retry-after': String(BUSY_RETRY_AFTER_S) });

/**
 * A fighting route's hooks, run before the handler reads anything: while estimates fill the odds pool's queue the
 * fight waits for room, and is refused (503) if none comes in time, so a flood of fights costs no database work
 * and reads stay quick beside it; then
 * the fight is counted against the client's budget (when limits are on).
 */
export function fightRoute(ctx: Ctx) {
  const count = ctx.countFight;
  return {
    preHandler: async (req: FastifyRequest) => {
      if (!(await ctx.odds.room())) throw busy();
      if (count) await count(req);
    },
  };
}

/** The pool's answer, or a 503 the player can read when its queue is full (every use of the pool goes through it). */
export async function simulated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof OddsPoolBusy) throw busy();
    throw err;
  }
}

/**
 * Fights `plan` for `userId` at once and ends it as its kind says (`end`: fight-plans.ts FightEnd), in one economy
 * transaction; `runId` ties the record to a dungeon run.
 */
export async function fightNow<X extends object = object>(
  ctx: Ctx,
  f: FightPlan,
  userId: string,
  end: FightEnd<X>,
  runId?: string,
): Promise<BattleResult & X> {
  const seed = newSeed();
  const odds = await simulated(() => ctx.odds.estimate(f.team, f.enemies));
  const roll = newRoll();
  const won = roll > 1 - odds.probability;
  const story = await simulated(() => ctx.odds.narrate(seed, f.team, f.enemies, won));
  // Risk pays: the rewards follow the win chance the fight stated (fight-plans.ts winPay, src/game/rewards.ts).
  const earned = won ? winPay(f, odds.probability).own : NO_REWARDS;
  const teamIds = f.team.map((h) => h.id);
  const stake = won ? 0 : lossStakeOf(f, teamIds.length, odds.probability);
  const battleId = newId('b');
  const locks = { userId, heroIds: teamIds };
  const { user, levelUps, settled, stakeLost } = await economyTransaction(
    ctx.store.db,
    locks,
    async (trx) => {
      await end.guard?.(trx, won);
      // What goes with the result is settled first (it may change the fight's own pay: the repeat-win rule); each
      // pay is entered in the ledger apart.
      const own = end.settle
        ? await end.settle(trx, { userId, battleId, teamIds, won, probability: odds.probability }, earned)
        : { rewards: earned, extra: {} as X };
      const payments: Payment[] = [{ rewards: own.rewards, entry: { reason: end.reason, ref: battleId } }];
      if (own.bonus) payments.push(own.bonus);
      const paid = await payRewards(trx, userId, teamIds, payments);
      const lost =
        stake > 0
          ? await forfeit(trx, paid.user, 'gold', stake, { reason: 'fight_stake', ref: battleId })
          : null;
      if (lost?.user) paid.user = lost.user;
      did(trx, { act: 'fight', kind: f.kind, mode: 'auto', won, probability: odds.probability });
      const settled = {
        rewards: own.bonus ? addRewards(own.rewards, own.bonus.rewards) : own.rewards,
        extra: own.extra,
      };
      await recordBattle(
        trx,
        {
          id: battleId,
          user_id: userId,
          kind: 'auto',
          location_type: f.kind,
          location: f.location,
          status: won ? 'won' : 'lost',
          team_hero_ids: '[]',
          state: null,
          result: null,
          rewards: null,
          level_ups: null,
          run_id: runId ?? null,
        },
        fightRecord(
          {
            seed: story.told?.seed ?? null,
            probability: odds.probability,
            roll,
            samples: odds.samples,
            odds_key: f.key,
            rewards: settled.rewards,
            level_ups: paid.levelUps,
            ...(Object.keys(settled.extra).length > 0 && { extra: settled.extra }),
          },
          f.team,
          f.enemies,
        ),
      );
      // Counted for the fairness page, last: the one row here other players' fights share (fairness.ts).
      await tallyFight(trx, userId, f.kind, odds.probability, won);
      return { ...paid, settled, stakeLost: lost?.taken ?? 0 };
    },
  );
  return {
    battle_id: battleId,
    status: won ? 'won' : 'lost',
    probability: odds.probability,
    roll,
    description: story.description,
    scenarios: story.scenarios,
    rewards: settled.rewards,
    ...(!won && { stake_lost: stakeLost }),
    level_ups: levelUps,
    location: f.location,
    location_type: f.kind,
    odds_key: f.key,
    ...settled.extra,
    user: userView(user),
  };
}
