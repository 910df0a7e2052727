// Migration 0030_tally_shards: the fairness page's counts (odds/fairness.ts) were one row a stated percent and one a
// rarity, which every fight at that chance and every summon of that rarity had to lock in turn — a row the whole
// server waited on. Each count is now kept in TALLY_SHARDS rows, a player writing the one of their shard, summed when
// read. The counts so far move to shard 0.
import { sql, type Migration } from 'kysely';
import type { AnyDb } from './db.ts';

export const tallyShards: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('fight_tallies')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('bin', 'integer', (c) => c.notNull())
      .addColumn('shard', 'integer', (c) => c.notNull())
      .addColumn('fights', 'bigint', (c) => c.notNull())
      .addColumn('won', 'bigint', (c) => c.notNull())
      .addColumn('stated', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('fight_tallies_pk', ['kind', 'bin', 'shard'])
      .addCheckConstraint('fight_tallies_sound', sql`bin between 0 and 99 and won between 0 and fights`)
      .execute();
    await db.schema
      .createTable('summon_tallies')
      .addColumn('rarity', 'integer', (c) => c.notNull())
      .addColumn('shard', 'integer', (c) => c.notNull())
      .addColumn('drawn', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('summon_tallies_pk', ['rarity', 'shard'])
      .execute();
    await sql`insert into fight_tallies (kind, bin, shard, fights, won, stated)
      select kind, bin, 0, fights, won, stated from fight_tally`.execute(db);
    await sql`insert into summon_tallies (rarity, shard, drawn) select rarity, 0, drawn from summon_tally`.execute(
      db,
    );
    await db.schema.dropTable('fight_tally').execute();
    await db.schema.dropTable('summon_tally').execute();
  },
};
