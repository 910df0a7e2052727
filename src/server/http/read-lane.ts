// Hot reads answered before the router. A read by one key (a player, an inventory, a hero list, a hero, a dungeon)
// needs little of what Fastify does for every request — routing, validation, hooks, a request and a reply object —
// and under load that was about a quarter of its time. Such a read is answered here, in the server's request listener
// (Fastify's serverFactory): the route's own answer function makes or finds the bytes (its caches and batched reads
// as they are), the guard's own check clears the player, and the answer goes out with the API's headers and its
// access line. Whatever the lane does not answer with a 200 — another method or address, a key that is not a plain
// id, a locked player, a thing not found, an error, the server closing — goes to Fastify, which answers it as before.
//
// On SQLite the lane answers the requests one turn of the event loop brings together, at the turn's end
// (setImmediate, after the poll phase that read them), under one change mark read then (markTogether): the mark is
// still read after each request came, as one of its own would be, and one WAL-index read serves the turn. Measured
// from outside (autocannon, 50 connections, the server and a bare Fastify process on one core, rate limits and log
// on): GET /api/users/{id} 71–81% of the bare route's rate with a mark a request, 93–101% with a mark a turn.
//
// A route offers its answer function in its options, `config: { answer: (key, request) => bytes | undefined }`, and
// its handler calls the same function. The key is the route's one player field (`actsFor`, as the guard reads it)
// or, on a public route, its address's last parameter. Measured under load (autocannon, 50 connections, the server
// on one core) on GET /api/users/{id}, SQLite: the server's CPU time a request went from ~37 µs to ~27 µs, against
// ~23 µs for a bare Fastify route sending the same bytes.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory, RouteOptions } from 'fastify';
import type { Store } from '../store/db.ts';
import { API_DATA_HEADERS, API_SECURITY_HEADERS } from './security-headers.ts';
import { JSON_TYPE } from './json-reply.ts';
import { playableWithoutSession, type ActsFor } from '../accounts/player-guard.ts';
import { methodsOf } from '../foundation/route-hooks.ts';
import { markTogether } from '../store/marked-answers.ts';

/**
 * An answer with headers of its own (which replace the API's cache-control): a 200 with its bytes, or a 304 (the
 * client holds it already) with none.
 */
export interface HeadedAnswer {
  status: 200 | 304;
  bytes?: Buffer;
  /** name, value, name, value … */
  headers: readonly string[];
}

/** What a route's answer function is handed for the request: the request itself, Fastify's or Node's. */
export interface Asking {
  headers: IncomingHttpHeaders;
}

type Answered = Buffer | HeadedAnswer | undefined;

/**
 * A route's answer for `key` — the bytes it sends with a 200, or an answer with its own headers — made as its
 * handler makes it (`request` stands for the request: reads it shares are keyed by it); undefined when the route
 * answers otherwise (not found).
 */
export type ReadAnswer = (key: string, request: Asking) => Answered | Promise<Answered>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This GET route's answer function, called before the router too (http/read-lane.ts). */
    answer?: ReadAnswer;
    /**
     * Where the answer's key is, on a public route that has no last parameter: one query field ('query.user_id'),
     * or the whole query ('query': the answer is handed '' or '?name=value&…' and reads it itself).
     */
    answerKey?: `query.${string}` | 'query';
  }
  interface FastifyInstance {
    /** The reads answered before the router (tests read how many). */
    readLane: ReadLane;
  }
}

/** An access line's writer (access-log.ts): request id, method, address, status, arrival (performance.now()). */
export type AccessLine = (id: string, method: string, url: string, status: number, arrived: number) => void;

/** Fastify's server options as it hands them to a server factory, its defaults filled in (fastify.js). */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** A key the lane takes as it is: what ids are made of (foundation/ids.ts), nothing a parser would change. */
const PLAIN_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** A whole query the lane takes as it is: none, or plain names and values that no parser reads two ways. */
const PLAIN_QUERY = /^(?:\?\w{1,32}=[\w-]{0,200}(?:&\w{1,32}=[\w-]{0,200}){0,7})?$/;

