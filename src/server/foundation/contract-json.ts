// Answers serialized from the contract's own JSON schema: a zod schema of src/api, written as JSON schema the way the
// API document writes it (z.toJSONSchema, output side), compiled once by fast-json-stringify — the serializer
// Fastify compiles from a route's response schema. The hot reads (heroes, browse pages, NPCs, dungeons) keep their
// answers as bytes in caches of their own and send them as they are; the bytes are made here, so what a client gets
// has exactly the schema's fields, in the schema's order, and nothing a document happened to hold besides.
import fastJson, { type AnySchema } from 'fast-json-stringify';
import { z } from 'zod';

const compiled = new WeakMap<z.ZodType, (value: unknown) => string>();

/** The JSON schema the API document states for `schema`'s answers. */
export function answerJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
  });
  return json;
}

/** `schema`'s serializer: a value of its output type as JSON bytes. Compiled at the first call, once per schema. */
export function contractJson<S extends z.ZodType>(schema: S): (value: z.output<S>) => Buffer {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(answerJsonSchema(schema) as AnySchema) as (value: unknown) => string;
    compiled.set(schema, serialize);
  }
  const text = serialize;
  return (value) => Buffer.from(text(value));
}
