// Sessions of locked accounts: a passkey's sign-in (passkeys.ts) starts one. The browser holds an opaque random
// token in an HttpOnly, SameSite=Lax cookie (Secure when the request came over HTTPS, as trust-proxy.ts reads it);
// the database holds only the token's SHA-256, the player and the expiry, so any instance honours it and a leaked
// table starts no session. Expiry slides: a use more than a day after the last renewal moves it SESSION_TTL_S on
// (one write a day at most). Signing out deletes the row; signing out everywhere deletes the player's rows.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nowSeconds } from '../foundation/clock.ts';
import type { Db } from '../economy/wallet.ts';

export const SESSION_COOKIE = 'runeborn_session';
/** 30 days, sliding. */
export const SESSION_TTL_S = 30 * 24 * 3600;
const RENEW_AFTER_S = 24 * 3600;

export interface Session {
  id: string;
  userId: string;
  expiresAt: number;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The session token the request's Cookie header carries, if any. */
export function sessionToken(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

function setCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAge: number): void {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** Starts a session for the player and hands its cookie to the reply. */
export async function startSession(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<Session> {
  const token = randomBytes(32).toString('base64url');
  const now = nowSeconds();
  const session = { id: hashOf(token), userId, expiresAt: now + SESSION_TTL_S };
  await db
    .insertInto('sessions')
    .values({ id: session.id, user_id: userId, created_at: now, expires_at: session.expiresAt })
    .execute();
  setCookie(req, reply, token, SESSION_TTL_S);
  return session;
}

/**
 * The live session the request's cookie names, or null (none, unknown, signed out, expired). Renews it when a day
 * has passed since it was last renewed, and the cookie with it.
 */
export async function currentSession(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Session | null> {
  const token = sessionToken(req);
  if (!token) return null;
  const id = hashOf(token);
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  const now = nowSeconds();
  if (!row || Number(row.expires_at) <= now) return null;
  let expiresAt = Number(row.expires_at);
  if (now + SESSION_TTL_S - expiresAt >= RENEW_AFTER_S) {
    expiresAt = now + SESSION_TTL_S;
    await db
      .updateTable('sessions')
      .set({ expires_at: expiresAt })
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .execute();
    setCookie(req, reply, token, SESSION_TTL_S);
  }
  return { id, userId: row.user_id, expiresAt };
}

/** Ends the session the request carries (if any), and clears the cookie when given the reply. */
export async function endSession(db: Db, req: FastifyRequest, reply?: FastifyReply): Promise<void> {
  const token = sessionToken(req);
  if (token) await db.deleteFrom('sessions').where('id', '=', hashOf(token)).execute();
  if (reply) setCookie(req, reply, '', 0);
}

/** Ends every session of the player (sign out everywhere; unlocking). */
export async function endSessionsOf(db: Db, userId: string): Promise<number> {
  const r = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Forgets expired sessions and WebAuthn challenges (the sweep calls it). */
export async function pruneSessions(db: Db): Promise<void> {
  const now = nowSeconds();
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
}
