// The server's scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP: src/server/main.ts, store/backup.ts) on a
// real process, SQLite and PostgreSQL: they come every second and only the newest two stay; the newest, restored by
// `npm run restore` into an empty database, passes `npm run audit:ledger` and holds the players made before it.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, freshDatabase, newPlayer, type TestDatabase } from './helpers.ts';
import { remote, runScript, startServer, stop } from './processes.ts';

describe.each(DATABASES)('scheduled backups on %s', (kind) => {
  const dbs: TestDatabase[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-scheduled-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child) await stop(child);
    for (const db of dbs) await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are taken every BACKUP_EVERY, the newest BACKUP_KEEP kept, and restore', async () => {
    const db = await freshDatabase(kind);
    dbs.push(db);
    const backups = join(dir, 'backups');
    const server = await startServer(db.url, { BACKUP_DIR: backups, BACKUP_EVERY: '1s', BACKUP_KEEP: '2' });
    child = server.child;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await newPlayer(remote(db, server.url), 'sched'));
    const listed = () => {
      try {
        return readdirSync(backups).filter((f) => !f.endsWith('.partial'));
      } catch {
        return []; // not made yet
      }
    };
    // Names seen only after the players were made: those backups hold them.
    const seen = new Set<string>();
    await expect
      .poll(
        () => {
          const files = listed();
          expect(files.length).toBeLessThanOrEqual(2);
          for (const f of files) seen.add(f);
          return seen.size;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBeGreaterThanOrEqual(3);
    // Stopped, so the newest stays while it is restored (a scheduled backup under way finishes in its own process).
    await stop(server.child);
    const kept = listed().sort();
    expect(kept.length).toBeLessThanOrEqual(2);
    for (const f of kept) expect(f).toMatch(/^runeborn-\d{4}-\d\d-\d\dT[\d-]+Z\.(db|dump)$/);

    const target =
      kind === 'sqlite'
        ? { kind, url: `sqlite:${join(dir, 'restored.db')}`, drop: async () => {} }
        : await freshDatabase('postgres');
    dbs.push(target);
    const restore = await runScript('restore', target.url, join(backups, kept.at(-1)!));
    expect(restore.code, restore.out).toBe(0);
    const audit = await runScript('audit-ledger', target.url);
    expect(audit.code, audit.out).toBe(0);
    expect(audit.out).toMatch(/every balance equals/);
    const again = await runScript('restore', target.url, join(backups, kept.at(-1)!));
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/not empty/);
  });
});
