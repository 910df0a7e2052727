// Answers remembered while the database has not changed at all. On SQLite a change mark (prepared.ts changeMark:
// two plucked statements, ~3 µs) tells whether anything was written since an answer was made — by this process or
// any other — so a hot read whose rows did not move is answered without reading them. On PostgreSQL there is no such
// mark without a round trip: every read is made anew, as it would be without this.
import { LRUCache } from 'lru-cache';
import { changeMark, sameMark, type ChangeMark } from './prepared.ts';
import type { Store } from './db.ts';

export interface MarkedOptions<V> {
  /** answers held at most */
  max: number;
  /** bytes held at most, counted by `sizeOf` */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}

interface Held<V> {
  value: V;
  mark: ChangeMark;
}

export class MarkedAnswers<V extends NonNullable<unknown>> {
  private readonly held: LRUCache<string, Held<V>>;

  constructor(
    private readonly store: Store,
    o: MarkedOptions<V>,
  ) {
    const sizeOf = o.sizeOf;
    this.held = new LRUCache<string, Held<V>>({
      max: o.max,
      ...(o.maxSize && sizeOf
        ? { maxSize: o.maxSize, sizeCalculation: (e: Held<V>) => sizeOf(e.value) + 100 }
        : {}),
    });
  }

  /**
   * The answer for `key`: the one made under the database's present mark, or `make()`'s (remembered under the mark
   * read before it ran, so a change made meanwhile is seen by the next read). `undefined` is never remembered.
   */
  async get(key: string, make: () => Promise<V | undefined> | V | undefined): Promise<V | undefined> {
    const mark = changeMark(this.store);
    if (!mark) return make();
    const held = this.held.get(key);
    if (held && sameMark(held.mark, mark)) return held.value;
    const value = await make();
    if (value !== undefined) this.held.set(key, { value, mark });
    return value;
  }
}
