// Idempotency-Key, as Stripe has it, for the routes that charge a player: the same key again — a retry after a lost
// answer, a double tap, even concurrently or through another instance on the same PostgreSQL — answers the first
// answer (same status and body, with `Idempotent-Replayed: true`) and runs nothing again.
//
// Opting a route in is one line in its options: `config: { idempotent: true }`. The route then documents the header
// (schema and OpenAPI description, added here) and honours it; a request without the header runs as before. Opt-in,
// not every unsafe method: a route opts in once its paid work is one transaction and its refusals are answers (a
// fight, say, is not worth storing), and the OpenAPI document then names exactly the routes where a key holds.
//
// How a key is held — in the database, table idempotency_keys (store/migrations.ts 0015), so every instance sees it:
//   1. Before the route runs, the key is claimed: INSERT … ON CONFLICT DO NOTHING of (key, fingerprint, token). The
//      primary key decides, on SQLite and PostgreSQL alike, which one request of many runs; the fingerprint is a hash
//      of the method, route, parameters, query and (parsed) body, the player included (user_id is in it).
//   2. A request that finds the key taken reads the row: another fingerprint → 422; an answer → that answer again;
//      still running → it waits (for the claim's settling on this instance, else reading the row every few ms), up
//      to DUPLICATE_WAIT_MS, then 409 "still being processed" (nothing stored: a retry may come later).
//   3. The claimer's answer is stored in onSend, before it leaves (and, on SQLite, before its WAL flush). Stored:
//      every answer below 500, refusals included (a 4xx business refusal is an answer: "Insufficient gold" stays the
//      answer to that key). Not stored, the claim released so a retry runs: a 5xx, a 429, and a transient refusal
//      (Refusal.transient: the economy transaction's contention 409, a hero changed meanwhile).
//   4. A claim older than CLAIM_LEASE_S with no answer is a request that died mid-way (its process stopped): the
//      paid work may or may not have happened, so it is never run again under that key — a readable 409 — until the
//      key expires. Keys live IDEMPOTENCY_TTL_S (a day, by the game clock, clock.ts): the sweep deletes older rows
//      (sweep.ts), and an older row met before the sweep counts as absent.
// A bad key (not 8–255 visible ASCII characters) is a 400 before anything runs.
import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import { ErrorBody, IdempotentHeaders } from '../../api/common.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { busy, conflict, Refusal } from '../foundation/errors.ts';
import { newId } from '../foundation/ids.ts';
import type { Store } from '../store/db.ts';
import { addRouteHook } from '../foundation/route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour an Idempotency-Key header on this route (src/server/http/idempotency.ts). */
    idempotent?: boolean;
  }
}

/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_S = 24 * 3600;
/** How long a duplicate waits for the first request's answer before it is asked to try again. */
export const DUPLICATE_WAIT_MS = 10_000;
/** A claim this old without an answer belongs to a request that died before answering. */
export const CLAIM_LEASE_S = 120;

export const IDEMPOTENCY_MESSAGES = {
  reused:
    'This Idempotency-Key was already used for a different request (another body, route or player): use a new key for a new request',
  running: 'A request with this Idempotency-Key is still being processed: try again in a moment',
  interrupted:
    'A request with this Idempotency-Key was interrupted before it answered, so it may or may not have been carried out: check your balances, then send a new request with a new key',
} as const;

interface Claimed {
  key: string;
  token: string;
  /** a transient refusal: the claim is released instead of stored */
  transient: boolean;
  settle(): void;
}
type Claim = { run: Claimed } | { replay: { status: number; contentType: string | null; body: string } };

const CLAIM = Symbol('idempotency claim');
type WithClaim = FastifyRequest & { [CLAIM]?: Claimed };

