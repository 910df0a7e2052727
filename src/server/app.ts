// The Fastify app: plugins (helmet, rate limits, swagger, static web app), the one error handler, and one
// route plugin per group (routes/*.ts) over the store. buildApp is what main.ts serves and what tests inject.
import { existsSync } from 'node:fs';
import { isValidId } from '../api/id-rule.ts';
import { replayHead, replayOf } from './battles/battle-replays.ts';
import { readPageShell } from './http/page-shell.ts';
import { resolve, sep } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentEveryAnswer, SWAGGER_OPTIONS } from './http/api-document.ts';
import { setClock, type ClockSource } from './foundation/clock.ts';
import type { Ctx, RateLimits } from './context.ts';
import { handleError, Refusal } from './foundation/errors.ts';
import { honourIdempotencyKeys } from './http/idempotency.ts';
import { Fairness } from './odds/fairness.ts';
import { fightLimit } from './battles/fights.ts';
import { BrowsePages } from './heroes/browse-pages.ts';
import { HeroDocs } from './heroes/hero-store.ts';
import { limitStoreFor } from './http/limit-store.ts';
import { HeroLists } from './heroes/hero-lists.ts';
import { OddsPool } from './odds/odds-pool.ts';
import type { RelyingPartyConfig } from './accounts/passkeys.ts';
import { guardPlayers } from './accounts/player-guard.ts';
import { openStore } from './store/db.ts';
import { DUNGEON_ROWS, SHOP_ITEMS } from './content/catalog.ts';
import { migrate } from './store/migrations.ts';
import { sweepStale } from './sweep.ts';
import { parseTrustProxy } from './http/trust-proxy.ts';
import artRoutes from './routes/art.ts';
import ascensionRoutes from './routes/ascension.ts';
import arenaRoutes from './routes/arena.ts';
import battleRoutes from './routes/battles.ts';
import dailyRoutes from './routes/daily.ts';
import dungeonRoutes from './routes/dungeons.ts';
import fairnessRoutes from './routes/fairness.ts';
import healthRoutes from './routes/health.ts';
import heroRoutes from './routes/heroes.ts';
import inventoryRoutes from './routes/inventory.ts';
import oddsRoutes from './routes/odds.ts';
import passkeyRoutes from './routes/passkeys.ts';
import shopRoutes from './routes/shop.ts';
import summonRoutes from './routes/summons.ts';
import userRoutes from './routes/users.ts';

export interface AppOptions {
  databaseUrl: string;
  logger?: FastifyServerOptions['logger'];
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
  /** the game's clock (clock.ts); the process's own time when absent. Tests move time with it. */
  clock?: ClockSource;
  /** SQLite: how the WAL is flushed before a change is answered (default fsync; tests hold it to watch answers wait) */
  walFlush?: (path: string) => Promise<void>;
  /** WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS: who passkeys are made for (default: the host each request names) */
  relyingParty?: RelyingPartyConfig;
}

export const BODY_LIMIT = 64 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SWEEP_EVERY_MS = 10 * 60 * 1000;
export const DEFAULT_RATE_LIMITS: RateLimits = { users: 20, generate: 240, odds: 240, fights: 120 };

export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Served over plain HTTP on a LAN address, this would send the page's own requests to https and break it.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * What an API answer (JSON, or an SVG that sets its own policy) needs: no sniffing, no framing, nothing loaded
 * by it, not readable from other origins. The rest of helmet's set governs documents; a page has them.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

