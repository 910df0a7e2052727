// The hot reads' statements, prepared once: on SQLite the connection's kept better-sqlite3 statement (db.ts),
// run directly; on PostgreSQL a statement the connection prepares once, as every statement with parameters
// (named-statements.ts). Building a
// query with Kysely on every request (and PostgreSQL parsing it anew) cost more than the read itself; the rest of
// the store keeps Kysely. SQL is written once with `?` placeholders; PostgreSQL's `$n` are numbered from them. Each
// run is timed for the store's onStatement (the metrics' statement histogram), as Kysely's own statements are.
import { onSqlite, type Store } from './db.ts';

export interface Prepared {
  sqlite: string;
  postgres: string;
}

/** A statement for both databases; `postgres` when its text differs (beyond placeholders) from SQLite's. */
export function prepared(sqlite: string, postgres = sqlite): Prepared {
  let n = 0;
  return { sqlite, postgres: postgres.replace(/\?/g, () => `$${++n}`) };
}

/** Every row the statement answers. */
export async function allRows<T>(store: Store, q: Prepared, values: unknown[]): Promise<T[]> {
  if (store.sqlite) {
    const s = store.statement!(q.sqlite);
    return onSqlite(store, store.sqlite, () => timed(store, q.sqlite, () => s.all(...values) as T[]));
  }
  const r = await timed(store, q.postgres, () => store.pool!.query(q.postgres, values));
  return r.rows as T[];
}

/** The first row, or undefined. */
export async function firstRow<T>(store: Store, q: Prepared, values: unknown[]): Promise<T | undefined> {
  if (store.sqlite) {
    const s = store.statement!(q.sqlite);
    return onSqlite(store, store.sqlite, () =>
      timed(store, q.sqlite, () => s.get(...values) as T | undefined),
    );
  }
  const r = await timed(store, q.postgres, () => store.pool!.query(q.postgres, values));
  return r.rows[0] as T | undefined;
}

/** `run()`'s statement, told to the store's onStatement with its time (a promise's once it settles). */
function timed<T>(store: Store, sql: string, run: () => T): T {
  const tell = store.onStatement;
  if (!tell) return run();
  const t = performance.now();
  const told = () => tell(sql, performance.now() - t);
  let r: T;
  try {
    r = run();
  } catch (err) {
    told();
    throw err;
  }
  if (r instanceof Promise) return r.finally(told) as T;
  told();
  return r;
}
