// The server's log as `npm start` writes it (and bench:api measures it): pino at LOG_LEVEL (info), written to
// stdout through pino's asynchronous destination — lines are queued and written by libuv while the event loop
// answers the next request, instead of one blocking write(2) per line (pino flushes what is queued on exit). The
// access log is one line a request, written when the answer is sent (method, url, status, ms), in place of
// Fastify's two (its request and its answer, each with the request's serialized fields). The line is pino's own
// (level, time, the request's bindings — pid, hostname, reqId — then method, url, status, ms, msg) written straight
// to pino's stream: through pino's general path (merging objects, formatters, hooks) it cost a tenth of a small hot
// read's throughput (measured: `npm run bench:api -- reads`, GET /api/users/{id} 37–41% of bare with the line,
// 45% without it).
import pino from 'pino';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

export function serverLogger(level = 'info', dest: number | string = 1): FastifyServerOptions['logger'] {
  return { level, stream: pino.destination({ dest, sync: false }) };
}

/** Fastify's request logging as one access line a request (its other lines — errors, 404s — as they are). */
/** What pino keeps on a logger under its exported symbols: its destination and its bindings as JSON (`,"k":v…`). */
interface PinoInternals {
  [pino.symbols.streamSym]?: { write(line: string): unknown };
  [pino.symbols.chindingsSym]: string;
}

export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: req.method,
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) return reply.log.error({ ...line, err: error }, 'request errored');
    const log = reply.log as unknown as PinoInternals & Partial<Pick<pino.Logger, 'isLevelEnabled'>>;
    const stream = log[pino.symbols.streamSym];
    if (!stream || !log.isLevelEnabled) return reply.log.info(line, 'request');
    if (!log.isLevelEnabled('info')) return;
    stream.write(
      `{"level":30${pino.stdTimeFunctions.epochTime()}${log[pino.symbols.chindingsSym]},"method":${JSON.stringify(line.method)},` +
        `"url":${JSON.stringify(line.url)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
    );
  }
}
