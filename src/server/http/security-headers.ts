// The headers every answer carries. Pages (the web app, the API docs) get helmet's whole set; the API's data gets
// the set OWASP's REST Security Cheat Sheet gives APIs, and no-store: its answers speak about one player at one
// moment (the two exceptions set their own: the hero list, ETag + no-cache, and art, immutable).
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Served over plain HTTP on a LAN address, this would send the page's own requests to https and break it.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * What an API answer (JSON, or an SVG that sets its own policy) needs: no sniffing, no framing, nothing loaded
 * by it, not readable from other origins. The rest of helmet's set governs documents; a page has them.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** An API data answer's headers: the security set, and no-store (a route may send a cache-control of its own). */
export const API_DATA_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...API_SECURITY_HEADERS,
  'cache-control': 'no-store',
});

/** An address of the API's data (the API docs are pages). */
export const isApiData = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The headers @fastify/helmet sets with HELMET_OPTIONS, read from one probe request. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => 'probe');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!own.has(name) && typeof value === 'string') headers[name] = value;
  return Object.freeze(headers);
}

/**
 * Sets every answer's security headers and answers a page's. Helmet's headers never change, but @fastify/helmet
 * rebuilds its middleware on every request (~40 µs under load): it answers one probe at start, and its headers
 * are sent from a frozen copy.
 */
export async function sendSecurityHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const pageHeaders = await helmetHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    if (isApiData(req.url)) reply.headers(API_DATA_HEADERS);
    else reply.headers(pageHeaders);
    done();
  });
  return pageHeaders;
}
