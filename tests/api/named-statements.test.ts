// On PostgreSQL every statement with parameters runs named, prepared once per connection (named-statements.ts):
// Kysely's and the hot reads' alike; and a statement whose table's columns changed under it (another instance's
// migration) fails once, then runs prepared anew — inside an economy transaction, retried.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { withRetries } from '../../src/server/economy/transaction.ts';
import { allRows, prepared } from '../../src/server/store/prepared.ts';
import { freshDatabase, newPlayer, startHarness, type TestDatabase } from './helpers.ts';

describe('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  let store: Store;
  let other: Store;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    // one connection, so every statement below runs on it and its prepared statements can be listed
    store = openStore(database.url, { poolSize: 1 });
    other = openStore(database.url, { poolSize: 1 });
    // a bare database: the two tables the statements below read
    await sql`create table users (id text primary key, username_key text)`.execute(store.db);
    await sql`create table t (a integer)`.execute(store.db);
    await sql`insert into t (a) values (1), (2)`.execute(store.db);
  });
  afterAll(async () => {
    await store?.close();
    await other?.close();
    await database?.drop();
  });

  /** The statements the store's one connection has prepared whose text mentions `table`. */
  const preparedOn = async (table: string) =>
    (
      await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where statement like ${`%${table}%`}`.execute(store.db)
    ).rows
      .map((r) => r.statement)
      .filter((s) => !s.includes('pg_prepared_statements'));

  it('prepares each text with parameters once, however often it runs, and runs one without parameters by text', async () => {
    for (let i = 0; i < 3; i++) {
      const rows = await store.db.selectFrom('users').select('id').where('id', '=', `u_${i}`).execute();
      expect(rows).toEqual([]);
      await sql`select count(*) from users`.execute(store.db);
    }
    const hot = prepared('select id from users where username_key = ?');
    for (let i = 0; i < 3; i++) expect(await allRows(store, hot, [`nobody${i}`])).toEqual([]);
    expect((await preparedOn('users')).sort()).toEqual(
      ['select "id" from "users" where "id" = $1', 'select id from users where username_key = $1'].sort(),
    );
  });

  it('a statement whose table gained a column fails once, then is prepared anew; in a retried transaction it does not fail', async () => {
    const read = () =>
      sql<{ a: number; b?: number }>`select * from t where a >= ${1} order by a`.execute(store.db);
    expect((await read()).rows).toEqual([{ a: 1 }, { a: 2 }]);
    // another instance's migration
    await sql`alter table t add column b integer default 7`.execute(other.db);
    await expect(read()).rejects.toMatchObject({ code: '0A000' });
    expect((await read()).rows).toEqual([
      { a: 1, b: 7 },
      { a: 2, b: 7 },
    ]);

    await sql`alter table t add column c integer default 8`.execute(other.db);
    const inTransaction = () =>
      store.db
        .transaction()
        .execute(async (trx) => (await sql`select * from t where a >= ${1} order by a`.execute(trx)).rows);
    expect(await withRetries(inTransaction)).toEqual([
      { a: 1, b: 7, c: 8 },
      { a: 2, b: 7, c: 8 },
    ]);
  });

  it('a read whose statement went stale under a migration answers 503, to be asked again; asked again, it answers', async () => {
    const h = await startHarness('postgres', { poolSize: 1 });
    try {
      const user = await newPlayer(h, 'stale');
      const read = () => h.call('GET', `/api/users/${user.id}`);
      expect((await read()).status).toBe(200);
      const migration = openStore(h.db.url, { poolSize: 1 });
      await sql`alter table users add column later_feature integer`.execute(migration.db);
      await migration.close();
      const stale = await h.app.inject({ method: 'GET', url: `/api/users/${user.id}` });
      expect(stale.statusCode, stale.body).toBe(503);
      expect(stale.headers['retry-after']).toBe('1');
      expect(stale.json()).toEqual({ error: 'The game was updated a moment ago: please try again' });
      const again = await read();
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(user.id);
    } finally {
      await h.close();
    }
  });
});
