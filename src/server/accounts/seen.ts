// When a player was last seen: any request that acts for them (player-guard.ts) marks it, written to their row at
// most once a SEEN_EVERY_S on each instance, off the request's path (a guild shows it, and hands a guild over from a
// leader not seen for 72 hours: guilds/guild-store.ts).
import { LRUCache } from 'lru-cache';
import { nowSeconds } from '../foundation/clock.ts';
import type { Store } from '../store/db.ts';

/** How stale a player's `last_seen` may be: the page says "2 h ago", never the second. */
export const SEEN_EVERY_S = 60;

/** Per store (an instance's database), when each player's row was last written. */
const written = new WeakMap<object, LRUCache<string, number>>();

export function markSeen(store: Store, userId: string, log: (err: unknown) => void): void {
  let marks = written.get(store);
  if (!marks) written.set(store, (marks = new LRUCache({ max: 100_000 })));
  const now = nowSeconds();
  const last = marks.get(userId);
  if (last !== undefined && last <= now && now - last < SEEN_EVERY_S) return;
  marks.set(userId, now);
  store.db
    .updateTable('users')
    .set({ last_seen: now })
    .where('id', '=', userId)
    .where('last_seen', '<', now)
    .execute()
    .catch(log);
}
