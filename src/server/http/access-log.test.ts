import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lineDestination } from './access-log.ts';

describe('lineDestination', () => {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-lines-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const read = (file: string) => readFileSync(file, 'utf8');

  it('gathers lines into one write, and writes what waits on flushSync (as at exit)', async () => {
    const file = join(dir, 'a.log');
    const dest = lineDestination(file);
    await once(dest, 'ready');
    dest.write('{"n":1}\n');
    dest.write('{"n":"é"}\n');
    expect(read(file)).toBe(''); // fewer bytes than a write gathers
    dest.flushSync();
    expect(read(file)).toBe('{"n":1}\n{"n":"é"}\n');
    dest.destroy();
  });

  it('writes a line that waits alone within its flush interval', async () => {
    const file = join(dir, 'b.log');
    const dest = lineDestination(file);
    await once(dest, 'ready');
    dest.write('{"n":2}\n');
    await expect.poll(() => read(file), { timeout: 5_000 }).toBe('{"n":2}\n');
    dest.destroy();
  });
});
