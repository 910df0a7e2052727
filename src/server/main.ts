// Starts Runeborn: the API and the built web app on one port. PORT (3000), HOST (0.0.0.0),
// DATABASE_URL (sqlite:./data/runeborn.db, or postgres://…), RATE_LIMIT=off, LOG_LEVEL (info),
// ODDS_THREADS (cores), ODDS_CACHE_SIZE (5000 matchups; 0 turns the cache off), ODDS_QUEUE (8 per thread), ODDS_WAIT_MS
// (500: how long a fight waits for room in a full queue before its 503), TRUST_PROXY (the proxy's
// addresses or hop count; trust-proxy.ts), REDIS_URL (where several instances count the per-client limits together;
// default: in the PostgreSQL database when DATABASE_URL is one, in memory on SQLite), WEBAUTHN_RP_ID with
// WEBAUTHN_ORIGINS (comma-separated: who passkeys are made for; default the host each request names, accounts/passkeys.ts),
// SHUTDOWN_GRACE_SECONDS (10: how long a SIGTERM waits for requests in flight), METRICS_PORT (off: where GET /metrics
// answers in Prometheus' format, on a listener of its own at METRICS_HOST, default HOST; http/metrics.ts), BACKUP_DIR
// with BACKUP_EVERY (seconds, or 30s, 5m, 6h) and BACKUP_KEEP (7): scheduled backups (store/backup.ts),
// ADMIN_USERNAMES (none: comma-separated usernames of the operators, who use the console signed in with a passkey;
// accounts/operators.ts).
//
// It listens before the store is migrated, answering 503 until the app is built (http/readiness.ts). On SIGTERM (or
// SIGINT): GET /api/ready answers 503 and every answer `Connection: close` at once, the listener takes no new
// connections, live sockets are told the server restarts (1012), what is in flight is answered (up to the grace), the
// app closes (workers, database), the log is flushed, and the process exits 0. A signal while the store is migrated
// waits for the migrations to finish (never a database half migrated), then stops the same way.
import './foundation/v8-flags.ts'; // first: V8's inlining budgets for the rules core
import { buildApp } from './app.ts';
import { DEFAULT_DATABASE_URL } from './store/db.ts';
import { parseTrustProxy, TrustProxyError } from './http/trust-proxy.ts';
import { flushLog, serverLogger } from './http/access-log.ts';
import { drain, gatedServer, Readiness, restartSockets } from './http/readiness.ts';
import { Metrics, metricsServer } from './http/metrics.ts';
import { BackupError, parseEvery, scheduleBackups } from './store/backup.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const trustProxy = process.env.TRUST_PROXY;
const graceMs = 1000 * Number(process.env.SHUTDOWN_GRACE_SECONDS || 10);
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : null;
if (metricsPort !== null && (!Number.isInteger(metricsPort) || (metricsPort === port && port !== 0))) {
  console.error(`Runeborn did not start: METRICS_PORT must be a port of its own, not PORT (${port})`);
  process.exit(1);
}
const metrics = metricsPort === null ? undefined : new Metrics();
let backupEveryMs = 0;
try {
  if (process.env.BACKUP_DIR) backupEveryMs = parseEvery(process.env.BACKUP_EVERY || '6h');
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Runeborn did not start: ${err.message}`);
  process.exit(1);
}
const backupKeep = Number(process.env.BACKUP_KEEP || 7);
if (!Number.isInteger(backupKeep) || backupKeep < 1) {
  console.error('Runeborn did not start: BACKUP_KEEP must be a whole number, at least 1');
  process.exit(1);
}
try {
  parseTrustProxy(trustProxy);
} catch (err) {
  if (!(err instanceof TrustProxyError)) throw err;
  console.error(`Runeborn did not start: ${err.message}`);
  process.exit(1);
}

const log = serverLogger(process.env.LOG_LEVEL ?? 'info');
const readiness = new Readiness();
const gate = gatedServer(readiness);
await new Promise<void>((resolve, reject) => {
  gate.server.once('error', reject);
  gate.server.listen(port, host, () => {
    gate.server.off('error', reject);
    resolve();
  });
});
const building = buildApp({
  readiness,
  metrics,
  serverFactory: gate.factory,
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
  adminUsernames: process.env.ADMIN_USERNAMES || undefined,
  relyingParty: process.env.WEBAUTHN_RP_ID
    ? {
        rpID: process.env.WEBAUTHN_RP_ID,
        origins: (process.env.WEBAUTHN_ORIGINS || `https://${process.env.WEBAUTHN_RP_ID}`)
          .split(',')
          .map((o) => o.trim()),
      }
    : undefined,
});

let stopBackups = () => {};
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const migrating = readiness.state === 'migrating';
  readiness.state = 'stopping';
  log.info(
    { signal, grace_s: graceMs / 1000 },
    migrating
      ? 'shutting down once the migrations are done'
      : 'shutting down: no new connections, answering those in flight',
  );
  try {
    const app = await building;
    stopBackups();
    restartSockets(app.websocketServer.clients);
    const inTime = await drain(gate.server, graceMs);
    if (!inTime) log.warn('requests still open at the end of the grace were cut');
    await app.close();
    log.info('shut down');
    flushLog(log);
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    flushLog(log);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
await building;

gate.open();
// (a signal while migrating: the shutdown goes on from here, with no backups or metrics started behind it)
if (process.env.BACKUP_DIR && !closing) {
  stopBackups = scheduleBackups({
    databaseUrl,
    dir: process.env.BACKUP_DIR,
    everyMs: backupEveryMs,
    keep: backupKeep,
    log,
  });
  log.info(
    { dir: process.env.BACKUP_DIR, every_s: backupEveryMs / 1000, keep: backupKeep },
    'scheduled backups',
  );
}
if (metrics && metricsPort !== null && !closing) {
  const scrape = metricsServer(metrics);
  scrape.unref(); // a scrape in progress never holds the shutdown
  await new Promise<void>((resolve) => scrape.listen(metricsPort, process.env.METRICS_HOST || host, resolve));
  const at = scrape.address();
  log.info(
    `Metrics at http://${typeof at === 'object' && at ? `${at.address}:${at.port}` : String(at)}/metrics`,
  );
}
// Served from here on: said as Fastify says it (tests/api/processes.ts waits for this line).
const address = gate.server.address();
const where =
  address && typeof address === 'object'
    ? `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
    : String(address);
log.info(`Server listening at http://${where}`);
