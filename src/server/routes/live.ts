// Live play over HTTP: challenges (POST/GET /api/challenges, POST /api/challenges/:id/accept | decline | cancel, GET
// /api/challenges/:id) and matches (GET /api/matches/:id, POST /api/matches/:id/choices | forfeit). The rules live
// in ../fights/challenges.ts and ../fights/live-matches.ts; these only route.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  LiveClientMessage,
  LiveLeaderboardQuery,
  LiveLeaderboardResponse,
  LiveQuery,
  RematchResponse,
  type LiveServerMessage,
  MatchQuery,
  MatchView,
} from '../../api/live.ts';
import type { WebSocket } from 'ws';
import type { Ctx, RouteOpts } from '../context.ts';
import { Refusal } from '../foundation/errors.ts';
import {
  acceptChallenge,
  cancelChallenge,
  createChallenge,
  declineChallenge,
  listChallenges,
  readChallenge,
  rematch,
} from '../fights/challenges.ts';
import { liveLeaderboard } from '../fights/kinds/live.ts';
import {
  catchUp,
  chooseInMatch,
  forfeitMatch,
  matchRole,
  playerPresence,
  readMatch,
} from '../fights/live-matches.ts';
import { memberOf, roleIn } from '../guilds/guild-store.ts';

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
    handler: async (req) => declineChallenge(ctx, req.params.id, req.body.user_id),
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
    handler: async (req) => cancelChallenge(ctx, req.params.id, req.body.user_id),
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
      const match = await readMatch(db, ctx.live, req.params.id, req.body.user_id);
      return reply.code(202).send({ ...r, match });
    },
  });

  app.route({
    method: 'GET',
    url: '/api/live',
    schema: {
      // OpenAPI cannot describe a WebSocket: docs/api.md "Live play" does (tests/api/api-document.test.ts SOCKETS).
      hide: true,
      operationId: 'liveSocket',
      summary: 'The live socket (WebSocket)',
      description:
        'One socket a tab: challenges made to the player, the matches it watches (each version once, in order; ' +
        'who has chosen, never what) and choices, and new messages on the boards of the guilds it watches. Messages: ' +
        'docs/api.md "Live play". A plain GET is answered 426.',
      tags: ['live'],
      querystring: LiveQuery,
      response: {
        101: z.null().describe('Switching Protocols: the socket is open'),
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
        426: ErrorBody,
      },
    },
    handler: async (_req, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({ error: 'This address is a WebSocket: open one to it.' }),
    wsHandler: (socket, req) => openLiveSocket(ctx, socket, req.query.user_id),
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

  app.post('/api/matches/:id/rematch', {
    schema: {
      operationId: 'rematch',
      summary: 'Ask for a rematch',
      description:
        'Once the match is over, either player asks; when both have, the rematch opens with the same heroes on each ' +
        'side and its id is answered (to the second ask, and to any ask after).',
      tags: ['live'],
      params: ChallengeParams,
      body: ForfeitBody,
      response: { 200: RematchResponse, ...REFUSALS, 503: ErrorBody },
    },
    handler: async (req) => rematch(ctx, { id: req.params.id, userId: req.body.user_id }),
  });

  app.get('/api/live/leaderboard', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'liveLeaderboard',
      summary: 'The live ladder',
      description:
        'Players who have played a live match, by live rating (Glicko-2; apart from the arena’s hero ladder).',
      tags: ['live'],
      querystring: LiveLeaderboardQuery,
      response: { 200: LiveLeaderboardResponse },
    },
    handler: async (req) => liveLeaderboard(db, req.query.limit),
  });
};

/** The largest message a client may send (a choice is far smaller); larger ones are answered with an error. */
export const LIVE_MESSAGE_MAX = 64 * 1024;
/** Messages a socket may send a second (a bucket that refills): past it, each is answered with an error. */
const MESSAGES_PER_SECOND = 20;
/** The server pings every socket this often (deploy/nginx.conf's read timeout is past it). */
const PING_MS = 25_000;

/**
 * One player's socket: the challenges made to them, and each match it watches — every version after the one it
 * saw, once and in order (catchUp reads them from the database, so a note the bus lost or doubled costs nothing),
 * who has chosen (never what) — and their choices, as POST …/choices takes them. A message it cannot take is
 * answered with an error and changes nothing; nothing a socket sends can close another.
 */
