// Who a request acts for, and whether it may: the one place a locked account (passkeys.ts) is enforced.
//
// Every /api route says in its options which player it acts for — `config: { actsFor: [...] }` — as the fields
// that name them: 'body.user_id', 'query.user_id', 'params.id', or a thing whose owner is the player
// ({ owner: 'battle', of: 'params.battleId' }: a battle's, a dungeon run's or a hero's owner). `actsFor: 'public'`
// says the route reveals and changes nothing private (content, heroes shown to all, the leaderboard, replays,
// fairness); `actsFor: 'operator'` that it is the operator's console (operators.ts: an operator's passkey session). A route that says nothing is read from its schema: a `user_id` in its params, query or body, or the
// `:id` of /api/users/:id, is the player it acts for; with none it is public. So a new route that takes a player's
// id is guarded without a word, and the route table test (tests/api/locked-accounts.test.ts) walks every route.
//
// Before validation (so nothing a locked player did not ask for runs, and every refusal reads the same), each named
// player is looked up; one whose account is locked needs a live session of theirs (sessions.ts): none, an expired
// or an ended one answers 401, another player's 403 — LOCK_MESSAGES, the same words on every route. After
// validation the fields are read again, so a value the schema changed is checked as the handler will see it.
// An unlocked account is not asked anything (any visitor may play any account). A suspended account (admin/) is
// refused 403 on every route naming it, with its session or without. A player's row is read
// once for the request and the handler reads the same (request-reads.ts).
//
// Unsafe methods (POST, PUT, PATCH, DELETE) sent from a page of another site are refused: their Origin must name
// the host the request was sent to, by name (SameSite=Lax keeps the cookie off them too).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { ErrorBody, isValidId } from '../../api/common.ts';
import { LOCK_MESSAGES } from '../../api/passkeys.ts';
import { suspendedMessage } from '../../api/admin.ts';
import { checkOperator } from './operators.ts';
import { Refusal } from '../foundation/errors.ts';
import { currentSession, type Session } from './sessions.ts';
import type { Store } from '../store/db.ts';
import { readUser } from '../economy/wallet.ts';
import { markSeen } from './seen.ts';
import { addRouteHook, methodsOf } from '../foundation/route-hooks.ts';

export type PlayerField = `${'params' | 'query' | 'body'}.${string}`;
export type Owned = { owner: 'battle' | 'run' | 'hero'; of: PlayerField };
export type ActsFor = 'public' | 'operator' | readonly (PlayerField | Owned)[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The player this route acts for (player-guard.ts); read from its schema when absent. */
    actsFor?: ActsFor;
  }
  interface FastifyInstance {
    /** Every /api route with whom it acts for, as the guard reads it (the route table test walks it). */
    playerRoutes: PlayerRoute[];
  }
}

export interface PlayerRoute {
  method: string;
  url: string;
  actsFor: ActsFor;
  /** true when the route said it itself, false when read from its schema */
  declared: boolean;
}

const OWNER_TABLE = { battle: 'battles', run: 'dungeon_runs', hero: 'heroes' } as const;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION = Symbol('session');
const CHECKED = Symbol('checked');
type Guarded = FastifyRequest & { [SESSION]?: Session | null; [CHECKED]?: string };

/** The keys of a zod object schema (through optional/nullable/default wrappers), or none. */
function keysOf(schema: unknown): string[] {
  let s = schema as { shape?: object; unwrap?: () => unknown; def?: { innerType?: unknown } } | undefined;
  for (let i = 0; i < 5 && s; i++) {
    if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
    s = (s.def?.innerType ?? (typeof s.unwrap === 'function' ? s.unwrap() : undefined)) as typeof s;
  }
  return [];
}

