// Answers remembered by the state they show: the one kind of cache the server keeps of what it reads. Its rule:
//
//   Every request reads the key of what it asks for from the database — no request is answered without that read —
//   and a key names one state only: it is made of versions that only rise (every change of a hero bumps its version,
//   a hero put back after a reset included) and counts that only grow, or of the shown values themselves.
//
// So an answer made under a key is right whenever the same key is read again, whichever instance made the change,
// and a change is seen at the next read anywhere. The key is read before the answer is made: a change landing in
// between leaves a newer answer under an older key, which the next read (reading the newer key) replaces.
// The caches: a hero (heroes/hero-store.ts HeroDocs), a player's list (heroes/hero-lists.ts), a browse page
// (heroes/browse-pages.ts), the NPCs with their ratings (content/rated-content.ts).
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A weak ETag naming an answer by the key of the state it shows (what a client holding it sends back). */
export const etagOf = (key: string) => `W/"${createHash('sha1').update(key).digest('base64url')}"`;

/** An answer's JSON bytes and the ETag of the state they show (sent by http/json-reply.ts sendTagged). */
export interface TaggedAnswer {
  json: Buffer;
  etag: string;
}

export interface AnswerCacheLimits<V> {
  /** answers held at most */
  max: number;
  /** bytes held at most, each answer counted by `sizeOf` */
  maxBytes: number;
  sizeOf: (value: V, key: string) => number;
}

interface Held<V> {
  key: string;
  value: V;
}

export class AnswerCache<V extends NonNullable<unknown>> {
  private readonly held: LRUCache<string, Held<V>>;

  constructor(limits: AnswerCacheLimits<V>) {
    this.held = new LRUCache<string, Held<V>>({
      max: limits.max,
      maxSize: limits.maxBytes,
      sizeCalculation: (h) => Math.max(1, limits.sizeOf(h.value, h.key)),
    });
  }

  /**
   * The answer for `slot` in the state `key` (just read from the database): the one remembered under that key, or
   * `make()`'s, remembered (undefined, for a thing that is not there, never is).
   */
  async answer<A extends V | undefined>(slot: string, key: string, make: () => Promise<A>): Promise<A | V> {
    const held = this.held.get(slot);
    if (held?.key === key) return held.value;
    const value = await make();
    if (value === undefined) this.held.delete(slot);
    // lru-cache refuses a value that alone passes maxBytes, and drops any older one
    else this.held.set(slot, { key, value });
    return value;
  }

  /** How many answers are held and their bytes. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.held.size, bytes: this.held.calculatedSize };
  }
}
