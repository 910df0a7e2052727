// The hot read, GET /api/heroes?user_id=: a player's list, remembered as ready bytes (and compressed copies) under
// the key of the hero versions it holds (the rule of store/answer-cache.ts). Each read asks the database only for
// that key — from a covering index, never the documents. Only players with heroes are remembered, and every byte an
// entry holds counts against the cache's limits.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { heroesJsonOf, heroListKey } from './hero-store.ts';
import type { Store } from '../store/db.ts';
import { AnswerCache } from '../store/answer-cache.ts';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Brotli's default quality (11) spends milliseconds on a long list; 5 keeps most of the gain for a fraction.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** Below this a compressed copy saves less than it costs to make. */
const COMPRESS_FROM = 1024;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
const DEFAULT_CACHE_ENTRIES = 20_000;

/**
 * What one remembered list costs beyond its bytes: an upper bound of what was measured with `node --expose-gc`
 * over thousands of lists (~620 bytes for the HeroList, its Maps, its Buffer and the cache's Map entry; ~240 more
 * for each compressed copy's Buffer and Promise), with ~150 for each body as sent (its object and header array).
 */
export const ENTRY_OVERHEAD = 800;
export const COPY_OVERHEAD = 450;
/** A JS string's characters, counted at two bytes each (an upper bound for any string V8 stores). */
const stringBytes = (s: string) => 2 * s.length;

const etagOf = (key: string) => `W/"${createHash('sha1').update(key).digest('base64url')}"`;

/** A list's body as sent: its bytes, their encoding (none: plain JSON), and the answer's headers for them. */
export interface ListBody {
  bytes: Buffer;
  encoding?: Encoding;
  /** name, value, … : cache-control, etag, vary, and content-encoding when encoded */
  headers: readonly string[];
}

export class HeroList {
  private readonly encoded = new Map<Encoding, Promise<ListBody>>();
  /** The bodies made so far, by encoding ('' for plain JSON), sent without a promise. */
  private readonly ready = new Map<Encoding | '', ListBody>();
  /** Every byte this list holds: strings, JSON, the compressed copies made so far, object overhead. */
  size: number;

  constructor(
    /** the player it belongs to: the cache's key */
    readonly userId: string,
    readonly key: string,
    readonly json: Buffer,
    /** weak: the compressed copies carry the same list */
    readonly etag: string,
    private readonly grew: (list: HeroList, bytes: number) => void = () => {},
  ) {
    this.size = ENTRY_OVERHEAD + stringBytes(userId) + stringBytes(key) + stringBytes(etag) + json.byteLength;
  }

  /**
   * The body for a client that accepts `encoding` (none: plain JSON, as is a list too short to compress): at once
   * when it was made before, else once its compressed copy is made.
   */
  body(encoding: Encoding | undefined): ListBody | Promise<ListBody> {
    const wanted = !encoding || this.json.length < COMPRESS_FROM ? '' : encoding;
    const ready = this.ready.get(wanted);
    if (ready) return ready;
    if (wanted === '') return this.keep('', { bytes: this.json, headers: this.headersFor() });
    let copy = this.encoded.get(wanted);
    if (!copy) {
      copy = (wanted === 'br' ? brotli(this.json, BROTLI) : gzipAsync(this.json)).then(
        (out) => {
          // zlib hands back a view of its 16 KiB output chunk: keep an exact copy, not the whole chunk.
          const bytes = Buffer.allocUnsafeSlow(out.byteLength);
          out.copy(bytes);
          this.size += COPY_OVERHEAD + bytes.byteLength;
          this.grew(this, COPY_OVERHEAD + bytes.byteLength);
          return this.keep(wanted, { bytes, encoding: wanted, headers: this.headersFor(wanted) });
        },
        (err: unknown) => {
          this.encoded.delete(wanted); // a failure is not remembered: the next read tries again
          throw err;
        },
      );
      this.encoded.set(wanted, copy);
    }
    return copy;
  }

  /** The answer's headers: revalidated on every use (no-cache), its ETag, its encoding when it has one. */
  headersFor(encoding?: Encoding): string[] {
    const headers = ['cache-control', 'no-cache', 'etag', this.etag, 'vary', 'accept-encoding'];
    if (encoding) headers.push('content-encoding', encoding);
    return headers;
  }

  private keep(encoding: Encoding | '', body: ListBody): ListBody {
    this.ready.set(encoding, body);
    return body;
  }
}

/** The list of a player with no heroes — or of no player at all: shared, never remembered per id. */
const EMPTY = new HeroList('', '', Buffer.from('[]'), etagOf(''));

export interface HeroListLimits {
  /** bytes all remembered lists may hold together (each counted by HeroList.size) */
  maxBytes?: number;
  /** lists remembered at most */
  maxEntries?: number;
}

/**
 * Players' lists, least recently used forgotten first once either limit is passed (each counted by HeroList.size).
 * Only lists with heroes are remembered, so asking for unknown ids costs no memory.
 */
export class HeroLists {
  private readonly entries: AnswerCache<HeroList>;

  constructor(
    private readonly store: Store,
    limits: HeroListLimits = {},
  ) {
    this.entries = new AnswerCache<HeroList>({
      max: limits.maxEntries ?? DEFAULT_CACHE_ENTRIES,
      maxBytes: limits.maxBytes ?? DEFAULT_CACHE_BYTES,
      sizeOf: (list) => list.size,
    });
  }

  /** How many lists are remembered and every byte they hold. */
  stats(): { entries: number; bytes: number } {
    return this.entries.stats();
  }

  /** The player's list. */
  async of(userId: string): Promise<HeroList> {
    const key = await heroListKey(this.store, userId);
    if (key === '') return EMPTY;
    return this.entries.answer(userId, key, async () => {
      const json = await heroesJsonOf(this.store, userId);
      // a compressed copy added: its size counted
      return new HeroList(userId, key, json, etagOf(key), (l) => this.entries.grew(l.userId, l));
    });
  }
}
