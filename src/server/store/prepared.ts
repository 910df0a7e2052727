// The hot reads' statements, prepared once: on SQLite a better-sqlite3 statement kept per connection and run
// directly; on PostgreSQL a named statement, which the server parses and plans once per connection. Building a
// query with Kysely on every request (and PostgreSQL parsing it anew) cost more than the read itself; the rest of
// the store keeps Kysely. SQL is written once with `?` placeholders; PostgreSQL's `$n` are numbered from them.
import type { Statement } from 'better-sqlite3';
import { onSqlite, type Store } from './db.ts';

export interface Prepared {
  name: string;
  sqlite: string;
  postgres: string;
}

/** A statement for both databases; `postgres` when its text differs (beyond placeholders) from SQLite's. */
export function prepared(name: string, sqlite: string, postgres = sqlite): Prepared {
  let n = 0;
  return { name, sqlite, postgres: postgres.replace(/\?/g, () => `$${++n}`) };
}

const statements = new WeakMap<object, Map<string, Statement>>();

/** SQLite: the statement on this connection, prepared at its first use (also for synchronous writes: economy/daily-progress.ts). */
export function statementOf(raw: NonNullable<Store['sqlite']>, q: Prepared): Statement {
  let byName = statements.get(raw);
  if (!byName) statements.set(raw, (byName = new Map()));
  let s = byName.get(q.name);
  if (!s) byName.set(q.name, (s = raw.prepare(q.sqlite)));
  return s;
}

/** Every row the statement answers. */
export async function allRows<T>(store: Store, q: Prepared, values: unknown[]): Promise<T[]> {
  if (store.sqlite) {
    const s = statementOf(store.sqlite, q);
    return onSqlite(store, store.sqlite, () => s.all(...values) as T[]);
  }
  const r = await store.pool!.query({ name: q.name, text: q.postgres, values });
  return r.rows as T[];
}

/** The first row, or undefined. */
export async function firstRow<T>(store: Store, q: Prepared, values: unknown[]): Promise<T | undefined> {
  if (store.sqlite) {
    const s = statementOf(store.sqlite, q);
    return onSqlite(store, store.sqlite, () => s.get(...values) as T | undefined);
  }
  const r = await store.pool!.query({ name: q.name, text: q.postgres, values });
  return r.rows[0] as T | undefined;
}

/**
 * SQLite only: a mark of the database's state that moves whenever it may have changed. On a file, the WAL-index
 * header's commit count and WAL salt (wal-index.ts), which every commit of any connection moves. In memory, the
 * count of rows this connection has ever written (`total_changes()`, triggers' writes included; every write of
 * this process goes through its one connection) and `data_version`, which moves when another connection commits.
 * Answers remembered under a mark are still exact while the mark stands: checking it reads no table. A mark is
 * read outside any open transaction (onSqlite), and before the rows an answer is made from, so an answer is never
 * older than its mark. PostgreSQL has no such read without a round trip: undefined there.
 */
export function changeMark(store: Store): ChangeMark | undefined {
  const raw = store.sqlite;
  if (!raw || raw.inTransaction) return undefined;
  // From the WAL-index header where the database has one (wal-index.ts); never mixed with the statements' marks,
  // whose numbers mean other things: a header that cannot be told gives no mark at all.
  if (store.walIndex) return store.walIndex.mark();
  // Two plucked statements: 2.9 µs a read, where one row from the pragma_data_version table cost 7.7 µs.
  return {
    changes: statementOf(raw, TOTAL_CHANGES).pluck(true).get() as number,
    version: statementOf(raw, DATA_VERSION).pluck(true).get() as number,
  };
}

const TOTAL_CHANGES = prepared('total-changes', 'select total_changes()');
const DATA_VERSION = prepared('data-version', 'pragma data_version');

/** What a mark holds: on a file, the header's commit count and WAL salt; in memory, total_changes and data_version. */
export interface ChangeMark {
  changes: number;
  version: number;
}

export const sameMark = (a: ChangeMark | undefined, b: ChangeMark | undefined): boolean =>
  a !== undefined && b !== undefined && a.changes === b.changes && a.version === b.version;
