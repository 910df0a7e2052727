// The hot read, GET /api/heroes?user_id=: a player's list, remembered as ready bytes (and compressed copies) under
// the key of the hero versions it holds. Each read asks the database only for that key — from a covering index,
// never the documents — so a change made through any instance shows on the next read, here or anywhere. Only
// players with heroes are remembered, and every byte an entry holds counts against the cache's limits.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { heroesJsonOf, heroListKey } from './hero-store.ts';
import type { Store } from '../store/db.ts';
import { markOf } from '../store/marked-answers.ts';
import { sameMark, type ChangeMark } from '../store/prepared.ts';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Brotli's default quality (11) spends milliseconds on a long list; 5 keeps most of the gain for a fraction.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** Below this a compressed copy saves less than it costs to make. */
const COMPRESS_FROM = 1024;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
const DEFAULT_CACHE_ENTRIES = 20_000;
/** Empty lists remembered at most (~150 bytes each): newcomers reading theirs, and any id at all. */
const EMPTY_ENTRIES = 2_000;

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
  /** SQLite: the database's change mark when the key was last found to be this list's (marked-answers.ts) */
  mark?: ChangeMark;
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
 * Players' lists, least recently used forgotten first once either limit is passed (lru-cache, sized by
 * HeroList.size). Only lists with heroes are remembered — those of real players (a hero's owner exists) — so
 * asking for unknown ids costs no memory.
 */
export class HeroLists {
  private readonly entries: LRUCache<string, HeroList>;
  /**
   * SQLite: the ids whose list was found empty (a newcomer's, or no player's), under the mark it was found at — a
   * mark each, so unknown ids cost a bounded few bytes (without it, a newcomer's list was read anew every time:
   * ~12 µs a request of the 25 a bare route takes).
   */
  private readonly empty = new LRUCache<string, ChangeMark>({ max: EMPTY_ENTRIES });

  constructor(
    private readonly store: Store,
    limits: HeroListLimits = {},
  ) {
    this.entries = new LRUCache<string, HeroList>({
      max: limits.maxEntries ?? DEFAULT_CACHE_ENTRIES,
      maxSize: limits.maxBytes ?? DEFAULT_CACHE_BYTES,
      sizeCalculation: (list) => list.size,
    });
  }

  /** How many lists are remembered and every byte they hold. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  /**
   * The player's list; `request` shares the request's change mark (markOf) on SQLite. On SQLite, while the
   * database has not changed at all since the list's key was read, not even the key is read: the list is answered
   * at once.
   */
  of(userId: string, request?: object): HeroList | Promise<HeroList> {
    const mark = markOf(this.store, request);
    const known = this.entries.get(userId);
    if (known && sameMark(known.mark, mark)) return known;
    if (!known && mark && sameMark(this.empty.get(userId), mark)) return EMPTY;
    return this.read(userId, mark, known);
  }

  private async read(
    userId: string,
    mark: ChangeMark | undefined,
    known: HeroList | undefined,
  ): Promise<HeroList> {
    // The mark first, then the key, then the documents: a write landing in between leaves a newer list under an
    // older key or mark, which only a read that began before the write can be given.
    const key = await heroListKey(this.store, userId);
    if (key === '') {
      this.entries.delete(userId);
      if (mark) this.empty.set(userId, mark);
      return EMPTY;
    }
    if (known?.key === key) {
      known.mark = mark;
      return known;
    }
    const json = await heroesJsonOf(this.store, userId);
    const list = new HeroList(userId, key, json, etagOf(key), (l) => {
      // A compressed copy was added: store it anew so its new size counts (lru-cache keeps the size of a value
      // set again as it was), unless it was forgotten meanwhile.
      if (this.entries.peek(l.userId) !== l) return;
      this.entries.delete(l.userId);
      this.entries.set(l.userId, l);
    });
    list.mark = mark;
    this.entries.set(userId, list); // lru-cache refuses, and drops any older list, if it alone passes maxSize
    if (this.entries.peek(userId) !== list) this.entries.delete(userId);
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
