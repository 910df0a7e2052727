// The server's log when its reader goes away (http/access-log.ts): a closed stdout (EPIPE) ends the log, never the
// server — a process logging to a pipe nobody reads any more goes on and exits as it meant to; lines are written in
// batches, and a lone line still shows soon, unasked.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { serverLogger } from './access-log.ts';

const LOGGER = join(import.meta.dirname, 'access-log.ts');

describe('serverLogger', () => {
  it('goes on when its reader has gone (EPIPE), and the process exits as it meant to', async () => {
    const script =
      `const { serverLogger } = await import(${JSON.stringify(LOGGER)});` +
      `const log = serverLogger('info');` +
      `process.stdin.once('end', async () => {` +
      `  for (let i = 0; i < 2000; i++) log.info({ i }, 'x'.repeat(200));` +
      // the pipe's failure reaches the log: it falls silent (an unhandled one would end the process here); a log
      // that never hears of it is a failure, told within 10 s
      `  const until = Date.now() + 10_000;` +
      `  while (log.level !== 'silent' && Date.now() < until) await new Promise((r) => setImmediate(r));` +
      `  process.stderr.write(log.level === 'silent' ? 'done' : 'never told');` +
      `  process.exit(0);` +
      `});` +
      `process.stdin.resume();`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    // the reader goes away, then the child is told to log
    child.stdout.destroy();
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(err).toContain('done');
    expect(code).toBe(0);
  });

  it("writes a quiet server's lone line within a tenth of a second, though it waits for a batch", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runeborn-log-'));
    const file = join(dir, 'server.log');
    try {
      const log = serverLogger('info', file);
      log.info('listening at somewhere');
      await vi.waitFor(() => expect(readFileSync(file, 'utf8')).toContain('listening at somewhere'), {
        timeout: 2000,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
