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
});
