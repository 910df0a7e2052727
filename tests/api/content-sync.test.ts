// Every start brings the database's content up to the tables in src/game/data (DESIGN.md): shop prices and
// texts, dungeon rows, and every dungeon NPC regenerated at its tuned level and rarity (same ids).
import { afterEach, describe, expect, it } from 'vitest';
import { DUNGEONS } from '../../src/game/data/dungeons.ts';
import { ITEMS } from '../../src/game/data/items.ts';
import { migrate } from '../../src/server/store/migrations.ts';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { DATABASES, freshDatabase, type TestDatabase } from './helpers.ts';

describe.each(DATABASES)('content sync on %s', (kind) => {
  let db: TestDatabase | undefined;
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    await db?.drop();
  });

  it('a restart updates older items, dungeons and NPCs, drops stale NPCs, and changes nothing twice', async () => {
    db = await freshDatabase(kind);
    store = openStore(db.url, { poolSize: 1 });
    await migrate(store.db, store.dialect);
    // Make it look like the content of an older release, with an NPC the tables no longer have.
    const old = await store.db
      .selectFrom('heroes')
      .selectAll()
      .where('id', '=', 'npc_void_archon')
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto('heroes')
      .values({ ...old, id: 'npc_void_forgotten' })
      .execute();
    await store.db.updateTable('shop_items').set({ cost: 1, description: 'old' }).execute();
    await store.db.updateTable('dungeons').set({ rewards_multiplier: 3 }).execute();
    await store.db
      .updateTable('heroes')
      .set({ level: 1, rarity: 5, doc: '{}' })
      .where('dungeon_id', 'is not', null)
      .execute();
    await migrate(store.db, store.dialect); // a restart
    await migrate(store.db, store.dialect); // and another: nothing changes, nothing breaks

    const items = await store.db.selectFrom('shop_items').selectAll().execute();
    for (const def of ITEMS)
      expect(items.find((i) => i.id === def.id)).toMatchObject({
        cost: def.cost,
        description: def.description,
      });
    const dungeons = await store.db.selectFrom('dungeons').selectAll().execute();
    const npcs = await store.db
      .selectFrom('heroes')
      .selectAll()
      .where('dungeon_id', 'is not', null)
      .execute();
    for (const d of DUNGEONS) {
      expect(dungeons.find((x) => x.id === d.id)!.rewards_multiplier).toBe(d.rewardsMultiplier);
      for (const n of d.npcs) {
        const row = npcs.find((r) => r.id === n.id)!;
        expect(row).toMatchObject({ level: n.level, rarity: n.rarity, dungeon_id: d.id, user_id: null });
        expect(JSON.parse(row.doc)).toMatchObject({ id: n.id, level: n.level, rarity: n.rarity });
      }
    }
    expect(npcs).toHaveLength(DUNGEONS.reduce((s, d) => s + d.npcs.length, 0));
  });

  it('refuses to start, naming each, while a stored record names content the tables no longer have', async () => {
    db = await freshDatabase(kind);
    store = openStore(db.url, { poolSize: 1 });
    await migrate(store.db, store.dialect);
    await store.db
      .insertInto('inventory')
      .values({ id: 'inv_old', user_id: 'u_old', item_id: 'ancient_relic', quantity: 1, created_at: 1 })
      .execute();
    await store.db
      .insertInto('dungeon_runs')
      .values({
        id: 'run_old',
        user_id: 'u_old',
        dungeon_id: 'sunken_crypt',
        team_hero_ids: '[]',
        floor: 1,
        floors: 3,
        status: 'active',
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const start = migrate(store.db, store.dialect);
    await expect(start).rejects.toThrow(/inventory holds item 'ancient_relic'/);
    await expect(migrate(store.db, store.dialect)).rejects.toThrow(/dungeon 'sunken_crypt'/);
    // Once the records are dealt with, it starts again.
    await store.db.deleteFrom('inventory').where('id', '=', 'inv_old').execute();
    await store.db.deleteFrom('dungeon_runs').where('id', '=', 'run_old').execute();
    await expect(migrate(store.db, store.dialect)).resolves.toBeUndefined();
  });
});
