// POST /api/arena/battle: a 1v1 duel between your hero and another player's hero or an NPC, resolved at once.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArenaBody, ArenaResponse } from '../../api/arena.ts';
import { FIGHT_REFUSALS } from '../../api/common.ts';
import type { RouteOpts } from '../context.ts';
import { badRequest, MESSAGES, notFound } from '../errors.ts';
import { fightNow, fightRoute } from '../fights.ts';
import { findHero, ownHero } from '../hero-store.ts';
import type { Hero } from '../../game/types.ts';
import type { Db } from '../wallet.ts';

/** A duel's two sides: the player's own hero and an opponent that is not theirs (the fight and GET /api/odds). */
export async function arenaSides(
  db: Db,
  userId: string,
  attackerId: string,
  opponentId: string,
): Promise<{ attacker: Hero; opponent: Hero }> {
  const attacker = await ownHero(db, attackerId, userId);
  const opponent = await findHero(db, opponentId);
  if (!opponent) throw notFound(MESSAGES.heroNotFound);
  if (opponent.hero.user_id === userId)
    throw badRequest('Choose an opponent that is not one of your own heroes');
  return { attacker: attacker.hero, opponent: opponent.hero };
}

const arena: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  app.post('/api/arena/battle', {
    ...fightRoute(ctx),
    schema: {
      tags: ['arena'],
      body: ArenaBody,
      response: {
        200: ArenaResponse,
        ...FIGHT_REFUSALS,
      },
    },
    handler: async (req) => {
      const { user_id, attacker_hero_id, opponent_id } = req.body;
      const { attacker, opponent } = await arenaSides(db, user_id, attacker_hero_id, opponent_id);
      return fightNow(ctx, {
        kind: 'arena',
        userId: user_id,
        team: [attacker],
        enemies: [opponent],
        location: 'Arena',
        rewards: { enemyLevel: opponent.level },
      });
    },
  });
};

export default arena;
