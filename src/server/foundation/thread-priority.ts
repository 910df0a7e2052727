// Background threads yield the CPU to the request thread: on Linux a thread's own id can be niced like a process.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Lowers the calling thread's priority to `niceness` (19: work nobody waits on, as the balance measure). */
export function lowerThreadPriority(niceness: number): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) setPriority(tid, niceness);
  } catch {
    // not Linux, or not allowed: run at normal priority
  }
}
