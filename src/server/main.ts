// Starts Runeborn: the API and the built web app on one port. PORT (3000), HOST (0.0.0.0),
// DATABASE_URL (sqlite:./data/runeborn.db, or postgres://…), RATE_LIMIT=off, LOG_LEVEL (info),
// ODDS_THREADS (cores), ODDS_CACHE_SIZE (5000 matchups; 0 turns the cache off), TRUST_PROXY=on behind a proxy.
import { buildApp } from './app.ts';
import { DEFAULT_DATABASE_URL } from './store/db.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

const app = await buildApp({
  databaseUrl,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  rateLimits: process.env.RATE_LIMIT === 'off' ? false : undefined,
  oddsThreads: process.env.ODDS_THREADS ? Number(process.env.ODDS_THREADS) : undefined,
  oddsCacheSize: process.env.ODDS_CACHE_SIZE ? Number(process.env.ODDS_CACHE_SIZE) : undefined,
  trustProxy: process.env.TRUST_PROXY === 'on',
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port, host });
