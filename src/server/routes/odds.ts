// GET /api/odds: a fight's win chance before it is fought — an arena duel, a dungeon's next floor, or the
// player's next random battle (its stored encounter, random-foes.ts) — with the key it is for and what a win pays.
// The fight's plan comes from the functions the fight routes use (fight-plans.ts) and the answer from the one
// function a fight refused for a changed chance answers with too (fight-odds.ts), so what is shown is what the fight
// then states and pays. Limited per client like generation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TeamHeroIds } from '../../api/battles.ts';
import { FIGHT_REFUSALS } from '../../api/common.ts';
import { ARENA_PICK_BOTH } from '../../api/arena.ts';
import type { DungeonRun } from '../../api/dungeons.ts';
import { OddsQuery, OddsResponse } from '../../api/odds.ts';
import type { Hero } from '../../game/types.ts';
import type { Ctx, RouteOpts } from '../context.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import { arenaPlan, floorPlan, randomPlan, campaignPlan, type FightPlan } from '../battles/fight-plans.ts';
import { fightOdds } from '../battles/fight-odds.ts';
import { ownTeam, remainingTeam } from '../heroes/hero-store.ts';
import { nextEncounter } from '../battles/random-foes.ts';
import { arenaSides } from './arena.ts';
import { stageById } from '../battles/campaign-progress.ts';
import { tierLocked, tierReachOf } from '../battles/dungeon-runs.ts';
import { tierOpen } from '../../game/data/dungeons.ts';

/** A comma-separated team of the player's own heroes (1–4, no repeats). */
async function teamOf(ctx: Ctx, userId: string, team: string | undefined): Promise<Hero[]> {
  const ids = TeamHeroIds.safeParse((team ?? '').split(',').filter((id) => id !== ''));
  if (!ids.success) throw badRequest(ids.error.issues[0].message);
  return (await ownTeam(ctx.store.db, ids.data, userId)).map((s) => s.hero);
}

/**
 * The next dungeon floor: of a run of the player's (its team and tier), or floor 1 of a new run of `tier` with `team`
 * (a tier the player has not opened: 403, as the start would answer). A run that is over has no next floor: what
 * comes next is a new run of its dungeon and tier with its team, floor 1 (the run's status says so), so a page that
 * still holds the run reads what it would fight now, not a refusal.
 */
async function dungeonPlan(
  ctx: Ctx,
  q: OddsQuery,
): Promise<{ plan: FightPlan; runStatus?: DungeonRun['status'] }> {
  if (!q.run_id === !q.dungeon_id) throw badRequest('Give either dungeon_id (with team) or run_id');
  if (q.run_id) {
    const run = await ctx.store.db
      .selectFrom('dungeon_runs')
      .selectAll()
      .where('id', '=', q.run_id)
      .executeTakeFirst();
    if (!run) throw notFound(MESSAGES.runNotFound);
    if (run.user_id !== q.user_id) throw forbidden('That dungeon run belongs to another player');
    const team = await remainingTeam(ctx.store.db, run.team_hero_ids, run.user_id);
    if (team.length === 0) throw conflict(MESSAGES.runHeroesGone);
    const d = ctx.dungeonsById.get(run.dungeon_id);
    if (!d) throw notFound(MESSAGES.dungeonNotFound);
    const status = run.status as DungeonRun['status'];
    const plan =
      status === 'active'
        ? floorPlan(d, { tier: run.tier, floor: run.floor, floors: run.floors }, team)
        : floorPlan(d, { tier: run.tier, floor: 1, floors: d.floors }, team);
    return { plan, runStatus: status };
  }
  const d = ctx.dungeonsById.get(q.dungeon_id!);
  if (!d) throw notFound(MESSAGES.dungeonNotFound);
  const tier = q.tier ?? 1;
  if (!tierOpen(tier, (await tierReachOf(ctx.store.db, q.user_id)).reach)) throw tierLocked(tier);
  const team = await teamOf(ctx, q.user_id, q.team);
  return { plan: floorPlan(d, { tier, floor: 1, floors: d.floors }, team) };
}

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
        "opponent_id. kind 'dungeon': run_id (its next floor; once the run is over, floor 1 of a new run of its tier " +
        'with its team, which run_status says), or dungeon_id, team and tier (floor 1 of a new run; default tier 1, ' +
        'a tier the player has not opened: 403). ' +
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
      if (q.kind === 'arena') {
        if (!q.hero_id || !q.opponent_id) throw badRequest(ARENA_PICK_BOTH);
        const { attacker, opponent } = await arenaSides(db, q.user_id, q.hero_id, q.opponent_id);
        return fightOdds(ctx, q.user_id, arenaPlan(attacker, opponent));
      }
      if (q.kind === 'dungeon') {
        const { plan, runStatus } = await dungeonPlan(ctx, q);
        return { ...(await fightOdds(ctx, q.user_id, plan)), ...(runStatus && { run_status: runStatus }) };
      }
      if (q.kind === 'campaign') {
        if (!q.stage_id) throw badRequest('Give stage_id (with team)');
        const stage = stageById(q.stage_id);
        return fightOdds(ctx, q.user_id, campaignPlan(stage, await teamOf(ctx, q.user_id, q.team)));
      }
      const team = await teamOf(ctx, q.user_id, q.team);
      return fightOdds(ctx, q.user_id, randomPlan(team, await nextEncounter(db, q.user_id)));
    },
  });
};

export default odds;
