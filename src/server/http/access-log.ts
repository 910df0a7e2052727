// The server's log as `npm start` writes it: Fastify's own logger, pino at LOG_LEVEL (info), to stdout through an
// asynchronous destination — lines are gathered and written off the event loop, so a slow reader of the log never
// stalls the server; a line is written as soon as no write is under way, and the lines that come while one is go
// together in the next (so a quiet server's line, "listening at" included, shows at once); what waits is written
// when the process exits. One access line a request (method, url, status,
// ms), written through the request's own logger (so it carries its reqId) once its answer is done: a change's ms
// counts the commit's flush (SQLite's WAL, store/wal-sync.ts). Fastify's two lines a request are off.
import pino from 'pino';
import type SonicBoom from 'sonic-boom';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Each server logger's destination, written out at exit or when asked (flushLog). */
const destinations = new WeakMap<pino.Logger, SonicBoom>();

/** The server's logger: pino at `level`, to `dest` (stdout, a descriptor or a file), written asynchronously. */
export function serverLogger(level = 'info', dest: number | string = 1): pino.Logger {
  const destination = pino.destination({ dest, sync: false });
  process.once('exit', () => flush(destination));
  const log = pino({ level }, destination);
  // A reader that went away (EPIPE) ends the log, as a closed stdout would; any other failure is thrown.
  destination.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    log.level = 'silent';
  });
  destinations.set(log, destination);
  return log;
}

/** Writes what waits in `log`'s destination now (a test reading the log). */
export function flushLog(log: pino.Logger): void {
  const destination = destinations.get(log);
  if (destination) flush(destination);
}

function flush(destination: SonicBoom): void {
  try {
    destination.flushSync();
  } catch {
    // not open yet, or closed: nothing to write
  }
}

/** A request's access line, through its own logger. */
export function accessLine(req: FastifyRequest, reply: FastifyReply): void {
  req.log.info(
    {
      method: req.method,
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    },
    'request',
  );
}

/** Writes every answered request's access line (add before any route). */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    accessLine(req, reply);
    done();
  });
}
