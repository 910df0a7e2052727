// GET /api/odds: a fight's win chance before it is fought — an arena duel, a dungeon's next floor, or the
// player's next random battle (its stored encounter, random-foes.ts) — with the key it is for and what a win pays.
// The fight's plan comes from the functions the fight routes use (fight-plans.ts), the estimate from the same pool
// (odds-pool.ts, a function of the matchup) and the pay from the functions the fight pays with (winPay, the
// repeat-win rule, turnBasedWinPay), so what is shown is what the fight then states and pays. Limited per client
// like generation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TeamHeroIds } from '../../api/battles.ts';
import { FIGHT_REFUSALS } from '../../api/common.ts';
import { ARENA_PICK_BOTH } from '../../api/arena.ts';
import { OddsQuery, OddsResponse, type OddsResponse as Odds } from '../../api/odds.ts';
import type { Hero, Rewards } from '../../game/types.ts';
import type { Ctx, RouteOpts } from '../context.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import { simulated } from '../battles/fights.ts';
import {
  addRewards,
  arenaPlan,
  floorPlan,
  randomPlan,
  campaignPlan,
  winPay,
  type FightPlan,
} from '../battles/fight-plans.ts';
import { ownTeam, remainingTeam } from '../heroes/hero-store.ts';
import { repeatWin } from '../battles/rating-store.ts';
import { nextEncounter } from '../battles/random-foes.ts';
import { turnBasedWinPay } from '../battles/turn-battle-store.ts';
import { arenaSides } from './arena.ts';
import { firstClearDue, stageById } from '../battles/campaign-progress.ts';

/** A comma-separated team of the player's own heroes (1–4, no repeats). */
async function teamOf(ctx: Ctx, userId: string, team: string | undefined): Promise<Hero[]> {
  const ids = TeamHeroIds.safeParse((team ?? '').split(',').filter((id) => id !== ''));
  if (!ids.success) throw badRequest(ids.error.issues[0].message);
  return (await ownTeam(ctx.store.db, ids.data, userId)).map((s) => s.hero);
}

/** The next dungeon floor: of an active run of the player's (its team), or floor 1 of a new run with `team`. */
async function dungeonPlan(ctx: Ctx, q: OddsQuery): Promise<FightPlan> {
  if (!q.run_id === !q.dungeon_id) throw badRequest('Give either dungeon_id (with team) or run_id');
  if (q.run_id) {
    const run = await ctx.store.db
      .selectFrom('dungeon_runs')
      .selectAll()
      .where('id', '=', q.run_id)
      .executeTakeFirst();
    if (!run) throw notFound(MESSAGES.runNotFound);
    if (run.user_id !== q.user_id) throw forbidden('That dungeon run belongs to another player');
    if (run.status !== 'active') throw conflict(`This dungeon run is over (${run.status}): start a new one`);
    const team = await remainingTeam(ctx.store.db, run.team_hero_ids, run.user_id);
    if (team.length === 0) throw conflict(MESSAGES.runHeroesGone);
    const d = ctx.dungeonsById.get(run.dungeon_id);
    if (!d) throw notFound(MESSAGES.dungeonNotFound);
    return floorPlan(d, run.floor, run.floors, team);
  }
  const d = ctx.dungeonsById.get(q.dungeon_id!);
  if (!d) throw notFound(MESSAGES.dungeonNotFound);
  return floorPlan(d, 1, d.floors, await teamOf(ctx, q.user_id, q.team));
}

/**
 * What a win pays, as the fight will pay it: a boss floor's clear bonus added, an arena win's repeat-win rule met;
 * a random battle or a dungeon floor fought turn by turn, at the least (played at once) and per minute of play.
 */
