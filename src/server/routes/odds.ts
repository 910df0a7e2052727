// GET /api/odds: a fight's win chance before it is fought — an arena duel, a dungeon's next floor, or the
// player's next random battle (its stored encounter, random-foes.ts) — with the key it is for and what a win pays.
// The fight's plan comes from its kind (../fights/kinds/), as the fight's does, and the answer from the one
// function a fight refused for a changed chance answers with too (fight-odds.ts), so what is shown is what the fight
// then states and pays. Limited per client like generation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FIGHT_REFUSALS } from '../../api/common.ts';
import { OddsQuery, OddsResponse } from '../../api/odds.ts';
import type { RouteOpts } from '../context.ts';
import { fightOdds } from '../fights/fight-odds.ts';
import { oddsPlan } from '../fights/kinds/index.ts';

const odds: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
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
    handler: async (req) => fightOdds(ctx, req.query.user_id, await oddsPlan(ctx, req.query)),
  });
};

export default odds;
