// Locking an account with a passkey, and signing in with one: the WebAuthn ceremonies, verified by SimpleWebAuthn
// (@simplewebauthn/server), never by hand. Each ceremony is two calls: its options (a challenge stored here with
// CHALLENGE_TTL_S, under an id the client sends back) and the browser's answer, checked against that challenge,
// which is used once. A registration stores the passkey and marks the account locked (users.locked) in the player's
// economy transaction (transaction.ts: their row locked first, so two removals cannot both pass "not the last");
// removing one never removes the last; unlocking removes them all and ends the player's sessions (sessions.ts).
// The relying party — rpID and the origins a browser may answer from — is the configured one, else the request's
// own host (trust-proxy aware: Fastify's req.host/req.protocol), either scheme.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { Passkey, PasskeysResponse } from '../../api/passkeys.ts';
import { suspendedMessage } from '../../api/admin.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { badRequest, conflict, MESSAGES, notFound, Refusal } from '../foundation/errors.ts';
import { newId } from '../foundation/ids.ts';
import { economyTransaction } from '../economy/transaction.ts';
import { endSessionsOf } from './sessions.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../store/tables.ts';

type Db = Kysely<Database>;

export const CHALLENGE_TTL_S = 5 * 60;
const RP_NAME = 'Runeborn';

/** Who the passkeys are for: WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS when set (main.ts), else the request's host. */
export interface RelyingParty {
  rpID: string;
  origins: string[];
}
export type RelyingPartyConfig = RelyingParty | null;

export function relyingParty(config: RelyingPartyConfig, req: FastifyRequest): RelyingParty {
  if (config) return config;
  const origins = [`https://${req.host}`, `http://${req.host}`];
  // The page's own origin when it names this host (a proxy may have dropped the port from Host); the Origin check
  // (player-guard.ts) has already refused any other.
  const origin = req.headers.origin;
  if (origin) {
    try {
      if (new URL(origin).hostname === req.hostname) origins.push(origin);
    } catch {
      // not an origin: the host's own stand
    }
  }
  return { rpID: req.hostname, origins };
}

export const PASSKEY_MESSAGES = {
  challengeGone: 'This passkey request has expired or was already used: try again',
  notVerified: 'The passkey could not be verified: try again',
  notLocked: 'This account is not locked: it needs no passkey',
  unknownPasskey: 'That passkey is not one of this account’s',
  duplicate: 'That passkey is already registered',
  lastPasskey: 'This is the account’s last passkey: unlock the account to remove it',
  passkeyNotFound: 'Passkey not found',
} as const;

type Purpose = 'register' | 'sign_in';

async function storeChallenge(db: Db, userId: string, purpose: Purpose, challenge: string): Promise<string> {
  const id = newId('wc');
  await db
    .insertInto('webauthn_challenges')
    .values({ id, user_id: userId, purpose, challenge, expires_at: nowSeconds() + CHALLENGE_TTL_S })
    .execute();
  return id;
}

/** The challenge stored under `id` for this player and purpose, deleted as it is read (used once). */
async function takeChallenge(db: Db, id: string, userId: string, purpose: Purpose): Promise<string> {
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .returning(['challenge', 'expires_at'])
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= nowSeconds()) throw badRequest(PASSKEY_MESSAGES.challengeGone);
  return row.challenge;
}

const transportsOf = (json: string) => JSON.parse(json) as AuthenticatorTransport[];

/** The player's passkeys as a ceremony names them (to exclude from a registration, or to allow in a sign-in). */
async function descriptorsOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'transports'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((c) => ({ id: c.id, transports: transportsOf(c.transports) }));
}

async function userRow(db: Db, userId: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'locked', 'suspended_at', 'suspended_reason'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound(MESSAGES.userNotFound);
  return user;
}

/** The player about to sign in: a suspended account starts no session (admin/, the operator's console). */
async function signingIn(db: Db, userId: string) {
  const user = await userRow(db, userId);
  if (user.suspended_at !== null) throw new Refusal(403, suspendedMessage(user.suspended_reason));
  return user;
}

/** The player's passkeys and whether the account is locked. */
export async function passkeysOf(db: Db, userId: string): Promise<PasskeysResponse> {
  const user = await userRow(db, userId);
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const passkeys: Passkey[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    created_at: Number(r.created_at),
    used_at: r.used_at === null ? null : Number(r.used_at),
  }));
  return { locked: user.locked === 1, passkeys };
}

