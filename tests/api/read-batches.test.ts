// keyedRead and sharedRead (src/server/store/read-batches.ts) on real databases: on PostgreSQL reads that must wait
// go as one statement (sharedRead: those with the same values), each gets its own rows, and a read never gets an
// answer older than itself; on SQLite each read is its own statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { keyedRead, sharedRead } from '../../src/server/store/read-batches.ts';
import { prepared } from '../../src/server/store/prepared.ts';
import { DATABASES, freshDatabase, type TestDatabase } from './helpers.ts';

interface Row {
  k: string;
  v: number;
}

describe.each(DATABASES)('keyedRead on %s', (kind) => {
  let db: TestDatabase;
  let store: Store;
  let statements = 0;
  beforeAll(async () => {
    db = await freshDatabase(kind);
    store = openStore(db.url, { poolSize: 4 });
    await sql`create table t (k text, v int)`.execute(store.db);
    await sql`insert into t values ('a', 1), ('b', 2), ('b', 3), ('c', 4)`.execute(store.db);
    if (store.pool) {
      const pool = store.pool;
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      pool.query = ((...args: unknown[]) => {
        statements++;
        return query(...args);
      }) as typeof pool.query;
    }
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  /** A read of t by k; on PostgreSQL each statement first sleeps `sleep` seconds. */
  const readOf = (sleep = 0) =>
    keyedRead<Row>(
      (match) =>
        kind === 'postgres'
          ? `select t.k, t.v from t, pg_sleep(${sleep}) where t.k ${match} order by t.v`
          : `select k, v from t where k ${match} order by v`,
      (r) => r.k,
      1,
    );

  it('each read gets its own key’s rows, none for an unknown key; on PostgreSQL those of one turn go as one', async () => {
    const read = readOf();
    statements = 0;
    const keys = ['a', 'b', 'zz', 'b', 'c', 'a'];
    const answers = await Promise.all(keys.map((k) => read(store, k)));
    expect(answers.map((rows) => rows.map((r) => r.v))).toEqual([[1], [2, 3], [], [2, 3], [4], [1]]);
    // asked in one turn of the event loop: they went together, each key once
    if (kind === 'postgres') expect(statements).toBe(1);
  });

  it('several keys at once, alone or beside single reads: each key its own rows', async () => {
    const read = readOf();
    statements = 0;
    const [many, single, again] = await Promise.all([
      read.many(store, ['b', 'zz', 'c']),
      read(store, 'a'),
      read.many(store, ['a', 'b']),
    ]);
    expect(['b', 'zz', 'c'].map((k) => (many.get(k) ?? []).map((r) => r.v))).toEqual([[2, 3], [], [4]]);
    expect(single.map((r) => r.v)).toEqual([1]);
    expect(['a', 'b'].map((k) => again.get(k)!.map((r) => r.v))).toEqual([[1], [2, 3]]);
    if (kind === 'postgres') expect(statements).toBe(1);
  });

  it.runIf(kind === 'postgres')(
    'reads that come while a statement is under way wait, and go together when it returns',
    async () => {
      const read = readOf(0.1);
      statements = 0;
      const first = read(store, 'a');
      await new Promise((r) => setImmediate(r)); // the first is sent
      const later: Promise<Row[]>[] = [];
      for (const k of ['b', 'c', 'b']) {
        later.push(read(store, k));
        await new Promise((r) => setImmediate(r)); // each in a turn of its own
      }
      expect((await first).map((r) => r.v)).toEqual([1]);
      expect((await Promise.all(later)).map((rows) => rows.map((r) => r.v))).toEqual([[2, 3], [4], [2, 3]]);
      expect(statements).toBe(2);
    },
  );

  it.runIf(kind === 'postgres')(
    'a read never joins a statement already sent: it sees a write acknowledged before it came',
    async () => {
      const read = readOf(0.2);
      const early = read(store, 'a'); // sent at once, slow
      await new Promise((r) => setTimeout(r, 50)); // it is under way
      await sql`update t set v = 10 where k = 'a'`.execute(store.db);
      const late = read(store, 'a'); // waits for the slow one, then goes on its own
      expect((await early).map((r) => r.v)).toEqual([1]);
      expect((await late).map((r) => r.v)).toEqual([10]);
      await sql`update t set v = 1 where k = 'a'`.execute(store.db);
    },
  );

  it('a failed statement fails every read it carried; the next reads go on', async () => {
    const broken = keyedRead<Row>(
      (m) => `select k, v from no_such_table where k ${m}`,
      (r) => r.k,
      1,
    );
    const results = await Promise.allSettled(['a', 'b', 'c'].map((k) => broken(store, k)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((await readOf()(store, 'c')).map((r) => r.v)).toEqual([4]);
  });

  it('shared reads: those that wait with the same values get one statement’s rows, others their own', async () => {
    const page = sharedRead<Row>(
      prepared('select k, v from t where v >= ? order by v', 'select k, v from t where v >= ? order by v'),
      1,
    );
    statements = 0;
    const mins = [1, 3, 3, 3, 4, 3];
    const answers = await Promise.all(mins.map((m) => page(store, [m])));
    expect(answers.map((rows) => rows.map((r) => r.v))).toEqual([
      [1, 2, 3, 4],
      [3, 4],
      [3, 4],
      [3, 4],
      [4],
      [3, 4],
    ]);
    // the first went alone at once; the others waited: all the 3s as one statement, the 4 as another
    if (kind === 'postgres') expect(statements).toBe(3);
    const broken = sharedRead<Row>(prepared('select k, v from no_such_table where v >= ?'), 1);
    const failed = await Promise.allSettled([1, 1, 2].map((m) => broken(store, [m])));
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((await page(store, [4])).map((r) => r.v)).toEqual([4]);
  });
});
