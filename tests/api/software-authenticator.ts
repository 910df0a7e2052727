// A software passkey for the API tests: an EC P-256 key from node:crypto, and the browser's side of the two
// WebAuthn ceremonies built by hand — attestation 'none' for a registration, a signed assertion for a sign-in —
// so the server's SimpleWebAuthn verification is exercised end to end. Test code only: the server never builds
// or parses any of this itself.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { Harness } from './helpers.ts';

/** The little CBOR the attestation object and a COSE key need: maps, byte and text strings, small integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    throw new Error('too long for this test encoder');
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const b = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, b.length), b]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), new Uint8Array(value)]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cannot encode ${typeof value}`);
}

const b64u = (b: Buffer) => b.toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

export interface SoftPasskey {
  id: string;
  privateKey: KeyObject;
  counter: number;
}

export const TEST_HOST = 'localhost:3000';
export const TEST_ORIGIN = `http://${TEST_HOST}`;
const RP_ID = 'localhost';

/** A new passkey and the browser's answer to a registration's options (attestation 'none'). */
export function createCredential(
  options: { challenge: string },
  origin = TEST_ORIGIN,
): { passkey: SoftPasskey; response: object } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credId = randomBytes(16);
  const len = Buffer.from([credId.length >> 8, credId.length & 255]);
  const authData = Buffer.concat([
    sha256(RP_ID),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4),
    Buffer.alloc(16), // AAGUID
    len,
    credId,
    coseKey,
  ]);
  const clientData = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
  );
  const attestationObject = cbor(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const id = b64u(credId);
  return {
    passkey: { id, privateKey, counter: 0 },
    response: {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientData),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    },
  };
}

/** The browser's answer to a sign-in's options: the passkey signs the authenticator data and client data hash. */
export function assert(passkey: SoftPasskey, options: { challenge: string }, origin = TEST_ORIGIN): object {
  passkey.counter += 1;
  const count = Buffer.alloc(4);
  count.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([sha256(RP_ID), Buffer.from([0x05]), count]);
  const clientData = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
  );
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key',
    response: {
      clientDataJSON: b64u(clientData),
      authenticatorData: b64u(authData),
      signature: b64u(signature),
    },
    clientExtensionResults: {},
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- test answers */
export interface Answer {
  status: number;
  body: any;
  cookie: string | null;
}

/** A request as a browser at TEST_ORIGIN sends it, with the cookie it holds (if any). */
export async function send(
  h: Harness,
  method: string,
  url: string,
  opts: { body?: unknown; cookie?: string | null; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await h.app.inject({
    method: method as 'GET',
    url,
    headers: {
      host: TEST_HOST,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.headers ?? {}),
    },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  const set = res.headers['set-cookie'];
  const last = [set ?? []].flat().at(-1);
  const cookie = last ? last.split(';')[0] : null;
  const json = (res.headers['content-type'] ?? '').toString().includes('json');
  return { status: res.statusCode, body: json && res.body ? res.json() : res.body, cookie };
}

/** Locks the player's account with a new software passkey; the session cookie the lock started comes back. */
export async function lockAccount(h: Harness, userId: string, cookie?: string | null) {
  const opts = await send(h, 'POST', `/api/users/${userId}/passkeys/options`, { cookie });
  if (opts.status !== 200) throw new Error(`options: ${opts.status} ${JSON.stringify(opts.body)}`);
  const { passkey, response } = createCredential(opts.body.options);
  const done = await send(h, 'POST', `/api/users/${userId}/passkeys`, {
    cookie,
    body: { challenge_id: opts.body.challenge_id, response, name: 'Test key' },
  });
  if (done.status !== 201) throw new Error(`register: ${done.status} ${JSON.stringify(done.body)}`);
  return { passkey, cookie: done.cookie ?? cookie ?? null, list: done.body };
}

/** Signs in as the player with the passkey: the new session's cookie. */
export async function signIn(h: Harness, userId: string, passkey: SoftPasskey): Promise<string> {
  const opts = await send(h, 'POST', `/api/users/${userId}/sign-in/options`);
  if (opts.status !== 200) throw new Error(`sign-in options: ${opts.status} ${JSON.stringify(opts.body)}`);
  const done = await send(h, 'POST', `/api/users/${userId}/sign-in`, {
    body: { challenge_id: opts.body.challenge_id, response: assert(passkey, opts.body.options) },
  });
  if (done.status !== 201 || !done.cookie)
    throw new Error(`sign-in: ${done.status} ${JSON.stringify(done.body)}`);
  return done.cookie;
}
