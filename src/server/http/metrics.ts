// The server's metrics in Prometheus' text format (prom-client), served on a listener of their own (METRICS_PORT,
// main.ts; never the public port). Requests by route pattern — Fastify's routeOptions.url, never the raw URL, so
// ids add no series — method and status class, with a duration histogram; Node's defaults (event-loop delay,
// memory, GC); the odds pool's queue and the fights waiting for room; open live sockets; PostgreSQL's pool; the time
// of each statement the store runs, by verb; and the game's counters — accounts made, summons, fights by kind and
// outcome, currency in and out by reason — counted from what each economy transaction did once it committed
// (economy/committed.ts), so their totals since start equal the ledger's sums for the same time. deploy/grafana-dashboard.json charts them; docs/operations.md says more.
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { onCommitted } from '../economy/committed.ts';
import type { Ctx } from '../context.ts';

/** A route Fastify did not match (a 404 of any address) is one series, whatever its URL. */
const UNMATCHED = 'unmatched';

const STATEMENT_KINDS = new Set(['select', 'insert', 'update', 'delete', 'with']);

const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly accounts = new Counter({
    name: 'runeborn_accounts_created_total',
    help: 'Player accounts made',
    registers: [this.registry],
  });
  private readonly summons = new Counter({
    name: 'runeborn_summons_total',
    help: 'Summons made at the altar',
    registers: [this.registry],
  });
  private readonly fights = new Counter({
    name: 'runeborn_fights_total',
    help: 'Fights finished, by kind (random, arena, dungeon, campaign …), mode (auto, turn_based) and outcome',
    labelNames: ['kind', 'mode', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly currencyIn = new Counter({
    name: 'runeborn_currency_in_total',
    help: 'Currency given to players (ledger entries with a positive delta), by currency and reason',
    labelNames: ['currency', 'reason'] as const,
    registers: [this.registry],
  });
  private readonly currencyOut = new Counter({
    name: 'runeborn_currency_out_total',
    help: 'Currency taken from players (ledger entries with a negative delta, counted positive), by currency and reason',
    labelNames: ['currency', 'reason'] as const,
    registers: [this.registry],
  });

  private readonly statements = new Histogram({
    name: 'runeborn_db_statement_duration_seconds',
    help: 'Time a database statement took, from sent to answered, by its kind (the SQL verb)',
    labelNames: ['kind'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A statement's time (openStore's onStatement), labelled by its verb alone: never its text, so no new series. */
  readonly statement = (sql: string, ms: number): void => {
    const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
    this.statements.observe({ kind: STATEMENT_KINDS.has(verb) ? verb : 'other' }, ms / 1000);
  };

  /** Counts `app`'s requests and what its economy transactions commit, and reads its pools and sockets when asked. */
  watch(app: FastifyInstance, ctx: Ctx): void {
    app.addHook('onResponse', async (req, reply) => {
      const labels = {
        route: req.routeOptions.url ?? UNMATCHED,
        method: req.method,
        status_class: statusClass(reply.statusCode),
      };
      this.requests.inc(labels);
      this.duration.observe(labels, reply.elapsedTime / 1000);
    });
    const stop = onCommitted(ctx.store.db, ({ moves, acts }) => {
      let opened = false;
      for (const m of moves) {
        if (m.delta > 0) this.currencyIn.inc({ currency: m.currency, reason: m.reason }, m.delta);
        else this.currencyOut.inc({ currency: m.currency, reason: m.reason }, -m.delta);
        // A new account is the one transaction that grants the start (wallet.ts openAccount).
        if (m.reason === 'start_grant') opened = true;
      }
      if (opened) this.accounts.inc();
      for (const a of acts) {
        if (a.act === 'summon') this.summons.inc();
        else if (a.act === 'fight')
          this.fights.inc({ kind: a.kind, mode: a.mode, outcome: a.won ? 'won' : 'lost' });
      }
    });
    app.addHook('onClose', async () => stop());

    const { odds, store } = ctx;
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge('runeborn_odds_queue_length', 'Odds tasks waiting for a worker thread', () => odds.queued);
    gauge('runeborn_odds_pending', 'Odds estimates running or waiting for a thread', () => odds.pending);
    gauge(
      'runeborn_odds_waiting_for_room',
      'Fights waiting for room in the full odds queue (each answered 503 if none comes within ODDS_WAIT_MS)',
      () => odds.waitingForRoom,
    );
    gauge(
      'runeborn_odds_queue_max',
      'Odds tasks that may wait for a thread (ODDS_QUEUE)',
      () => odds.maxQueue,
    );
    new Counter({
      name: 'runeborn_odds_refused_total',
      help: 'Fights refused (503) because the odds queue stayed full',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(odds.refused);
      },
    });
    // What the odds pool's thread spends its time on: answers from the cache or simulated, and the battles simulated.
    new Counter({
      name: 'runeborn_odds_answers_total',
      help: 'Matchup estimates: answered from the cache (or one under way), or made anew (a read, a fight, a warm-up, a fair-match set)',
      labelNames: ['source'],
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc({ source: 'cache' }, odds.hits);
        this.inc({ source: 'simulated' }, odds.misses);
      },
    });
    new Counter({
      name: 'runeborn_odds_battles_total',
      help: "Battles the odds pool simulated, by task: matchups' estimates, Find a fair match's sets",
      labelNames: ['task'],
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc({ task: 'estimate' }, odds.battles.estimates);
        this.inc({ task: 'screen' }, odds.battles.screens);
      },
    });
    gauge('runeborn_live_sockets', 'Live sockets (GET /api/live) open on this instance', () =>
      app.websocketServer ? app.websocketServer.clients.size : 0,
    );
    const pool = store.pool;
    if (pool) {
      gauge(
        'runeborn_db_pool_connections',
        'PostgreSQL connections this instance holds',
        () => pool.totalCount,
      );
      gauge('runeborn_db_pool_idle', 'PostgreSQL connections idle in the pool', () => pool.idleCount);
      gauge('runeborn_db_pool_waiting', 'Queries waiting for a pooled connection', () => pool.waitingCount);
    }
  }

  /** The metrics as Prometheus scrapes them. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** A listener of its own answering GET /metrics (and nothing else) with `metrics`. */
export function metricsServer(metrics: Metrics): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(err)}\n`),
    );
  });
}
