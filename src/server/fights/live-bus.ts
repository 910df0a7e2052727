// What live play tells the sockets (routes/live.ts): a challenge made to a player, a side that has chosen, a match
// that moved to a new version; and a message written on a guild's board (guilds/guild-board.ts). A note says only that something changed; each socket reads the rest from the
// database, where every resolved turn is written before the note is sent — so a note lost, doubled or out of order
// costs nothing, and a socket sends each version once, in order. One instance passes notes in-process; with
// REDIS_URL every instance publishes to one Redis channel and hears every note, its own too.
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type LiveNote =
  | { kind: 'challenge'; user_id: string; challenge_id: string }
  | { kind: 'chosen'; match_id: string; turn: number; user_id: string }
  | { kind: 'match'; match_id: string; version: number }
  /** the match changed without a new version (a player came or went, asked for a rematch): sockets send its state */
  | { kind: 'refresh'; match_id: string }
  /** a member wrote on the guild's board: sockets watching the guild, of its members, say so */
  | { kind: 'guild_message'; guild_id: string; message_id: string };

const CHANNEL = 'runeborn:live';
/** With Redis: spectators' sockets watching each match, over every instance (a hash: match id → count). */
const WATCHING = 'runeborn:live:watching';

export class LiveBus {
  private readonly local = new EventEmitter();
  /** spectators' sockets of this instance watching each match */
  private readonly watchingHere = new Map<string, number>();
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

  /** A spectator's socket of this instance starts (+1) or stops (−1) watching a match. */
  watched(matchId: string, delta: 1 | -1): void {
    const n = (this.watchingHere.get(matchId) ?? 0) + delta;
    if (n > 0) this.watchingHere.set(matchId, n);
    else this.watchingHere.delete(matchId);
    if (this.pub) void this.pub.hincrby(WATCHING, matchId, delta).catch(() => {});
  }

  /**
   * Spectators' sockets watching a match, over every instance (with Redis; an instance that died watching leaves its count
   * behind until the match is forgotten), else on this one.
   */
  async watching(matchId: string): Promise<number> {
    if (this.pub) {
      const n = Number(await this.pub.hget(WATCHING, matchId).catch(() => null));
      if (Number.isFinite(n)) return Math.max(0, n);
    }
    return this.watchingHere.get(matchId) ?? 0;
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
