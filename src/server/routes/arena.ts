// POST /api/arena/battle: a 1v1 duel between your hero and another player's hero or an NPC, resolved at once.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArenaBody, ArenaResponse } from '../../api/arena.ts';
import { ErrorBody } from '../../api/common.ts';
import type { RouteOpts } from '../context.ts';
import { badRequest, MESSAGES, notFound } from '../errors.ts';
import { fightNow, fightRoute } from '../fights.ts';
import { findHero, ownHero } from '../hero-store.ts';

const arena: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  app.post('/api/arena/battle', {
    ...fightRoute(ctx),
    schema: {
      tags: ['arena'],
      body: ArenaBody,
      response: {
        200: ArenaResponse,
        400: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
        429: ErrorBody,
        503: ErrorBody,
      },
    },
    handler: async (req) => {
      const { user_id, attacker_hero_id, opponent_id } = req.body;
      const attacker = await ownHero(db, attacker_hero_id, user_id);
      const opponent = await findHero(db, opponent_id);
      if (!opponent) throw notFound(MESSAGES.heroNotFound);
      if (opponent.hero.user_id === user_id)
        throw badRequest('Choose an opponent that is not one of your own heroes');
      return fightNow(ctx, {
        kind: 'arena',
        userId: user_id,
        team: [attacker.hero],
        enemies: [opponent.hero],
        location: 'Arena',
        rewards: { enemyLevel: opponent.hero.level },
      });
    },
  });
};

export default arena;
