// The hot read, GET /api/heroes?user_id=: a player's list, remembered as ready bytes with its ETag under the key of
// the hero versions it holds (the rule of store/answer-cache.ts). Each read asks the database only for that key —
// from a covering index, never the documents. Only players with heroes are remembered, and every byte an entry holds
// counts against the cache's limits. Its compressed copies are http/compression.ts's, by its ETag.
import { heroesJsonOf, heroListKey } from './hero-store.ts';
import type { Store } from '../store/db.ts';
import { AnswerCache, etagOf, type TaggedAnswer } from '../store/answer-cache.ts';

const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
const DEFAULT_CACHE_ENTRIES = 20_000;

/**
 * What one remembered list costs beyond its bytes: an upper bound of what was measured with `node --expose-gc`
 * over thousands of lists (~620 bytes for the HeroList, its Buffer and the cache's Map entry).
 */
export const ENTRY_OVERHEAD = 800;
/** A JS string's characters, counted at two bytes each (an upper bound for any string V8 stores). */
const stringBytes = (s: string) => 2 * s.length;

export class HeroList implements TaggedAnswer {
  /** Every byte this list holds: strings, JSON, object overhead. */
  readonly size: number;

  constructor(
    /** the player it belongs to: the cache's key */
    readonly userId: string,
    readonly key: string,
    readonly json: Buffer,
    /** weak: a compressed copy carries the same list */
    readonly etag: string,
  ) {
    this.size = ENTRY_OVERHEAD + stringBytes(userId) + stringBytes(key) + stringBytes(etag) + json.byteLength;
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
    return this.entries.answer(
      userId,
      key,
      async () => new HeroList(userId, key, await heroesJsonOf(this.store, userId), etagOf(key)),
    );
  }
}
