// The Fastify app, as a context plus plugins: the store opened and migrated, the context every route plugin is
// handed (context.ts), the security headers, Idempotency-Key, rate limits, the API document, one route plugin per
// group (routes/*.ts) and the web app (http/web-app.ts). buildApp is what main.ts serves and what tests inject.
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerFactory,
} from 'fastify';
import type pino from 'pino';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializer } from './foundation/contract-json.ts';
import { documentEveryAnswer, SWAGGER_OPTIONS } from './http/api-document.ts';
import { accessLine, logRequests } from './http/access-log.ts';
import { addRouteHook, changes } from './foundation/route-hooks.ts';
import { checkAnswers } from './http/answer-check.ts';
import { setClock, type ClockSource } from './foundation/clock.ts';
import { closeContext, makeContext, type RateLimits } from './context.ts';
import { handleError, Refusal } from './foundation/errors.ts';
import { honourIdempotencyKeys } from './http/idempotency.ts';
import { fightLimit } from './fights/fights.ts';
import type { LiveSettings } from './fights/live-matches.ts';
import { limitStoreFor } from './http/limit-store.ts';
import type { RelyingPartyConfig } from './accounts/passkeys.ts';
import { guardPlayers } from './accounts/player-guard.ts';
import { sendSecurityHeaders } from './http/security-headers.ts';
import { answerConditionalGets } from './http/conditional.ts';
import { compressAnswers } from './http/compression.ts';
import { refusedAddress, serveWebApp, type WebPage } from './http/web-app.ts';
import { openStore } from './store/db.ts';
import { migrate } from './store/migrations.ts';
import { startSweeps } from './sweep.ts';
import { parseTrustProxy } from './http/trust-proxy.ts';
import { restartSockets, type Readiness } from './http/readiness.ts';
import type { Metrics } from './http/metrics.ts';
import { resolve } from 'node:path';
import artRoutes from './routes/art.ts';
import ascensionRoutes from './routes/ascension.ts';
import arenaRoutes from './routes/arena.ts';
import battleRoutes from './routes/battles.ts';
import campaignRoutes from './routes/campaign.ts';
import dailyRoutes from './routes/daily.ts';
import dungeonRoutes from './routes/dungeons.ts';
import fairnessRoutes from './routes/fairness.ts';
import healthRoutes from './routes/health.ts';
import heroRoutes from './routes/heroes.ts';
import inventoryRoutes from './routes/inventory.ts';
import liveRoutes from './routes/live.ts';
import guildRoutes from './routes/guilds.ts';
import websocket from '@fastify/websocket';
import oddsRoutes from './routes/odds.ts';
import type { OddsPool } from './odds/odds-pool.ts';
import passkeyRoutes from './routes/passkeys.ts';
import shopRoutes from './routes/shop.ts';
import summonRoutes from './routes/summons.ts';
import userRoutes from './routes/users.ts';
import adminRoutes from './routes/admin.ts';

