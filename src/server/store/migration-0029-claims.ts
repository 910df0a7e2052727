// Migration 0029_claims: the rewards paid once — the daily layer's (quests, the bonus, the calendar) and the
// campaign's (first clears, idle income) — share one `claims` table behind one claimOnce (economy/claims.ts), keyed
// (player, kind, claim, period). Every claim already made is kept, under its kind; the two tables are dropped.
import { sql, type Migration } from 'kysely';
import type { AnyDb } from './db.ts';

export const claims: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('claims')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('claim', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('reward', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('claims_pk', ['user_id', 'kind', 'claim', 'period'])
      .execute();
    for (const kind of ['daily', 'campaign'])
      await sql`insert into claims (user_id, kind, claim, period, reward, created_at)
        select user_id, ${sql.lit(kind)}, claim, period, reward, created_at from ${sql.table(`${kind}_claims`)}`.execute(
        db,
      );
    // The sweep forgets the daily layer's days long past (economy/daily-progress.ts pruneDaily).
    await db.schema.createIndex('claims_kind_period').on('claims').columns(['kind', 'period']).execute();
    await db.schema.dropTable('daily_claims').execute();
    await db.schema.dropTable('campaign_claims').execute();
  },
};
