// wire-types.ts: a schema mirroring a game type compiles only while the two say exactly the same (tsc checks the
// expected errors below: were a mismatch accepted, each expectation would be an error itself).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mirrors } from './wire-types.ts';

describe('a wire type declared once', () => {
  it('takes a schema saying exactly what the type says, and refuses one saying more or less', () => {
    const Shape = z.object({ a: z.string(), b: z.number().optional() });
    expect(mirrors<{ a: string; b?: number }>()(Shape)).toBe(Shape);
    // @ts-expect-error a field the type lacks
    mirrors<{ a: string }>()(Shape);
    // @ts-expect-error a field the schema lacks
    mirrors<{ a: string; b?: number; c: boolean }>()(Shape);
    // @ts-expect-error a field of another type
    mirrors<{ a: string; b?: string }>()(Shape);
    // @ts-expect-error a field the type requires and the schema leaves optional
    mirrors<{ a: string; b: number }>()(Shape);
    const Nested = z.object({ n: z.object({ x: z.number(), y: z.number().optional() }) });
    // @ts-expect-error a nested field the type lacks
    mirrors<{ n: { x: number } }>()(Nested);
  });
});
