// The server reads game time from one clock (clock.ts): no other server file reads the wall clock for a game
// instant, and no SQL asks the database for its time. Timers that only measure durations are listed by name.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nowMs, nowSeconds, setClock } from './clock.ts';

const root = new URL('..', import.meta.url).pathname;
/** Files that time durations (queue waits, cache ages, uptime) with Date.now: not game time. */
const DURATIONS = new Set([
  'foundation/clock.ts',
  'odds/odds-pool.ts',
  'odds/fairness.ts',
  'routes/health.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

describe('the server clock', () => {
  afterEach(() => setClock(null));

  it('is the only wall clock in src/server, and no SQL reads the database’s time', () => {
    const offenders: string[] = [];
    for (const file of sources(root)) {
      const name = relative(root, file);
      const code = readFileSync(file, 'utf8')
        .replace(/\/\/.*$/gm, '')
        .replace(/\/\*[\s\S]*?\*\//g, '');
      if (!DURATIONS.has(name) && (/\bDate\.now\b/.test(code) || /new\s+Date\(\s*\)/.test(code)))
        offenders.push(name);
      if (/sql`[^`]*\b(now\(\)|current_timestamp|current_date|localtimestamp)/i.test(code))
        offenders.push(name);
    }
    expect(offenders).toEqual([]);
  });

  it('moves when a test moves it, and returns to the process’s time', () => {
    setClock(() => Date.UTC(2026, 2, 29, 1, 0, 0));
    expect(nowMs()).toBe(Date.UTC(2026, 2, 29, 1, 0, 0));
    expect(nowSeconds()).toBe(Date.UTC(2026, 2, 29, 1, 0, 0) / 1000);
    setClock(null);
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(1000);
  });
});
