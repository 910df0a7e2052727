// Refusals: a player's mistake is a Refusal (status + readable text) thrown from a rule and turned into
// `{ error }` by the one error handler in app.ts; a stored record naming content gone from the game (the rules'
// UnknownContent) is a 410 naming it. Anything else becomes a logged 500 with a generic text. The
// refusals that state a rule's numbers (prices, usernames, team size) are in ../api/rules.ts: the pages say them too.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { UnknownContent } from '../../game/content.ts';

export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** sent with the refusal (Retry-After on a 429 or 503) */
    readonly headers?: Readonly<Record<string, string>>,
    /**
     * A refusal of the moment (contention, a raced change), not of the request: the same request may succeed when
     * sent again, so an Idempotency-Key's answer is not kept from it (idempotency.ts).
     */
    readonly transient = false,
    /** more fields of the answer beside `error` (a fight's new chance: fights/fight-odds.ts) */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    // A refusal is an answer, not a bug: skip the stack trace (capturing it cost more than the whole purchase).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const badRequest = (m: string) => new Refusal(400, m);
export const forbidden = (m: string) => new Refusal(403, m);
export const notFound = (m: string) => new Refusal(404, m);
export const conflict = (m: string) => new Refusal(409, m);
/** A 409 of the moment: the same request sent again may go through (see Refusal.transient). */
export const busy = (m: string) => new Refusal(409, m, undefined, true);

export const MESSAGES = {
  userNotFound: 'User not found',
  heroNotFound: 'Hero not found',
  notYourHero: 'That hero belongs to another player',
  battleNotFound: 'Battle not found or expired',
  dungeonNotFound: 'Dungeon not found',
  runNotFound: 'Dungeon run not found',
  runHeroesGone: 'Every hero of this dungeon run is gone, so the run is over: start a new one',
  itemNotFound: 'Item not found',
} as const;

// zod's own messages and our field rules (src/api/common.ts: ID_RULE …) start like this and are read after the
// field's name; messages we wrote as whole sentences (the game's refusals) are passed through untouched.
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized|Expected|not a |must )/;

function validationText(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return err.message;
  const message = first.message ?? 'is not valid';
  if (!ZOD_DEFAULT.test(message)) return message;
  const where = first.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '';
  const part = err.validationContext === 'querystring' ? 'query' : (err.validationContext ?? 'request');
  return where ? `Invalid ${part} field "${where}": ${message}` : `Invalid ${part}: ${message}`;
}

/**
 * PostgreSQL's failure of a named statement whose result's columns changed since its connection prepared it (another
 * instance's migration): the statement is named anew at once (store/named-statements.ts), so asking again works.
 */
export const isStalePlan = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === '0A000' &&
  /cached plan must not change result type/.test((err as { message?: unknown }).message as string);
export const UPDATED_MESSAGE = 'The game was updated a moment ago: please try again';

export function handleError(err: FastifyError | Refusal, req: FastifyRequest, reply: FastifyReply): void {
  if (err instanceof Refusal) {
    if (err.headers) reply.headers(err.headers);
    reply
      .code(err.status)
      .send(err.details ? { ...err.details, error: err.message } : { error: err.message });
    return;
  }
  if (err instanceof UnknownContent) {
    // A stored record (a fight's saved team, a hero edited by hand) names content since removed from the game.
    req.log.warn({ err }, 'a stored record names content the tables no longer have');
    const holder = err.holder.charAt(0).toUpperCase() + err.holder.slice(1);
    reply.code(410).send({ error: `${holder} has ${err.kind} '${err.id}', which is no longer in the game` });
    return;
  }
  if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
    reply.code(400).send({ error: validationText(err) });
    return;
  }
  const code = err.code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    reply.code(413).send({ error: 'Request body is too large (64 KiB at most)' });
    return;
  }
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
    reply.code(400).send({ error: 'Malformed JSON body' });
    return;
  }
  if (isStalePlan(err)) {
    reply.code(503).header('retry-after', '1').send({ error: UPDATED_MESSAGE });
    return;
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    reply.code(status).send({ error: err.message || 'Bad request' });
    return;
  }
  req.log.error({ err }, 'request failed');
  reply.code(500).send({ error: 'Something went wrong on the server' });
}
