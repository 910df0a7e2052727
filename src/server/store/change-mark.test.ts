// The SQLite change mark (prepared.ts changeMark): it must move with every committed write, whoever made it, or a
// hot read would send a remembered answer the database no longer holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db.ts';
import { changeMark, sameMark } from './prepared.ts';

describe('changeMark', () => {
  let dir: string;
  let store: Store;
  let other: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'change-mark-'));
    const url = `sqlite:${join(dir, 'db.sqlite')}`;
    store = openStore(url);
    await sql`create table t (n integer)`.execute(store.db);
    await sql`insert into t (n) values (1)`.execute(store.db);
    other = openStore(url);
  });
  afterEach(async () => {
    await other.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stands while nothing is written', async () => {
    const a = changeMark(store);
    await sql`select n from t`.execute(store.db);
    expect(sameMark(a, changeMark(store))).toBe(true);
  });

  it('moves with a write of its own connection, a trigger’s included', async () => {
    await sql`create table log (n integer)`.execute(store.db);
    await sql`create trigger t_log after update on t begin insert into log (n) values (new.n); end`.execute(
      store.db,
    );
    const a = changeMark(store)!;
    await sql`update t set n = 2`.execute(store.db);
    const b = changeMark(store)!;
    expect(sameMark(a, b)).toBe(false);
    expect(b.changes - a.changes).toBe(1); // one commit, the trigger's row in it
  });

  it('moves with a commit of another connection', async () => {
    const a = changeMark(store);
    await sql`update t set n = 3`.execute(other.db);
    expect(sameMark(a, changeMark(store))).toBe(false);
  });

  it('stands after a transaction that rolled back: nothing was written', async () => {
    const a = changeMark(store);
    await expect(
      store.db.transaction().execute(async (tx) => {
        await sql`update t set n = 4`.execute(tx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(sameMark(a, changeMark(store))).toBe(true);
  });

  it('moves when the WAL restarts', async () => {
    const a = changeMark(store);
    store.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
    await sql`update t set n = 6`.execute(other.db);
    const b = changeMark(store)!;
    expect(sameMark(a, b)).toBe(false);
    expect(b.version).not.toBe(a!.version);
  });

  it('is read from the WAL-index header of a file, and from two statements in memory', async () => {
    expect(store.walIndex).toBeDefined();
    const memory = openStore('sqlite::memory:');
    try {
      expect(memory.walIndex).toBeUndefined();
      await sql`create table m (n integer)`.execute(memory.db);
      const a = changeMark(memory);
      await sql`insert into m (n) values (1)`.execute(memory.db);
      expect(sameMark(a, changeMark(memory))).toBe(false);
    } finally {
      await memory.close();
    }
  });

  it('is none inside an open transaction, and none on PostgreSQL', async () => {
    await store.db.transaction().execute(async (tx) => {
      await sql`update t set n = 5`.execute(tx);
      expect(changeMark(store)).toBeUndefined();
    });
    expect(changeMark({ ...store, sqlite: undefined })).toBeUndefined();
    expect(sameMark(undefined, undefined)).toBe(false);
  });
});
