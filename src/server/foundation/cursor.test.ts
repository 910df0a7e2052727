// The one cursor codec: a key comes back as it went, and anything this server did not give is the one 400.
import { describe, expect, it } from 'vitest';
import { CURSOR_ERROR, cursorCodec } from './cursor.ts';

describe('cursorCodec', () => {
  const ladder = cursorCodec('number', 'id');
  it('gives back the key it encoded', () => {
    expect(ladder.decode(ladder.encode([1432.5, 'h_abc']))).toEqual([1432.5, 'h_abc']);
    const ledger = cursorCodec('integer');
    expect(ledger.decode(ledger.encode([99]))).toEqual([99]);
  });
  it('refuses, with one text, what it never gave', () => {
    const b = (s: string) => Buffer.from(s).toString('base64url');
    for (const c of [
      'AA',
      'not base64',
      b('[1]'),
      b('["x","h_1"]'),
      b('[1e400,"h_1"]'),
      b('[5,"\\u0000"]'),
      b('{"a":1}'),
    ])
      expect(() => ladder.decode(c), c).toThrow(CURSOR_ERROR);
    expect(() => cursorCodec('integer').decode(b('[1.5]'))).toThrow(CURSOR_ERROR);
    expect(() => cursorCodec('text').decode(b(JSON.stringify(['a'.repeat(65)])))).toThrow(CURSOR_ERROR);
  });
});
