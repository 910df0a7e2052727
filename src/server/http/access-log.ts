// The server's log as `npm start` writes it: Fastify's own logger, pino at LOG_LEVEL (info), to stdout through an
// asynchronous destination — lines are gathered and written off the event loop, so a slow reader of the log never
// stalls the server; they go out in writes of at least LOG_BATCH_BYTES, or every LOG_FLUSH_MS whatever has come (so
// a quiet server's line, "listening at" included, shows within a tenth of a second); what waits is written when the
// process exits. A write a line cost a busy server's main thread a tenth of its time (npm run bench:crowd -- prof=1,
// 300 players: 9% of the main thread in the log's writes, 2026-12-01). One access line a request (method, url, status,
// ms), written through the request's own logger (so it carries its reqId) once its answer is done: a change's ms
// counts the commit's flush (SQLite's WAL, store/wal-sync.ts). Fastify's two lines a request are off.
import pino from 'pino';
import type SonicBoom from 'sonic-boom';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The least a write of the log carries while lines come (about 16 access lines)… */
const LOG_BATCH_BYTES = 4096;
/** …and how long a line waits at most for the rest of its batch. */
const LOG_FLUSH_MS = 100;

/** Each server logger's destination, written out at exit or when asked (flushLog). */
const destinations = new WeakMap<pino.Logger, SonicBoom>();

/** The server's logger: pino at `level`, to `dest` (stdout, a descriptor or a file), written asynchronously. */
export function serverLogger(level = 'info', dest: number | string = 1): pino.Logger {
  const destination = pino.destination({
    dest,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
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
