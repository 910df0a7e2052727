// Starts Runeborn: the API and the built web app on one port. PORT (3000), HOST (0.0.0.0),
// DATABASE_URL (sqlite:./data/runeborn.db, or postgres://…), RATE_LIMIT=off, LOG_LEVEL (info),
// ODDS_THREADS (cores), ODDS_CACHE_SIZE (5000 matchups; 0 turns the cache off), ODDS_QUEUE (8 per thread), ODDS_WAIT_MS
// (500: how long a fight waits for room in a full queue before its 503), TRUST_PROXY (the proxy's
// addresses or hop count; trust-proxy.ts), REDIS_URL (where several instances count the per-client limits together;
// default: in the PostgreSQL database when DATABASE_URL is one, in memory on SQLite), WEBAUTHN_RP_ID with
// WEBAUTHN_ORIGINS (comma-separated: who passkeys are made for; default the host each request names, accounts/passkeys.ts).
import './foundation/v8-flags.ts'; // first: V8's inlining budgets for the rules core
import { buildApp } from './app.ts';
import { DEFAULT_DATABASE_URL } from './store/db.ts';
import { parseTrustProxy, TrustProxyError } from './http/trust-proxy.ts';
import { serverLogger } from './http/access-log.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const trustProxy = process.env.TRUST_PROXY;
try {
  parseTrustProxy(trustProxy);
} catch (err) {
  if (!(err instanceof TrustProxyError)) throw err;
  console.error(`Runeborn did not start: ${err.message}`);
  process.exit(1);
}

const log = serverLogger(process.env.LOG_LEVEL ?? 'info');
const app = await buildApp({
  databaseUrl,
  logger: log,
  rateLimits: process.env.RATE_LIMIT === 'off' ? false : undefined,
  oddsThreads: process.env.ODDS_THREADS ? Number(process.env.ODDS_THREADS) : undefined,
  oddsCacheSize: process.env.ODDS_CACHE_SIZE ? Number(process.env.ODDS_CACHE_SIZE) : undefined,
  oddsQueue: process.env.ODDS_QUEUE ? Number(process.env.ODDS_QUEUE) : undefined,
  oddsWaitMs: process.env.ODDS_WAIT_MS ? Number(process.env.ODDS_WAIT_MS) : undefined,
  trustProxy,
  redisUrl: process.env.REDIS_URL || undefined,
  live: {
    ...(process.env.LIVE_TURN_SECONDS && { turnSeconds: Number(process.env.LIVE_TURN_SECONDS) }),
    ...(process.env.LIVE_BANK_SECONDS && { bankSeconds: Number(process.env.LIVE_BANK_SECONDS) }),
    ...(process.env.LIVE_RECONNECT_SECONDS && {
      reconnectSeconds: Number(process.env.LIVE_RECONNECT_SECONDS),
    }),
  },
  relyingParty: process.env.WEBAUTHN_RP_ID
    ? {
        rpID: process.env.WEBAUTHN_RP_ID,
        origins: (process.env.WEBAUTHN_ORIGINS || `https://${process.env.WEBAUTHN_RP_ID}`)
          .split(',')
          .map((o) => o.trim()),
      }
    : undefined,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Fastify says where to find it (every address of this machine's when it listens on all of them).
await app.listen({ port, host });