interface LaneRoute {
  /** the address up to the key: '/api/users/' or '/api/inventory?user_id=' */
  prefix: string;
  answer: ReadAnswer;
  /** the key names a player, who must be playable without a session */
  guarded: boolean;
  /** the key is the whole query: '' or '?…' (PLAIN_QUERY), not an id */
  query?: boolean;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A request the lane takes, waiting for the end of the loop's turn (SQLite). */
interface Waiting {
  route: LaneRoute;
  key: string;
  req: IncomingMessage;
  res: ServerResponse;
  fastify: Handler;
  arrived: number;
}

/** Fastify's request ids ('req-1', 'req-2', … in base 36), one counter for the lane's answers and Fastify's. */
export function requestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

export class ReadLane {
  readonly #routes: LaneRoute[] = [];
  #store: Store | null = null;
  #line: AccessLine | null = null;
  #closing = false;
  /** answers the lane sent (tests read it) */
  sent = 0;

  constructor(readonly nextId: () => string) {}

  /** The server Fastify listens with: Fastify's own (server.js, HTTP/1), the lane in front of its handler. */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const opts = options as unknown as ServerSettings;
    const server = http.createServer(opts.http ?? {}, (req, res) => {
      if (!this.take(req, res, handler)) handler(req, res);
    });
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    if (opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };

  /** Starts answering from `store`, each answer's access line written by `line` (none: no log). */
  open(store: Store, line: AccessLine | null): void {
    this.#store = store;
    this.#line = line;
  }

  /** No more answers: the server is closing, and Fastify answers what still comes (503). */
  close(): void {
    this.#closing = true;
  }

  /** An onRoute hook (after the guard's): a GET route whose config offers its answer function is added. */
  readonly onRoute = (route: RouteOptions): void => {
    const answer = route.config?.answer;
    if (!answer || !methodsOf(route).includes('GET')) return;
    this.#routes.push(
      laneRoute(route.url, route.config?.actsFor ?? 'public', answer, route.config?.answerKey),
    );
  };

