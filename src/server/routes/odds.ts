// GET /api/odds: a fight's win chance before it is fought — an arena duel, a dungeon's next floor, or the
// player's next random battle (its stored encounter, random-foes.ts). The sides come from the same functions
// the fight routes use and the estimate from the same pool (odds-pool.ts, a function of the matchup), so the
// number shown is the number the fight then states. Limited per client like generation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TeamHeroIds } from '../../api/battles.ts';
import { FIGHT_REFUSALS } from '../../api/common.ts';
import { ARENA_PICK_BOTH } from '../../api/arena.ts';
import { OddsQuery, OddsResponse, type OddsResponse as Odds } from '../../api/odds.ts';
import type { Hero } from '../../game/types.ts';
import type { Ctx, RouteOpts } from '../context.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../errors.ts';
import { simulated } from '../fights.ts';
import { ownTeam, remainingTeam } from '../hero-store.ts';
import { floorFoes } from '../npcs.ts';
import { nextEncounter, randomFoes } from '../random-foes.ts';
import { arenaSides } from './arena.ts';

/** What a fight is between, and where; the odds are the team's chance against the enemies. */
type Sides = Pick<Odds, 'location' | 'floor' | 'floors' | 'boss_floor'> & { team: Hero[]; enemies: Hero[] };

/** A comma-separated team of the player's own heroes (1–4, no repeats). */
async function teamOf(ctx: Ctx, userId: string, team: string | undefined): Promise<Hero[]> {
  const ids = TeamHeroIds.safeParse((team ?? '').split(',').filter((id) => id !== ''));
  if (!ids.success) throw badRequest(ids.error.issues[0].message);
  return (await ownTeam(ctx.store.db, ids.data, userId)).map((s) => s.hero);
}

/** The next dungeon floor: of an active run of the player's (its team), or floor 1 of a new run with `team`. */
async function dungeonSides(ctx: Ctx, q: OddsQuery): Promise<Sides> {
  if (!q.run_id === !q.dungeon_id) throw badRequest('Give either dungeon_id (with team) or run_id');
  let dungeonId: string, floor: number, floors: number | undefined, team: Hero[];
  if (q.run_id) {
    const run = await ctx.store.db
      .selectFrom('dungeon_runs')
      .selectAll()
      .where('id', '=', q.run_id)
      .executeTakeFirst();
    if (!run) throw notFound(MESSAGES.runNotFound);
    if (run.user_id !== q.user_id) throw forbidden('That dungeon run belongs to another player');
    if (run.status !== 'active') throw conflict(`This dungeon run is over (${run.status}): start a new one`);
    dungeonId = run.dungeon_id;
    floor = run.floor;
    floors = run.floors;
    team = await remainingTeam(ctx.store.db, run.team_hero_ids, run.user_id);
    if (team.length === 0) throw conflict(MESSAGES.runHeroesGone);
  } else {
    dungeonId = q.dungeon_id!;
    if (!ctx.dungeonsById.has(dungeonId)) throw notFound(MESSAGES.dungeonNotFound);
    floor = 1;
    team = await teamOf(ctx, q.user_id, q.team);
  }
  const d = ctx.dungeonsById.get(dungeonId);
  if (!d) throw notFound(MESSAGES.dungeonNotFound);
  const runFloors = floors ?? d.floors;
  const { enemies, bossFloor } = floorFoes(d.id, floor, team.length, runFloors);
  return { team, enemies, location: d.name, floor, floors: runFloors, boss_floor: bossFloor };
}

const odds: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  app.get('/api/odds', {
    schema: {
      tags: ['odds'],
      description:
        "The win chance of a fight before it is fought, and who it is against. kind 'arena': hero_id and " +
        "opponent_id. kind 'dungeon': run_id (its next floor), or dungeon_id and team (floor 1 of a new run). " +
        "kind 'random': team (the player's next random battle, as POST /api/battles will fight it).",
      querystring: OddsQuery,
      response: {
        200: OddsResponse,
        ...FIGHT_REFUSALS,
      },
    },
    config: ctx.rateLimits ? { rateLimit: { max: ctx.rateLimits.odds, timeWindow: '1 minute' } } : {},
    handler: async (req) => {
      const q = req.query;
      let sides: Sides;
      if (q.kind === 'arena') {
        if (!q.hero_id || !q.opponent_id) throw badRequest(ARENA_PICK_BOTH);
        const { attacker, opponent } = await arenaSides(db, q.user_id, q.hero_id, q.opponent_id);
        sides = { team: [attacker], enemies: [opponent], location: 'Arena' };
      } else if (q.kind === 'dungeon') {
        sides = await dungeonSides(ctx, q);
      } else {
        const team = await teamOf(ctx, q.user_id, q.team);
        const { enemies, location } = randomFoes(team, await nextEncounter(db, q.user_id));
        sides = { team, enemies, location };
      }
      const { team, enemies, ...where } = sides;
      const estimate = await simulated(() => ctx.odds.estimate(team, enemies));
      return {
        kind: q.kind,
        probability: estimate.probability,
        samples: estimate.samples,
        team_hero_ids: team.map((h) => h.id),
        enemies,
        ...where,
      };
    },
  });
};

export default odds;
