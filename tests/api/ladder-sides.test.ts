// Migration 0036 (src/server/store/migration-0036-ladder-sides.ts) on a store kept from before it, SQLite and
// PostgreSQL: every rating row already there is marked with its side — an NPC's 1, a player's hero's 0 — and Find a
// fair match walks the new index. (A fresh store's rows are marked as they are made: fair-match.test.ts.)
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  newPlayer,
  openHarness,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

describe.each(DATABASES)('migration 0036 on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  it("marks the rating rows kept from before it: the NPCs' 1, the players' heroes' 0", async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    // The store as it was before 0036: no side in a rating row, one index on (rating, hero_id), 0036 not run.
    await withStore(h, async (db) => {
      await db.schema.dropIndex('hero_ratings_side_rating').execute();
      await db.schema.alterTable('hero_ratings').dropColumn('npc').execute();
      await db.schema
        .createIndex('hero_ratings_rating')
        .on('hero_ratings')
        .columns(['rating', 'hero_id'])
        .execute();
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '0036_ladder_sides' as never)
        .execute();
    });
    await h.app.close();
    h = await openHarness(h.db);

    const rows = await withStore(h, (db) =>
      db
        .selectFrom('hero_ratings as r')
        .innerJoin('heroes as x', 'x.id', 'r.hero_id')
        .select(['r.hero_id', 'r.npc', sql<boolean>`x.user_id is null`.as('owned_by_none')])
        .execute(),
    );
    expect(rows.find((r) => r.hero_id === hero.id)?.npc).toBe(0);
    const npcs = rows.filter((r) => Boolean(r.owned_by_none));
    expect(npcs.length).toBeGreaterThan(0);
    expect(npcs.filter((r) => Number(r.npc) !== 1)).toEqual([]);
    expect(rows.filter((r) => !r.owned_by_none && Number(r.npc) !== 0)).toEqual([]);

    const found = await h.call('GET', `/api/arena/opponents?user_id=${p.id}&hero_id=${hero.id}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
  });
});
