// The server's log as `npm start` writes it (and bench:api measures it): pino at LOG_LEVEL (info), to stdout, kept
// by the app rather than by Fastify. Given a logger, Fastify makes every request a child logger and puts two
// listeners on every answer to time it; with the access line that was ~10 µs a request on GET /api/heroes/{id}
// (ablation, about half of it Fastify's own work). Here Fastify has no logger: a request's `log` is a child made
// only when something is logged through it (RequestLog), and the access line — one a request: method, url,
// status, ms — is written by two hooks: its arrival noted, the line written as the answer is handed over (its ms
// up to then). A change's line waits until its answer is done, so its ms counts the commit's flush (SQLite's WAL,
// store/wal-sync.ts) that later hooks wait for. The line is pino's own (level, time, pid, hostname, reqId, then
// method, url, status, ms, msg) written straight to pino's stream: pino's general path (merging objects,
// formatters, hooks) cost a tenth of a small hot read's throughput.
//
// The destination (lineDestination) gathers lines as one text and writes it a batch at a time — WRITE_FROM
// characters, or what came within FLUSH_MS, and what is left when the process exits — synchronously through
// SonicBoom (pino's own writer, which retries a busy pipe), as Node writes to stdout itself. Written off the event
// loop instead, each batch woke one of libuv's threads on the server's own core: `perf stat` under load on
// GET /api/heroes/{id}, 2,560 context switches a second, 590 so; and each line turned into bytes on its own.
import pino from 'pino';
import SonicBoom from 'sonic-boom';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AccessLine } from './read-lane.ts';

/**
 * Characters gathered before a write, and the longest a line waits for it. 64 KiB rather than 8: a line (to a file,
 * 300,000 lines one after another) 1.2 µs → 0.85 µs, a write to the file being most of it.
 */
export const WRITE_FROM = 64 * 1024;
export const FLUSH_MS = 250;

/** Destinations still open, written out when the process exits (one listener for them all). */
const open = new Set<Lines>();
process.on('exit', () => {
  for (const lines of open) lines.flush();
});

/** Room past WRITE_FROM for the line that fills a batch: a line longer than a third of it is written on its own. */
const LINE_ROOM = 16 * 1024;

/**
 * Lines gathered as bytes, each encoded once as it comes, until there are WRITE_FROM of them or FLUSH_MS have
 * passed, then written. (Gathered as one text instead, the text was flattened, measured and encoded again at each
 * write: an access line to /dev/null 0.78–0.98 µs, now 0.70–0.86; 500,000 lines, three runs each.)
 */
export class Lines implements pino.DestinationStream {
  #bytes = Buffer.allocUnsafeSlow(WRITE_FROM + LINE_ROOM);
  #used = 0;
  readonly #timer = setInterval(() => this.flush(), FLUSH_MS).unref();
  constructor(private readonly boom: SonicBoom) {
    open.add(this);
  }

  write(line: string): void {
    // A character is at most 3 bytes in UTF-8 (a surrogate pair, 2 characters, is 4): the line fits in the room.
    if (3 * line.length > LINE_ROOM) {
      this.flush();
      this.#send(Buffer.from(line));
      return;
    }
    this.#used += this.#bytes.write(line, this.#used);
    if (this.#used >= WRITE_FROM) this.flush();
  }

  /** Writes what waits, now. */
  flush(): void {
    if (this.#used === 0) return;
    // SonicBoom keeps what it is handed until it is written: it gets these bytes, and lines go to new ones.
    const batch = this.#bytes.subarray(0, this.#used);
    this.#bytes = Buffer.allocUnsafeSlow(WRITE_FROM + LINE_ROOM);
    this.#used = 0;
    this.#send(batch);
  }

  #send(bytes: Buffer): void {
    try {
      this.boom.write(bytes as unknown as string); // contentMode 'buffer' (lineDestination)
    } catch (err) {
      // A reader that went away (EPIPE) ends the log, as pino's own destination does; any other failure is thrown.
      if ((err as NodeJS.ErrnoException).code !== 'EPIPE') throw err;
      this.silence();
    }
  }

  /** Writes what waits and closes the destination. */
  end(): void {
    this.flush();
    this.silence();
    this.boom.end();
  }

  /** Writes nothing more (its reader is gone). */
  silence(): void {
    open.delete(this);
    clearInterval(this.#timer);
    this.write = () => {};
  }
}

/** Lines to `dest` (a descriptor or a file), written in batches (Lines); pino writes text to it. */
export function lineDestination(dest: number | string): Lines {
  const boom = new SonicBoom({ dest, sync: true, contentMode: 'buffer' });
  const lines = new Lines(boom);
  boom.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    lines.silence();
  });
  return lines;
}

