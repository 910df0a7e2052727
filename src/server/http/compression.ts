// Compressed answers, in one place, br or gzip as the client accepts. An answer that names itself with an ETag (the
// hero list, the NPC and dungeon views) is asked for again and again until it changes, so each encoding of each
// route's ETag is made once and kept, least recently used forgotten first past a byte limit. A long answer without
// one (a player's campaign) is compressed as it is sent, with the fastest settings, and not kept. One too short to
// gain is sent as it is. The web app's files have their copies made at build (http/web-app.ts).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

type Encoding = 'br' | 'gzip';
const ENCODINGS = ['br', 'gzip', 'identity'];
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Brotli's default quality (11) spends milliseconds on a long list; 5 keeps most of the gain for a fraction.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** Below this a compressed copy saves less than it costs to make. */
export const COMPRESS_FROM = 1024;
/**
 * An answer without an ETag (a player's campaign, 75 KB) is compressed as it is sent, and nothing kept, from this
 * length: below it the bytes saved are few next to the work done on every read. It is made the cheapest way the
 * client accepts — measured on the 75 KB campaign: gzip level 1 0.28 ms to 10.9 KB, brotli quality 4 0.72 ms to
 * 8.9 KB (quality 1 took 2.1 ms) — so gzip first.
 */
export const COMPRESS_UNTAGGED_FROM = 16 * 1024;
const FAST = { br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 1 } };
const FAST_FIRST = ['gzip', 'br', 'identity'];
/** What a kept copy costs beyond its bytes: its key, its Buffer object and the cache's entry (an upper bound). */
export const COPY_OVERHEAD = 450;
const DEFAULT_BYTES = 32 * 1024 * 1024;

/** The encoding chosen for each Accept-Encoding seen (a browser sends the same one every time) and order, a few kept. */
const chosen = new LRUCache<string, Encoding | 'none'>({ max: 64 });

/** The encoding an answer is sent in for a client that sends `accepted` (undefined: as it is). */
function encodingFor(accepted: string | undefined, preferred = ENCODINGS): Encoding | undefined {
  if (!accepted) return undefined;
  const key = `${preferred[0]} ${accepted}`;
  let encoding = chosen.get(key);
  if (encoding === undefined) {
    const wanted = negotiate(accepted, preferred) as Encoding | 'identity' | null;
    chosen.set(key, (encoding = wanted === 'identity' || !wanted ? 'none' : wanted));
  }
  return encoding === 'none' ? undefined : encoding;
}

/** The copies kept, by encoding, route and ETag: what they hold in all, and how many were made. */
export interface CompressedCopies {
  stats(): { entries: number; bytes: number; made: number };
}

/** Compresses answers that carry an ETag (add after the conditional-GET hook, so a 304 is never compressed). */
export function compressAnswers(app: FastifyInstance, opts: { maxBytes?: number } = {}): CompressedCopies {
  const copies = new LRUCache<string, Buffer>({
    maxSize: opts.maxBytes ?? DEFAULT_BYTES,
    sizeCalculation: (bytes, key) => COPY_OVERHEAD + 2 * key.length + bytes.byteLength,
  });
  // A copy being made, shared by the requests that ask for it meanwhile.
  const making = new Map<string, Promise<Buffer>>();
  let made = 0;

  const copyOf = (key: string, encoding: Encoding, body: Buffer): Promise<Buffer> => {
    let copy = making.get(key);
    if (!copy) {
      copy = (encoding === 'br' ? brotli(body, BROTLI) : gzipAsync(body))
        .then((out) => {
          // zlib hands back a view of its 16 KiB output chunk: keep an exact copy, not the whole chunk.
          const bytes = Buffer.allocUnsafeSlow(out.byteLength);
          out.copy(bytes);
          made++;
          copies.set(key, bytes);
          return bytes;
        })
        .finally(() => making.delete(key));
      making.set(key, copy);
    }
    return copy;
  };

  app.addHook('onSend', (req, reply, payload, done) => {
    if (
      reply.statusCode !== 200 ||
      reply.hasHeader('content-encoding') ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    )
      return done(null, payload);
    const etag = reply.getHeader('etag');
    const tagged = typeof etag === 'string';
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.byteLength < (tagged ? COMPRESS_FROM : COMPRESS_UNTAGGED_FROM)) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    const encoding = encodingFor(req.headers['accept-encoding'], tagged ? ENCODINGS : FAST_FIRST);
    if (!encoding) return done(null, payload);
    const send = (bytes: Buffer) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, bytes);
    };
    if (!tagged)
      return void (encoding === 'br' ? brotli(body, FAST.br) : gzipAsync(body, FAST.gzip)).then(
        send,
        (err: Error) => done(err),
      );
    const key = `${encoding} ${req.routeOptions.url ?? ''} ${etag}`;
    const kept = copies.get(key);
    if (kept) return send(kept);
    copyOf(key, encoding, body).then(send, (err: Error) => done(err));
  });

  return { stats: () => ({ entries: copies.size, bytes: copies.calculatedSize, made }) };
}
