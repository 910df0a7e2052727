// The operator's console: find a player, show them, grant or take currency, suspend or restore, the audit trail.
// Every route acts for the operator (`actsFor: 'operator'`: accounts/operators.ts, checked by the player guard before
// validation); the rules are in ../admin/player-admin.ts. The changes honour Idempotency-Key, so a double tap acts once.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import {
  AdminActionResponse,
  AdminMoveBody,
  AdminPlayerDetail,
  AdminPlayerParams,
  AdminPlayersQuery,
  AdminPlayersResponse,
  AdminRestoreBody,
  AdminSuspendBody,
  AuditPage,
  AuditQuery,
} from '../../api/admin.ts';
import type { RouteOpts } from '../context.ts';
import { operatorOf } from '../accounts/operators.ts';
import { auditPage, findPlayers, moveCurrency, playerDetail, setSuspended } from '../admin/player-admin.ts';

const OPERATORS_ONLY =
  ' Operators only (ADMIN_USERNAMES, signed in with their passkey): 401 without a session, 403 for anyone else.';

const admin: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  const tags = ['admin'];
  const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.get('/api/admin/players', {
    config: { actsFor: 'operator' },
    schema: {
      tags,
      operationId: 'adminFindPlayers',
      summary: 'Find players by name or id',
      description: `Players whose username starts with \`query\` (case-insensitive), or whose id it is.${OPERATORS_ONLY}`,
      querystring: AdminPlayersQuery,
      response: { 200: AdminPlayersResponse, ...refusals },
    },
    handler: async (req) => findPlayers(db, req.query.query),
  });

  app.get('/api/admin/players/:id', {
    config: { actsFor: 'operator' },
    schema: {
      tags,
      operationId: 'adminGetPlayer',
      summary: 'A player as the console shows them',
      description: `Balances, heroes, the newest ledger entries, live sessions (never their tokens), suspended or not and why.${OPERATORS_ONLY}`,
      params: AdminPlayerParams,
      response: { 200: AdminPlayerDetail, ...refusals, 404: ErrorBody },
    },
    handler: async (req) => playerDetail(db, req.params.id),
  });

  for (const action of ['grant', 'take'] as const)
    app.post(`/api/admin/players/:id/${action}`, {
      config: { actsFor: 'operator', idempotent: true },
      schema: {
        tags,
        operationId: action === 'grant' ? 'adminGrant' : 'adminTake',
        summary: action === 'grant' ? 'Grant a player currency' : 'Take currency back from a player',
        description:
          (action === 'grant'
            ? 'Adds `amount` of `currency` (ledger reason admin_grant).'
            : 'Takes `amount` of `currency` back (ledger reason admin_take); never below zero: a 409 then, nothing changed.') +
          ` One audit row and one ledger entry, in one transaction.${OPERATORS_ONLY}`,
        params: AdminPlayerParams,
        body: AdminMoveBody,
        response: { 200: AdminActionResponse, ...refusals, 404: ErrorBody, 409: ErrorBody },
      },
      handler: async (req) => moveCurrency(db, operatorOf(req), req.params.id, action, req.body),
    });

  app.post('/api/admin/players/:id/suspend', {
    config: { actsFor: 'operator', idempotent: true },
    schema: {
      tags,
      operationId: 'adminSuspend',
      summary: 'Suspend an account',
      description: `Every request acting for the player is refused 403 from now on, and their sessions end; their data stays. One audit row.${OPERATORS_ONLY}`,
      params: AdminPlayerParams,
      body: AdminSuspendBody,
      response: { 200: AdminActionResponse, ...refusals, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => setSuspended(db, operatorOf(req), req.params.id, true, req.body.reason),
  });

  app.post('/api/admin/players/:id/restore', {
    config: { actsFor: 'operator', idempotent: true },
    schema: {
      tags,
      operationId: 'adminRestore',
      summary: 'Restore a suspended account',
      description: `The suspension is lifted; the player signs in and plays again. One audit row.${OPERATORS_ONLY}`,
      params: AdminPlayerParams,
      body: AdminRestoreBody,
      response: { 200: AdminActionResponse, ...refusals, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => setSuspended(db, operatorOf(req), req.params.id, false, req.body?.reason ?? null),
  });

  app.get('/api/admin/audit', {
    config: { actsFor: 'operator' },
    schema: {
      tags,
      operationId: 'adminAudit',
      summary: 'The audit trail',
      description: `Every console action, newest first, a page at a time (\`next_cursor\`): who, what, whom, why, when, before and after.${OPERATORS_ONLY}`,
      querystring: AuditQuery,
      response: { 200: AuditPage, ...refusals },
    },
    handler: async (req) => auditPage(db, req.query.cursor),
  });
};

export default admin;