const isApiData = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The headers @fastify/helmet sets with HELMET_OPTIONS, read from one probe request. */
async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => 'probe');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!own.has(name) && typeof value === 'string') headers[name] = value;
  return Object.freeze(headers);
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  // The web app's shell and a page's headers, once they are read below: a page address the router refuses still
  // gets the app, whose own screens say what is not there.
  let page: { shell: string; headers: Record<string, string> } | null = null;
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: parseTrustProxy(opts.trustProxy),
    // Addresses the router refuses before any hook runs — bytes that are not UTF-8 (%ED%A0%80, a lone surrogate's
    // bytes), a part longer than any id: a page gets the app's shell (/replay/{too long} then says Battle Not Found,
    // as for any id that names no fight); anything else is answered like every other refusal.
    frameworkErrors: (err, req, res) => {
      const reply = res as unknown as FastifyReply;
      if (page && !isApiData(req.url) && (req.method === 'GET' || req.method === 'HEAD'))
        return reply
          .headers(page.headers)
          .header('cache-control', 'no-cache')
          .type('text/html')
          .send(page.shell);
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .headers(isApiData(req.url) ? API_SECURITY_HEADERS : {})
        .send({
          error:
            err.code === 'FST_ERR_MAX_PARAM_LENGTH'
              ? 'This address is not valid: a part of it is longer than any id'
              : 'This address is not valid: it holds bytes that are not UTF-8 text',
        });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  // An empty body with a JSON content type counts as no body (spec: generate is called with none).
  const parseJson = app.getDefaultJsonParser('error', 'remove');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    parseJson(req, body as string, done);
  });

  if (opts.clock) setClock(opts.clock);
  const store = openStore(opts.databaseUrl, { poolSize: opts.poolSize, walFlush: opts.walFlush });
  try {
    const started = performance.now();
    const check = await migrate(store.db, store.dialect);
    // Seconds on a million heroes: said, so a slow start explains itself (store/known-ids.ts says when it runs).
    if (check.scannedHeroes)
      app.log.info(
        { ms: Math.round(performance.now() - started) },
        'start-up scanned stored heroes and candidates for content ids the tables lack',
      );
  } catch (err) {
    await store.close();
    throw err;
  }
  const shopItems = [...SHOP_ITEMS];
  const dungeons = [...DUNGEON_ROWS];
  const odds = new OddsPool(opts.oddsThreads, opts.oddsCacheSize, opts.oddsQueue, opts.oddsWaitMs);
  const rateLimits = opts.rateLimits === false ? null : (opts.rateLimits ?? DEFAULT_RATE_LIMITS);
  const ctx: Ctx = {
    store,
    shopItems,
    shopItemsById: new Map(shopItems.map((i) => [i.id, i])),
    dungeons,
    dungeonsById: new Map(dungeons.map((d) => [d.id, d])),
    odds,
    fairness: new Fairness(store, {
      ttlMs: opts.fairnessTtlMs,
      balanceBattles: opts.fairnessBattles,
      warn: (err, msg) => app.log.warn({ err }, msg),
    }),
    heroLists: new HeroLists(store),
    browsePages: new BrowsePages(store),
    heroDocs: new HeroDocs(store),
    rateLimits,
    countFight: null,
    relyingParty: opts.relyingParty ?? null,
  };
  // Now and then: forget unsaved candidates and spent generations older than a day, and mark turn-based
  // battles idle for 24 h as expired (reads already treat them as gone).
  const limits = rateLimits ? limitStoreFor(store, opts.redisUrl) : null;
  const sweep = setInterval(
    () =>
      void Promise.all([sweepStale(store.db), limits?.prune()]).catch((err) =>
        app.log.warn({ err }, 'sweep failed'),
      ),
    SWEEP_EVERY_MS,
  );
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await ctx.fairness.close();
    await odds.close();
    await store.close();
  });

  // Helmet's headers never change, but @fastify/helmet rebuilds its middleware on every request (~40 µs under
  // load): let it answer one probe at start, then send those headers from a frozen copy. Pages (the web app, the
  // API docs) get helmet's whole set; the API's JSON gets the set OWASP's REST Security Cheat Sheet gives APIs.
  const pageHeaders = await securityHeaders();
  // API answers speak about one player at one moment (balances, inventory, battles, runs): no cache keeps them
  // (no-store). The two exceptions set their own: the hero list (ETag + no-cache) and art (immutable).
  app.addHook('onRequest', (req, reply, done) => {
    if (isApiData(req.url)) reply.headers(API_SECURITY_HEADERS).header('cache-control', 'no-store');
    else reply.headers(pageHeaders);
    done();
  });
  // Who each route acts for, and a locked player's session required for it; writes from other sites refused.
  guardPlayers(app, store);
  // Paying routes honour Idempotency-Key (before the WAL's flush below, so a stored answer is flushed with the rest).
  honourIdempotencyKeys(app, store);
  // On SQLite a change is answered only once its commit is on disk, flushed off the event loop (wal-sync.ts);
  // reads never wait for it.
  const walSync = store.walSync;
  if (walSync)
    app.addHook('onSend', async (req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') await walSync.settle();
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
  await app.register(inventoryRoutes, { ctx });
  await app.register(dailyRoutes, { ctx });
  await app.register(artRoutes, { ctx });
  await app.register(passkeyRoutes, { ctx });

  const webRoot = opts.webRoot === undefined ? resolve('dist') : opts.webRoot;
  const hasWeb = webRoot !== null && existsSync(resolve(webRoot, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: resolve(webRoot),
      wildcard: false,
      index: 'index.html',
      // The .br/.gz copies made at build (scripts/compress-dist.ts), for browsers that accept them.
      preCompressed: true,
      // Vite names what it puts in assets/ by content, so a browser may keep those for good; the page itself
      // is checked on every visit, so a new build shows at once.
      setHeaders: (reply, path) =>
        reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache'),
    });
  // Every page address gets the app's page, naming the scripts and styles of the screen it opens (page-shell.ts).
  const shell = hasWeb ? readPageShell(webRoot) : null;
  // A replay's page: the app's shell, its <title> and Open Graph tags naming the fight, so a shared link previews
  // well. A fight that cannot be shown gets the plain shell (the page then says so).
  if (shell) {
    page = { shell: shell.plain, headers: pageHeaders };
    app.get<{ Params: { battleId: string } }>('/replay/:battleId', async (req, reply) => {
      let head: string | null = null;
      const id = req.params.battleId;
      if (isValidId(id)) {
        const row = await store.db.selectFrom('battles').selectAll().where('id', '=', id).executeTakeFirst();
        try {
          if (row) head = replayHead(replayOf(row), `${req.protocol}://${req.host}`);
        } catch {
          head = null; // not finished, expired or recorded before replays: the page explains
        }
      }
      const html = shell.forPath(`/replay/${id}`);
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(head ? html.replace(/<title>[^<]*<\/title>/, head) : html);
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ error: 'Not found' });
    }
    if (shell)
      return reply.code(200).type('text/html').header('cache-control', 'no-cache').send(shell.forPath(path));
    return reply
      .type('text/html')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Runeborn</title><h1>Runeborn</h1>' +
          '<p>The web app is not built yet: run <code>npm run build</code>, then restart. The API is at <a href="/api/docs">/api/docs</a>.</p>',
      );
  });
  await app.ready();
  return app;
}