/** Options for a new passkey of this player (locking the account, or a second passkey of a locked one). */
export async function registrationOptions(db: Db, rp: RelyingParty, userId: string) {
  const user = await userRow(db, userId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: await descriptorsOf(db, userId),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const challengeId = await storeChallenge(db, userId, 'register', options.challenge);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/** Checks the browser's new credential and keeps it: the account is locked from this moment. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  userId: string,
  body: { challenge_id: string; response: unknown; name?: string },
): Promise<PasskeysResponse> {
  await userRow(db, userId);
  const expectedChallenge = await takeChallenge(db, body.challenge_id, userId, 'register');
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(PASSKEY_MESSAGES.notVerified);
  }
  if (!verified.verified) throw badRequest(PASSKEY_MESSAGES.notVerified);
  const { credential } = verified.registrationInfo;
  const now = nowSeconds();
  await economyTransaction(db, { userId }, async (trx) => {
    const taken = await trx
      .selectFrom('passkeys')
      .select('id')
      .where('id', '=', credential.id)
      .executeTakeFirst();
    if (taken) throw conflict(PASSKEY_MESSAGES.duplicate);
    const count = await trx
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('passkeys')
      .values({
        id: credential.id,
        user_id: userId,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name: body.name?.trim() || `Passkey ${Number(count.n) + 1}`,
        created_at: now,
        used_at: null,
      })
      .execute();
    await trx.updateTable('users').set({ locked: 1 }).where('id', '=', userId).execute();
  });
  return passkeysOf(db, userId);
}

/** Options for signing in as this locked player: a challenge for any of their passkeys. */
export async function signInOptions(db: Db, rp: RelyingParty, userId: string) {
  const user = await signingIn(db, userId);
  if (user.locked !== 1) throw conflict(PASSKEY_MESSAGES.notLocked);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: await descriptorsOf(db, userId),
    userVerification: 'preferred',
  });
  const challengeId = await storeChallenge(db, userId, 'sign_in', options.challenge);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/** Checks the browser's assertion against the player's passkey; the caller then starts a session. */
export async function verifySignIn(
  db: Db,
  rp: RelyingParty,
  userId: string,
  body: { challenge_id: string; response: { id: string } },
): Promise<void> {
  await signingIn(db, userId);
  const expectedChallenge = await takeChallenge(db, body.challenge_id, userId, 'sign_in');
  const stored = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', body.response.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!stored) throw new Refusal(401, PASSKEY_MESSAGES.unknownPasskey);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: body.response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: Number(stored.counter),
        transports: transportsOf(stored.transports),
      },
      requireUserVerification: false,
    });
  } catch {
    throw new Refusal(401, PASSKEY_MESSAGES.notVerified);
  }
  if (!verified.verified) throw new Refusal(401, PASSKEY_MESSAGES.notVerified);
  await db
    .updateTable('passkeys')
    .set({ counter: verified.authenticationInfo.newCounter, used_at: nowSeconds() })
    .where('id', '=', stored.id)
    .execute();
}

/** Removes one of the player's passkeys; never the last (unlocking does that). */
export async function removePasskey(db: Db, userId: string, passkeyId: string): Promise<PasskeysResponse> {
  await userRow(db, userId);
  await economyTransaction(db, { userId }, async (trx) => {
    const all = await trx.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute();
    if (!all.some((p) => p.id === passkeyId)) throw notFound(PASSKEY_MESSAGES.passkeyNotFound);
    if (all.length <= 1) throw conflict(PASSKEY_MESSAGES.lastPasskey);
    await trx.deleteFrom('passkeys').where('id', '=', passkeyId).where('user_id', '=', userId).execute();
  });
  return passkeysOf(db, userId);
}

/** Unlocks the account: every passkey removed, every session ended; anyone may play it again. */
export async function unlockAccount(db: Db, userId: string): Promise<PasskeysResponse> {
  await userRow(db, userId);
  await economyTransaction(db, { userId }, async (trx) => {
    await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
    await trx.updateTable('users').set({ locked: 0 }).where('id', '=', userId).execute();
    await endSessionsOf(trx, userId);
  });
  return passkeysOf(db, userId);
}
