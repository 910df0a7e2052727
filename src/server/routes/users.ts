// Accounts: GET /api/users (prefix search, bounded), GET /api/users/:id, POST /api/users (rate limited; the
// wallet opens the account with its starting grant entered), GET /api/users/:id/ledger (../economy/ledger.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import {
  CreateUserBody,
  ListUsersQuery,
  ListUsersResponse,
  UpdateUserBody,
  UserParams,
  PlayerResponse,
  UserResponse,
} from '../../api/users.ts';
import { liveRatingOf } from '../fights/kinds/live.ts';
import { DEFAULT_RESET_HOUR, DEFAULT_TIME_ZONE, ianaZone } from '../../game/day-clock.ts';
import { setDayRule } from '../economy/daily-progress.ts';
import { LedgerParams, LedgerQuery, LedgerResponse } from '../../api/ledger.ts';
import type { RouteOpts } from '../context.ts';
import { ledgerPage } from '../economy/ledger.ts';
import { STARTING_BALANCES, usernameProblem } from '../../api/rules.ts';
import { badRequest, conflict, MESSAGES, notFound } from '../foundation/errors.ts';
import { newId } from '../foundation/ids.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { openAccount, readUser, userView } from '../economy/wallet.ts';
import { contractJson } from '../foundation/contract-json.ts';
import { sendJson } from '../http/json-reply.ts';

/** A player's answer, serialized from the contract (a read sends it without the zod serializer's parse). */
const playerJson = contractJson(PlayerResponse);

const users: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  app.get('/api/users', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'listUsers',
      summary: 'List players by username',
      description:
        'Players in username order (id, username, gold), at most `limit`; `q` keeps those whose username starts with it (case-insensitive).',
      tags: ['users'],
      querystring: ListUsersQuery,
      response: { 200: ListUsersResponse, 400: ErrorBody },
    },
    handler: async (req) => {
      const { q, limit } = req.query;
      let query = db
        .selectFrom('users')
        .select(['id', 'username', 'gold', 'locked'])
        .orderBy('username_key')
        .limit(limit);
      const prefix = q?.trim().toLowerCase();
      // Usernames are [a-z0-9_] once lower-cased, and '~' sorts after all of them: a range the index serves.
      if (prefix) query = query.where('username_key', '>=', prefix).where('username_key', '<', `${prefix}~`);
      // A locked account is listed with its lock and without its gold (its balances are its own).
      return (await query.execute()).map((u) =>
        u.locked === 1
          ? { id: u.id, username: u.username, gold: null, locked: true }
          : { id: u.id, username: u.username, gold: u.gold, locked: false },
      );
    },
  });

  app.get('/api/users/:id', {
    config: { actsFor: ['params.id'] },
    schema: {
      operationId: 'getUser',
      summary: 'Read a player',
      description:
        'A player with their balances, their day’s time zone and reset hour, and their live rating.',
      tags: ['users'],
      params: UserParams,
      response: { 200: PlayerResponse, 404: ErrorBody },
    },
    handler: async (req, reply) => {
      const user = await readUser(ctx.store, req.params.id, req);
      if (!user) throw notFound(MESSAGES.userNotFound);
      return sendJson(reply, playerJson({ ...userView(user), live_rating: await liveRatingOf(db, user.id) }));
    },
  });

  app.get('/api/users/:id/ledger', {
    config: { actsFor: ['params.id'] },
    schema: {
      operationId: 'listLedgerEntries',
      summary: 'List a player’s ledger entries',
      tags: ['users'],
      description:
        "A player's ledger: every change of a currency (delta, balance after, reason, what caused it), newest first, " +
        'paged; `currency` keeps one currency. Pass `next_cursor` back as `cursor` for the next page.',
      params: LedgerParams,
      querystring: LedgerQuery,
      response: { 200: LedgerResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => ledgerPage(db, req.params.id, req.query),
  });

  app.post('/api/users', {
    config: {
      actsFor: 'public',
      ...(ctx.rateLimits ? { rateLimit: { max: ctx.rateLimits.users, timeWindow: '1 minute' } } : {}),
    },
    schema: {
      operationId: 'createUser',
      summary: 'Open an account',
      description:
        'Creates a player with the starting balances (one ledger entry per currency). The username must be free (case-insensitive).',
      tags: ['users'],
      body: CreateUserBody,
      response: { 201: UserResponse, 400: ErrorBody, 409: ErrorBody },
    },
    handler: async (req, reply) => {
      const username = req.body.username.trim();
      const problem = usernameProblem(username);
      if (problem) throw badRequest(problem);
      const account = {
        id: newId('u'),
        username,
        username_key: username.toLowerCase(),
        created_at: nowSeconds(),
        time_zone: ianaZone(req.body.time_zone ?? DEFAULT_TIME_ZONE) ?? DEFAULT_TIME_ZONE,
        reset_hour: req.body.reset_hour ?? DEFAULT_RESET_HOUR,
      };
      const inserted = await openAccount(db, account, STARTING_BALANCES);
      if (!inserted) throw conflict('Username already taken');
      return reply.code(201).send(userView(inserted));
    },
  });

  app.patch('/api/users/:id', {
    config: { actsFor: ['params.id'] },
    schema: {
      operationId: 'updateUser',
      summary: 'Change a player’s day (time zone, reset hour)',
      tags: ['users'],
      description:
        "Where the player's day turns over: time_zone (an IANA name) and/or reset_hour (0-23). The change applies " +
        'from the next reset (GET /api/daily: rule_starts_at); the day in progress keeps its date, and no later ' +
        'day takes a date already played, so a change never pays a day twice.',
      params: UserParams,
      body: UpdateUserBody,
      response: { 200: UserResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => userView(await setDayRule(db, req.params.id, req.body)),
  });
};

export default users;
