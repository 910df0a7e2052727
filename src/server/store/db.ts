// Opens the store: SQLite (better-sqlite3, WAL) for `sqlite:PATH` or PostgreSQL (pg Pool) for `postgres://…`,
// one Kysely<Database> either way. Migrations (migrations.ts) run from app.ts on start.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// int8 (COUNT(*), bigint columns) would otherwise come back as strings; our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export const DEFAULT_DATABASE_URL = 'sqlite:./data/runeborn.db';

export function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '');
}

export function openStore(databaseUrl: string, opts: { poolSize?: number } = {}): Store {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client's network error must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (!databaseUrl.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${databaseUrl}`);
  const path = sqlitePath(databaseUrl);
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const database = new BetterSqlite3(path);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
