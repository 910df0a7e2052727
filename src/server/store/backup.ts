// Backups that restore, taken while the game serves. SQLite: `VACUUM INTO` on a connection of its own — one read
// transaction, so the copy is the database as committed when it began (everything acknowledged before it) and the
// server's writers never wait for it (WAL), run on a worker thread so the server's event loop never waits either.
// PostgreSQL: `pg_dump --format=custom`, one snapshot likewise. Either is
// written beside its file and renamed into place, so a backup that exists is whole. Restoring goes into an empty
// database only (`pg_restore`, or the file copied into place), and refuses any other. `npm run backup -- FILE` and
// `npm run restore -- FILE` (scripts/backup.ts, scripts/restore.ts), and the server's scheduled backups (BACKUP_DIR,
// BACKUP_EVERY, BACKUP_KEEP: main.ts).
// docs/operations.md says how to go further (point-in-time recovery).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { nowMs } from '../foundation/clock.ts';
import { sqlitePath } from './db.ts';

const run = promisify(execFile);

/** Runs PostgreSQL's `tool` (pg_dump, pg_restore); its failure, or its absence, as a BackupError saying which. */
async function runPgTool(tool: string, args: string[]): Promise<void> {
  await run(tool, args).catch((err: { stderr?: string; code?: string }) => {
    throw new BackupError(
      err.code === 'ENOENT'
        ? `${tool} is not installed (Debian: apt-get install postgresql-client)`
        : `${tool} failed: ${err.stderr?.trim() || String(err)}`,
    );
  });
}

/** A backup or restore that cannot be made, said as an operator reads it. */
export class BackupError extends Error {}

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** Writes a backup of the database at `databaseUrl` to `file` (replacing it only once the new one is whole). */
export async function backupTo(databaseUrl: string, file: string): Promise<void> {
  const target = resolve(file);
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    if (isPostgres(databaseUrl)) {
      await runPgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--file',
        partial,
        '--dbname',
        databaseUrl,
      ]);
    } else {
      const path = sqlitePath(databaseUrl);
      if (path === ':memory:' || !existsSync(path)) throw new BackupError(`no SQLite database at ${path}`);
      await vacuumInto(path, partial);
    }
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** SQLite's `VACUUM INTO target` on a read-only connection of its own, on a worker thread. */
function vacuumInto(path: string, target: string): Promise<void> {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
     try {
       db.pragma('busy_timeout = 5000');
       db.prepare('VACUUM INTO ?').run(workerData.target);
     } finally {
       db.close();
     }`,
    {
      eval: true,
      workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), path, target },
    },
  );
  return new Promise((resolve, reject) => {
    worker.once('error', (err) => reject(new BackupError(`VACUUM INTO failed: ${err.message}`)));
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`VACUUM INTO exited ${code}`)),
    );
  });
}

/** Restores `file` (a backup of the same kind) into the database at `databaseUrl`, which must be empty. */
export async function restoreFrom(databaseUrl: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`no backup at ${file}`);
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  readSync(fd, head, 0, 16, 0);
  closeSync(fd);
  const kind =
    head.toString('latin1', 0, 5) === 'PGDMP'
      ? 'postgres'
      : head.toString('latin1', 0, 15) === 'SQLite format 3'
        ? 'sqlite'
        : null;
  if (isPostgres(databaseUrl)) {
    if (kind !== 'postgres')
      throw new BackupError(`${file} is not a PostgreSQL backup (pg_dump --format=custom)`);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname = 'public'",
      );
      if (rows[0]!.n > 0)
        throw new BackupError(
          `the database is not empty (${rows[0]!.n} tables): restore into a new, empty one`,
        );
    } finally {
      await client.end();
    }
    await runPgTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--dbname',
      databaseUrl,
      file,
    ]);
    return;
  }
  if (kind !== 'sqlite') throw new BackupError(`${file} is not a SQLite backup`);
  const path = resolve(sqlitePath(databaseUrl));
  if (existsSync(path) && statSync(path).size > 0) {
    const existing = new BetterSqlite3(path, { readonly: true });
    const tables = (
      existing.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as {
        n: number;
      }
    ).n;
    existing.close();
    if (tables > 0)
      throw new BackupError(
        `the database at ${path} is not empty (${tables} tables): restore into a new file`,
      );
  }
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.restoring`;
  await copyFile(file, partial);
  const copy = new BetterSqlite3(partial);
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} fails SQLite's integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
  for (const stale of [`${path}-wal`, `${path}-shm`]) rmSync(stale, { force: true });
  renameSync(partial, path);
}

/** BACKUP_EVERY: seconds, or a number with s, m or h (`30s`, `5m`, `6h`); answers ms. */
export function parseEvery(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*$/.exec(text);
  if (!m || Number(m[1]) <= 0)
    throw new BackupError(
      `BACKUP_EVERY must be seconds or a number with s, m or h (30s, 5m, 6h), not "${text}"`,
    );
  return Number(m[1]) * { '': 1000, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as '' | 's' | 'm' | 'h'];
}

const PREFIX = 'runeborn-';

/** A scheduled backup's file name: its time (game clock), so names sort as they were taken. */
export function backupName(databaseUrl: string, atMs = nowMs()): string {
  const stamp = new Date(atMs).toISOString().replace(/[:.]/g, '-');
  return `${PREFIX}${stamp}.${isPostgres(databaseUrl) ? 'dump' : 'db'}`;
}

/** Deletes the oldest scheduled backups in `dir` past the newest `keep`; answers the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const ours = readdirSync(dir)
    .filter((f) => f.startsWith(PREFIX) && /\.(db|dump)$/.test(f))
    .sort();
  const gone = ours.slice(0, Math.max(0, ours.length - keep));
  for (const f of gone) rmSync(join(dir, f), { force: true });
  return gone;
}

export interface BackupSchedule {
  databaseUrl: string;
  dir: string;
  everyMs: number;
  keep: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Takes a backup into `dir` every `everyMs` (the first one after `everyMs`), keeping the newest `keep`; off the event
 * loop (SQLite on a worker thread, pg_dump a process). A backup still running when the next is due makes that one
 * wait for the next time. Answers how to stop (a backup under way still finishes).
 */
export function scheduleBackups(s: BackupSchedule): () => void {
  let running = false;
  const take = async () => {
    if (running) return;
    running = true;
    const file = join(s.dir, backupName(s.databaseUrl));
    const started = performance.now();
    try {
      await backupTo(s.databaseUrl, file);
      const pruned = pruneBackups(s.dir, s.keep);
      s.log.info({ file, ms: Math.round(performance.now() - started), pruned }, 'scheduled backup taken');
    } catch (err) {
      s.log.error({ file, err }, 'scheduled backup failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void take(), s.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
