// What live play tells the sockets (routes/live.ts): a challenge made to a player, a side that has chosen, a match
// that moved to a new version. A note says only that something changed; each socket reads the rest from the
// database, where every resolved turn is written before the note is sent — so a note lost, doubled or out of order
// costs nothing, and a socket sends each version once, in order. One instance passes notes in-process; with
// REDIS_URL every instance publishes to one Redis channel and hears every note, its own too.
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type LiveNote =
  | { kind: 'challenge'; user_id: string; challenge_id: string }
  | { kind: 'chosen'; match_id: string; turn: number; user_id: string }
  | { kind: 'match'; match_id: string; version: number };

const CHANNEL = 'runeborn:live';

export class LiveBus {
  private readonly local = new EventEmitter();
  private readonly pub: Redis | null;
  private readonly sub: Redis | null;

  constructor(redisUrl?: string) {
    this.local.setMaxListeners(0);
    if (!redisUrl) {
      this.pub = this.sub = null;
      return;
    }
    this.pub = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    this.sub = new Redis(redisUrl);
    for (const r of [this.pub, this.sub]) r.on('error', () => {}); // reconnects by itself
    void this.sub.subscribe(CHANNEL).catch(() => {});
    this.sub.on('message', (_channel: string, text: string) => {
      try {
        this.local.emit('note', JSON.parse(text) as LiveNote);
      } catch {
        // not a note of ours
      }
    });
  }

  /** Tells every socket on every instance; never throws (a note is a hint: the database holds the truth). */
  publish(note: LiveNote): void {
    if (this.pub) void this.pub.publish(CHANNEL, JSON.stringify(note)).catch(() => {});
    else setImmediate(() => this.local.emit('note', note));
  }

  /** Hears every note; answers the way to stop. */
  subscribe(listener: (note: LiveNote) => void): () => void {
    this.local.on('note', listener);
    return () => this.local.off('note', listener);
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
    await Promise.all([this.pub, this.sub].map((r) => r?.quit().catch(() => r.disconnect())));
  }
}
