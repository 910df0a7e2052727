// Every statement the store runs is timed for the metrics (openStore's onStatement: the statement histogram,
// http/metrics.ts), on SQLite and PostgreSQL — Kysely's and the prepared hot reads' (store/prepared.ts), which run
// beside Kysely and were once missed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { allRows, firstRow, prepared } from '../../src/server/store/prepared.ts';
import { sql } from 'kysely';
import { DATABASES, freshDatabase, type TestDatabase } from './helpers.ts';

describe.each(DATABASES)('statement times on %s', (kind) => {
  let database: TestDatabase;
  let store: Store;
  const told: { sql: string; ms: number }[] = [];
  beforeAll(async () => {
    database = await freshDatabase(kind);
    store = openStore(database.url, { onStatement: (text, ms) => told.push({ sql: text, ms }) });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it("tells a prepared read's time as it tells Kysely's", async () => {
    const one = prepared('select 1 as n where 1 = ?');
    const many = prepared('select 2 as n where 2 = ?');
    expect(await firstRow<{ n: number }>(store, one, [1])).toEqual({ n: 1 });
    expect(await allRows<{ n: number }>(store, many, [2])).toEqual([{ n: 2 }]);
    await sql`select 3 as n`.execute(store.db);
    const texts = told.map((t) => t.sql);
    expect(texts).toEqual(expect.arrayContaining([one[kind], many[kind], 'select 3 as n']));
    for (const t of told) expect(t.ms).toBeGreaterThanOrEqual(0);
  });
});
