// The daily layer: GET /api/daily (the player's day: quests, bonus, calendar, reset) and POST /api/daily/claim (one
// reward, paid once). The rules are ../economy/daily-progress.ts; the day's zone and hour are PATCH /api/users/{id} (users.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import { ClaimBody, ClaimResponse, DailyQuery, DailyResponse } from '../../api/daily.ts';
import type { RouteOpts } from '../context.ts';
import { claimDaily, dailyView } from '../economy/daily-progress.ts';

const daily: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;

  app.get('/api/daily', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getDaily',
      summary: 'Read the player’s day: quests, bonus, calendar',
      tags: ['daily'],
      description:
        "The player's day: its three quests (kind, goal, progress counted by the server), the bonus for all three, " +
        'the 7-day login calendar, and when the day resets (resets_at, in their time_zone at reset_hour). ' +
        'Unfinished quests lapse at the reset, with nothing lost.',
      querystring: DailyQuery,
      response: { 200: DailyResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => dailyView(db, req.query.user_id),
  });

  app.post('/api/daily/claim', {
    // A claim pays: a retry with the same Idempotency-Key answers the first answer (idempotency.ts).
    config: { actsFor: ['body.user_id'], idempotent: true },
    schema: {
      operationId: 'claimDailyReward',
      summary: 'Claim a daily reward',
      tags: ['daily'],
      description:
        "Claims one reward of the player's day — a quest (its id), 'bonus' or 'calendar' — and answers it with the " +
        'new balances. Each pays once a day: a repeat, or a reward not yet earned, is a 409 saying which.',
      body: ClaimBody,
      response: { 200: ClaimResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => claimDaily(db, req.body.user_id, req.body.claim),
  });
};

export default daily;
