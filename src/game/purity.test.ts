// src/game is pure: no Math.random and no Date anywhere outside tests (randomness goes through src/game/prng.ts).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('purity', () => {
  it('no file in src/game uses Math.random or Date', () => {
    const offenders: string[] = [];
    for (const file of sources(new URL('.', import.meta.url).pathname)) {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\/.*$/gm, '')
        .replace(/\/\*[\s\S]*?\*\//g, '');
      if (/Math\s*\.\s*random/.test(code) || /\bDate\s*[.(]/.test(code) || /new\s+Date\b/.test(code))
        offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
