// Migration 0032_live_results: what a live match's end settles (fights/kinds/live.ts). The match row says, once
// each, that its end was rated (`settled`) and that each side's record and pay were written (`paid_a`, `paid_b`):
// each flag is set by a conditional update in the transaction that does that work, so an end settled by two
// instances at once, or again after a crash, pays and rates once. Each player's live rating is a row of
// live_ratings; the matches a pair of players finished in a day are counted in live_pair_days (the win-trading cap).
// A player's presence is kept on the match too, so every instance agrees on it: how many of their sockets watch it
// (online_a, online_b) and since when none has (away_a, away_b, unix ms; null while one does, or before any did).
// And the instance that runs its clock (`host`) holds it until `host_until` (unix ms), renewing it as it runs: when
// that instance dies another takes it over once the lease lapses (LIVE_LEASE_MS).
import { type Migration } from 'kysely';
import type { AnyDb } from './db.ts';

export const liveResults: Migration = {
  async up(db: AnyDb) {
    const flags = [
      ['probability', 'double precision'],
      ['settled', 'integer'],
      ['paid_a', 'integer'],
      ['paid_b', 'integer'],
      ['pays', 'integer'],
      ['ratings', 'text'],
      ['ended_at', 'bigint'],
      ['rematch_a', 'integer'],
      ['rematch_b', 'integer'],
      ['rematch_id', 'text'],
      ['online_a', 'integer'],
      ['online_b', 'integer'],
      ['away_a', 'bigint'],
      ['away_b', 'bigint'],
      ['host', 'text'],
      ['host_until', 'bigint'],
    ] as const;
    for (const [name, type] of flags)
      await db.schema
        .alterTable('live_matches')
        .addColumn(name, type, (c) => (type === 'integer' && name !== 'pays' ? c.notNull().defaultTo(0) : c))
        .execute();
    await db.schema
      .createIndex('live_matches_unsettled')
      .on('live_matches')
      .columns(['status', 'settled'])
      .execute();
    await db.schema
      .createTable('live_ratings')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('rating', 'double precision', (c) => c.notNull())
      .addColumn('rd', 'double precision', (c) => c.notNull())
      .addColumn('vol', 'double precision', (c) => c.notNull())
      .addColumn('games', 'integer', (c) => c.notNull())
      .addColumn('wins', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('live_ratings_rank')
      .on('live_ratings')
      .columns(['rating', 'user_id'])
      .execute();
    await db.schema
      .createTable('live_pair_days')
      .addColumn('pair', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('matches', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('live_pair_days_pk', ['pair', 'day'])
      .execute();
  },
};
