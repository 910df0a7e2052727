// Team battles. POST /api/battles: mode 'turn_based' (default) starts a battle the player steers option by
// option (state stored as JSON, polled with GET, acted on with POST …/action, Auto hands the allies to the AI);
// mode 'auto' resolves it at once like the arena (../fights/kinds/random.ts). Reading and acting in a turn-based
// battle of any kind is ../fights/turn-battles.ts; these routes parse, call one function and answer. A
// player has one turn-based battle at a time: starting another ends the active one as lost, with no rewards (else a
// player could open battles until the foes they like come up), enforced by a unique index too.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import { SHOWN_FIGHT_REFUSALS } from '../../api/odds.ts';
import {
  ActionBody,
  ActionResponse,
  ActiveBattleQuery,
  ActiveBattleResponse,
  BattleHistoryParams,
  BattleHistoryQuery,
  BattleHistoryResponse,
  BattleParams,
  BattleReplay,
  ReplayQuery,
  CreateBattleBody,
  CreateBattleResponse,
  GetBattleResponse,
} from '../../api/battles.ts';
import type { RouteOpts } from '../context.ts';
import { fightRoute } from '../fights/fights.ts';
import { fightRandom } from '../fights/kinds/random.ts';
import { actInBattle, activeBattle, readBattle } from '../fights/turn-battles.ts';
import { historyOf, openReplay } from '../fights/battle-replays.ts';

const battles: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;

  app.post('/api/battles', {
    config: { actsFor: ['body.user_id'] },
    ...fightRoute(ctx),
    schema: {
      operationId: 'startBattle',
      summary: 'Fight a random battle (quick or turn-based)',
      tags: ['battles'],
      description:
        "mode 'turn_based' (default) answers the battle state; mode 'auto' answers the result at once. With " +
        'odds_key, a next encounter or team changed since those odds were shown is a 409 with the new chance.',
      body: CreateBattleBody,
      response: {
        200: CreateBattleResponse,
        201: CreateBattleResponse,
        ...SHOWN_FIGHT_REFUSALS,
      },
    },
    handler: async (req, reply) => {
      const { user_id, team_hero_ids, mode, odds_key } = req.body;
      const fought = await fightRandom(ctx, {
        userId: user_id,
        teamIds: team_hero_ids,
        mode,
        shown: odds_key,
      });
      return reply.code(201).send(fought);
    },
  });

  app.get('/api/battles/active', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getActiveBattle',
      summary: 'Read the player’s turn-based battle in progress',
      tags: ['battles'],
      description: "The player's turn-based battle still being fought, or null.",
      querystring: ActiveBattleQuery,
      response: { 200: ActiveBattleResponse, 400: ErrorBody },
    },
    handler: async (req) => activeBattle(db, req.query.user_id),
  });

  // Public, like a hero's page: a battle id is unguessable. A finished fight of any kind, as it can be watched again.
  app.get('/api/battles/:battleId/replay', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getReplay',
      summary: 'Watch a finished fight again',
      tags: ['battles'],
      description:
        'A finished fight as it can be watched again: the teams as they began, the facts in order with their sentences, the result. 404 for an unknown id (or a fight recorded before replays), 409 while a turn-based battle is still on. `user_id` names the player watching: it counts toward their daily quest (an unknown player counts nothing).',
      params: BattleParams,
      querystring: ReplayQuery,
      response: { 200: BattleReplay, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => openReplay(db, req.params.battleId, req.query.user_id),
  });

  app.get('/api/users/:id/battles', {
    config: { actsFor: ['params.id'] },
    schema: {
      operationId: 'listBattles',
      summary: 'List a player’s finished fights',
      tags: ['battles'],
      description:
        "A player's finished fights, newest first, paged: each opens its replay (GET /api/battles/{id}/replay).",
      params: BattleHistoryParams,
      querystring: BattleHistoryQuery,
      response: { 200: BattleHistoryResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => historyOf(db, req.params.id, req.query.limit, req.query.cursor),
  });

  app.get('/api/battles/:battleId', {
    config: { actsFor: [{ owner: 'battle', of: 'params.battleId' }] },
    schema: {
      operationId: 'getBattle',
      summary: 'Read a battle',
      description:
        'A turn-based battle as it stands (its state, options and events so far), or an auto fight’s result (`kind: auto`).',
      tags: ['battles'],
      params: BattleParams,
      response: { 200: GetBattleResponse, 404: ErrorBody, 410: ErrorBody },
    },
    handler: async (req) => readBattle(db, req.params.battleId),
  });

  // Handing a battle to Auto plays it to the end here: that counts as a fight. A chosen option does not.
  const countFight = ctx.countFight;
  app.post('/api/battles/:battleId/action', {
    config: { actsFor: ['body.user_id', { owner: 'battle', of: 'params.battleId' }] },
    ...(countFight && {
      preHandler: async (req: { body: { auto?: boolean } } & Parameters<typeof countFight>[0]) => {
        if (req.body.auto === true) await countFight(req);
      },
    }),
    schema: {
      operationId: 'actInBattle',
      summary: 'Act in a turn-based battle',
      tags: ['battles'],
      description:
        'Choose one of pending_options (option_id), aimed at one of its targets (target_id) or at its preselected one, or switch the ally AI on or off (auto).',
      params: BattleParams,
      body: ActionBody,
      response: {
        200: ActionResponse,
        400: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
        429: ErrorBody,
      },
    },
    handler: async (req) => actInBattle(db, req.params.battleId, req.body),
  });
};

export default battles;