  /** Takes `req` when it is a lane route's GET by a plain key (answered, or handed to Fastify later); false if not. */
  take(req: IncomingMessage, res: ServerResponse, fastify: Handler): boolean {
    if (req.method !== 'GET' || this.#closing || !this.#store) return false;
    const url = req.url!;
    for (const route of this.#routes) {
      if (!url.startsWith(route.prefix)) continue;
      const key = url.slice(route.prefix.length);
      if (!(route.query ? PLAIN_QUERY : PLAIN_KEY).test(key)) continue;
      const arrived = performance.now();
      if (!this.#store.sqlite) {
        this.#answer(this.#store, route, key, req, res, fastify, arrived);
        return true;
      }
      // SQLite: answered once the loop has taken in all this turn brings (setImmediate: after the poll phase),
      // all under one change mark read then — after each of them came, as a mark of its own would be.
      if (this.#waiting.push({ route, key, req, res, fastify, arrived }) === 1)
        setImmediate(this.#answerWaiting);
      return true;
    }
    return false;
  }

  #waiting: Waiting[] = [];

  readonly #answerWaiting = (): void => {
    const waiting = this.#waiting;
    this.#waiting = [];
    const store = this.#store!;
    const requests: IncomingMessage[] = [];
    for (const w of waiting) requests.push(w.req);
    markTogether(store, requests);
    for (const w of waiting) this.#answer(store, w.route, w.key, w.req, w.res, w.fastify, w.arrived);
  };

  /**
   * The answer and the player's check, asked together, the answer first (on PostgreSQL their reads at once, or one
   * read that serves both; on SQLite, while nothing changed, both told at once and the answer sent without a
   * promise); the answer is sent only when the check passes. Anything else, a failure included, is Fastify's to
   * answer.
   */
  #answer(
    store: Store,
    route: LaneRoute,
    key: string,
    req: IncomingMessage,
    res: ServerResponse,
    fastify: Handler,
    arrived: number,
  ) {
    let playable: boolean | Promise<boolean> = true;
    let made: ReturnType<ReadAnswer>;
    // The answer first: a read it makes of the player may be the guard's too (routes/inventory.ts).
    try {
      made = route.answer(key, req);
      if (route.guarded) playable = playableWithoutSession(store, key, req);
    } catch {
      if (made instanceof Promise) made.catch(() => {});
      return fastify(req, res);
    }
    // Closures only where a promise needs them: a function made on every request costs (tsx names each one).
    if (!(playable instanceof Promise) && !(made instanceof Promise))
      return this.#finish(req, res, fastify, arrived, playable ? made : undefined);
    Promise.all([playable, made]).then(
      ([p, m]) => this.#finish(req, res, fastify, arrived, p ? m : undefined),
      () => fastify(req, res),
    );
  }

  /** Sends the answer, or hands the request to Fastify when there is none (or the server is closing). */
  #finish(req: IncomingMessage, res: ServerResponse, fastify: Handler, arrived: number, answer: Answered) {
    if (!answer || this.#closing) return fastify(req, res);
    let status = 200;
    if (Buffer.isBuffer(answer)) {
      res.writeHead(200, [...HEADERS, 'content-length', String(answer.byteLength)]);
      res.end(answer);
    } else {
      status = answer.status;
      const { bytes } = answer;
      const length = bytes ? ['content-type', JSON_TYPE, 'content-length', String(bytes.byteLength)] : [];
      res.writeHead(status, [...SECURITY, ...answer.headers, ...length]);
      res.end(bytes);
    }
    this.sent++;
    this.#line?.(this.nextId(), 'GET', req.url!, status, arrived);
  }
}

/**
 * The API data's headers (security-headers.ts): an answer of bytes carries them all with its type; an answer with
 * headers of its own carries the security set beside them.
 */
const SECURITY: readonly string[] = Object.entries(API_SECURITY_HEADERS).flat();
const HEADERS: readonly string[] = ['content-type', JSON_TYPE, ...Object.entries(API_DATA_HEADERS).flat()];

/**
 * Where a route's key sits in its address: its one player field, or a public route's last parameter or named query
 * field. Anything else cannot be answered by the lane, and says so at start.
 */
function laneRoute(url: string, actsFor: ActsFor, answer: ReadAnswer, answerKey?: string): LaneRoute {
  const refuse = (why: string) => new Error(`GET ${url} cannot be answered before the router: ${why}`);
  if (actsFor === 'public' && answerKey === 'query') {
    if (url.includes(':')) throw refuse('a route keyed by its query has no parameters');
    return { prefix: url, answer, guarded: false, query: true };
  }
  if (actsFor === 'public' && answerKey) {
    if (url.includes(':')) throw refuse('a route keyed by a query field has no parameters');
    return { prefix: `${url}?${answerKey.slice('query.'.length)}=`, answer, guarded: false };
  }
  if (actsFor === 'public') {
    const m = /^(.*\/):\w+$/.exec(url);
    if (!m || m[1].includes(':')) throw refuse('a public route is keyed by its one parameter, last');
    return { prefix: m[1], answer, guarded: false };
  }
  if (actsFor.length !== 1 || typeof actsFor[0] !== 'string')
    throw refuse('it must act for one player, by id');
  const [part, name] = actsFor[0].split('.');
  if (part === 'params' && url.endsWith(`/:${name}`) && !url.slice(0, -name.length - 1).includes(':'))
    return { prefix: url.slice(0, -name.length - 1), answer, guarded: true };
  if (part === 'query' && !url.includes(':')) return { prefix: `${url}?${name}=`, answer, guarded: true };
  throw refuse(`its player field ${actsFor[0]} is not where the lane reads keys`);
}
