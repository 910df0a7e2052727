// Answers sent as ready JSON bytes: static content checked against its schema once at start, and answers made by
// their schema's compiled serializer (foundation/contract-json.ts, the one Fastify's serializer is too) kept in
// caches of their own, so a hot read sends them as they are. The route's response schema documents the shape
// (OpenAPI), and the API tests parse answers with it.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { contractJson } from '../foundation/contract-json.ts';
import type { TaggedAnswer } from '../store/answer-cache.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends JSON text or bytes as they are. */
export function sendJson(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(body as never);
}

/**
 * Sends an answer that names itself with an ETag, revalidated on every use (no-cache): a request naming that ETag
 * gets a 304 (http/conditional.ts), and the answer goes br or gzip when accepted (http/compression.ts).
 */
export function sendTagged(reply: FastifyReply, answer: TaggedAnswer): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', answer.etag);
  return sendJson(reply, answer.json);
}

/** A value that never changes while the server runs, checked against its schema and serialized once. */
export function fixedJson<S extends z.ZodType>(schema: S, value: z.input<S>): Buffer {
  return contractJson(schema)(schema.parse(value));
}
