// SQLite's change mark read from the WAL-index header, straight from the database's -shm file
// (https://www.sqlite.org/walformat.html, "The WAL-Index Header"): 48 bytes, written twice (at 0 and at 48) so a
// reader can tell a header caught mid-write; `isInit` (byte 12) says it holds; `iChange` (bytes 8–11) moves with
// every commit of any connection or process, this one's included; `salt-1` (bytes 32–35) moves when the WAL
// restarts. Native byte order. One read of 96 bytes a request, where the two statements it replaces
// (`total_changes()`, `pragma data_version`) each took a lock on the -shm file and released it (strace under load
// on GET /api/users/{id}: two fcntl calls a request).
import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import type { ChangeMark } from './prepared.ts';

const HEADER = 48;
const LITTLE = endianness() === 'LE';

export class WalIndex {
  private readonly bytes = Buffer.alloc(2 * HEADER);
  private fd: number;

  private constructor(fd: number) {
    this.fd = fd;
  }

  /** The -shm file of the database at `path` (open in WAL mode by this process), or undefined without one. */
  static open(path: string): WalIndex | undefined {
    if (path === '' || path === ':memory:') return undefined;
    try {
      return new WalIndex(openSync(`${path}-shm`, 'r'));
    } catch {
      return undefined;
    }
  }

  /** The mark the header holds now; undefined when it cannot be told (caught mid-write, not yet initialised). */
  mark(): ChangeMark | undefined {
    if (this.fd < 0) return undefined;
    const b = this.bytes;
    if (readSync(this.fd, b, 0, 2 * HEADER, 0) < 2 * HEADER) return undefined;
    if (b[12] !== 1 || b.compare(b, 0, HEADER, HEADER, 2 * HEADER) !== 0) return undefined;
    return LITTLE
      ? { changes: b.readUInt32LE(8), version: b.readUInt32LE(32) }
      : { changes: b.readUInt32BE(8), version: b.readUInt32BE(32) };
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