/** The server's logger: pino at `level`, to `dest` (stdout) through lineDestination. */
export function serverLogger(level = 'info', dest: number | string = 1): pino.Logger {
  return pino({ level }, lineDestination(dest));
}

/** What pino keeps on a logger under its exported symbols: its destination and its bindings as JSON (`,"k":v…`). */
interface PinoInternals {
  [pino.symbols.streamSym]: { write(line: string): unknown };
  [pino.symbols.chindingsSym]: string;
}

/**
 * A request's logger for Fastify (its childLoggerFactory): `base`'s child with the request's bindings (reqId), made
 * when something is first logged through it — most requests log nothing but their access line.
 */
class RequestLog implements FastifyBaseLogger {
  #child: pino.Logger | null = null;
  constructor(
    private readonly base: pino.Logger,
    private readonly bindings: pino.Bindings,
  ) {}
  private get log(): pino.Logger {
    return (this.#child ??= this.base.child(this.bindings));
  }
  get level(): pino.LevelWithSilentOrString {
    return this.base.level;
  }
  set level(level: pino.LevelWithSilentOrString) {
    this.log.level = level;
  }
  // Methods, not arrow fields: a request's logger is made on every request, its methods once.
  fatal(...args: LogArgs): void {
    this.log.fatal(...args);
  }
  error(...args: LogArgs): void {
    this.log.error(...args);
  }
  warn(...args: LogArgs): void {
    this.log.warn(...args);
  }
  info(...args: LogArgs): void {
    this.log.info(...args);
  }
  debug(...args: LogArgs): void {
    this.log.debug(...args);
  }
  trace(...args: LogArgs): void {
    this.log.trace(...args);
  }
  silent(): void {}
  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}
type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/** Each request's `log`, a RequestLog over `base` (Fastify's option childLoggerFactory). */
export function requestLoggers(base: pino.Logger): NonNullable<FastifyServerOptions['childLoggerFactory']> {
  return (_fastifysOwn, bindings) => new RequestLog(base, bindings);
}

/** Fastify's own line on each request's arrival, not written: the access line says it all, once. */
export class NoArrivalLines extends LogController {
  override incomingRequest(): void {}
}

/** Characters a JSON string holds as they are (no quote, backslash or control character; ASCII). */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `text` as a JSON string: quoted as it is when it is plain (an id, a method, most addresses), else JSON's own. */
const jsonText = (text: string) => (PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text));

/** When a request arrived (performance.now()), noted by logRequests' first hook. */
const ARRIVED = Symbol('arrived');
type Noted = FastifyRequest & { [ARRIVED]?: number };

/**
 * Writes `log`'s access line for every request `app` answers (add before any route). Answers the line's writer, for
 * what no hook sees: an address the router refuses (Fastify's frameworkErrors), an answer sent before the router
 * (read-lane.ts).
 */
export function logRequests(app: FastifyInstance, log: pino.Logger): AccessLine {
  const own = log as unknown as PinoInternals;
  const stream = own[pino.symbols.streamSym];
  const bindings = own[pino.symbols.chindingsSym];
  const line: AccessLine = (id, method, url, status, arrived) => {
    if (!log.isLevelEnabled('info')) return;
    const ms = Math.round((performance.now() - arrived) * 10) / 10;
    stream.write(
      `{"level":30${pino.stdTimeFunctions.epochTime()}${bindings},"reqId":${jsonText(id)},"method":${jsonText(method)},` +
        `"url":${jsonText(url)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
  const write = (req: Noted, reply: FastifyReply) =>
    line(req.id, req.method, req.url, reply.statusCode, req[ARRIVED] ?? performance.now());
  app.addHook('onRequest', (req, _reply, done) => {
    (req as Noted)[ARRIVED] = performance.now();
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.method === 'GET' || req.method === 'HEAD') write(req, reply);
    else reply.raw.once('close', () => write(req, reply));
    done(null, payload);
  });
  return line;
}