async function winRewards(ctx: Ctx, userId: string, plan: FightPlan, probability: number) {
  const { own, bonus } = winPay(plan, probability);
  if (plan.kind === 'arena') {
    const { rewards, repeat } = await repeatWin(ctx.store.db, userId, plan.enemies[0].id, own);
    return { win_rewards: rewards, repeat_win: repeat };
  }
  const steered = (playedSeconds: number) =>
    turnBasedWinPay(plan.kind === 'dungeon' || plan.kind === 'campaign' ? plan.kind : 'random', {
      probability,
      teamSize: plan.team.length,
      ...plan.rewards,
      playedSeconds,
    });
  const least = steered(0);
  const turnBased = {
    win_rewards_turn_based: bonus ? addRewards(least, bonus) : least,
    turn_based_per_minute: subtractRewards(steered(60), least),
  };
  if (plan.kind === 'dungeon')
    return { win_rewards: bonus ? addRewards(own, bonus) : own, clear_bonus: bonus, ...turnBased };
  return { win_rewards: own, ...turnBased };
}

const subtractRewards = (a: Rewards, b: Rewards): Rewards => ({
  gold: a.gold - b.gold,
  xp_per_hero: a.xp_per_hero - b.xp_per_hero,
  magic_essence: a.magic_essence - b.magic_essence,
  combat_tokens: a.combat_tokens - b.combat_tokens,
});

/** Each stored hero of the fight (the team; an opponent that is a player's hero or an NPC row) with its version. */
const versionsOf = (heroes: Hero[]) =>
  Object.fromEntries(heroes.filter((h) => h.version !== undefined).map((h) => [h.id, h.version!]));

const odds: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  app.get('/api/odds', {
    schema: {
      operationId: 'getOdds',
      summary: 'Read a fight’s win chance before it',
      tags: ['odds'],
      description:
        'The win chance of a fight before it is fought, who it is against, the key it is for (the heroes at ' +
        'their versions, the encounter, opponent or floor; the fight states the same odds_key and probability) ' +
        "and what a win pays (win_rewards, by the function the fight pays with). kind 'arena': hero_id and " +
        "opponent_id. kind 'dungeon': run_id (its next floor), or dungeon_id and team (floor 1 of a new run). " +
        "kind 'random': team (the player's next random battle, as POST /api/battles will fight it). " +
        "kind 'campaign': stage_id and team (with first_clear: what the first clear adds, null once paid).",
      querystring: OddsQuery,
      response: {
        200: OddsResponse,
        ...FIGHT_REFUSALS,
      },
    },
    config: {
      actsFor: ['query.user_id', { owner: 'run', of: 'query.run_id' }],
      ...(ctx.rateLimits ? { rateLimit: { max: ctx.rateLimits.odds, timeWindow: '1 minute' } } : {}),
    },
    handler: async (req) => {
      const q = req.query;
      let plan: FightPlan;
      if (q.kind === 'arena') {
        if (!q.hero_id || !q.opponent_id) throw badRequest(ARENA_PICK_BOTH);
        const { attacker, opponent } = await arenaSides(db, q.user_id, q.hero_id, q.opponent_id);
        plan = arenaPlan(attacker, opponent);
      } else if (q.kind === 'dungeon') {
        plan = await dungeonPlan(ctx, q);
      } else if (q.kind === 'campaign') {
        if (!q.stage_id) throw badRequest('Give stage_id (with team)');
        const stage = stageById(q.stage_id);
        plan = campaignPlan(stage, await teamOf(ctx, q.user_id, q.team));
      } else {
        const team = await teamOf(ctx, q.user_id, q.team);
        plan = randomPlan(team, await nextEncounter(db, q.user_id));
      }
      const { team, enemies } = plan;
      const estimate = await simulated(() => ctx.odds.estimate(team, enemies));
      const answer: Odds = {
        kind: q.kind,
        probability: estimate.probability,
        samples: estimate.samples,
        key: plan.key,
        versions: versionsOf(plan.kind === 'arena' ? [...team, ...enemies] : team),
        ...(plan.encounter !== undefined && { encounter: plan.encounter }),
        ...(await winRewards(ctx, q.user_id, plan, estimate.probability)),
        team_hero_ids: team.map((h) => h.id),
        enemies,
        location: plan.location,
        ...(plan.stage && { first_clear: await firstClearDue(db, q.user_id, plan.stage) }),
        ...(plan.floor && {
          floor: plan.floor.floor,
          floors: plan.floor.floors,
          boss_floor: plan.floor.boss,
        }),
      };
      return answer;
    },
  });
};

export default odds;
