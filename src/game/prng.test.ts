// The seeded PRNG: same seed → same stream, state round-trips through JSON, values in range and uniform enough.

import { describe, expect, it } from 'vitest';
import { createPrng, hashSeed, prngFromState } from './prng.ts';

describe('prng', () => {
  it('replays the same stream from the same seed and differs across seeds', () => {
    const a = createPrng(42),
      b = createPrng(42),
      c = createPrng(43);
    const xs = Array.from({ length: 100 }, () => a.next());
    expect(Array.from({ length: 100 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 100 }, () => c.next())).not.toEqual(xs);
  });

  it('resumes exactly from a JSON-stored state', () => {
    const a = createPrng(7);
    for (let i = 0; i < 10; i++) a.next();
    const b = prngFromState(JSON.parse(JSON.stringify(a.getState())));
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(Array.from({ length: 50 }, () => a.next()));
    expect(() => prngFromState([1, 2])).toThrow();
  });

  it('gives values in [0, 1), ints in [0, n), picks from the list, roughly uniformly', () => {
    const p = createPrng(1);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const x = p.next();
      expect(x >= 0 && x < 1).toBe(true);
      buckets[Math.floor(x * 10)]++;
    }
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
    for (let i = 0; i < 1000; i++) expect(p.int(7)).toBeLessThan(7);
    expect(['a', 'b']).toContain(p.pick(['a', 'b']));
  });

  it('hashSeed is stable and separates its parts', () => {
    expect(hashSeed('battle-1', 3)).toBe(hashSeed('battle-1', 3));
    expect(hashSeed('battle-1', 3)).not.toBe(hashSeed('battle-1', 4));
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
    expect(hashSeed(1)).not.toBe(hashSeed('1'));
    expect(Number.isInteger(hashSeed('x')) && hashSeed('x') >= 0 && hashSeed('x') < 2 ** 32).toBe(true);
  });
});