export interface AppOptions {
  databaseUrl: string;
  /** the server's log (http/access-log.ts serverLogger): every request's line and what goes wrong; none by default */
  logger?: pino.Logger | false;
  /** false turns rate limiting off (tests, RATE_LIMIT=off); DEFAULT_RATE_LIMITS per IP a minute otherwise */
  rateLimits?: RateLimits | false;
  /** the built web app; null serves the API only */
  webRoot?: string | null;
  /** odds worker threads (default: one per core) */
  oddsThreads?: number;
  /** matchups whose odds are remembered (0: estimate every fight anew) */
  oddsCacheSize?: number;
  /** odds tasks that may wait for a thread before fights are refused with 503 (default 8 per thread) */
  oddsQueue?: number;
  /** ms a fight that finds the odds queue full waits for room before its 503 (default DEFAULT_ODDS_WAIT_MS) */
  oddsWaitMs?: number;
  /** an odds pool made by the caller instead (tests that read its counts; the app closes it) */
  oddsPool?: OddsPool;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For is believed (trust-proxy.ts); default none */
  trustProxy?: string | number;
  /** REDIS_URL: where the per-client limits are counted across instances (default: the database on PostgreSQL) */
  redisUrl?: string;
  /** pg pool size per instance */
  poolSize?: number;
  /** ms an instance answers the fairness counts from its last read (default 30 s) */
  fairnessTtlMs?: number;
  /** battles in the fairness page's balance measure (default BALANCE_SAMPLE.battles) */
  fairnessBattles?: number;
  /** live play's clocks: LIVE_TURN_SECONDS, LIVE_BANK_SECONDS, LIVE_RECONNECT_SECONDS (fights/live-matches.ts) */
  live?: Partial<LiveSettings>;
  /** the game's clock (clock.ts); the process's own time when absent. Tests move time with it. */
  clock?: ClockSource;
  /** SQLite: how the WAL is flushed before a change is answered (default fsync; tests hold it to watch answers wait) */
  walFlush?: (path: string) => Promise<void>;
  /** every JSON success answer parsed with its route's response schema, a 500 if it has none or fails (tests) */
  checkAnswers?: boolean;
  /** WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS: who passkeys are made for (default: the host each request names) */
  relyingParty?: RelyingPartyConfig;
  /** main.ts's readiness (http/readiness.ts): serving once built, stopping from SIGTERM; a new one otherwise */
  readiness?: Readiness;
  /** main.ts's listener, listening before the app is built (http/readiness.ts gatedServer); Fastify's own otherwise */
  serverFactory?: FastifyServerFactory;
  /** METRICS_PORT's metrics (http/metrics.ts): the app's requests, pools, sockets and economy counted there */
  metrics?: Metrics;
  /** ADMIN_USERNAMES: comma-separated usernames of the operators (the console, accounts/operators.ts); none by default */
  adminUsernames?: string;
}

