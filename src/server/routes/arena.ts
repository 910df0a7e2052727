// POST /api/arena/battle: a 1v1 duel between your hero and another player's hero or an NPC, resolved at once; the
// result moves both sides' ladder ratings and meets the repeat-win rule in its own transaction (../fights/rating-store.ts).
// GET /api/arena/leaderboard: heroes and NPCs by conservative rating, keyset-paged. GET /api/arena/opponents and
// POST /api/arena/opponents/refresh: Find a fair match, opponents your hero wins 40–60% of the time by the honest
// odds, a set a day and another at each refresh (../fights/fair-matches.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArenaBody,
  ArenaResponse,
  LeaderboardQuery,
  LeaderboardResponse,
  OpponentsQuery,
  OpponentsRefreshBody,
  OpponentsResponse,
} from '../../api/arena.ts';
import { ErrorBody } from '../../api/common.ts';
import { SHOWN_FIGHT_REFUSALS } from '../../api/odds.ts';
import type { RouteOpts } from '../context.ts';
import { fightRoute, simulated } from '../fights/fights.ts';
import { fightDuel } from '../fights/kinds/arena.ts';
import { leaderboard } from '../fights/rating-store.ts';
import { fairMatches } from '../fights/fair-matches.ts';

const arena: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  app.post('/api/arena/battle', {
    config: { actsFor: ['body.user_id'] },
    ...fightRoute(ctx),
    schema: {
      operationId: 'fightArenaDuel',
      summary: 'Fight an arena duel',
      description:
        'One of the player’s heroes against another player’s hero or an NPC, resolved at once: the win chance, the roll, the story, the rewards and both heroes’ new ladder ratings (Glicko-2). With odds_key, a duel changed since those odds were shown (either hero) is a 409 with the new chance.',
      tags: ['arena'],
      body: ArenaBody,
      response: {
        200: ArenaResponse,
        ...SHOWN_FIGHT_REFUSALS,
      },
    },
    handler: async (req) => {
      const { user_id, attacker_hero_id, opponent_id, odds_key } = req.body;
      return fightDuel(ctx, {
        userId: user_id,
        attackerId: attacker_hero_id,
        opponentId: opponent_id,
        shown: odds_key,
      });
    },
  });

  app.get('/api/arena/leaderboard', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'getLeaderboard',
      summary: 'Read the arena ladder',
      tags: ['arena'],
      description:
        'Heroes and NPCs by conservative rating (rating − 2·rd), highest first, `limit` a page; pass next_cursor ' +
        "back as cursor for the next. With user_id, also that player's best heroes with their ranks (mine).",
      querystring: LeaderboardQuery,
      response: { 200: LeaderboardResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) =>
      leaderboard(db, { limit: req.query.limit, cursor: req.query.cursor, userId: req.query.user_id }),
  });

  const fairRoute = {
    response: {
      200: OpponentsResponse,
      400: ErrorBody,
      403: ErrorBody,
      404: ErrorBody,
      429: ErrorBody,
      503: ErrorBody,
    },
  };
  const fairLimit = ctx.rateLimits ? { rateLimit: { max: ctx.rateLimits.odds, timeWindow: '1 minute' } } : {};
  app.get('/api/arena/opponents', {
    schema: {
      operationId: 'findArenaOpponents',
      summary: 'Find fair arena opponents',
      tags: ['arena'],
      description:
        "Find a fair match: today's set of opponents for your hero whose duel it wins 40–60% of the time by the " +
        'honest odds (the estimate the duel then states and fights with): other players’ heroes and NPCs from the ' +
        'ladder, and sparring partners made for your hero where too few of them are fair. The same set all day ' +
        '(an opponent no longer fair is replaced); a new set on the next of your days, and at each refresh.',
      querystring: OpponentsQuery,
      ...fairRoute,
    },
    config: { actsFor: ['query.user_id'], ...fairLimit },
    handler: async (req) =>
      simulated(() =>
        fairMatches(db, ctx.odds, {
          userId: req.query.user_id,
          heroId: req.query.hero_id,
          limit: req.query.limit,
        }),
      ),
  });

  app.post('/api/arena/opponents/refresh', {
    schema: {
      operationId: 'refreshArenaOpponents',
      summary: 'Another set of fair arena opponents',
      tags: ['arena'],
      description:
        'Find a fair match again: the next set of the day for your hero, away from the set before it, by the ' +
        'same rule as GET /api/arena/opponents (which then answers this set for the rest of the day).',
      body: OpponentsRefreshBody,
      ...fairRoute,
    },
    config: { actsFor: ['body.user_id'], ...fairLimit },
    handler: async (req) =>
      simulated(() =>
        fairMatches(db, ctx.odds, {
          userId: req.body.user_id,
          heroId: req.body.hero_id,
          limit: req.body.limit,
          refresh: true,
        }),
      ),
  });
};

export default arena;
