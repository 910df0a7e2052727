// Migration 0036_ladder_sides: a rating row says whether its hero is an NPC's, and the ladder has an index a side.
// Find a fair match walks the rating index from a point, players' heroes first and NPCs after (fights/fair-matches.ts);
// with one index for both, the players' walk stepped over every NPC rated on its way — the dungeons' thousands, most
// of them tied on a new hero's rating — and took 0.8 ms of SQLite a walk at 300 players (its most costly statement,
// a quarter of the crowd's SQL time: npm run bench:crowd, 2026-12-01), the more the more content. A hero is a player's
// or an NPC for life, so the row is told once, when it is made (content-rows.ts startRatingRow).
import { sql, type Migration } from 'kysely';
import type { AnyDb } from './db.ts';

export const ladderSides: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('hero_ratings')
      .addColumn('npc', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update hero_ratings set npc = 1
      where hero_id in (select id from heroes where user_id is null)`.execute(db);
    await db.schema.dropIndex('hero_ratings_rating').execute();
    await db.schema
      .createIndex('hero_ratings_side_rating')
      .on('hero_ratings')
      .columns(['npc', 'rating', 'hero_id'])
      .execute();
  },
};