/** Whom a route that declared nothing acts for, read from its schema. */
export function inferActsFor(url: string, schema: RouteOptions['schema']): ActsFor {
  const fields: PlayerField[] = [];
  const s = (schema ?? {}) as Record<string, z.ZodType | undefined>;
  const parts = [
    ['params', s.params],
    ['query', s.querystring],
    ['body', s.body],
  ] as const;
  for (const [part, sc] of parts) if (keysOf(sc).includes('user_id')) fields.push(`${part}.user_id`);
  if (/^\/api\/users\/:id(\/|$)/.test(url)) fields.push('params.id');
  return fields.length > 0 ? fields : 'public';
}

/** A field that names a player, split once when the route is declared. */
interface Field {
  part: 'params' | 'query' | 'body';
  key: string;
  /** set when the field names a thing whose owner is the player */
  owner?: Owned['owner'];
}

function fieldsOf(actsFor: readonly (PlayerField | Owned)[]): Field[] {
  return actsFor.map((f) => {
    const path = typeof f === 'string' ? f : f.of;
    const dot = path.indexOf('.');
    const field: Field = { part: path.slice(0, dot) as Field['part'], key: path.slice(dot + 1) };
    if (typeof f !== 'string') field.owner = f.owner;
    return field;
  });
}

function valueAt(req: FastifyRequest, field: Field): unknown {
  const holder = req[field.part] as Record<string, unknown> | null | undefined;
  return holder && typeof holder === 'object' ? holder[field.key] : undefined;
}

/** The ids of the players a request names, in the order declared ('' for a field left out). */
function namedIds(req: FastifyRequest, fields: readonly Field[]): string {
  let ids = '';
  for (let i = 0; i < fields.length; i++) {
    const v = valueAt(req, fields[i]);
    ids += (i > 0 ? '\u0000' : '') + (typeof v === 'string' ? v : '');
  }
  return ids;
}

