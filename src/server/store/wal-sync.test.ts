import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { WalSync } from './wal-sync.ts';

/** A flush the test opens by hand, recording the order of events. */
function heldFlush() {
  const opens: (() => void)[] = [];
  const flush = (path: string) => {
    expect(path).toMatch(/-wal$/);
    return new Promise<void>((resolve) => opens.push(resolve));
  };
  return { flush, opens };
}

describe('WalSync', () => {
  let dir: string;
  let raw: BetterSqlite3.Database;
  const open = () => {
    dir = mkdtempSync(join(tmpdir(), 'wal-sync-'));
    raw = new BetterSqlite3(join(dir, 'db.sqlite'));
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.exec('create table t (n integer)');
  };
  const write = () => raw.prepare('insert into t (n) values (1)').run();
  afterEach(() => {
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('flushes nothing when nothing changed', async () => {
    open();
    const held = heldFlush();
    const sync = new WalSync(raw, held.flush);
    await sync.settle();
    expect(held.opens).toHaveLength(0);
  });

  it('answers waiting together share one flush, and none resolves before it', async () => {
    open();
    const held = heldFlush();
    const sync = new WalSync(raw, held.flush);
    write();
    let settled = 0;
    const waits = Array.from({ length: 50 }, () => sync.settle().then(() => settled++));
    await new Promise((r) => setTimeout(r, 20));
    expect(held.opens).toHaveLength(1);
    expect(settled).toBe(0);
    held.opens[0]();
    await Promise.all(waits);
    expect(settled).toBe(50);
    expect(sync.syncs).toBe(1);
    await sync.settle(); // nothing new: no second flush
    expect(held.opens).toHaveLength(1);
  });

  it('a change made while a flush runs waits for the next flush, shared by all who ask meanwhile', async () => {
    open();
    const held = heldFlush();
    const sync = new WalSync(raw, held.flush);
    write();
    const first = sync.settle();
    write(); // may not be covered by the flush already under way
    let secondDone = false;
    const second = sync.settle().then(() => (secondDone = true));
    const third = sync.settle();
    held.opens[0]();
    await first;
    await new Promise((r) => setTimeout(r, 20));
    expect(secondDone).toBe(false);
    expect(held.opens).toHaveLength(2);
    held.opens[1]();
    await Promise.all([second, third]);
    expect(sync.syncs).toBe(2);
  });

  it('a failed flush fails its waiters; the next change flushes anew', async () => {
    open();
    let fail = true;
    const sync = new WalSync(raw, async () => {
      if (fail) throw new Error('disk gone');
    });
    write();
    await expect(sync.settle()).rejects.toThrow('disk gone');
    fail = false;
    await sync.settle();
    expect(sync.syncs).toBe(1);
  });

  it('fsyncs the real WAL file through one descriptor, kept until closed', async () => {
    open();
    const walDescriptors = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === join(dir, 'db.sqlite-wal');
        } catch {
          return false; // gone since listed
        }
      }).length;
    const sqliteOwn = walDescriptors();
    const sync = new WalSync(raw);
    write();
    await sync.settle();
    write();
    await sync.settle();
    expect(sync.syncs).toBe(2);
    expect(walDescriptors()).toBe(sqliteOwn + 1);
    await sync.close();
    expect(walDescriptors()).toBe(sqliteOwn);
  });
});
