// Backups that restore (src/server/store/backup.ts, scripts/backup.ts), SQLite and PostgreSQL, against a real server
// process: `npm run backup` taken under a flood of purchases, restored into an empty database, passes the ledger
// audit and holds every purchase acknowledged before the backup began; a restore into a database that is not empty
// is refused and changes nothing. The scheduled backups: scheduled-backups.test.ts.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, parseEvery, restoreFrom } from '../../src/server/store/backup.ts';
import { auditLedger } from '../../src/server/economy/ledger.ts';
import { openStore } from '../../src/server/store/db.ts';
import { DATABASES, freshDatabase, newPlayer, setBalances, type TestDatabase } from './helpers.ts';
import { remote, runScript, startServer, stop } from './processes.ts';

async function purchasesOf(databaseUrl: string, ids: string[]): Promise<Map<string, number>> {
  const store = openStore(databaseUrl, { poolSize: 1 });
  try {
    const rows = await store.db
      .selectFrom('ledger')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('reason', '=', 'purchase')
      .where('user_id', 'in', ids)
      .groupBy('user_id')
      .execute();
    return new Map(ids.map((id) => [id, Number(rows.find((r) => r.user_id === id)?.n ?? 0)]));
  } finally {
    await store.close();
  }
}

it('reads BACKUP_EVERY as seconds or with s, m, h', () => {
  expect([parseEvery('90'), parseEvery('30s'), parseEvery('5m'), parseEvery('6h')]).toEqual([
    90_000, 30_000, 300_000, 21_600_000,
  ]);
  expect(() => parseEvery('soon')).toThrow(/BACKUP_EVERY/);
  expect(() => parseEvery('0')).toThrow(/BACKUP_EVERY/);
});

describe.each(DATABASES)('backups on %s', (kind) => {
  const dbs: TestDatabase[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-backups-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child) await stop(child);
    for (const db of dbs) await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a backup taken under a purchase flood restores, passes the audit and holds what was acknowledged', async () => {
    const db = await freshDatabase(kind);
    dbs.push(db);
    const server = await startServer(db.url);
    child = server.child;
    const h = remote(db, server.url);
    const players = [await newPlayer(h, 'bk'), await newPlayer(h, 'bk'), await newPlayer(h, 'bk')];
    for (const p of players) await setBalances(h, p.id, { gold: 1_000_000 });
    const ids = players.map((p) => p.id);

    const ok = new Map(ids.map((id) => [id, 0]));
    let flooding = true;
    const refused: number[] = [];
    const buyer = async (id: string) => {
      while (flooding) {
        const res = await fetch(`${server.url}/api/shop/purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: id, item_id: 'draught_of_insight', quantity: 1 }),
        }).catch(() => null); // the server stopped under a failed test: its failure is told there
        if (!res) return;
        await res.arrayBuffer();
        if (res.status !== 200) refused.push(res.status);
        else ok.set(id, ok.get(id)! + 1);
      }
    };
    const flood = Promise.all(ids.flatMap((id) => [buyer(id), buyer(id)]));
    await expect
      .poll(() => [...ok.values()].reduce((a, b) => a + b), { timeout: 15_000, interval: 5 })
      .toBeGreaterThan(30);

    // Acknowledged before the backup begins: all of it must be in the copy.
    const acknowledged = new Map(ok);
    const file = join(dir, `manual.${kind === 'sqlite' ? 'db' : 'dump'}`);
    const backup = await runScript('backup', db.url, file);
    expect(backup).toMatchObject({ code: 0 });
    const during =
      [...ok.values()].reduce((a, b) => a + b) - [...acknowledged.values()].reduce((a, b) => a + b);
    flooding = false;
    await flood;
    expect(refused).toEqual([]);
    expect(during).toBeGreaterThan(0); // the flood went on while the backup was taken

    const target =
      kind === 'sqlite'
        ? { kind, url: `sqlite:${join(dir, 'restored', 'runeborn.db')}`, drop: async () => {} }
        : await freshDatabase('postgres');
    dbs.push(target);
    await restoreFrom(target.url, file);
    const store = openStore(target.url, { poolSize: 1 });
    const audit = await auditLedger(store.db).finally(() => store.close());
    expect(audit.differences).toEqual([]);
    expect(audit.unchained).toBe(0);
    expect(audit.entries).toBeGreaterThan([...acknowledged.values()].reduce((a, b) => a + b));
    const restored = await purchasesOf(target.url, ids);
    for (const id of ids) {
      expect(restored.get(id)).toBeGreaterThanOrEqual(acknowledged.get(id)!);
      expect(restored.get(id)).toBeLessThanOrEqual(ok.get(id)!);
    }
    // A restore into a database that is not empty changes nothing and says why.
    await expect(restoreFrom(target.url, file)).rejects.toThrow(BackupError);
    await expect(restoreFrom(target.url, file)).rejects.toThrow(/not empty/);
    expect(await purchasesOf(target.url, ids)).toEqual(restored);
  });
});
