import { describe, expect, it } from 'vitest';
import { readOnce } from './request-reads.ts';

describe('readOnce', () => {
  it('reads once per request and key, anew for another request, another key or no request', async () => {
    let reads = 0;
    const read = async () => ++reads;
    const a = {};
    const b = {};
    expect(await Promise.all([readOnce(a, 'k', read), readOnce(a, 'k', read)])).toEqual([1, 1]);
    expect(await readOnce(a, 'other', read)).toBe(2);
    expect(await readOnce(b, 'k', read)).toBe(3);
    expect(await readOnce(undefined, 'k', read)).toBe(4);
    expect(await readOnce(undefined, 'k', read)).toBe(5);
  });
});
