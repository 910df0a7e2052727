// The hot read, GET /api/heroes?user_id=: a player's list, remembered as ready bytes (and compressed copies) under
// the key of the hero versions it holds. Each read asks the database only for that key — from a covering index,
// never the documents — so a change made through any instance shows on the next read, here or anywhere.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { heroesJsonOf, heroListKey } from './hero-store.ts';
import type { Store } from './store/db.ts';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Brotli's default quality (11) spends milliseconds on a long list; 5 keeps most of the gain for a fraction.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** Below this a compressed copy saves less than it costs to make. */
const COMPRESS_FROM = 1024;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

export class HeroList {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly key: string,
    readonly json: Buffer,
    /** weak: the compressed copies carry the same list */
    readonly etag: string,
  ) {}

  /** The body for a client that accepts `encoding`, and the encoding it is in (none: plain JSON). */
  async body(encoding: Encoding | undefined): Promise<{ bytes: Buffer; encoding?: Encoding }> {
    if (!encoding || this.json.length < COMPRESS_FROM) return { bytes: this.json };
    let copy = this.encoded.get(encoding);
    if (!copy) {
      copy = (encoding === 'br' ? brotli(this.json, BROTLI) : gzipAsync(this.json)).catch((err: unknown) => {
        this.encoded.delete(encoding); // a failure is not remembered: the next read tries again
        throw err;
      });
      this.encoded.set(encoding, copy);
    }
    return { bytes: await copy, encoding };
  }
}

export class HeroLists {
  private readonly cache: LRUCache<string, HeroList>;

  constructor(
    private readonly store: Store,
    maxBytes = DEFAULT_CACHE_BYTES,
  ) {
    // Each entry is charged twice its JSON: room for the compressed copies it may gain (each far smaller).
    this.cache = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (l) => 2 * l.json.length + l.key.length,
    });
  }

  async of(userId: string): Promise<HeroList> {
    // The key first, then the documents: a write landing between the two leaves a newer list under an older key,
    // which only a read that began before the write can be given.
    const key = await heroListKey(this.store, userId);
    const known = this.cache.get(userId);
    if (known?.key === key) return known;
    const json = await heroesJsonOf(this.store, userId);
    const etag = `W/"${createHash('sha1').update(key).digest('base64url')}"`;
    const list = new HeroList(key, json, etag);
    this.cache.set(userId, list);
    return list;
  }
}

/** Does an If-None-Match header name this ETag (weak comparison, as GET uses)? */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}
