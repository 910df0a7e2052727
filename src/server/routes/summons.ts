// The altar: GET /api/summons?user_id= — the rates, the pity rule with the player's counters, their summon history
// (the rule: ../heroes/summoning.ts and src/game/altar.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import { SummonsQuery, SummonsResponse } from '../../api/summons.ts';
import type { RouteOpts } from '../context.ts';
import { altarOf } from '../heroes/summoning.ts';

const summons: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  app.get('/api/summons', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'listSummons',
      summary: 'List a player’s summons',
      tags: ['heroes'],
      description:
        'The altar before a summon is paid for: `rates`, the chance of each rarity per candidate; `pity`, each ' +
        'promise (a pair holding `rarity` or better within `within` pairs) with the player’s `since_last`, their ' +
        'paid pairs since the last that held it; `history`, their paid pairs newest first (at most 50) — when ' +
        '(`at`, epoch seconds), each candidate’s rarity, and which was kept. The long-run share of each rarity with ' +
        'the pity included is on GET /api/fairness.',
      querystring: SummonsQuery,
      response: { 200: SummonsResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => altarOf(ctx.store.db, req.query.user_id),
  });
};

export default summons;
