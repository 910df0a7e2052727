// An arena duel: one of the player's heroes against another player's hero or an NPC, fought at once (POST
// /api/arena/battle); both heroes' ladder ratings move (Glicko-2) and a win pays arena_reward under the repeat-win
// rule (rating-store.ts).
import type { OddsQuery } from '../../../api/odds.ts';
import { ARENA_PICK_BOTH } from '../../../api/arena.ts';
import type { Hero } from '../../../game/types.ts';
import { levelEquivalent } from '../../../game/training.ts';
import type { Ctx } from '../../context.ts';
import { badRequest, MESSAGES, notFound } from '../../foundation/errors.ts';
import type { Db } from '../../economy/wallet.ts';
import { findHero, ownHero } from '../../heroes/hero-store.ts';
import { sideKey, type FightPlan } from '../fight-plans.ts';
import { checkShownOdds } from '../fight-odds.ts';
import { fightNow } from '../fights.ts';
import { repeatWin, settleDuel } from '../rating-store.ts';

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

/** An arena duel: the player's hero against another player's hero or an NPC. */
export function arenaPlan(attacker: Hero, opponent: Hero): FightPlan {
  return {
    kind: 'arena',
    team: [attacker],
    enemies: [opponent],
    location: 'Arena',
    rewards: { enemyLevel: levelEquivalent(opponent) },
    key: `arena:${sideKey([opponent])}:${sideKey([attacker])}`,
    keyed: [attacker, opponent],
    steered: false,
    // A win over an opponent beaten lately pays as the repeat-win rule says.
    explain: async (db, userId, { own }) => {
      const { rewards, repeat } = await repeatWin(db, userId, opponent.id, own);
      return { win_rewards: rewards, repeat_win: repeat };
    },
  };
}

/** GET /api/odds?kind=arena: the duel of hero_id against opponent_id. */
export async function oddsPlan(ctx: Ctx, q: OddsQuery): Promise<FightPlan> {
  if (!q.hero_id || !q.opponent_id) throw badRequest(ARENA_PICK_BOTH);
  const { attacker, opponent } = await arenaSides(ctx.store.db, q.user_id, q.hero_id, q.opponent_id);
  return arenaPlan(attacker, opponent);
}

/** Fights the duel at once: the result with both heroes' new ratings. `shown`: the odds_key the player was shown. */
export async function fightDuel(
  ctx: Ctx,
  o: { userId: string; attackerId: string; opponentId: string; shown?: string },
) {
  const { attacker, opponent } = await arenaSides(ctx.store.db, o.userId, o.attackerId, o.opponentId);
  const plan = arenaPlan(attacker, opponent);
  await checkShownOdds(ctx, o.userId, plan, o.shown);
  return fightNow(ctx, plan, o.userId, {
    reason: 'arena_reward',
    settle: (trx, { won, battleId }, rewards) =>
      settleDuel(trx, { userId: o.userId, attacker, opponent, won, battleId }, rewards),
  });
}
