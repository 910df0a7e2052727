// The shop's upgrade path on the real server (issue 17, "gold always has a use"): an upgrade raises a share of the
// hero's base stat, so it is worth as much at level 10 as at level 1; five make a stat's path, a sixth is refused
// with a readable 400 and not spent. The catalogue the server sells is the rules core's table, prices included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopResponse, UseItemResponse } from '../../src/api/shop.ts';
import { ITEMS } from '../../src/game/data/items.ts';
import { baseStats } from '../../src/game/items.ts';
import {
  DATABASES,
  newPlayer,
  setBalances,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

describe.each(DATABASES)('upgrades on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  it('sells the rules core’s catalogue: every item’s price and text', async () => {
    const items = ShopResponse.parse((await h.call('GET', '/api/shop')).body);
    for (const def of ITEMS)
      expect(items.find((i) => i.id === def.id)).toMatchObject({
        cost: def.cost,
        currency: def.currency,
        description: def.description,
      });
  });

  it('Tempered Edge: five uses climb the path by 5% of base attack each, the sixth is refused and kept', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { gold: 10_000 });
    const hero = await summonHero(h, p.id);
    for (let i = 0; i < 6; i++)
      expect(
        (await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'tempered_edge' })).status,
      ).toBe(200);
    const base = baseStats(hero).atk;
    let atk = hero.atk;
    for (let k = 1; k <= 5; k++) {
      const r = await h.call('POST', '/api/inventory/use', {
        user_id: p.id,
        item_id: 'tempered_edge',
        hero_id: hero.id,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const used = UseItemResponse.parse(r.body);
      expect(used.hero!.atk).toBe(Math.max(atk + 1, Math.round(base * (1 + 0.05 * k))));
      expect(used.message).toContain(`upgrade ${k} of 5`);
      expect(used.hero!.def).toBe(hero.def);
      atk = used.hero!.atk;
    }
    const refused = await h.call('POST', '/api/inventory/use', {
      user_id: p.id,
      item_id: 'tempered_edge',
      hero_id: hero.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/fully upgraded/);
    const inv = (await h.call('GET', `/api/inventory?user_id=${p.id}`)).body;
    expect(inv.items.find((i: { item_id: string }) => i.item_id === 'tempered_edge').quantity).toBe(1);
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.atk).toBe(atk);
  });

  it('an upgrade is worth more to a higher-level hero (it scales with the hero)', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { gold: 10_000 });
    const young = await summonHero(h, p.id);
    const veteran = await summonHero(h, p.id);
    // Raise the veteran to level 10 through the rules core's own level-up.
    const { grantXp } = await import('../../src/game/index.ts');
    const { heroColumns } = await import('../../src/server/store/hero-rows.ts');
    // Same race, class, type, rarity and spread as the young hero, so the only difference is the level.
    const raised = grantXp({ ...young, id: veteran.id, user_id: p.id }, 20_000).hero;
    await withStore(h, (db) =>
      db
        .updateTable('heroes')
        .set({ ...heroColumns(raised), version: 2 })
        .where('id', '=', veteran.id)
        .execute(),
    );
    const gain = async (heroId: string, before: number) => {
      expect(
        (await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'heroic_tonic' })).status,
      ).toBe(200);
      const r = await h.call('POST', '/api/inventory/use', {
        user_id: p.id,
        item_id: 'heroic_tonic',
        hero_id: heroId,
      });
      expect(r.status).toBe(200);
      return UseItemResponse.parse(r.body).hero!.max_hp - before;
    };
    const g1 = await gain(young.id, young.max_hp);
    const g10 = await gain(veteran.id, raised.max_hp);
    expect(g1).toBeGreaterThan(0);
    expect(g10 / raised.max_hp).toBeCloseTo(g1 / young.max_hp, 1);
    expect(g10).toBeGreaterThan(g1 * 1.5);
  });
});
