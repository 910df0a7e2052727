// Every start brings the database's content up to the tables in src/game/data: shop prices and
// texts, dungeon rows, and every dungeon NPC regenerated at its tuned level and rarity (same ids); rows of content
// gone from the tables are removed, and a stored record or hero naming such content stops the start, named. Stored
// heroes are scanned only when an id known at the last start is gone (store/known-ids.ts): the tests say which ids
// an older release knew by writing them into its record, as that release's start would have.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DUNGEONS } from '../../src/game/data/dungeons.ts';
import { ITEMS } from '../../src/game/data/items.ts';
import { generateHero } from '../../src/game/generation.ts';
import type { Hero } from '../../src/game/types.ts';
import { sparringId, sparringPartner } from '../../src/game/sparring.ts';
import { heroFromRow, heroRow } from '../../src/server/store/hero-rows.ts';
import { staleNpcs } from '../../src/server/store/seed-content.ts';
import {
  heroScanNeeded,
  knownIds,
  lockKnownIds,
  recordKnownIds,
  recordedIds,
  type KnownId,
} from '../../src/server/store/known-ids.ts';
import { migrate } from '../../src/server/store/migrations.ts';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { DATABASES, freshDatabase, type TestDatabase } from './helpers.ts';

const byKindAndId = (a: KnownId, b: KnownId) =>
  a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

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
        // rewritten once (its document had changed), so its version moved once, and not again by the second restart
        expect(Number(row.version), n.id).toBe(Number(old.version) + 1);
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
    await expect(migrate(store.db, store.dialect)).resolves.toEqual({ scannedHeroes: false });
  });
  it('removes shop item and dungeon rows the tables no longer have, keeping the others', async () => {
    db = await freshDatabase(kind);
    store = openStore(db.url, { poolSize: 1 });
    await migrate(store.db, store.dialect);
    // Rows of an older release's item and dungeon, named by no player's record.
    const item = await store.db.selectFrom('shop_items').selectAll().limit(1).executeTakeFirstOrThrow();
    await store.db
      .insertInto('shop_items')
      .values({ ...item, id: 'ancient_relic' })
      .execute();
    const dungeon = await store.db.selectFrom('dungeons').selectAll().limit(1).executeTakeFirstOrThrow();
    await store.db
      .insertInto('dungeons')
      .values({ ...dungeon, id: 'sunken_crypt' })
      .execute();
    await migrate(store.db, store.dialect); // a restart

    const items = await store.db.selectFrom('shop_items').select('id').execute();
    expect(items.map((i) => i.id).sort()).toEqual(ITEMS.map((i) => i.id).sort());
    const dungeons = await store.db.selectFrom('dungeons').select('id').execute();
    expect(dungeons.map((d) => d.id).sort()).toEqual(DUNGEONS.map((d) => d.id).sort());
  });

  it('refuses to start, naming each id and who holds it, while a stored hero names content the tables lack', async () => {
    db = await freshDatabase(kind);
    store = openStore(db.url, { poolSize: 1 });
    await migrate(store.db, store.dialect);
    const hero = (id: string, change: (h: Hero) => Partial<Hero>): Hero => {
      const h = generateHero(id.length * 101, { id, userId: 'u_old', level: 2 });
      return { ...h, ...change(h) };
    };
    const forgotten = (h: Hero) => ({
      abilities: [{ ...h.abilities[0], id: 'forgotten_bolt' }, ...h.abilities.slice(1)],
    });
    const stale = [
      hero('h_race', () => ({ race: 'Gnome' })),
      hero('h_class', () => ({ class: 'Alchemist' })),
      hero('h_type', () => ({ type: 'Wizard' as Hero['type'] })),
      hero('h_boon', (h) => ({ boon: { ...h.boon, id: 'lucky_star' } })),
      hero('h_bane', (h) => ({ bane: { ...h.bane, id: 'old_curse' } })),
      hero('h_ability_a', forgotten),
      hero('h_ability_b', forgotten),
    ];
    // Stored by another spelling the rules' lookups accept: a race and a class by their ids.
    const byId = hero('h_by_id', (h) => ({ race: h.race.toLowerCase(), class: h.class.toLowerCase() }));
    await store.db
      .insertInto('heroes')
      .values([...stale, byId].map((h) => heroRow(h, { user_id: 'u_old', created_at: 1 })))
      .execute();
    // A candidate still waiting to be kept is a hero to be; one already kept is checked as the hero it became.
    const candidate = (id: string, saved: number) => ({
      id,
      user_id: 'u_old',
      generation_id: `g_${id}`,
      slot: 1,
      hero: JSON.stringify(hero(id, (h) => ({ bane: { ...h.bane, id: 'waiting_curse' }, ...forgotten(h) }))),
      saved,
      created_at: 1,
    });
    await store.db
      .insertInto('candidates')
      .values([candidate('c_waiting', 0), candidate('c_kept', 1)])
      .execute();
    // The release that stored them knew those ids; this one does not.
    const olderRelease = [
      { kind: 'race', id: 'Gnome' },
      { kind: 'class', id: 'Alchemist' },
      { kind: 'type', id: 'Wizard' },
      { kind: 'boon', id: 'lucky_star' },
      { kind: 'bane', id: 'old_curse' },
      { kind: 'bane', id: 'waiting_curse' },
      { kind: 'ability', id: 'forgotten_bolt' },
    ];
    await store.db.insertInto('content_ids').values(olderRelease).execute();

    const start = migrate(store.db, store.dialect);
    const lines = [
      "hero h_race names race 'Gnome', which is not in RACES",
      "hero h_class names class 'Alchemist', which is not in CLASSES",
      "hero h_type names type 'Wizard', which is not in HERO_TYPES",
      "hero h_boon names boon 'lucky_star', which is not in BOONS",
      "hero h_bane names bane 'old_curse', which is not in BANES",
      "2 heroes (e.g. h_ability_a) name ability 'forgotten_bolt', which is not in ABILITIES",
      "candidate waiting to be kept c_waiting names bane 'waiting_curse', which is not in BANES",
      "candidate waiting to be kept c_waiting names ability 'forgotten_bolt', which is not in ABILITIES",
    ];
    const message = await start.then(
      () => '',
      (e: Error) => e.message,
    );
    const [heading, ...named] = message.split('\n');
    expect(heading).toBe('content references that do not resolve:');
    expect(named.map((l) => l.trim()).sort()).toEqual(lines.sort());
    // Once they are dealt with, it starts again (the hero stored by ids stays).
    await store.db
      .deleteFrom('heroes')
      .where(
        'id',
        'in',
        stale.map((h) => h.id),
      )
      .execute();
    await store.db.deleteFrom('candidates').where('id', '=', 'c_waiting').execute();
    await expect(migrate(store.db, store.dialect)).resolves.toEqual({ scannedHeroes: true });
  });

  it('makes stored sparring partners anew from their ids when content ids went, so none stops the start', async () => {
    db = await freshDatabase(kind);
    store = openStore(db.url, { poolSize: 1 });
    await migrate(store.db, store.dialect);
    // A partner as an older release made it: an ability this one does not have.
    const make = { seed: 17, level: 3, rarity: 2, training: 0 };
    const now = sparringPartner(make);
    const old = {
      ...now,
      abilities: [{ ...now.abilities[0]!, id: 'forgotten_bolt' }, ...now.abilities.slice(1)],
    };
    await store.db
      .insertInto('heroes')
      .values(heroRow(old, { user_id: null, created_at: 1 }))
      .execute();
    await store.db.insertInto('content_ids').values({ kind: 'ability', id: 'forgotten_bolt' }).execute();
    await expect(migrate(store.db, store.dialect)).resolves.toEqual({ scannedHeroes: true });
    const row = await store.db
      .selectFrom('heroes')
      .selectAll()
      .where('id', '=', sparringId(make))
      .executeTakeFirstOrThrow();
    expect(heroFromRow(row)).toEqual(now);
  });

  it('scans stored heroes only when an id known at the last start is gone, or none is recorded', async () => {
    db = await freshDatabase(kind);
    store = openStore(db.url, { poolSize: 1 });
    const start = () => migrate(store!.db, store!.dialect);
    const record = async () =>
      (await store!.db.selectFrom('content_ids').select(['kind', 'id']).execute()).sort(byKindAndId);
    // The first start with the record (here: of a new database) has none, so it scans, then records today's ids.
    await expect(start()).resolves.toEqual({ scannedHeroes: true });
    expect(await record()).toEqual(knownIds().sort(byKindAndId));
    // Unchanged content: no scan, however many heroes.
    await expect(start()).resolves.toEqual({ scannedHeroes: false });
    // The trade-off: a row edited by hand to name an id no release had is not looked at while nothing is gone…
    const h = generateHero(5, { id: 'h_edited', userId: 'u_old', level: 2 });
    const edited = {
      ...h,
      abilities: [{ ...h.abilities[0], id: 'forgotten_bolt' }, ...h.abilities.slice(1)],
    };
    await store.db
      .insertInto('heroes')
      .values(heroRow(edited, { user_id: 'u_old', created_at: 1 }))
      .execute();
    await expect(start()).resolves.toEqual({ scannedHeroes: false });
    // …but once an id the last start knew is gone from the tables, the start scans, refuses naming the hero, and
    // leaves the record as it was, so the next start scans again.
    await store.db.insertInto('content_ids').values({ kind: 'ability', id: 'forgotten_bolt' }).execute();
    const refusal = "hero h_edited names ability 'forgotten_bolt', which is not in ABILITIES";
    await expect(start()).rejects.toThrow(refusal);
    await expect(start()).rejects.toThrow(refusal);
    await store.db.deleteFrom('heroes').where('id', '=', 'h_edited').execute();
    await expect(start()).resolves.toEqual({ scannedHeroes: true });
    expect(await record()).toEqual(knownIds().sort(byKindAndId));
    await expect(start()).resolves.toEqual({ scannedHeroes: false });
    // A kind with nothing recorded (an older release's record, say) is scanned too.
    await store.db.deleteFrom('content_ids').where('kind', '=', 'type').execute();
    await expect(start()).resolves.toEqual({ scannedHeroes: true });
    await expect(start()).resolves.toEqual({ scannedHeroes: false });
  });

  it.runIf(kind === 'sqlite')(
    'finds stale NPCs through the dungeon index, never reading every hero',
    async () => {
      db = await freshDatabase(kind);
      store = openStore(db.url, { poolSize: 1 });
      await migrate(store.db, store.dialect);
      const query = staleNpcs(store.db, ['npc_a', 'npc_b']).compile();
      const plan = store
        .sqlite!.prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as unknown[])) as { detail: string }[];
      expect(plan.map((p) => p.detail)).toEqual([
        expect.stringMatching(/^SEARCH heroes USING INDEX heroes_dungeon/),
      ]);
    },
  );

  it.runIf(kind === 'postgres')(
    'instances starting together take turns over the record: the second reads what the first left',
    async () => {
      db = await freshDatabase(kind);
      store = openStore(db.url, { poolSize: 1 });
      await migrate(store.db, store.dialect);
      await store.db.deleteFrom('content_ids').execute(); // as at the first start with the record
      const other = openStore(db.url, { poolSize: 1 });
      try {
        // Each as a start does it in its content transaction; the first stays open, its record written, until told.
        let recorded!: () => void;
        let release!: () => void;
        const written = new Promise<void>((r) => (recorded = r));
        const held = new Promise<void>((r) => (release = r));
        const settle = (s: Store, after?: () => Promise<void>) =>
          s.db.transaction().execute(async (trx) => {
            await lockKnownIds(trx, 'postgres');
            const ids = await recordedIds(trx);
            await recordKnownIds(trx, ids);
            await after?.();
            return heroScanNeeded(ids);
          });
        const first = settle(store, () => (recorded(), held));
        await written;
        const second = settle(other);
        // Once the second waits on a lock (asked on a third connection), the first commits.
        const watcher = openStore(db.url, { poolSize: 1 });
        try {
          const blocked = async () =>
            (
              await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`.execute(watcher.db)
            ).rows[0]!.n > 0;
          while (!(await blocked())) await new Promise((r) => setTimeout(r, 5));
        } finally {
          await watcher.close();
        }
        release();
        // The first found nothing recorded and scans; the second, after it, finds its record and does not.
        expect(await first).toBe(true);
        expect(await second).toBe(false);
        expect(
          (await store.db.selectFrom('content_ids').select(['kind', 'id']).execute()).sort(byKindAndId),
        ).toEqual(knownIds().sort(byKindAndId));
      } finally {
        await other.close();
      }
    },
  );
});
