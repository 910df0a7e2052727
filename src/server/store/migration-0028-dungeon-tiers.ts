// Migration 0028_dungeon_tiers: a dungeon run keeps the tier it fights (game/data/dungeons.ts TIERS). Runs from
// before tiers fought the dungeon as it was, tier 1; a player's cleared runs of a tier open the next
// (fights/dungeon-runs.ts clearedTiers), so each dungeon's cleared runs by player and tier are indexed.
import type { Migration } from 'kysely';
import type { AnyDb } from './db.ts';

export const dungeonTiers: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('dungeon_runs')
      .addColumn('tier', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex('dungeon_runs_cleared_tiers')
      .on('dungeon_runs')
      .columns(['user_id', 'status', 'dungeon_id', 'tier'])
      .execute();
  },
};
