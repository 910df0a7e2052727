// GET /api/fairness: the fairness figures (fairness.ts) — public, no player needed; limited per client like the
// odds read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import { FairnessQuery, FairnessResponse } from '../../api/fairness.ts';
import type { RouteOpts } from '../context.ts';

const fairness: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  app.get('/api/fairness', {
    schema: {
      operationId: 'getFairness',
      summary: 'Read the fairness measures',
      tags: ['fairness'],
      description:
        'How fair the game is, in numbers anyone may check: every auto fight by its stated win chance against the ' +
        'share won; the stated summon rarity odds against every candidate drawn; and the win rate of each race, ' +
        'class and type in level-matched simulated battles (status computing until the first measure under the ' +
        'current rules is kept). Shares carry 95% Wilson intervals. Counts are at most 30 s old (as_of).',
      querystring: FairnessQuery,
      response: { 200: FairnessResponse, 400: ErrorBody, 429: ErrorBody },
    },
    config: {
      actsFor: 'public',
      ...(ctx.rateLimits ? { rateLimit: { max: ctx.rateLimits.odds, timeWindow: '1 minute' } } : {}),
    },
    handler: async (req) => ctx.fairness.view(req.query),
  });
};

export default fairness;
