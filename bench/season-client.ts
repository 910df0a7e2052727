// The season's server and its HTTP client (bench/season.ts): the real app (buildApp) on a fresh SQLite file or
// PostgreSQL database, listening on a free port, its game clock a source the season moves (AppOptions.clock); the
// bots speak to it with fetch, as the browser does, every call typed by the API document (src/web/api/openapi.ts,
// the types src/web/api/client.ts calls by). A refusal is an answer the bot reads; a 5xx is counted as the server's
// failure. The game's play-time model spends the clock (SimClock.spend).
import { availableParallelism } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { freshDatabase, type DatabaseKind, type TestDatabase } from '../tests/api/helpers.ts';
import type { Answer, Input, MethodOf, Operation, Path } from '../src/web/api/client.ts';

/** The game clock the season moves: the server reads it (AppOptions.clock); the bots spend it as they play. */
export class SimClock {
  constructor(public ms: number) {}
  /** Seconds of play: a fight, a decision, an errand. */
  spend(seconds: number): void {
    this.ms += Math.round(seconds * 1000);
  }
  /** A jump forward to an instant (the next session); never backward. */
  jumpTo(ms: number): void {
    if (ms < this.ms) throw new Error(`the clock cannot go back (${new Date(ms).toISOString()})`);
    this.ms = ms;
  }
  get seconds(): number {
    return this.ms / 1000;
  }
  readonly source = (): number => this.ms;
}

/** A call's answer: the operation's success answer, or the refusal's status and text. */
export type Reply<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: string };

/** One server the whole season talks to, and every request's count and 5xx. */
export class GameServer {
  /** every answer ≥ 500, as `METHOD path → status error` */
  readonly serverErrors: string[] = [];
  requests = 0;
  private constructor(
    readonly app: FastifyInstance,
    readonly db: TestDatabase,
    readonly base: string,
    readonly clock: SimClock,
  ) {}

  static async start(
    kind: DatabaseKind,
    clock: SimClock,
    o: { checkAnswers?: boolean } = {},
  ): Promise<GameServer> {
    const db = await freshDatabase(kind);
    const app = await buildApp({
      databaseUrl: db.url,
      clock: clock.source,
      rateLimits: false,
      webRoot: null,
      oddsThreads: availableParallelism(),
      checkAnswers: o.checkAnswers ?? false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server did not listen on a port');
    return new GameServer(app, db, `http://127.0.0.1:${address.port}`, clock);
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.db.drop();
  }

  /** A call of the API document: its path template, parameters and body; an Idempotency-Key for paying calls. */
  call<P extends Path, M extends MethodOf<P>>(
    method: M,
    template: P,
    input: Input<Operation<P, M>>,
    o: { paying?: boolean } = {},
  ): Promise<Reply<Answer<Operation<P, M>>>> {
    const { path, query, body } = input as {
      path?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const url = (template as string).replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(path![name]),
    );
    return this.raw(method.toUpperCase(), url + queryString(query ?? {}), body, o) as Promise<
      Reply<Answer<Operation<P, M>>>
    >;
  }

  /** A call by its URL alone: for a route the document may not hold yet (a route about to land). */
  async raw(
    method: string,
    url: string,
    body?: unknown,
    o: { paying?: boolean } = {},
  ): Promise<Reply<unknown>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (o.paying) headers['idempotency-key'] = randomUUID();
    this.requests++;
    const t0 = performance.now();
    const res = await fetch(this.base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (process.env.SEASON_PROFILE) {
      const k = `${method} ${url.split('?')[0].replace(/\/(h|u|b|r|inv)_[^/]+|\/[0-9]-[0-9]|season_[a-z]+/g, '/:id')}`;
      const t = PROFILE.get(k) ?? [0, 0];
      PROFILE.set(k, [t[0] + 1, t[1] + performance.now() - t0]);
    }
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    if (res.ok) return { ok: true, status: res.status, body: data };
    const error =
      data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
        ? (data as { error: string }).error
        : String(text).slice(0, 200);
    if (res.status >= 500) this.serverErrors.push(`${method} ${url.split('?')[0]} → ${res.status} ${error}`);
    return { ok: false, status: res.status, error };
  }
}

export const PROFILE = new Map<string, [number, number]>();

const queryString = (params: Record<string, unknown>): string => {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
};

/** The answer's body, or an Error naming the call and the refusal (for calls a bot cannot play without). */
export function must<T>(r: Reply<T>, what: string): T {
  if (!r.ok) throw new Error(`${what}: ${r.status} ${r.error}`);
  return r.body;
}
