// Conditional reads, in one place: a GET answered with an ETag (the route sets it, as the hero list does) is a 304
// with no body for a request whose If-None-Match names that ETag (weak comparison, as GET uses). The route's other
// headers (cache-control, vary) go with it; what describes the body does not.
import type { FastifyInstance } from 'fastify';

/** Does an If-None-Match header name this ETag (weak comparison, as GET uses)? */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** Answers a GET whose If-None-Match names its answer's ETag with a 304 (add before any route). */
export function answerConditionalGets(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const etag = reply.getHeader('etag');
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      reply.statusCode !== 200 ||
      typeof etag !== 'string' ||
      !matchesEtag(req.headers['if-none-match'], etag)
    )
      return done(null, payload);
    reply.code(304);
    for (const name of ['content-type', 'content-length', 'content-encoding']) reply.removeHeader(name);
    done(null, '');
  });
}
