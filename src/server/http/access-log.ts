// The server's log as `npm start` writes it (and bench:api measures it): pino at LOG_LEVEL (info), written to
// stdout through pino's asynchronous destination — lines are queued and written by libuv while the event loop
// answers the next request, instead of one blocking write(2) per line (pino flushes what is queued on exit). The
// access log is one line a request, written when the answer is sent (method, url, status, ms), in place of
// Fastify's two (its request and its answer, each with the request's serialized fields).
import pino from 'pino';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

export function serverLogger(level = 'info', dest: number | string = 1): FastifyServerOptions['logger'] {
  return { level, stream: pino.destination({ dest, sync: false }) };
}

/** Fastify's request logging as one access line a request (its other lines — errors, 404s — as they are). */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: req.method,
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