function openLiveSocket(ctx: Ctx, socket: WebSocket, userId: string | undefined): void {
  const { db } = ctx.store;
  const seen = new Map<string, number>();
  /** the guilds whose boards this socket watches (watch_guild: its player a member of each) */
  const guilds = new Set<string>();
  /** the matches this socket watches, as a player of each or a spectator: counted while it is open */
  const roles = new Map<string, 'player' | 'spectator'>();
  const join = async (matchId: string) => {
    if (roles.has(matchId)) return;
    const role = await matchRole(db, matchId, userId);
    if (!role || roles.has(matchId) || socket.readyState !== socket.OPEN) return;
    roles.set(matchId, role);
    if (role === 'player') await playerPresence(db, ctx.live, { id: matchId, userId: userId!, delta: 1 });
    else spectating(matchId, 1);
  };
  /** A spectator comes or goes: counted, and every socket on the match told (a state: the count shown). */
  const spectating = (matchId: string, delta: 1 | -1) => {
    ctx.live.bus.watched(matchId, delta);
    ctx.live.bus.publish({ kind: 'refresh', match_id: matchId });
  };
  let queue = Promise.resolve();
  const inOrder = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((err: unknown) => {
      // a refusal is the player's to read; anything else is ours, and logged (it was swallowed)
      if (!(err instanceof Refusal)) ctx.live.warn(err, 'a live socket message failed');
      send({ type: 'error', error: refusalText(err) });
    });
  };
  const send = (m: LiveServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
  };
  const bring = (matchId: string, since: number | null) =>
    inOrder(async () => {
      await join(matchId);
      const known = seen.get(matchId);
      const from = known === undefined ? since : Math.max(known, since ?? known);
      const r = await catchUp(db, ctx.live, matchId, from, userId);
      for (const m of r.messages) send(m);
      seen.set(matchId, r.version);
    });
  const stop = ctx.live.bus.subscribe((note) => {
    if (note.kind === 'challenge' && note.user_id === userId)
      inOrder(async () => send({ type: 'challenge', challenge: await readChallenge(db, note.challenge_id) }));
    else if (note.kind === 'chosen' && seen.has(note.match_id))
      inOrder(async () =>
        send({ type: 'chosen', match_id: note.match_id, turn: note.turn, user_id: note.user_id }),
      );
    else if (note.kind === 'match' && seen.has(note.match_id)) bring(note.match_id, null);
    else if (note.kind === 'refresh' && seen.has(note.match_id))
      inOrder(async () => {
        // a change without a version (presence, a rematch asked): the state at the version the socket has seen
        const match = await readMatch(db, ctx.live, note.match_id, userId);
        if (match.version === seen.get(note.match_id))
          send({ type: 'state', match_id: match.id, version: match.version, match });
        else bring(note.match_id, null);
      });
    else if (note.kind === 'guild_message' && guilds.has(note.guild_id))
      inOrder(async () => {
        // a member still (one removed meanwhile hears no more of the guild)
        if (await roleIn(db, note.guild_id, userId!))
          send({ type: 'guild_message', guild_id: note.guild_id, message_id: note.message_id });
        else guilds.delete(note.guild_id);
      });
  });
  let tokens = MESSAGES_PER_SECOND;
  let filled = performance.now(); // (a duration: the monotonic clock, not the game's)
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    const now = performance.now();
    tokens = Math.min(MESSAGES_PER_SECOND, tokens + ((now - filled) / 1000) * MESSAGES_PER_SECOND);
    filled = now;
    if (tokens < 1)
      return send({ type: 'error', error: `Too many messages: at most ${MESSAGES_PER_SECOND} a second.` });
    tokens--;
    if (isBinary || data.length > LIVE_MESSAGE_MAX)
      return send({
        type: 'error',
        error: `A message is JSON text of at most ${LIVE_MESSAGE_MAX / 1024} KB.`,
      });
    let parsed: ReturnType<typeof LiveClientMessage.safeParse>;
    try {
      parsed = LiveClientMessage.safeParse(JSON.parse(data.toString('utf8')));
    } catch {
      return send({ type: 'error', error: 'A message is JSON text.' });
    }
    if (!parsed.success)
      return send({
        type: 'error',
        error: `Not a message of this socket: ${parsed.error.issues[0]?.message ?? ''}`,
      });
    const m = parsed.data;
    if (m.type === 'watch') bring(m.match_id, m.since_version ?? null);
    else if (!userId)
      send({ type: 'error', error: 'Watching only: open the socket with your user_id to play.' });
    else if (m.type === 'watch_guild')
      inOrder(async () => {
        await memberOf(db, m.guild_id, userId);
        guilds.add(m.guild_id);
      });
    else
      inOrder(async () => {
        await chooseInMatch(db, ctx.live, { id: m.match_id, userId, turn: m.turn, actions: m.actions });
      });
  });
  const ping = setInterval(() => socket.ping(), PING_MS);
  ping.unref();
  socket.on('close', () => {
    clearInterval(ping);
    stop();
    // after whatever this socket still had under way, its presence goes
    inOrder(async () => {
      for (const [matchId, role] of roles)
        if (role === 'player')
          await playerPresence(db, ctx.live, { id: matchId, userId: userId!, delta: -1 });
        else spectating(matchId, -1);
      roles.clear();
    });
  });
  socket.on('error', () => {}); // a broken connection closes itself
}

/** A refusal's own words; anything else, a plain word (never a stack). */
function refusalText(err: unknown): string {
  return err instanceof Refusal ? err.message : 'Something went wrong with that message.';
}

export default live;
