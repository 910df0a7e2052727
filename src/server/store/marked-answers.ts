// Answers remembered while the database has not changed at all. On SQLite a change mark (prepared.ts changeMark:
// one read of the WAL-index header, wal-index.ts) tells whether anything was written since an answer was made — by
// this process or any other — so a hot read whose rows did not move is answered without reading them. A request
// reads the mark once (markOf): the player guard's lock check and the handler's answer share it, so a guarded hot
// read costs one mark and no statement. On PostgreSQL there is no such mark without a round trip: every read is made
// anew, as it would be without this.
import { LRUCache } from 'lru-cache';
import { changeMark, sameMark, type ChangeMark } from './prepared.ts';
import type { Store } from './db.ts';

/**
 * Where a request keeps its mark: a property of its own, under a symbol no one else names. An entry in a WeakMap
 * keyed by the request cost 0.3–0.7 µs a request more (node, 200,000 Node requests: set once, read twice).
 */
const MARK = Symbol('change mark');
type Marked = { [MARK]?: ChangeMark };

/**
 * The change mark of one request (any object standing for it), read at its first use. A request's answers are
 * then of the database as it was at that moment, which lies between the request's arrival and its answer. Without
 * a request, the database's present mark.
 */
export function markOf(store: Store, request?: object): ChangeMark | undefined {
  if (!request) return changeMark(store);
  const held = request as Marked;
  let mark = held[MARK];
  if (mark === undefined) {
    mark = changeMark(store);
    if (mark) held[MARK] = mark;
  }
  return mark;
}

/**
 * Gives each of `requests` the database's present mark, read once (none when it cannot be told): the reads answered
 * before the router take a turn's requests together, after all of them came (http/read-lane.ts).
 */
export function markTogether(store: Store, requests: readonly object[]): void {
  const mark = changeMark(store);
  if (mark) for (const request of requests) (request as Marked)[MARK] = mark;
}

export interface MarkedOptions<V> {
  /** answers held at most */
  max: number;
  /** bytes held at most, counted by `sizeOf` (a Buffer's own length when not given) */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}

interface Held<V> {
  value: V;
  mark: ChangeMark;
}

const byteLength = (value: unknown) => (Buffer.isBuffer(value) ? value.byteLength : 0);

export class MarkedAnswers<V extends NonNullable<unknown>> {
  private readonly held: LRUCache<string, Held<V>>;

  constructor(
    private readonly store: Store,
    o: MarkedOptions<V>,
  ) {
    const sizeOf = o.sizeOf ?? byteLength;
    this.held = new LRUCache<string, Held<V>>({
      max: o.max,
      ...(o.maxSize ? { maxSize: o.maxSize, sizeCalculation: (e: Held<V>) => sizeOf(e.value) + 100 } : {}),
    });
  }

  /**
   * The answer for `key`: the one made under the request's mark (markOf; the database's present mark without a
   * request), at once, or `make()`'s (remembered under that mark, read before it ran, so a change made meanwhile is
   * seen by the next read). `undefined` is never remembered.
   */
  get<A extends V | undefined>(
    key: string,
    make: () => Promise<A> | A,
    request?: object,
  ): V | Promise<A | V> {
    const mark = markOf(this.store, request);
    if (!mark) return Promise.resolve(make());
    const held = this.now(key, mark);
    if (held !== undefined) return held;
    return Promise.resolve(make()).then((value) => {
      if (value !== undefined) this.keep(key, mark, value);
      return value;
    });
  }

  /** The answer held for `key` under `mark`, if any. */
  now(key: string, mark: ChangeMark): V | undefined {
    const held = this.held.get(key);
    return held && sameMark(held.mark, mark) ? held.value : undefined;
  }

  /** Remembers `value` as the answer for `key` under `mark`. */
  keep(key: string, mark: ChangeMark, value: V): void {
    this.held.set(key, { value, mark });
  }
}
