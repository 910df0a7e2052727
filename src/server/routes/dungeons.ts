// Dungeons and their runs (a run: ../fights/dungeon-runs.ts; its floors: ../fights/kinds/dungeon.ts). A call that races a finished floor (two tabs, a
// double tap; the client names the floor it means) is a 409 saying where the run is now; GET /api/dungeon-runs/{id}
// and /active read it, so every page can show the run as it is.
import type { Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, NotModified } from '../../api/common.ts';
import { SHOWN_FIGHT_REFUSALS } from '../../api/odds.ts';
import { TEAM_MAX, TEAM_MIN } from '../../api/rules.ts';
import {
  ActiveRunQuery,
  ActiveRunResponse,
  DungeonNpcsResponse,
  DungeonParams,
  DungeonsResponse,
  Dungeon as DungeonSchema,
  RunBattleBody,
  RunBattleResponse,
  RunParams,
  RunQuery,
  DungeonRun as RunSchema,
  StartRunBody,
  StartRunResponse,
  TiersQuery,
  TiersResponse,
  type Dungeon,
  type DungeonTier,
  type DungeonRun,
} from '../../api/dungeons.ts';
import type { Ctx, RouteOpts } from '../context.ts';
import { forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import { startRun, tierReachOf } from '../fights/dungeon-runs.ts';
import { fightDungeonFloor } from '../fights/kinds/dungeon.ts';
import {
  DUNGEONS_BY_ID,
  TIER_COUNT,
  tierEntryPower,
  tierOpen,
  type DungeonDef,
} from '../../game/data/dungeons.ts';
import { tierFloors } from '../../game/dungeon-tiers.ts';
import { StartedBattle } from '../../api/battles.ts';
import { fightRoute } from '../fights/fights.ts';
import { ownTeam } from '../heroes/hero-store.ts';
import { findUser } from '../economy/wallet.ts';
import { npcsByDungeon } from '../content/npcs.ts';
import { sendTagged } from '../http/json-reply.ts';
import { RatedContent } from '../content/rated-content.ts';
import type { DungeonRunsTable, DungeonsTable } from '../store/tables.ts';

export function runView(ctx: Ctx, r: Selectable<DungeonRunsTable>): DungeonRun {
  return {
    id: r.id,
    dungeon_id: r.dungeon_id,
    dungeon_name: ctx.dungeonsById.get(r.dungeon_id)?.name ?? r.dungeon_id,
    user_id: r.user_id,
    team_hero_ids: JSON.parse(r.team_hero_ids),
    floor: r.floor,
    floors: r.floors,
    tier: r.tier,
    status: r.status as DungeonRun['status'],
  };
}

function dungeonView(d: Selectable<DungeonsTable>): Dungeon {
  const npcs = npcsByDungeon().get(d.id) ?? [];
  return {
    id: d.id,
    name: d.name,
    difficulty: d.difficulty as Dungeon['difficulty'],
    level_recommendation: d.level_recommendation,
    npc_count: npcs.length,
    rewards_multiplier: d.rewards_multiplier,
    description: d.description,
    image_url: d.image_url,
    theme: d.theme,
    floors: d.floors,
    npcs,
    tiers: tiersOf(DUNGEONS_BY_ID.get(d.id)!),
  };
}

/** A dungeon's tiers as content: each one's foes (floor 1's training) and its recommended power. */
function tiersOf(d: DungeonDef): DungeonTier[] {
  return Array.from({ length: TIER_COUNT }, (_, i) => {
    const tier = i + 1;
    const floors = tierFloors(d, tier);
    const foes = floors.flat();
    return {
      tier,
      level: Math.max(...foes.map((h) => h.level)),
      rarity_min: Math.min(...foes.map((h) => h.rarity)),
      rarity_max: Math.max(...foes.map((h) => h.rarity)),
      training: Math.min(...floors[0].map((h) => h.training ?? 0)),
      recommended_power: d.tierPower[i],
    };
  });
}

const dungeons: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  const find = (id: string) => {
    const d = ctx.dungeonsById.get(id);
    if (!d) throw notFound(MESSAGES.dungeonNotFound);
    return d;
  };

  // Dungeons and their NPCs are content, made into JSON once; the NPCs' ladder ratings are filled in at each answer.
  const npcsIn = (d: Selectable<DungeonsTable>) => npcsByDungeon().get(d.id) ?? [];
  const all = new RatedContent(DungeonsResponse, ctx.dungeons.map(dungeonView), ctx.dungeons.flatMap(npcsIn));
  const one = new Map(
    ctx.dungeons.map((d) => [d.id, new RatedContent(DungeonSchema, dungeonView(d), npcsIn(d))]),
  );
  const npcsOf = new Map(
    ctx.dungeons.map((d) => [d.id, new RatedContent(DungeonNpcsResponse, npcsIn(d), npcsIn(d))]),
  );

  app.get('/api/dungeons', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'listDungeons',
      summary: 'List the dungeons',
      description:
        'Every dungeon (content) with its floors, difficulty and recommended level. Sent with an ETag naming the ratings it shows and `cache-control: no-cache`: a request whose If-None-Match names it gets a 304 and no body; br or gzip when accepted.',
      tags: ['dungeons'],
      response: { 200: DungeonsResponse, 304: NotModified },
    },
    handler: async (_req, reply) => sendTagged(reply, await all.render(ctx.store)),
  });

  app.get('/api/dungeons/:dungeonId', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'getDungeon',
      summary: 'Read a dungeon',
      description:
        'One dungeon (content) with its floors, difficulty and recommended level. Sent with an ETag naming the ratings it shows and `cache-control: no-cache`: a request whose If-None-Match names it gets a 304 and no body; br or gzip when accepted.',
      tags: ['dungeons'],
      params: DungeonParams,
      response: { 200: DungeonSchema, 304: NotModified, 404: ErrorBody },
    },
    handler: async (req, reply) =>
      sendTagged(reply, await one.get(find(req.params.dungeonId).id)!.render(ctx.store)),
  });

  app.get('/api/dungeons/:dungeonId/npcs', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'listDungeonNpcs',
      summary: 'List a dungeon’s NPC heroes',
      description:
        'The NPC heroes met in a dungeon (content), each with its current arena ladder rating. Sent with an ETag naming the ratings it shows and `cache-control: no-cache`: a request whose If-None-Match names it gets a 304 and no body; br or gzip when accepted.',
      tags: ['dungeons'],
      params: DungeonParams,
      response: { 200: DungeonNpcsResponse, 304: NotModified, 404: ErrorBody },
    },
    handler: async (req, reply) =>
      sendTagged(reply, await npcsOf.get(find(req.params.dungeonId).id)!.render(ctx.store)),
  });

  app.post('/api/dungeons/:dungeonId/start', {
    config: { actsFor: ['body.user_id'] },
    schema: {
      operationId: 'startDungeonRun',
      summary: 'Start a dungeon run',
      tags: ['dungeons'],
      description: `Starts a run of a tier (default 1) with a team of ${TEAM_MIN}–${TEAM_MAX} of your heroes. A tier the player has not opened (GET /api/dungeon-tiers) is 403, nothing written. An active run is abandoned when abandon_active (default true), else 409.`,
      params: DungeonParams,
      body: StartRunBody,
      response: { 201: StartRunResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req, reply) => {
      const d = find(req.params.dungeonId);
      const { user_id, team_hero_ids, abandon_active, tier } = req.body;
      await ownTeam(db, team_hero_ids, user_id);
      const run = await startRun(ctx, {
        userId: user_id,
        dungeon: d,
        tier,
        teamIds: team_hero_ids,
        abandonActive: abandon_active,
      });
      return reply.code(201).send(runView(ctx, run));
    },
  });

  app.get('/api/dungeon-tiers', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'listDungeonTiers',
      summary: 'Read which dungeon tiers the player has opened',
      tags: ['dungeons'],
      description:
        'Each dungeon’s tiers as the player has them: tier 1 is open to all; tier t opens in every dungeon once a ' +
        'run of tier t − 1 is cleared in any, or once the player’s strongest four have the least power any dungeon ' +
        'recommends for it. What each tier holds (its foes, its recommended power): GET /api/dungeons.',
      querystring: TiersQuery,
      response: { 200: TiersResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => {
      const { user_id } = req.query;
      if (!(await findUser(db, user_id))) throw notFound(MESSAGES.userNotFound);
      const { reach, cleared } = await tierReachOf(db, user_id);
      return ctx.dungeons.map((d) => {
        const highest = cleared.get(d.id) ?? 0;
        return {
          dungeon_id: d.id,
          tiers: Array.from({ length: TIER_COUNT }, (_, i) => ({
            tier: i + 1,
            open: tierOpen(i + 1, reach),
            opens_at_power: tierEntryPower(i + 1),
            cleared: i + 1 <= highest,
          })),
        };
      });
    },
  });

  const findRun = async (runId: string, userId: string | undefined) => {
    const run = await db.selectFrom('dungeon_runs').selectAll().where('id', '=', runId).executeTakeFirst();
    if (!run) throw notFound(MESSAGES.runNotFound);
    if (userId && userId !== run.user_id) throw forbidden('That dungeon run belongs to another player');
    return run;
  };

  app.get('/api/dungeon-runs/active', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getActiveDungeonRun',
      summary: 'Read the player’s dungeon run in progress',
      tags: ['dungeons'],
      description:
        'The player’s active run (at most one), or null. Starting another dungeon ends it: the team picker says so.',
      querystring: ActiveRunQuery,
      response: { 200: ActiveRunResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => {
      const { user_id } = req.query;
      const run = await db
        .selectFrom('dungeon_runs')
        .selectAll()
        .where('user_id', '=', user_id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!run && !(await findUser(db, user_id))) throw notFound(MESSAGES.userNotFound);
      return { run: run ? runView(ctx, run) : null };
    },
  });

  app.get('/api/dungeon-runs/:runId', {
    config: { actsFor: ['query.user_id', { owner: 'run', of: 'params.runId' }] },
    schema: {
      operationId: 'getDungeonRun',
      summary: 'Read a dungeon run',
      tags: ['dungeons'],
      description:
        'A run as it is now: its next floor and status. A user_id that is sent must be the owner’s.',
      params: RunParams,
      querystring: RunQuery,
      response: { 200: RunSchema, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => runView(ctx, await findRun(req.params.runId, req.query.user_id)),
  });

  app.post('/api/dungeon-runs/:runId/battle', {
    config: { actsFor: ['body.user_id', { owner: 'run', of: 'params.runId' }] },
    ...fightRoute(ctx),
    schema: {
      operationId: 'fightDungeonFloor',
      summary: 'Fight a dungeon run’s next floor',
      tags: ['dungeons'],
      description:
        'Fights the run’s next floor with its team. A defeat ends the run; winning the last (boss) floor clears it and ' +
        'pays the clear bonus. mode quick (default): fought at once, 200 with the result. mode turn_based: a battle ' +
        'the player steers like any turn-based battle (POST /api/battles/{id}/action), 201 with its state, paid for ' +
        'the time it is played; the run moves on when it ends. A floor already being fought turn by turn answers that ' +
        'battle (201) to turn_based and 409 to quick. The player’s other turn-based battle ends, lost. With ' +
        'odds_key, a floor changed since those odds were shown (its team) is a 409 with the new chance.',
      params: RunParams,
      body: RunBattleBody,
      response: {
        200: RunBattleResponse,
        201: StartedBattle,
        ...SHOWN_FIGHT_REFUSALS,
      },
    },
    handler: async (req, reply) => {
      const run = await findRun(req.params.runId, req.body?.user_id);
      const out = await fightDungeonFloor(ctx, run, {
        mode: req.body?.mode,
        floor: req.body?.floor,
        shown: req.body?.odds_key,
      });
      if ('opened' in out) return reply.code(201).send(out.opened);
      const { result, run: after, cleared } = out.fought;
      return { ...result, run: runView(ctx, after), clear_bonus: cleared };
    },
  });
};

export default dungeons;
