// Where the per-client limits are counted (@fastify/rate-limit). One instance on SQLite counts in memory; instances
// sharing a PostgreSQL database count in one place, so N instances allow what one allows: in Redis when REDIS_URL
// is set (the plugin's own Lua-scripted store), otherwise in the database itself (PgLimitStore, one upsert a hit).
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Store } from '../store/db.ts';
import type { Database } from '../store/tables.ts';

type Counted = { current: number; ttl: number };
type Done = (err: Error | null, res?: Counted) => void;

/** The database's own clock in ms, so instances whose clocks differ still share one window. */
const NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * A @fastify/rate-limit store over the `rate_limits` table: a hit is one statement that starts a window or
 * counts into it, atomic under concurrent hits from any instance (INSERT … ON CONFLICT DO UPDATE).
 */
export function pgLimitStore(db: Kysely<Database>) {
  return class PgLimitStore {
    // The plugin constructs a store with its settings, which this one does not need.
    constructor(
      _settings?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: Done, timeWindow: number): void {
      sql<{ hits: number; ttl: number }>`
        insert into rate_limits as r (key, hits, window_end) values (${this.prefix + key}, 1, ${NOW_MS} + ${timeWindow})
        on conflict (key) do update set
          hits = case when r.window_end <= ${NOW_MS} then 1 else r.hits + 1 end,
          window_end = case when r.window_end <= ${NOW_MS} then ${NOW_MS} + ${timeWindow} else r.window_end end
        returning hits, window_end - ${NOW_MS} as ttl`
        .execute(db)
        .then((r) => done(null, { current: r.rows[0].hits, ttl: Math.max(0, Number(r.rows[0].ttl)) }), done);
    }

    read(key: string, done: Done): void {
      sql<{ hits: number; ttl: number }>`
        select hits, window_end - ${NOW_MS} as ttl from rate_limits
        where key = ${this.prefix + key} and window_end > ${NOW_MS}`
        .execute(db)
        .then((r) => {
          const row = r.rows[0];
          done(null, row ? { current: row.hits, ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        }, done);
    }

    /** Each limited route counts under its own prefix, as the plugin's stores do. */
    child(route: { routeInfo?: { method?: string; url?: string }; groupId?: string }) {
      const info = route.routeInfo ?? {};
      const name = route.groupId ?? (info.method && info.url ? `${info.method}${info.url}` : 'limit');
      return new PgLimitStore(undefined, `${this.prefix}${name}-`);
    }
  };
}

/** Deletes windows that ended. */
async function pruneLimitWindows(db: Kysely<Database>): Promise<void> {
  await sql`delete from rate_limits where window_end < ${NOW_MS}`.execute(db);
}

export interface LimitStore {
  options: Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace' | 'skipOnError'>;
  /** Where the limits are counted, for the log and /api/health. */
  kind: 'memory' | 'postgres' | 'redis';
  /** Forgets windows that ended (run by the sweep; Redis and memory expire their own). */
  prune(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The limits' store for this deployment: Redis when a URL is given, PostgreSQL when the game's database is
 * PostgreSQL, memory on SQLite (one instance). A store that cannot be reached lets requests through (skipOnError)
 * rather than refusing everyone: the limits guard against floods, not against the game's own outage.
 */
export function limitStoreFor(store: Store, redisUrl: string | undefined): LimitStore {
  if (redisUrl) {
    const redis = new Redis(redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    redis.on('error', () => {}); // reconnects by itself; a failed count is skipped (skipOnError)
    return {
      options: { redis, nameSpace: 'runeborn-limit-', skipOnError: true },
      kind: 'redis',
      prune: async () => {},
      close: async () => void (await redis.quit().catch(() => redis.disconnect())),
    };
  }
  if (store.dialect === 'postgres')
    return {
      options: { store: pgLimitStore(store.db) as never, skipOnError: true },
      kind: 'postgres',
      prune: () => pruneLimitWindows(store.db),
      close: async () => {},
    };
  return { options: {}, kind: 'memory', prune: async () => {}, close: async () => {} };
}
