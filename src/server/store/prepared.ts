// The hot reads' statements, prepared once: on SQLite the connection's kept better-sqlite3 statement (db.ts),
// run directly; on PostgreSQL a named statement, which the server parses and plans once per connection. Building a
// query with Kysely on every request (and PostgreSQL parsing it anew) cost more than the read itself; the rest of
// the store keeps Kysely. SQL is written once with `?` placeholders; PostgreSQL's `$n` are numbered from them.
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

/** Every row the statement answers. */
export async function allRows<T>(store: Store, q: Prepared, values: unknown[]): Promise<T[]> {
  if (store.sqlite) {
    const s = store.statement!(q.sqlite);
    return onSqlite(store, store.sqlite, () => s.all(...values) as T[]);
  }
  const r = await store.pool!.query({ name: q.name, text: q.postgres, values });
  return r.rows as T[];
}

/** The first row, or undefined. */
export async function firstRow<T>(store: Store, q: Prepared, values: unknown[]): Promise<T | undefined> {
  if (store.sqlite) {
    const s = store.statement!(q.sqlite);
    return onSqlite(store, store.sqlite, () => s.get(...values) as T | undefined);
  }
  const r = await store.pool!.query({ name: q.name, text: q.postgres, values });
  return r.rows[0] as T | undefined;
}