export const BODY_LIMIT = 64 * 1024;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  users: 20,
  generate: 240,
  odds: 240,
  fights: 120,
  passkeys: 30,
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  // The web app's page and its headers, once they are read below (an address the router refuses gets it).
  let page: WebPage | null = null;
  // An address the router refuses is answered before any hook runs: its access line is written here.
  const refused = refusedAddress(() => page);
  const app = Fastify({
    // Fastify's own logger (http/access-log.ts): one access line a request, written by a hook below.
    ...(opts.logger ? { loggerInstance: opts.logger as FastifyBaseLogger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    ...(opts.serverFactory && { serverFactory: opts.serverFactory }),
    trustProxy: parseTrustProxy(opts.trustProxy),
    frameworkErrors: (err, req, reply) => {
      refused(err, req, reply);
      if (opts.logger) accessLine(req, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Every answer written from its route's response schema, compiled (foundation/contract-json.ts).
  app.setSerializerCompiler(({ schema }) => answerSerializer(schema));
  app.setErrorHandler(handleError);
  const log = opts.logger || app.log;
  if (opts.logger) logRequests(app);
  // The API tests read every success answer back against its route's response schema (http/answer-check.ts).
  if (opts.checkAnswers) checkAnswers(app);

  // An empty body with a JSON content type counts as no body (a client may call generate with none).
  const parseJson = app.getDefaultJsonParser('error', 'remove');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    parseJson(req, body as string, done);
  });

  if (opts.clock) setClock(opts.clock);
  const store = openStore(opts.databaseUrl, {
    poolSize: opts.poolSize,
    walFlush: opts.walFlush,
    onStatement: opts.metrics?.statement,
  });
  try {
    const started = performance.now();
    const check = await migrate(store.db, store.dialect);
    // Seconds on a million heroes: said, so a slow start explains itself (store/known-ids.ts says when it runs).
    if (check.scannedHeroes)
      log.info(
        { ms: Math.round(performance.now() - started) },
        'start-up scanned stored heroes and candidates for content ids the tables lack',
      );
  } catch (err) {
    await store.close();
    throw err;
  }
  const rateLimits = opts.rateLimits === false ? null : (opts.rateLimits ?? DEFAULT_RATE_LIMITS);
  const ctx = makeContext(store, { ...opts, rateLimits }, log);
  const limits = rateLimits ? limitStoreFor(store, opts.redisUrl) : null;
  const stopSweeps = startSweeps(store.db, limits, log, ctx.live);
  const { readiness } = ctx;
  opts.metrics?.watch(app, ctx);
  // From a shutdown's start every answer ends its connection, so clients open their next one elsewhere.
  app.addHook('onSend', async (_req, reply) => {
    if (readiness.stopping) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    stopSweeps();
    await closeContext(ctx);
  });

  const pageHeaders = await sendSecurityHeaders(app);
  // A GET whose If-None-Match names its answer's ETag is a 304 (http/conditional.ts).
  answerConditionalGets(app);
  // An answer with an ETag is sent br or gzip as the client accepts, each copy made once (http/compression.ts).
  compressAnswers(app);
  // Who each route acts for, and a locked player's session required for it; writes from other sites refused.
  guardPlayers(app, store, ctx.operators);
  // Paying routes honour Idempotency-Key (before the WAL's flush below, so a stored answer is flushed with the rest).
  honourIdempotencyKeys(app, store);
  // On SQLite a change is answered only once its commit is on disk, flushed off the event loop (wal-sync.ts);
  // reads never wait for it.
  const walSync = store.walSync;
  if (walSync)
    app.addHook('onRoute', (route) => {
      if (changes(route))
        addRouteHook(route, 'onSend', async function flushWal(req) {
          if (req.method !== 'GET' && req.method !== 'HEAD') await walSync.settle();
        });
    });
  if (rateLimits && limits) {
    app.addHook('onClose', () => limits.close());
    await app.register(rateLimit, {
      ...limits.options,
      global: false,
      errorResponseBuilder: (_req, context) =>
        new Refusal(context.statusCode, `Too many requests: try again in ${context.after}`),
    });
    ctx.countFight = fightLimit(app, rateLimits.fights);
  }
  // The API document and its one rule (api-document.ts): every route's answers documented, added before any route.
  app.addHook('onRoute', documentEveryAnswer);
  await app.register(swagger, SWAGGER_OPTIONS);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(heroRoutes, { ctx });
  await app.register(ascensionRoutes, { ctx });
  await app.register(battleRoutes, { ctx });
  await app.register(arenaRoutes, { ctx });
  await app.register(dungeonRoutes, { ctx });
  await app.register(oddsRoutes, { ctx });
  await app.register(fairnessRoutes, { ctx });
  await app.register(shopRoutes, { ctx });
  await app.register(summonRoutes, { ctx });
  await app.register(websocket, {
    options: { maxPayload: 2 * 1024 * 1024 },
    // Sockets still open at close are told the server restarts (1012), so clients reconnect.
    preClose(done) {
      restartSockets(this.websocketServer.clients);
      this.websocketServer.close();
      done();
    },
  });
  await app.register(liveRoutes, { ctx });
  await app.register(guildRoutes, { ctx });
  await app.register(inventoryRoutes, { ctx });
  await app.register(dailyRoutes, { ctx });
  await app.register(campaignRoutes, { ctx });
  await app.register(artRoutes, { ctx });
  await app.register(passkeyRoutes, { ctx });
  await app.register(adminRoutes, { ctx });

  const webRoot = opts.webRoot === undefined ? resolve('dist') : opts.webRoot;
  const shell = await serveWebApp(app, webRoot, store.db);
  if (shell) page = { shell, headers: pageHeaders };
  await app.ready();
  if (readiness.state === 'migrating') readiness.state = 'serving';
  return app;
}
