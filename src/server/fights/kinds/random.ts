// A random battle: the player's team against their stored next encounter (random-foes.ts), the one GET /api/odds
// showed; fighting it draws the next. Fought at once or turn by turn (POST /api/battles); a win pays battle_reward.
import type { BattleResult } from '../../../api/common.ts';
import type { OddsQuery } from '../../../api/odds.ts';
import type { Hero } from '../../../game/types.ts';
import type { Ctx } from '../../context.ts';
import { ownTeam } from '../../heroes/hero-store.ts';
import { highestLevel, sideKey, teamOf, type FightEnd, type FightPlan } from '../fight-plans.ts';
import { checkShownOdds } from '../fight-odds.ts';
import { fightNow } from '../fights.ts';
import { drawNextEncounter, nextEncounter, randomFoes } from '../random-foes.ts';
import { openTurnBattle, type TurnKind } from '../turn-battle-store.ts';
import { openedView } from '../battle-view.ts';

const END: FightEnd = { reason: 'battle_reward' };

/** The player's next random battle: their stored encounter (`band`) at the team's size and level. */
export function randomPlan(team: Hero[], band: number): FightPlan {
  const { enemies, location } = randomFoes(team, band);
  return {
    kind: 'random',
    team,
    enemies,
    location,
    rewards: { enemyLevel: highestLevel(enemies) },
    key: `random:encounter ${band}:${sideKey(team)}`,
    keyed: team,
    steered: true,
    explain: async () => ({ encounter: band }),
  };
}

/** GET /api/odds?kind=random: the next random battle of `team`. */
export async function oddsPlan(ctx: Ctx, q: OddsQuery): Promise<FightPlan> {
  const team = await teamOf(ctx, q);
  return randomPlan(team, await nextEncounter(ctx.store.db, q.user_id));
}

/**
 * Fights the player's next random battle with `teamIds`: at once (the result), or opened to be steered (its first
 * view); either draws the next encounter in the fight's transaction. `shown`: the odds_key the player was shown.
 */
export async function fightRandom(
  ctx: Ctx,
  o: { userId: string; teamIds: string[]; mode: 'auto' | 'turn_based'; shown?: string },
) {
  const { db } = ctx.store;
  const team = (await ownTeam(db, o.teamIds, o.userId)).map((s) => s.hero);
  const band = await nextEncounter(db, o.userId);
  const plan = randomPlan(team, band);
  await checkShownOdds(ctx, o.userId, plan, o.shown);
  let drawn: number | null = null; // the encounter this fight drew next (the transaction's last run)
  const draw = async (trx: Parameters<typeof drawNextEncounter>[0]) => {
    drawn = await drawNextEncounter(trx, o.userId, band);
  };
  if (o.mode === 'auto') {
    const result: BattleResult = await fightNow(ctx, plan, o.userId, { ...END, guard: draw });
    if (drawn !== null) void warmNext(ctx, o, result.level_ups.length > 0 ? null : team, drawn);
    return { ...result, kind: 'auto' as const };
  }
  return openedView(await openTurnBattle(ctx, plan, o.userId, { guard: draw }), plan.location);
}

/**
 * The team's next encounter (`band`, drawn by the fight), estimated while the player reads this result
 * (OddsPool.warm: only with a thread to spare), so the odds read before the next fight finds it made. `team`: the
 * team as it fought, which fights as it will next unless a hero levelled up (null: read again, as the fight left it).
 */
async function warmNext(
  ctx: Ctx,
  o: { userId: string; teamIds: string[] },
  team: Hero[] | null,
  band: number,
): Promise<void> {
  try {
    const next = team ?? (await ownTeam(ctx.store.db, o.teamIds, o.userId)).map((s) => s.hero);
    const plan = randomPlan(next, band);
    ctx.odds.warm(plan.team, plan.enemies);
  } catch {
    // the team changed meanwhile (a hero dismissed): the next read says so
  }
}

/** A random battle fought turn by turn: any battle no other kind keeps data for (kinds/index.ts asks it last). */
export const randomTurn: TurnKind = {
  kind: 'random',
  owns: () => true,
  pay: () => ({}),
  end: () => END,
};