/** The session the request carries (read once per request). */
export async function sessionOf(
  store: Store,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Session | null> {
  const g = req as Guarded;
  if (g[SESSION] === undefined) g[SESSION] = await currentSession(store.db, req, reply);
  return g[SESSION];
}

/**
 * Refuses the request unless every player it names may be played by it. Answers at once (undefined) when it names
 * none, and a promise otherwise.
 */
function check(
  store: Store,
  req: FastifyRequest,
  reply: FastifyReply,
  fields: readonly Field[],
): Promise<void> | undefined {
  const players: string[] = [];
  for (const f of fields) {
    const v = valueAt(req, f);
    // An id the Id rule refuses names no one: validation answers it (400) before anything runs.
    if (typeof v !== 'string' || !isValidId(v)) continue;
    if (f.owner) return checkOwners(store, req, reply, fields);
    if (!players.includes(v)) players.push(v);
  }
  if (players.length === 0) return undefined;
  return lockedLater(store, req, players).then((l) => needSession(store, req, reply, l));
}

/**
 * The players among `players` whose accounts are locked, each read once for the request (its handler reuses it);
 * a suspended one refuses the request at once.
 */
async function lockedLater(store: Store, req: object, players: Iterable<string>): Promise<string[]> {
  const locked: string[] = [];
  for (const id of players) {
    const user = await readUser(store, id, req);
    if (user && user.suspended_at !== null) throw new Refusal(403, suspendedMessage(user.suspended_reason));
    if (user?.locked === 1) locked.push(id);
  }
  return locked;
}

/** check() for a request naming a thing whose owner is the player: the owners are read first. */
async function checkOwners(
  store: Store,
  req: FastifyRequest,
  reply: FastifyReply,
  fields: readonly Field[],
): Promise<void> {
  const players = new Set<string>();
  for (const f of fields) {
    const v = valueAt(req, f);
    if (typeof v !== 'string' || !isValidId(v)) continue;
    if (!f.owner) {
      players.add(v);
      continue;
    }
    const row = await store.db
      .selectFrom(OWNER_TABLE[f.owner])
      .select('user_id')
      .where('id', '=', v)
      .executeTakeFirst();
    if (row?.user_id) players.add(row.user_id);
  }
  await needSession(store, req, reply, await lockedLater(store, req, players));
}

/** A locked player needs their own live session on the request. */
async function needSession(
  store: Store,
  req: FastifyRequest,
  reply: FastifyReply,
  locked: readonly string[],
): Promise<void> {
  if (locked.length === 0) return;
  const session = await sessionOf(store, req, reply);
  for (const id of locked) {
    if (!session) throw new Refusal(401, LOCK_MESSAGES.signIn);
    if (session.userId !== id) throw new Refusal(403, LOCK_MESSAGES.otherPlayer);
  }
}

/** Runs check() as a hook: a request naming no player calls `done` at once, with no promise made. */
function checkThen(
  store: Store,
  req: FastifyRequest,
  reply: FastifyReply,
  fields: readonly Field[],
  done: (err?: Error) => void,
): void {
  let pending: Promise<void> | undefined;
  try {
    pending = check(store, req, reply, fields);
  } catch (err) {
    return done(err as Error);
  }
  if (pending) pending.then(() => done(), done);
  else done();
}

/** The Origin check on unsafe methods: a page of another site may not write (nor sign in, nor sign out). */
function sameSite(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return req.headers['sec-fetch-site'] !== 'cross-site';
  try {
    // By name, not port: a proxy may pass the Host without the port the browser used (nginx's $host).
    return new URL(origin).hostname === req.hostname;
  } catch {
    return false; // 'null' (a sandboxed frame, a redirect across sites) and anything unreadable
  }
}

/** A request of an unsafe method sent from a page of another site: refused before anything runs. */
function refuseCrossSite(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  done(UNSAFE.has(req.method) && !sameSite(req) ? new Refusal(403, LOCK_MESSAGES.crossOrigin) : undefined);
}

/**
 * Installs the guard on each /api route as it is declared (onRoute): the Origin check on those that take an unsafe
 * method, the player checks on those that act for a player. A public read runs none of it.
 */
export function guardPlayers(
  app: FastifyInstance,
  store: Store,
  operators: ReadonlySet<string> = new Set(),
): void {
  const table: PlayerRoute[] = [];
  app.decorate('playerRoutes', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const declared = route.config?.actsFor;
    const actsFor = declared ?? inferActsFor(route.url, route.schema);
    route.config = { ...route.config, actsFor };
    const methods = methodsOf(route);
    for (const method of methods)
      if (method !== 'HEAD')
        table.push({ method, url: route.url, actsFor, declared: declared !== undefined });
    if (methods.some((m) => UNSAFE.has(m))) addRouteHook(route, 'onRequest', refuseCrossSite);
    if (actsFor === 'public') return;
    if (actsFor === 'operator') {
      addRouteHook(route, 'preValidation', async function checkOperators(req, reply) {
        await checkOperator(store, operators, req, await sessionOf(store, req, reply));
      });
      return;
    }
    const fields = fieldsOf(actsFor);
    // Any request a player makes (and is not refused for) shows they were here: seen.ts.
    addRouteHook(route, 'onResponse', function seenPlayers(req, reply, done) {
      if (reply.statusCode < 400)
        for (const f of fields) {
          const v = f.owner ? undefined : valueAt(req, f);
          if (typeof v === 'string' && isValidId(v))
            markSeen(store, v, (err) => req.log.warn({ err }, 'last seen'));
        }
      done();
    });
    addRouteHook(route, 'preValidation', function checkPlayers(req, reply, done) {
      (req as Guarded)[CHECKED] = namedIds(req, fields);
      checkThen(store, req, reply, fields, done);
    });
    addRouteHook(route, 'preHandler', function recheckPlayers(req, reply, done) {
      if ((req as Guarded)[CHECKED] === namedIds(req, fields)) return done();
      checkThen(store, req, reply, fields, done);
    });
    if (!route.schema) return;
    const schema = route.schema;
    route.schema = {
      ...schema,
      description: (
        `${schema.description ?? ''} When the player's account is locked, needs their session (a passkey's ` +
        "sign-in): 401 without it, 403 with another player's (docs/api.md)."
      ).trim(),
      response: { 401: ErrorBody, 403: ErrorBody, ...(schema.response as object) },
    };
  });
}
