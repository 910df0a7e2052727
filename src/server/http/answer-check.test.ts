// Answers are written by the compiled serializer (foundation/contract-json.ts answerSerializer), which writes what it is
// given; with checkAnswers on, a handler's value outside its schema is still a 500 naming the route.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer } from '../foundation/contract-json.ts';
import { checkAnswers } from './answer-check.ts';

const Count = z.object({ n: z.number().int(), note: z.string().nullable() });

function appAnswering(value: unknown, checked: boolean, schema: z.ZodType = Count) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(({ schema }) => answerSerializer(schema));
  if (checked) checkAnswers(app);
  app.get('/api/count', { schema: { response: { 200: schema } } }, async () => value);
  return app;
}

let app: ReturnType<typeof appAnswering> | undefined;
afterEach(async () => app?.close());

describe('answers written from their schema', () => {
  it('writes the schema’s fields in its order, a stray field left out', async () => {
    app = appAnswering({ note: null, stray: 'x', n: 3 }, true);
    const res = await app.inject({ method: 'GET', url: '/api/count' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"n":3,"note":null}');
  });

  it('refuses, in the tests’ check, a handler value outside its schema the serializer alone would write', async () => {
    app = appAnswering({ n: 2.5, note: null }, false);
    expect((await app.inject({ method: 'GET', url: '/api/count' })).body).toBe('{"n":2,"note":null}');
    await app.close();
    app = appAnswering({ n: 2.5, note: null }, true);
    const res = await app.inject({ method: 'GET', url: '/api/count' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('GET /api/count answered a value outside its schema');
  });

  it('writes a union’s member for a value carrying a field beyond it, as zod does (a battle read back)', async () => {
    const Either = z.union([z.object({ units: z.array(z.number()) }), z.object({ won: z.boolean() })]);
    app = appAnswering({ won: true, odds_key: 'k' }, true, Either);
    const res = await app.inject({ method: 'GET', url: '/api/count' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('{"won":true}');
  });

  it('refuses a response schema that is not a zod schema', () => {
    expect(() => answerSerializer({ type: 'object' })).toThrow(/not a zod schema/);
  });
});
