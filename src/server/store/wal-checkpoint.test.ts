import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKSTOP_PAGES, WalCheckpointer } from './wal-checkpoint.ts';

describe('WalCheckpointer', () => {
  let dir: string;
  let raw: BetterSqlite3.Database;
  let checkpointer: WalCheckpointer | undefined;
  const open = (everyMs?: number) => {
    dir = mkdtempSync(join(tmpdir(), 'wal-checkpoint-'));
    raw = new BetterSqlite3(join(dir, 'db.sqlite'));
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.exec('create table t (n integer, pad blob)');
    checkpointer = new WalCheckpointer(raw, everyMs);
  };
  /** `pages` pages of WAL, one commit a page (each row about a page). */
  const write = (pages: number) => {
    const insert = raw.prepare('insert into t (n, pad) values (?, randomblob(3500))');
    for (let i = 0; i < pages; i++) insert.run(i);
  };
  afterEach(async () => {
    await checkpointer?.close();
    checkpointer = undefined;
    if (raw.open) raw.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the main connection’s own checkpoint as a backstop far past SQLite’s 1,000 pages', () => {
    open(60_000);
    expect(raw.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
  });

  it('checkpoints on its own connection what the main one wrote', async () => {
    open(60_000); // no timed checkpoint in this test
    write(3000);
    // SQLite's default would have checkpointed (and restarted the WAL) on the main thread at 1,000 pages
    const r = await checkpointer!.checkpoint();
    expect(r.busy).toBe(0);
    expect(r.log).toBeGreaterThanOrEqual(3000);
    expect(r.checkpointed).toBe(r.log);
    // a WAL checkpointed whole restarts at the next write: the frames it holds are those written since
    write(10);
    const again = await checkpointer!.checkpoint();
    expect(again.log).toBeLessThan(100);
    expect(raw.prepare('select count(*) as n from t').get()).toEqual({ n: 3010 });
  });

  it('checkpoints every period without being asked', async () => {
    open(20);
    write(50);
    await expect.poll(() => checkpointer!.done, { timeout: 10_000 }).toBeGreaterThan(1);
  });

  it('closes its connection first, so the main one’s close removes the WAL', async () => {
    open(60_000);
    write(20);
    await checkpointer!.checkpoint();
    await checkpointer!.close();
    await expect(checkpointer!.checkpoint()).rejects.toThrow(/ended/);
    checkpointer = undefined;
    raw.close();
    expect(existsSync(join(dir, 'db.sqlite-wal'))).toBe(false);
    const back = new BetterSqlite3(join(dir, 'db.sqlite'));
    expect(back.prepare('select count(*) as n from t').get()).toEqual({ n: 20 });
    back.close();
  });
});
