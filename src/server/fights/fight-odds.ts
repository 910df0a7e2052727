// A fight's odds as the player is shown them, made from its plan (fight-plans.ts): the answer of GET /api/odds
// (routes/odds.ts) — the chance from the pool (odds-pool.ts, a function of the matchup), who it is against, the key
// it is for and what a win pays, by the functions the fight pays with (winPay, the repeat-win rule,
// turnBasedWinPay) — and the check every fight route makes against the key the player was shown (`odds_key`): a fight
// that changed since (another device fought, a hero levelled) fights nothing and answers 409 with the new chance, so
// the chance on screen is the one fought.
import type { OddsResponse } from '../../api/odds.ts';
import { oddsChanged } from '../../api/rules.ts';
import { withFightingStats } from '../../game/battle/compile.ts';
import type { Hero, Rewards } from '../../game/types.ts';
import type { Ctx } from '../context.ts';
import { Refusal } from '../foundation/errors.ts';
import { simulated } from './fights.ts';
import { addRewards, lossStakeOf, turnBasedWinPay, winPay, type FightPlan } from './fight-plans.ts';

/**
 * What a win pays, as the fight will pay it: a boss floor's clear bonus added; a fight that may be steered, at the
 * least (played at once) and per minute of play; and what its kind adds (the plan's explain: an arena win's
 * repeat-win rule answers its pay).
 */
async function winRewards(ctx: Ctx, userId: string, plan: FightPlan, probability: number) {
  const { own, bonus } = winPay(plan, probability);
  const steered = (playedSeconds: number) =>
    turnBasedWinPay(plan.kind, { probability, teamSize: plan.team.length, ...plan.rewards, playedSeconds });
  const least = steered(0);
  return {
    win_rewards: bonus ? addRewards(own, bonus) : own,
    ...(plan.steered && {
      win_rewards_turn_based: bonus ? addRewards(least, bonus) : least,
      turn_based_per_minute: subtractRewards(steered(60), least),
    }),
    ...(await plan.explain?.(ctx.store.db, userId, { own, bonus })),
  };
}

const subtractRewards = (a: Rewards, b: Rewards): Rewards => ({
  gold: a.gold - b.gold,
  xp_per_hero: a.xp_per_hero - b.xp_per_hero,
  magic_essence: a.magic_essence - b.magic_essence,
  combat_tokens: a.combat_tokens - b.combat_tokens,
});

/** Each stored hero of the fight (the team; an opponent that is a player's hero or an NPC row) with its version. */
const versionsOf = (heroes: Hero[]) =>
  Object.fromEntries(heroes.filter((h) => h.version !== undefined).map((h) => [h.id, h.version!]));

/** The fight's odds as GET /api/odds answers them: the chance it will state, whom it meets, what a win pays. */
export async function fightOdds(ctx: Ctx, userId: string, plan: FightPlan): Promise<OddsResponse> {
  const { team, enemies } = plan;
  const estimate = await simulated(() => ctx.odds.estimate(team, enemies));
  return {
    kind: plan.kind,
    probability: estimate.probability,
    samples: estimate.samples,
    key: plan.key,
    versions: versionsOf(plan.keyed),
    loss_stake: lossStakeOf(plan, team.length, estimate.probability),
    team_hero_ids: team.map((h) => h.id),
    enemies: enemies.map(withFightingStats),
    location: plan.location,
    ...(await winRewards(ctx, userId, plan, estimate.probability)),
  };
}

/**
 * Refuses the fight (409, nothing fought or written) when the player was shown another chance than this plan's:
 * `shown` is the request's odds_key, and a request without one is fought as it is. The refusal carries the new
 * chance, the odds answer as GET /api/odds gives it now (ChangedOdds in src/api/odds.ts).
 */
export async function checkShownOdds(
  ctx: Ctx,
  userId: string,
  plan: FightPlan,
  shown: string | undefined,
): Promise<void> {
  if (shown === undefined || shown === plan.key) return;
  const now = await fightOdds(ctx, userId, plan);
  throw new Refusal(409, oddsChanged(now.probability), undefined, false, { ...now, odds_key: now.key });
}
