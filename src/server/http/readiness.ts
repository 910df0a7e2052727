// Whether this instance should be sent requests (GET /api/ready, routes/health.ts), and the listener that says so
// from the first moment: main.ts listens before the store is migrated, answering every request 503 until the app
// is built (`serve`), and from SIGTERM on the readiness says stopping, every answer carries `Connection: close`
// (app.ts), and main.ts drains the listener (`drain`). docs/operations.md tells the order an operator sees.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type ReadyState = 'migrating' | 'serving' | 'stopping';

/** Why an instance is not ready, as GET /api/ready says it. */
export const NOT_READY: Record<Exclude<ReadyState, 'serving'>, string> = {
  migrating: 'Starting: the database is being migrated',
  stopping: 'Shutting down: this instance takes no new requests',
};

export class Readiness {
  state: ReadyState = 'migrating';

  get stopping(): boolean {
    return this.state === 'stopping';
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** How long an idle keep-alive connection stays open: Fastify's default, past the usual proxy's 60 s. */
export const KEEP_ALIVE_MS = 72_000;

/**
 * The listener, listening before the app is built: until `open()` every request is answered 503 with why (a load
 * balancer's readiness check, or anyone early); then the handler Fastify gave `factory` (its serverFactory option)
 * answers each request.
 */
export function gatedServer(readiness: Readiness): {
  server: Server;
  factory(handler: Handler): Server;
  open(): void;
} {
  let appHandler: Handler | null = null;
  let open = false;
  const server = createServer((req, res) => {
    if (open && appHandler) return appHandler(req, res);
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '1',
      connection: 'close',
    });
    res.end(JSON.stringify({ error: readiness.stopping ? NOT_READY.stopping : NOT_READY.migrating }));
  });
  // Fastify's own listener keeps an idle keep-alive connection KEEP_ALIVE_MS; Node's createServer only 5 s, so a
  // client reusing a connection idle about that long met the server closing it: ECONNRESET (a browser test's read).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return {
    server,
    factory(handler) {
      appHandler = handler;
      return server;
    },
    open() {
      open = true;
    },
  };
}

/**
 * Stops taking connections and waits, up to `graceMs`, for those open to end: each in-flight request is answered
 * (with `Connection: close`, so its connection ends after it), idle keep-alive connections are closed at once. Past
 * the grace what is left is cut. Answers whether everything ended within the grace.
 */
export async function drain(server: Server, graceMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
  server.closeIdleConnections();
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  const inTime = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (!inTime) server.closeAllConnections();
  return inTime;
}

/** WebSocket close code 1012, "service restart": the client reconnects (to another instance, or this one again). */
export const SERVICE_RESTART = 1012;

/** Tells every open socket the server is restarting (live play's sockets come back on their own). */
export function restartSockets(clients: Iterable<{ close(code: number, reason: string): void }>): void {
  for (const client of clients) client.close(SERVICE_RESTART, 'service restart');
}
