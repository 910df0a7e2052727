// SQLite's WAL checkpoints off the event loop. A checkpoint copies the WAL's frames into the database file and
// flushes both; left to SQLite (wal_autocheckpoint, every 1,000 pages), the commit that crosses the mark runs it on
// the thread that commits — our only thread: 8–16 ms held under a crowd's disk load, with fsyncs that showed in the
// main thread's profile. So a connection of its own on a worker thread checkpoints (PASSIVE: it never waits on a
// reader or a writer, and none waits on it) every CHECKPOINT_EVERY_MS, and the main connection's own checkpoint is
// only a backstop (BACKSTOP_PAGES) should the worker ever fall behind. Durability is unchanged: a change is answered
// once its WAL frames are flushed (wal-sync.ts), and a checkpoint under synchronous=NORMAL flushes the WAL before
// it writes the database file, as the connection's own did.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

export const CHECKPOINT_EVERY_MS = 1000;
/** The main connection's own checkpoint, a backstop: 10,000 pages (40 MB of WAL), ten times SQLite's default. */
export const BACKSTOP_PAGES = 10_000;

/** What a PASSIVE checkpoint tells: whether it was kept from finishing, the WAL's frames, and those copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage(db.pragma('wal_checkpoint(PASSIVE)')[0]);
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message) });
  }
});`;

export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly timer: NodeJS.Timeout;
  /** Checkpoints asked for and not yet answered, in order (the worker answers in order). */
  private readonly asked: ((r: CheckpointResult | Error) => void)[] = [];
  private readonly exited: Promise<void>;
  private gone = false;
  /** Checkpoints the worker finished (for tests and the bench). */
  done = 0;

  constructor(raw: BetterSqlite3.Database, everyMs = CHECKPOINT_EVERY_MS) {
    raw.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    this.worker = new Worker(WORKER, {
      eval: true,
      workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), path: raw.name },
    });
    this.worker.unref();
    this.worker.on('message', (m: CheckpointResult | { error: string }) => {
      const answer = this.asked.shift();
      if ('error' in m) answer?.(new Error(m.error));
      else {
        this.done++;
        answer?.(m);
      }
    });
    // A worker that failed or ended leaves the backstop: the answers waiting are told, nothing else is.
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        this.gone = true;
        for (const answer of this.asked.splice(0)) answer(new Error('the checkpoint worker has ended'));
        resolve();
      }),
    );
    this.worker.once('error', () => {});
    this.timer = setInterval(() => void this.checkpoint().catch(() => {}), everyMs).unref();
  }

  /** A PASSIVE checkpoint on the worker's connection, now. */
  checkpoint(): Promise<CheckpointResult> {
    if (this.gone) return Promise.reject(new Error('the checkpoint worker has ended'));
    return new Promise((resolve, reject) => {
      this.asked.push((r) => (r instanceof Error ? reject(r) : resolve(r)));
      this.worker.postMessage('checkpoint');
    });
  }

  /** Stops the timer and closes the worker's connection (before the main one closes: the last to close cleans up). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.worker.ref(); // the wait for its end keeps the process (a script's last await) alive
    this.worker.postMessage('close');
    await this.exited;
  }
}