/** JSON with object keys in order, so the same request always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value ?? null;
}

export function fingerprint(req: FastifyRequest): string {
  const what = [req.method, req.routeOptions.url, req.params, req.query, req.body].map(canonical);
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Registers the mechanism on the root instance: before the route plugins (it wraps them as they register). */
export function honourIdempotencyKeys(app: FastifyInstance, store: Store): void {
  const { db } = store;
  /** Claims taken by this instance and not yet settled: a duplicate here waits for the settling, not a timer. */
  const settling = new Map<string, Promise<void>>();

  async function claim(key: string, print: string): Promise<Claim> {
    const waitUntil = performance.now() + DUPLICATE_WAIT_MS;
    for (let round = 0; ; round++) {
      const now = nowSeconds();
      const token = newId('k');
      const taken = await db
        .insertInto('idempotency_keys')
        .values({
          key,
          fingerprint: print,
          token,
          status: null,
          content_type: null,
          body: null,
          created_at: now,
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 1) {
        let settle!: () => void;
        settling.set(key, new Promise<void>((resolve) => (settle = resolve)));
        return {
          run: {
            key,
            token,
            transient: false,
            settle: () => {
              settling.delete(key);
              settle();
            },
          },
        };
      }
      const row = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) continue; // released meanwhile: claim it again
      if (Number(row.created_at) <= now - IDEMPOTENCY_TTL_S) {
        // Expired but not yet swept: gone, as far as anyone can tell.
        await db
          .deleteFrom('idempotency_keys')
          .where('key', '=', key)
          .where('token', '=', row.token)
          .execute();
        continue;
      }
      if (row.fingerprint !== print) throw new Refusal(422, IDEMPOTENCY_MESSAGES.reused);
      if (row.status !== null)
        return { replay: { status: row.status, contentType: row.content_type, body: row.body ?? '' } };
      if (Number(row.created_at) < now - CLAIM_LEASE_S) throw conflict(IDEMPOTENCY_MESSAGES.interrupted);
      const left = waitUntil - performance.now();
      if (left <= 0) throw busy(IDEMPOTENCY_MESSAGES.running);
      const poll = pause(Math.min(left, 5 * 2 ** Math.min(round, 5)));
      await Promise.race([settling.get(key) ?? poll, poll]);
    }
  }

  // The claimer's answer, stored before it is sent (on the routes that honour a key).
  const storeAnswer: onSendHookHandler = async (req, reply, payload) => {
    const held = (req as WithClaim)[CLAIM];
    if (!held) return payload;
    (req as WithClaim)[CLAIM] = undefined;
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    const kept = !held.transient && status < 500 && status !== 429 && body !== null;
    try {
      const mine = db
        .updateTable('idempotency_keys')
        .where('key', '=', held.key)
        .where('token', '=', held.token);
      if (kept) {
        const type = reply.getHeader('content-type');
        await mine.set({ status, body, content_type: typeof type === 'string' ? type : null }).execute();
      } else {
        await db
          .deleteFrom('idempotency_keys')
          .where('key', '=', held.key)
          .where('token', '=', held.token)
          .execute();
      }
    } catch (err) {
      // The answer still goes out; the key then reads as interrupted (step 4) and nothing runs twice.
      req.log.warn({ err }, 'an Idempotency-Key answer could not be stored');
    } finally {
      held.settle();
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    addRouteHook(route, 'onSend', storeAnswer);
    const schema = route.schema ?? {};
    if (schema.headers) throw new Error(`${route.url}: merge its headers schema with IdempotentHeaders`);
    route.schema = {
      ...schema,
      headers: IdempotentHeaders,
      description: (
        `${schema.description ?? ''} Honours an \`Idempotency-Key\` header: the same key again answers the first ` +
        'answer and charges nothing more (docs/api.md).'
      ).trim(),
      response: { 409: ErrorBody, 422: ErrorBody, ...(schema.response as object) },
    };
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string') return handler.call(this, req, reply);
      const outcome = await claim(key, fingerprint(req));
      if ('replay' in outcome) {
        const { status, contentType, body } = outcome.replay;
        reply.code(status).header('idempotent-replayed', 'true');
        if (contentType) reply.type(contentType);
        return reply.send(body);
      }
      (req as WithClaim)[CLAIM] = outcome.run;
      try {
        return await handler.call(this, req, reply);
      } catch (err) {
        if (err instanceof Refusal && err.transient) outcome.run.transient = true;
        throw err;
      }
    };
  });
}

/** Forgets keys older than IDEMPOTENCY_TTL_S (the sweep calls it). */
export async function pruneIdempotencyKeys(db: Store['db']): Promise<number> {
  const r = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', nowSeconds() - IDEMPOTENCY_TTL_S)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
