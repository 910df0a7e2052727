// Migration 0031_live: challenges between players and the live matches they open (fights/challenges.ts,
// fights/live-matches.ts). A match has one row a challenge (its unique challenge_id), so however many accepts of one
// challenge arrive at once, one match is made.
import { type Migration } from 'kysely';
import type { AnyDb } from './db.ts';

export const live: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('challenger_id', 'text', (c) => c.notNull())
      .addColumn('opponent_id', 'text')
      .addColumn('hero_ids', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('match_id', 'text')
      .addColumn('probability', 'double precision')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('challenges_challenger')
      .on('challenges')
      .columns(['challenger_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('challenges_opponent')
      .on('challenges')
      .columns(['opponent_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('live_matches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('challenge_id', 'text', (c) => c.notNull().unique())
      .addColumn('user_a', 'text', (c) => c.notNull())
      .addColumn('user_b', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('teams', 'text', (c) => c.notNull())
      .addColumn('turn', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('choice_a', 'text')
      .addColumn('choice_b', 'text')
      .addColumn('turn_deadline', 'bigint', (c) => c.notNull())
      .addColumn('bank_a_ms', 'integer', (c) => c.notNull())
      .addColumn('bank_b_ms', 'integer', (c) => c.notNull())
      .addColumn('auto_a', 'integer', (c) => c.notNull())
      .addColumn('auto_b', 'integer', (c) => c.notNull())
      .addColumn('winner_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('live_matches_user_a').on('live_matches').column('user_a').execute();
    await db.schema.createIndex('live_matches_user_b').on('live_matches').column('user_b').execute();
    await db.schema
      .createIndex('live_matches_clock')
      .on('live_matches')
      .columns(['status', 'turn_deadline'])
      .execute();
  },
};
