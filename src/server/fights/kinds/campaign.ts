// A campaign stage: its fixed foes (src/game/campaign.ts stageFoes) against the player's team, open once the stage
// before is cleared (campaign-progress.ts checkStageOpen, checked again in the fight's transaction). Fought at once
// or turn by turn (POST /api/campaign/stages/{id}/battle); a win pays campaign_reward and records the stage, whose
// first clear pays once (campaign-progress.ts recordStageWin).
import type { OddsQuery } from '../../../api/odds.ts';
import { stageFoes, STAGES_BY_ID, type StageDef } from '../../../game/index.ts';
import type { Hero } from '../../../game/types.ts';
import type { Ctx } from '../../context.ts';
import { badRequest } from '../../foundation/errors.ts';
import { ownTeam } from '../../heroes/hero-store.ts';
import {
  checkStageOpen,
  firstClearDue,
  recordStageWin,
  stageById,
  stageOpenIn,
  stageUnchanged,
  type Progress,
} from '../campaign-progress.ts';
import type { Trx } from '../../economy/wallet.ts';
import { highestLevel, sideKey, teamOf, type FightEnd, type FightPlan } from '../fight-plans.ts';
import { checkShownOdds } from '../fight-odds.ts';
import { fightNow } from '../fights.ts';
import { openTurnBattle, type TurnKind } from '../turn-battle-store.ts';
import { openedView } from '../battle-view.ts';

/** A campaign stage fought by `team`. */
export function campaignPlan(stage: StageDef, team: Hero[]): FightPlan {
  const enemies = stageFoes(stage);
  return {
    kind: 'campaign',
    team,
    enemies,
    location: `${stage.id} ${stage.name}`,
    rewards: { enemyLevel: highestLevel(enemies) },
    key: `campaign:${stage.id}:${sideKey(team)}`,
    keyed: team,
    steered: true,
    explain: async (db, userId) => ({ first_clear: await firstClearDue(db, userId, stage) }),
  };
}

/** GET /api/odds?kind=campaign: `stage_id` fought by `team`. */
export async function oddsPlan(ctx: Ctx, q: OddsQuery): Promise<FightPlan> {
  if (!q.stage_id) throw badRequest('Give stage_id (with team)');
  const stage = stageById(q.stage_id);
  return campaignPlan(stage, await teamOf(ctx, q));
}

/**
 * How a fight of `stage` ends: still open (guard), and won, recorded with its first clear paid; else unchanged — from
 * the progress the guard read in the same transaction.
 */
function stageEnd(
  stage: StageDef,
  userId: string,
): FightEnd<{ campaign: Awaited<ReturnType<typeof stageUnchanged>> }> {
  let read: { trx: Trx; progress: Progress } | null = null;
  return {
    reason: 'campaign_reward',
    guard: async (trx) => {
      read = { trx, progress: await stageOpenIn(trx, userId, stage) };
    },
    settle: async (trx, { won, battleId, teamIds }, rewards) => {
      const known = read?.trx === trx ? read.progress : undefined;
      return {
        rewards,
        extra: {
          campaign: won
            ? await recordStageWin(trx, userId, stage, teamIds, battleId, known)
            : await stageUnchanged(trx, userId, stage, known),
        },
      };
    },
  };
}

/**
 * Fights `stageId` with `teamIds`: at once (the result), or opened to be steered (its first view, saying where the
 * player stands in the campaign). A stage not open is a 409. `shown`: the odds_key the player was shown.
 */
export async function fightStage(
  ctx: Ctx,
  o: {
    userId: string;
    stageId: string;
    teamIds: string[];
    mode: 'auto' | 'turn_based';
    shown?: string;
    /** the request: its player guard's read of the player serves the stage's check */
    request?: object;
  },
) {
  const { db } = ctx.store;
  const stage = stageById(o.stageId);
  const team = (await ownTeam(db, o.teamIds, o.userId)).map((s) => s.hero);
  await checkStageOpen(ctx.store, o.userId, stage, o.request);
  const plan = campaignPlan(stage, team);
  await checkShownOdds(ctx, o.userId, plan, o.shown);
  const end = stageEnd(stage, o.userId);
  if (o.mode === 'auto') return { ...(await fightNow(ctx, plan, o.userId, end)), kind: 'auto' as const };
  const opened = await openTurnBattle(ctx, plan, o.userId, {
    keeps: { campaign: { stage_id: stage.id } },
    guard: end.guard && ((trx) => end.guard!(trx, false)),
  });
  return openedView(opened, plan.location, { campaign: await stageUnchanged(db, o.userId, stage) });
}

/** A stage fought turn by turn: the battle keeps which. */
export const campaignTurn: TurnKind = {
  kind: 'campaign',
  // a stage no longer in the campaign is paid as a random battle
  owns: (stored) => !!stored.campaign && STAGES_BY_ID.has(stored.campaign.stage_id),
  pay: () => ({}),
  // recorded where it is paid; the stage was open when it began
  end: (stored, userId) => ({
    ...stageEnd(STAGES_BY_ID.get(stored.campaign!.stage_id)!, userId),
    guard: undefined,
  }),
};
