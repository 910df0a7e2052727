// The campaign and idle income: GET /api/campaign, POST /api/campaign/stages/{stageId}/battle (a fight of its kind,
// ../fights/kinds/campaign.ts: mode 'turn_based' (default) or 'auto', as team battles are), GET /api/idle and POST
// /api/idle/claim. The rules over the store are ../fights/campaign-progress.ts; the stage's win chance before the
// fight is GET /api/odds?kind=campaign (routes/odds.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import { SHOWN_FIGHT_REFUSALS } from '../../api/odds.ts';
import { CreateBattleResponse } from '../../api/battles.ts';
import {
  CampaignQuery,
  CampaignResponse,
  IdleClaimBody,
  IdleClaimResponse,
  IdleView,
  StageBattleBody,
  StageParams,
} from '../../api/campaign.ts';
import type { RouteOpts } from '../context.ts';
import { fightRoute } from '../fights/fights.ts';
import { fightStage } from '../fights/kinds/campaign.ts';
import { campaignView, claimIdle, idleView } from '../fights/campaign-progress.ts';

const campaign: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;

  app.get('/api/campaign', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getCampaign',
      summary: 'Read the campaign as the player stands in it',
      tags: ['campaign'],
      description:
        'Every chapter and stage (id, status locked/open/cleared, recommended team power, its foes, what the first ' +
        'clear pays and whether it was paid, what it opens), the stages cleared, the ' +
        "player's strongest team power, the order in which stages open the dungeons and the arena, and idle income.",
      querystring: CampaignQuery,
      response: { 200: CampaignResponse, 404: ErrorBody },
    },
    handler: async (req) => campaignView(db, req.query.user_id),
  });

  app.post('/api/campaign/stages/:stageId/battle', {
    config: { actsFor: ['body.user_id'] },
    ...fightRoute(ctx),
    schema: {
      operationId: 'fightCampaignStage',
      summary: 'Fight a campaign stage',
      tags: ['campaign'],
      description:
        "Fights the stage's fixed foes with the player's team, as team battles are (POST /api/battles): mode " +
        "'turn_based' (default) answers the battle state, 'auto' the result at once. Its win chance is stated first " +
        'by GET /api/odds?kind=campaign&stage_id=…&team=…. A win pays a little (campaign_reward); the first clear ' +
        'pays its reward once (campaign_first_clear, in `campaign.first_clear`). A stage not open — the one before ' +
        'not cleared — is a 409 saying which. With odds_key, a team changed since ' +
        'those odds were shown is a 409 with the new chance.',
      params: StageParams,
      body: StageBattleBody,
      response: { 200: CreateBattleResponse, 201: CreateBattleResponse, ...SHOWN_FIGHT_REFUSALS },
    },
    handler: async (req, reply) => {
      const { user_id, team_hero_ids, mode, odds_key } = req.body;
      const fought = await fightStage(ctx, {
        userId: user_id,
        stageId: req.params.stageId,
        teamIds: team_hero_ids,
        mode,
        shown: odds_key,
        request: req,
      });
      return reply.code(201).send(fought);
    },
  });

  app.get('/api/idle', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getIdleIncome',
      summary: 'Read the player’s idle income',
      tags: ['campaign'],
      description:
        'What has accrued since the last claim (or the first clear) at the furthest cleared stage’s hourly rate, ' +
        'when it will be full (full_at) and the cap in hours; nothing accrues past the cap.',
      querystring: CampaignQuery,
      response: { 200: IdleView, 404: ErrorBody },
    },
    handler: async (req) => idleView(db, req.query.user_id),
  });

  app.post('/api/idle/claim', {
    // A claim pays: a retry with the same Idempotency-Key answers the first answer (idempotency.ts).
    config: { actsFor: ['body.user_id'], idempotent: true },
    schema: {
      operationId: 'claimIdleIncome',
      summary: 'Claim idle income',
      tags: ['campaign'],
      description:
        'Pays what has accrued, once — gold and essence to the player, xp to each hero of their last winning ' +
        'campaign team — and starts accruing again. Nothing accrued (or claimed just before) is a 409.',
      body: IdleClaimBody,
      response: { 200: IdleClaimResponse, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => claimIdle(db, req.body.user_id),
  });
};

export default campaign;
