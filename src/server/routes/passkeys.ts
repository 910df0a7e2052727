// Locked accounts: the player's passkeys (list, add — the first locks the account —, remove, unlock), signing in
// with one (a session cookie, ../sessions.ts), this browser's session, signing out here or everywhere. The
// ceremonies: ../passkeys.ts; who may act for a locked player: ../player-guard.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import {
  Ceremony,
  PasskeyParams,
  PasskeysResponse,
  RegisterBody,
  SessionResponse,
  SignInBody,
  SignOutEverywhereResponse,
} from '../../api/passkeys.ts';
import { UserParams } from '../../api/users.ts';
import type { RouteOpts } from '../context.ts';
import {
  passkeysOf,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  signInOptions,
  unlockAccount,
  verifySignIn,
} from '../accounts/passkeys.ts';
import { sessionOf } from '../accounts/player-guard.ts';
import { endSession, endSessionsOf, startSession } from '../accounts/sessions.ts';

/** Passkey ceremonies a client may open or answer a minute, of each kind, when the context does not say. */
export const PASSKEY_RATE_LIMIT = 30;

const passkeys: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { store } = ctx;
  const { db } = store;
  const rp = (req: Parameters<typeof relyingParty>[1]) => relyingParty(ctx.relyingParty, req);
  const tags = ['passkeys'];
  // A ceremony stores a challenge: each kind is counted per client, so no one fills the table (they expire in 5 min).
  const limited = ctx.rateLimits
    ? { rateLimit: { max: ctx.rateLimits.passkeys ?? PASSKEY_RATE_LIMIT, timeWindow: '1 minute' } }
    : {};

  app.get('/api/session', {
    config: { actsFor: 'public' },
    schema: {
      tags,
      operationId: 'getSession',
      summary: 'Who this browser is signed in as',
      description: 'The player whose live session the cookie holds (a passkey’s sign-in), or null.',
      response: { 200: SessionResponse },
    },
    handler: async (req, reply) => {
      const session = await sessionOf(store, req, reply);
      return { user_id: session?.userId ?? null, expires_at: session?.expiresAt ?? null };
    },
  });

  app.delete('/api/session', {
    config: { actsFor: 'public' },
    schema: {
      tags,
      operationId: 'signOut',
      summary: 'Sign this browser out',
      description: 'Ends the session this browser holds (if any) and clears its cookie.',
      response: { 200: SessionResponse },
    },
    handler: async (req, reply) => {
      await endSession(db, req, reply);
      return { user_id: null, expires_at: null };
    },
  });

  app.get('/api/users/:id/passkeys', {
    config: { actsFor: ['params.id'] },
    schema: {
      tags,
      operationId: 'listPasskeys',
      summary: 'A player’s passkeys',
      description: 'Whether the account is locked, and its passkeys (name, added, last used).',
      params: UserParams,
      response: { 200: PasskeysResponse, 404: ErrorBody },
    },
    handler: async (req) => passkeysOf(db, req.params.id),
  });

  app.post('/api/users/:id/passkeys/options', {
    config: { actsFor: ['params.id'], ...limited },
    schema: {
      tags,
      operationId: 'passkeyRegistrationOptions',
      summary: 'Start adding a passkey',
      description:
        'The options for navigator.credentials.create (hand them to @simplewebauthn/browser startRegistration) ' +
        'and the challenge_id to send back with its answer. The first passkey locks the account.',
      params: UserParams,
      response: { 200: Ceremony, 404: ErrorBody },
    },
    handler: async (req) => registrationOptions(db, rp(req), req.params.id),
  });

  app.post('/api/users/:id/passkeys', {
    config: { actsFor: ['params.id'] },
    schema: {
      tags,
      operationId: 'addPasskey',
      summary: 'Add a passkey (the first locks the account)',
      description:
        'Verifies the browser’s new credential against the challenge and keeps it. The account is locked from ' +
        'then on; this browser is signed in as the player if it was not.',
      params: UserParams,
      body: RegisterBody,
      response: { 201: PasskeysResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req, reply) => {
      const userId = req.params.id;
      const list = await registerPasskey(db, rp(req), userId, req.body);
      const session = await sessionOf(store, req, reply);
      if (session?.userId !== userId) {
        await endSession(db, req);
        await startSession(db, req, reply, userId);
      }
      return reply.code(201).send(list);
    },
  });

  app.delete('/api/users/:id/passkeys/:passkeyId', {
    config: { actsFor: ['params.id'] },
    schema: {
      tags,
      operationId: 'removePasskey',
      summary: 'Remove a passkey',
      description: 'Never the last: unlocking the account removes that one (409 otherwise).',
      params: PasskeyParams,
      response: { 200: PasskeysResponse, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => removePasskey(db, req.params.id, req.params.passkeyId),
  });

  app.post('/api/users/:id/unlock', {
    config: { actsFor: ['params.id'] },
    schema: {
      tags,
      operationId: 'unlockAccount',
      summary: 'Unlock the account',
      description: 'Removes every passkey and ends every session: the account is open to any visitor again.',
      params: UserParams,
      response: { 200: PasskeysResponse, 404: ErrorBody },
    },
    handler: async (req, reply) => {
      const mine = await sessionOf(store, req, reply);
      const list = await unlockAccount(db, req.params.id);
      if (mine?.userId === req.params.id) await endSession(db, req, reply);
      return list;
    },
  });

  app.post('/api/users/:id/sign-in/options', {
    config: { actsFor: 'public', ...limited },
    schema: {
      tags,
      operationId: 'signInOptions',
      summary: 'Start signing in with a passkey',
      description:
        'The options for navigator.credentials.get (@simplewebauthn/browser startAuthentication), naming the ' +
        'account’s passkeys, and the challenge_id to send back. 409 when the account is not locked.',
      params: UserParams,
      response: { 200: Ceremony, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => signInOptions(db, rp(req), req.params.id),
  });

  app.post('/api/users/:id/sign-in', {
    config: { actsFor: 'public', ...limited },
    schema: {
      tags,
      operationId: 'signIn',
      summary: 'Sign in with a passkey',
      description:
        'Verifies the browser’s assertion; a good one starts a session (an HttpOnly cookie, 30 days, sliding). ' +
        '401 when the passkey is not the account’s or does not verify.',
      params: UserParams,
      body: SignInBody,
      response: { 201: SessionResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req, reply) => {
      await verifySignIn(db, rp(req), req.params.id, req.body);
      await endSession(db, req);
      const session = await startSession(db, req, reply, req.params.id);
      return reply.code(201).send({ user_id: session.userId, expires_at: session.expiresAt });
    },
  });

  app.delete('/api/users/:id/sessions', {
    config: { actsFor: ['params.id'] },
    schema: {
      tags,
      operationId: 'signOutEverywhere',
      summary: 'Sign out everywhere',
      description: 'Ends every session of the player, this browser’s too.',
      params: UserParams,
      response: { 200: SignOutEverywhereResponse, 404: ErrorBody },
    },
    handler: async (req, reply) => {
      const mine = await sessionOf(store, req, reply);
      const ended = await endSessionsOf(db, req.params.id);
      if (mine?.userId === req.params.id) await endSession(db, req, reply);
      return { ended };
    },
  });
};

export default passkeys;
