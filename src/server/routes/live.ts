// Live play over HTTP: challenges (POST/GET /api/challenges, POST /api/challenges/:id/accept | decline | cancel, GET
// /api/challenges/:id) and matches (GET /api/matches/:id, POST /api/matches/:id/choices | forfeit). The rules live
// in ../fights/challenges.ts and ../fights/live-matches.ts; these only route.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import {
  AcceptChallengeBody,
  AcceptChallengeResponse,
  Challenge,
  ChallengeActorBody,
  ChallengeParams,
  ChallengesQuery,
  ChallengesResponse,
  ChoicesBody,
  ChoicesResponse,
  CreateChallengeBody,
  ForfeitBody,
  MatchQuery,
  MatchView,
} from '../../api/live.ts';
import type { RouteOpts } from '../context.ts';
import {
  acceptChallenge,
  cancelChallenge,
  createChallenge,
  declineChallenge,
  listChallenges,
  readChallenge,
} from '../fights/challenges.ts';
import { chooseInMatch, forfeitMatch, readMatch } from '../fights/live-matches.ts';

const REFUSALS = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const live: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;

  app.post('/api/challenges', {
    schema: {
      operationId: 'createChallenge',
      summary: 'Challenge a player to a live match',
      description:
        'A challenge with 1–4 of your heroes, to a named player or (no opponent_id) as an open link anyone else may ' +
        'accept. It lapses after 10 minutes. Answers its honest chance against the opponent’s strongest team of that size.',
      tags: ['live'],
      body: CreateChallengeBody,
      response: { 201: Challenge, ...REFUSALS, 503: ErrorBody },
    },
    handler: async (req, reply) => {
      const c = await createChallenge(ctx, {
        userId: req.body.user_id,
        heroIds: req.body.hero_ids,
        opponentId: req.body.opponent_id,
      });
      return reply.code(201).send(c);
    },
  });

  app.get('/api/challenges', {
    schema: {
      operationId: 'listChallenges',
      summary: 'Your challenges: to you, and yours',
      description: 'Open challenges to the player (newest first), and the player’s own of the last day.',
      tags: ['live'],
      querystring: ChallengesQuery,
      response: { 200: ChallengesResponse, 404: ErrorBody },
    },
    handler: async (req) => listChallenges(db, req.query.user_id),
  });

  app.get('/api/challenges/:id', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'getChallenge',
      summary: 'Read a challenge',
      description: 'A challenge as its page shows it: the challenger, their team, its state and expiry.',
      tags: ['live'],
      params: ChallengeParams,
      response: { 200: Challenge, 404: ErrorBody },
    },
    handler: async (req) => readChallenge(db, req.params.id),
  });

  app.post('/api/challenges/:id/accept', {
    schema: {
      operationId: 'acceptChallenge',
      summary: 'Accept a challenge',
      description:
        'Accepts with as many of your heroes as the challenger named; the match opens. One’s own, an expired, a ' +
        'declined, a cancelled or an already accepted challenge: 409.',
      tags: ['live'],
      params: ChallengeParams,
      body: AcceptChallengeBody,
      response: { 200: AcceptChallengeResponse, ...REFUSALS },
    },
    handler: async (req) =>
      acceptChallenge(ctx, { id: req.params.id, userId: req.body.user_id, heroIds: req.body.hero_ids }),
  });

  app.post('/api/challenges/:id/decline', {
    schema: {
      operationId: 'declineChallenge',
      summary: 'Decline a challenge made to you',
      description: 'Declines an open challenge named to you.',
      tags: ['live'],
      params: ChallengeParams,
      body: ChallengeActorBody,
      response: { 200: Challenge, ...REFUSALS },
    },
    handler: async (req) => declineChallenge(db, req.params.id, req.body.user_id),
  });

  app.post('/api/challenges/:id/cancel', {
    schema: {
      operationId: 'cancelChallenge',
      summary: 'Cancel your challenge',
      description: 'Cancels your own challenge while it is open.',
      tags: ['live'],
      params: ChallengeParams,
      body: ChallengeActorBody,
      response: { 200: Challenge, ...REFUSALS },
    },
    handler: async (req) => cancelChallenge(db, req.params.id, req.body.user_id),
  });

  app.get('/api/matches/:id', {
    schema: {
      operationId: 'getMatch',
      summary: 'Read a live match',
      description:
        'The match as it stands: its turn and version, both sides (heroes, who acts this turn, whether each has ' +
        'chosen — never what —, clocks) and the log. With user_id, a player of it, their acting heroes’ options.',
      tags: ['live'],
      params: ChallengeParams,
      querystring: MatchQuery,
      response: { 200: MatchView, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => readMatch(db, ctx.live, req.params.id, req.query.user_id),
  });

  app.post('/api/matches/:id/choices', {
    schema: {
      operationId: 'chooseInMatch',
      summary: 'Choose your heroes’ actions for this turn',
      description:
        'One action for each of your heroes acting this turn. Kept — and changeable — until the other side has ' +
        'chosen too; then the turn is played. A turn already played or not yet begun: 409.',
      tags: ['live'],
      params: ChallengeParams,
      body: ChoicesBody,
      response: { 202: ChoicesResponse, ...REFUSALS },
    },
    handler: async (req, reply) => {
      const r = await chooseInMatch(db, ctx.live, {
        id: req.params.id,
        userId: req.body.user_id,
        turn: req.body.turn,
        actions: req.body.actions,
      });
      return reply.code(202).send(r);
    },
  });

  app.post('/api/matches/:id/forfeit', {
    schema: {
      operationId: 'forfeitMatch',
      summary: 'Leave a live match',
      description:
        'Before both sides have chosen on turn 1 the match is aborted; after, it is lost to the other side.',
      tags: ['live'],
      params: ChallengeParams,
      body: ForfeitBody,
      response: { 200: MatchView, ...REFUSALS },
    },
    handler: async (req) => forfeitMatch(db, ctx.live, { id: req.params.id, userId: req.body.user_id }),
  });
};

export default live;
