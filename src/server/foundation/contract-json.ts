// Answers serialized from the contract's own JSON schema: a zod schema of src/api, written as JSON schema the way the
// API document writes it (z.toJSONSchema, output side), compiled once by fast-json-stringify. Every answer of the
// API is written by it: Fastify's serializer for each route's response schema (app.ts) — zod's own, which parsed
// every answer against its schema before stringifying it, took 6% of the core in a crowd of 539 players — and the
// hot reads (heroes, browse pages, NPCs, dungeons), which keep their answers as bytes in caches of their own and
// send them as they are. What a client gets has exactly the schema's fields, in the schema's order, and nothing a
// value happened to hold besides; the API tests still parse each handler's value with its schema
// (http/answer-check.ts).
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

/**
 * The JSON schema a serializer is compiled from: the document's, less its `additionalProperties: false`. A zod object
 * strips the fields it does not name, and so does the compiled serializer (it writes only the fields named) — but
 * where a schema is a union (a fight's answer, a battle read back) the serializer picks the member a value validates
 * against, and a value carrying a field beyond its member's (as a handler's values may) validated against none.
 */
function serializedSchema(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(serializedSchema);
  if (json === null || typeof json !== 'object') return json;
  return Object.fromEntries(
    Object.entries(json)
      .filter(([k, v]) => !(k === 'additionalProperties' && v === false))
      .map(([k, v]) => [k, serializedSchema(v)]),
  );
}

/** `schema`'s serializer compiled now (once per schema for the process: every app built in it shares it). */
export function compileAnswer(schema: z.ZodType): (value: unknown) => string {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(serializedSchema(answerJsonSchema(schema)) as AnySchema) as (
      value: unknown,
    ) => string;
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * `schema`'s serializer: a value of its output type as JSON text, compiled at its first call (compileAnswer), so a
 * route never answered costs nothing at start.
 */
export function contractText<S extends z.ZodType>(schema: S): (value: z.output<S>) => string {
  let serialize: ((value: unknown) => string) | undefined;
  return (value) => (serialize ??= compileAnswer(schema))(value);
}

/** `schema`'s serializer, as bytes (what the hot reads keep in their caches). */
export function contractJson<S extends z.ZodType>(schema: S): (value: z.output<S>) => Buffer {
  const text = contractText(schema);
  return (value) => Buffer.from(text(value));
}

/** Fastify's serializer for a route's response schema (app.ts): the zod schema's compiled serializer. */
export function answerSerializer(schema: unknown): (value: unknown) => string {
  if (schema instanceof z.ZodType) return contractText(schema);
  throw new Error(`a response schema that is not a zod schema: ${JSON.stringify(schema)}`);
}
