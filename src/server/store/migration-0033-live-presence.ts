// Migration 0033_live_presence: a player's presence on a live match kept per instance, so that an instance that dies
// does not leave its players shown connected for ever (and never forfeiting). Each instance writes only its own
// rows — how many sockets of each side of a match it holds (live_presence) — and says it is alive in live_instances
// (renewed as its clocks run). A side is connected while a living instance holds a socket of it; the match row's
// online_/away_ follow from that (fights/live-matches.ts reconcilePresence).
import { type Migration } from 'kysely';
import type { AnyDb } from './db.ts';

export const livePresence: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('live_presence')
      .addColumn('match_id', 'text', (c) => c.notNull())
      .addColumn('side', 'integer', (c) => c.notNull())
      .addColumn('instance', 'text', (c) => c.notNull())
      .addColumn('sockets', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('live_presence_pk', ['match_id', 'side', 'instance'])
      .execute();
    await db.schema
      .createTable('live_instances')
      .addColumn('instance', 'text', (c) => c.primaryKey())
      .addColumn('renewed_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
