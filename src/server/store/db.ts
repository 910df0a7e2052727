// Opens the store: SQLite (better-sqlite3, WAL) for `sqlite:PATH` or PostgreSQL (pg Pool) for `postgres://…`,
// one Kysely<Database> either way. Migrations (migrations.ts) run from app.ts on start.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type KyselyConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './tables.ts';
import { WalSync } from './wal-sync.ts';
import { nameStatements } from './named-statements.ts';

export type Dialect = 'sqlite' | 'postgres';

/** A migration's view of the database: the tables as they were at its step, not today's (tables.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** SQLite only: the raw connection, for synchronous statements and transactions (see onSqlite). */
  sqlite?: BetterSqlite3.Database;
  /** SQLite only: the connection's statement for this SQL, prepared at its first use and kept (one cache for all). */
  statement?: (sql: string) => BetterSqlite3.Statement;
  /** PostgreSQL only: the pool, for the hot reads' named (server-side prepared) statements (hot-reads.ts). */
  pool?: pg.Pool;
  /** SQLite on a file only: flushes the WAL before a change is answered (wal-sync.ts). */
  walSync?: WalSync;
  /** Told every statement run outside Kysely (prepared.ts), as Kysely's log tells its own (StoreOptions). */
  onStatement?: (sql: string, ms: number) => void;
  close(): Promise<void>;
}

// int8 (COUNT(*), bigint columns) would otherwise come back as strings; our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export const DEFAULT_DATABASE_URL = 'sqlite:./data/runeborn.db';

export function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '');
}

// Kysely prepares every query anew; with better-sqlite3 preparing costs more than running a small query, and
// our queries are a few hundred distinct texts, so prepared statements are kept and reused — Kysely's and the hot
// reads' (prepared.ts) in one cache, by their SQL.
function statementCache(database: BetterSqlite3.Database, size = 1000) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = database.prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(sql, stmt);
    }
    return stmt;
  };
}

export interface StoreOptions {
  poolSize?: number;
  walFlush?: (path: string) => Promise<void>;
  /** Told every statement the store runs, Kysely's and the prepared reads', with its time (http/metrics.ts). */
  onStatement?: (sql: string, ms: number) => void;
}

export function openStore(databaseUrl: string, opts: StoreOptions = {}): Store {
  const { onStatement } = opts;
  const log: KyselyConfig['log'] = onStatement
    ? (event) => onStatement(event.query.sql, event.queryDurationMillis)
    : undefined;
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client's network error must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Nor may a checked-out client's (the database restarted, its backend ended): its query fails, and the pool
    // drops the client when it is released with that error.
    // Each connection runs its statements named, prepared once (named-statements.ts).
    pool.on('connect', (client) => {
      client.on('error', () => {});
      nameStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, dialect: 'postgres', pool, onStatement, close: () => db.destroy() };
  }
  if (!databaseUrl.startsWith('sqlite:'))
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${databaseUrl}`);
  const path = sqlitePath(databaseUrl);
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const database = new BetterSqlite3(path);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  // NORMAL: a commit writes its WAL frames without flushing them; every change is flushed before it is answered,
  // off the event loop (wal-sync.ts), so an acknowledged purchase survives a power cut as it would under FULL.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const statement = statementCache(database);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: { close: () => database.close(), prepare: statement } }),
    log,
  });
  const walSync = path === ':memory:' ? undefined : new WalSync(database, opts.walFlush);
  return {
    db,
    dialect: 'sqlite',
    sqlite: database,
    statement,
    walSync,
    onStatement,
    close: async () => {
      await walSync?.close();
      await db.destroy();
    },
  };
}

/**
 * Runs synchronous work on SQLite's raw connection. Node runs one thing at a time, so the work is alone on the
 * connection unless a Kysely transaction is open across an await: then it would see (and join) that
 * transaction's uncommitted writes, so it waits for Kysely's connection, which the transaction holds until done.
 */
export function onSqlite<T>(store: Store, raw: BetterSqlite3.Database, work: () => T): T | Promise<T> {
  if (!raw.inTransaction) return work();
  return store.db.connection().execute(async () => work());
}
