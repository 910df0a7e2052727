// Every answer has a schema: with `checkAnswers` on (the API tests turn it on), each JSON success answer of an
// /api/ route is read back and parsed with the response schema its route states for that status — whether Fastify's
// serializer wrote it or a hot read sent bytes from its cache (foundation/contract-json.ts) — and, before the
// serializer writes it, the value the handler answered is encoded with that schema too: the compiled serializer
// writes what it is given (an integer field handed 2.5 comes out 2), so a handler's value outside its schema is
// caught where zod's own serializer caught it; and the bytes written must be what zod writes of that value (the
// same fields and values). A success the route states no schema for, or an answer its schema refuses, is a 500
// naming the route, so the test that met it fails.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** The schema a route states for answers of `status` (an exact code, then `2xx`); undefined when none. */
export function answerSchemaOf(request: FastifyRequest, status: number): z.ZodType | undefined {
  const response = request.routeOptions.schema?.response as Record<string, z.ZodType> | undefined;
  return response?.[status] ?? response?.[`${Math.floor(status / 100)}xx`];
}

function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const status = reply.statusCode;
  const route = `${request.method} ${request.routeOptions.url}`;
  if (status < 200 || status >= 300 || !request.routeOptions.url?.startsWith('/api/')) return;
  if (request.routeOptions.schema?.hide) return; // the API document's own pages (@fastify/swagger-ui)
  if (!/^application\/json/.test(String(reply.getHeader('content-type') ?? ''))) return;
  if (reply.getHeader('content-encoding')) return; // a compressed copy of an answer checked when it was made
  const schema = answerSchemaOf(request, status);
  if (!schema) throw new Error(`${route} answered ${status} with no response schema for it`);
  const text = Buffer.isBuffer(payload) ? payload.toString() : typeof payload === 'string' ? payload : null;
  if (text === null) throw new Error(`${route} answered ${status} with a body that is not JSON text`);
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${route} answered ${status} outside its schema: ${parsed.error.message.slice(0, 500)}`);
}

/** What zod writes of each value a handler answered, kept until the serializer's bytes are checked against it. */
const encodedOf = new WeakMap<FastifyRequest, string>();

/** The value a handler answered (before the serializer writes it), encoded with its route's response schema. */
function checkValue(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  if (payload === null || typeof payload !== 'object' || Buffer.isBuffer(payload)) return;
  const schema = answerSchemaOf(request, reply.statusCode);
  if (!schema) return;
  const encoded = z.safeEncode(schema, payload);
  if (!encoded.success)
    throw new Error(
      `${request.method} ${request.routeOptions.url} answered a value outside its schema: ${encoded.error.message.slice(0, 500)}`,
    );
  encodedOf.set(request, JSON.stringify(encoded.data));
}

/** The serializer wrote what zod writes of the handler's value: the same fields and values (in any order). */
function checkWritten(request: FastifyRequest, payload: unknown): void {
  const encoded = encodedOf.get(request);
  if (encoded === undefined || typeof payload !== 'string') return;
  encodedOf.delete(request);
  if (!isDeepStrictEqual(JSON.parse(payload), JSON.parse(encoded)))
    throw new Error(
      `${request.method} ${request.routeOptions.url}: the serializer wrote ${payload.slice(0, 300)} where the schema writes ${encoded.slice(0, 300)}`,
    );
}

/** Checks every JSON success answer of the API against its route's response schema (see the header). */
export function checkAnswers(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    checkValue(request, reply, payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    checkWritten(request, payload);
    check(request, reply, payload);
    return payload;
  });
}
