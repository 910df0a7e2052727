// Every hero is its own: a saved hero carries the spread rolled from its seed, its stats include it, and it
// stays through a reroll (which gives three abilities the hero did not have) and a level-up. Heroes stored before
// spreads existed are migrated to a spread of zeros and keep being served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import { CreateHeroResponse, HeroesResponse, RerollResponse } from '../../src/api/heroes.ts';
import { rollSpread } from '../../src/game/generation.ts';
import { findClass, findRace } from '../../src/game/content.ts';
import { statsFor } from '../../src/game/progression.ts';
import { ITEMS, useItem } from '../../src/game/items.ts';
import type { Hero } from '../../src/game/types.ts';
import { buildApp } from '../../src/server/app.ts';
import { openStore } from '../../src/server/store/db.ts';
import { heroRow } from '../../src/server/store/hero-rows.ts';
import { migrationsFor } from '../../src/server/store/migrations.ts';
import {
  DATABASES,
  freshDatabase,
  newPlayer,
  setBalances,
  startHarness,
  summonHero,
  type Harness,
} from './helpers.ts';

const STATS = ['max_hp', 'atk', 'def', 'spd'] as const;
const statsOf = (h: Hero) => ({ max_hp: h.max_hp, atk: h.atk, def: h.def, spd: h.spd });
const baseOf = (h: Hero) => statsFor(h.type, findClass(h.class)!, findRace(h.race)!, h.rarity, h.level);

describe.each(DATABASES)('hero spread on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  it('a saved hero has its own spread, kept through a reroll and a level-up', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, {
      gold: 1_000_000,
      magic_essence: 1000,
      combat_tokens: 1000,
      summoning_scrolls: 10,
    });
    const hero = CreateHeroResponse.parse(await summonHero(h, p.id));
    expect(hero.spread).toEqual(rollSpread(hero.seed));
    expect(statsOf(hero)).toEqual(
      statsFor(hero.type, findClass(hero.class)!, findRace(hero.race)!, hero.rarity, 1, hero.spread),
    );
    // Heroes of one kind differ: at least one stat of a fresh summon is off its kind's base.
    const heroes = [hero];
    for (let i = 0; i < 5; i++) heroes.push(await summonHero(h, p.id));
    expect(heroes.some((x) => STATS.some((k) => x[k] !== baseOf(x)[k]))).toBe(true);
    const listed = HeroesResponse.parse((await h.call('GET', `/api/heroes?user_id=${p.id}`)).body);
    for (const x of heroes) expect(listed.find((l) => l.id === x.id)?.spread).toEqual(rollSpread(x.seed));

    const r = await h.call('POST', `/api/heroes/${hero.id}/reroll-abilities`, { user_id: p.id });
    expect(r.status).toBe(200);
    const rerolled = RerollResponse.parse(r.body);
    expect(rerolled.spread).toEqual(hero.spread);
    expect(statsOf(rerolled)).toEqual(statsOf(hero));
    const before = new Set(hero.abilities.map((a) => a.id));
    expect(rerolled.abilities.filter((a) => before.has(a.id))).toEqual([]);
    expect(rerolled.abilities.filter((a) => a.type === 'ultimate')).toHaveLength(1);

    // Any item of the shop that levels a hero up: bought and used through the API.
    const levelling = ITEMS.find(
      (i) => i.targetsHero && (useItem(i, { hero, seed: 1 }) as { hero?: Hero }).hero?.level === 2,
    )!;
    expect(levelling).toBeDefined();
    expect(
      (await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: levelling.id })).status,
    ).toBe(200);
    const used = await h.call('POST', '/api/inventory/use', {
      user_id: p.id,
      item_id: levelling.id,
      hero_id: hero.id,
    });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const grown = CreateHeroResponse.parse((await h.call('GET', `/api/heroes/${hero.id}`)).body);
    expect(grown.level).toBe(2);
    expect(grown.spread).toEqual(hero.spread);
    const own = statsFor(
      grown.type,
      findClass(grown.class)!,
      findRace(grown.race)!,
      grown.rarity,
      2,
      hero.spread,
    );
    for (const k of STATS) {
      expect(grown[k]).toBeGreaterThan(hero[k] - (k === 'spd' ? 1 : 0));
      expect(Math.abs(grown[k] - own[k])).toBeLessThanOrEqual(1);
    }
  });
});

describe.each(DATABASES)('heroes stored before spreads, on %s', (kind) => {
  it('are given a spread of zeros and a new version by the migration, and are served', async () => {
    const db = await freshDatabase(kind);
    const store = openStore(db.url, { poolSize: 1 });
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const all = migrationsFor(store.dialect);
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0005'));
      const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => before } });
      const { error } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
      // A hero as the old code stored it: no spread in its document.
      const { spread: _spread, ...old } = {
        ...CreateHeroResponse.parse({
          id: 'h_old',
          user_id: null,
          seed: 77,
          name: 'Old Timer',
          race: 'Human',
          race_description: 'd',
          class: 'Knight',
          class_description: 'd',
          type: 'Tank',
          rarity: 1,
          level: 1,
          xp: 0,
          hp: 600,
          max_hp: 600,
          atk: 40,
          def: 50,
          spd: 80,
          spread: { max_hp: 0, atk: 0, def: 0, spd: 0 },
          description: 'An old hero.',
          portrait_url: '/api/art/x.svg',
          boon: { id: 'iron_skin', name: 'B', description: 'b' },
          bane: { id: 'frail', name: 'C', description: 'c' },
          boon_icon: '/api/art/b.svg',
          bane_icon: '/api/art/c.svg',
          abilities: [],
        }),
      };
      await store.db
        .insertInto('heroes')
        .values({ ...heroRow(old as Hero, { user_id: null, created_at: 1 }), doc: JSON.stringify(old) })
        .execute();
      await store.db
        .insertInto('candidates')
        .values({
          id: 'h_cand',
          // a paid candidate (one drawn for no player is a preview, dropped by 0005_pending_generation)
          user_id: 'u_old',
          generation_id: 'g_old',
          hero: JSON.stringify(old),
          saved: 0,
          created_at: 1,
        })
        .execute();
      await store.close();

      app = await buildApp({ databaseUrl: db.url, rateLimits: false, webRoot: null, oddsThreads: 1 });
      const res = await app.inject({ method: 'GET', url: '/api/heroes/h_old' });
      expect(res.statusCode).toBe(200);
      const served = CreateHeroResponse.parse(res.json());
      expect(served.spread).toEqual({ max_hp: 0, atk: 0, def: 0, spd: 0 });
      expect(statsOf(served)).toEqual({ max_hp: 600, atk: 40, def: 50, spd: 80 });
      const check = openStore(db.url, { poolSize: 1 });
      const row = await check.db
        .selectFrom('heroes')
        .selectAll()
        .where('id', '=', 'h_old')
        .executeTakeFirstOrThrow();
      expect(row.version).toBe(2);
      const cand = await check.db
        .selectFrom('candidates')
        .selectAll()
        .where('id', '=', 'h_cand')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(cand.hero).spread).toEqual({ max_hp: 0, atk: 0, def: 0, spd: 0 });
      await check.close();
    } finally {
      await app?.close();
      await db.drop();
    }
  });
});
