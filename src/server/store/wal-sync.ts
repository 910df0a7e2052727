// SQLite's durability without blocking the event loop. With synchronous=FULL every commit fsyncs the WAL on the
// thread that commits — our only thread: under a flood of fights each commit held it 0.6–5 ms, and reads waited
// behind those fsyncs. So commits run with synchronous=NORMAL (the WAL frames are written, not yet flushed) and an
// answer to a change waits for `settle()`: an fsync of the WAL file on libuv's thread pool, shared by every answer
// waiting at that moment (group commit). What is acknowledged is exactly as durable as under FULL — its commit's
// frames were flushed before the answer left — while the event loop never waits on the disk.
//
// Why fsync of the -wal file suffices: a commit in WAL mode only appends frames to that file; the database file is
// written by checkpoints, which under NORMAL flush the WAL first and the database after. fsync flushes a file
// (its inode), whichever descriptor asks. After a power cut, recovery replays the WAL's frames up to the last
// whole commit, so every commit flushed before its answer is there. The WAL file lives as long as its connection
// (SQLite deletes it when the last connection closes; a checkpoint only truncates it), so its descriptor is opened
// once and kept until the store closes: an open and a close a flush cost the main thread a third of the flush.
import { open, type FileHandle } from 'node:fs/promises';
import type BetterSqlite3 from 'better-sqlite3';

export class WalSync {
  /** total_changes() that the last finished fsync covers. */
  private synced = 0;
  private running: Promise<void> | undefined;
  /** total_changes() that the fsync under way covers. */
  private runningUpTo = 0;
  private next: Promise<void> | undefined;
  private readonly changes: BetterSqlite3.Statement;
  /** fsyncs done (for tests and the bench). */
  syncs = 0;

  private readonly walPath: string;
  private readonly flush: (path: string) => Promise<void>;
  /** The WAL's descriptor, kept between flushes (the default flush). */
  private wal: Promise<FileHandle> | undefined;

  /** `flush`: how the WAL is flushed (tests hold it); by default an fsync through the kept descriptor. */
  constructor(raw: BetterSqlite3.Database, flush?: (path: string) => Promise<void>) {
    this.walPath = `${raw.name}-wal`;
    this.flush = flush ?? (() => this.syncKept());
    // Rows changed by this connection since it opened: grows with every write, so "changed since the last
    // fsync began" is one comparison.
    this.changes = raw.prepare('select total_changes()').pluck();
  }

  /** Resolves once every change committed so far is on disk. */
  settle(): Promise<void> {
    const now = this.changes.get() as number;
    if (now <= this.synced) return Promise.resolve();
    if (!this.running) return this.start();
    if (now <= this.runningUpTo) return this.running;
    // The fsync under way began before these changes: one more after it, shared by all who ask meanwhile.
    this.next ??= this.running
      .catch(() => {})
      .then(() => {
        this.next = undefined;
        return this.start();
      });
    return this.next;
  }

  /** Lets the kept descriptor go (the store closing). */
  async close(): Promise<void> {
    const wal = this.wal;
    this.wal = undefined;
    await wal?.then((file) => file.close()).catch(() => {});
  }

  /** fsync through the kept descriptor; one that failed is let go, and the next flush opens the file anew. */
  private async syncKept(): Promise<void> {
    const wal = (this.wal ??= open(this.walPath, 'r'));
    try {
      await (await wal).sync();
    } catch (err) {
      if (this.wal === wal) void this.close();
      throw err;
    }
  }

  private start(): Promise<void> {
    const upTo = (this.runningUpTo = this.changes.get() as number);
    const run = this.flush(this.walPath)
      .then(() => {
        this.syncs++;
        this.synced = Math.max(this.synced, upTo);
      })
      .finally(() => {
        if (this.running === run) this.running = undefined;
      });
    this.running = run;
    return run;
  }
}
