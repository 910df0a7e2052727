// The shop and the inventory: catalogue, atomic purchases (never overspending), inventory, every item's use.
import { STAR_SHARD_ITEM } from '../../src/game/data/ascension.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InventoryResponse, PurchaseResponse, ShopResponse, UseItemResponse } from '../../src/api/shop.ts';
import { ITEMS } from '../../src/game/data/items.ts';
import { DATABASES, newPlayer, setBalances, startHarness, summonHero, type Harness } from './helpers.ts';

describe.each(DATABASES)('shop and inventory on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const user = async (id: string) => (await h.call('GET', `/api/users/${id}`)).body;

  it('lists at least 12 items over all four types, one priced in combat tokens', async () => {
    const r = await h.call('GET', '/api/shop');
    const items = ShopResponse.parse(r.body);
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.type))).toEqual(
      new Set(['potion', 'upgrade_mat', 'gear_token', 'hero_shard']),
    );
    expect(items.some((i) => i.currency === 'combat_tokens')).toBe(true);
    for (const i of items) {
      expect(i.icon).toBe(`/api/art/icons/item/${i.id}.svg`);
      const icon = await h.app.inject({ method: 'GET', url: i.icon });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('buys one item: gold and inventory move together', async () => {
    const p = await newPlayer(h);
    const r = await h.call('POST', '/api/shop/purchase', {
      user_id: p.id,
      item_id: 'draught_of_insight',
      quantity: 1,
    });
    expect(r.status).toBe(200);
    const bought = PurchaseResponse.parse(r.body);
    expect(bought.item.name).toBe('Draught of Insight');
    expect(bought.remaining_gold).toBe(p.gold - 100);
    expect(bought.user.gold).toBe(p.gold - 100);
    await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'draught_of_insight' });
    const inv = InventoryResponse.parse((await h.call('GET', `/api/inventory?user_id=${p.id}`)).body);
    expect(inv.total_quantity).toBe(2);
    expect(inv.items).toHaveLength(1);
    expect(inv.items[0]).toMatchObject({ item_id: 'draught_of_insight', quantity: 2, type: 'potion' });
    expect(inv.grouped.potion).toHaveLength(1);
    expect(inv.grouped.hero_shard).toEqual([]);
  });

  it('refuses what the player cannot afford, and quantities other than 1', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { gold: 99 });
    expect(
      await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'draught_of_insight' }),
    ).toEqual({
      status: 400,
      body: { error: 'Insufficient gold' },
    });
    expect(await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'victors_coffer' })).toEqual({
      status: 400,
      body: { error: 'Insufficient combat tokens' },
    });
    expect(
      (
        await h.call('POST', '/api/shop/purchase', {
          user_id: p.id,
          item_id: 'draught_of_insight',
          quantity: 2,
        })
      ).status,
    ).toBe(400);
    expect(await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'no_such_item' })).toEqual({
      status: 404,
      body: { error: 'Item not found' },
    });
    expect(
      await h.call('POST', '/api/shop/purchase', { user_id: 'u_ghost', item_id: 'draught_of_insight' }),
    ).toEqual({
      status: 404,
      body: { error: 'User not found' },
    });
    expect((await user(p.id)).gold).toBe(99);
    expect((await h.call('GET', `/api/inventory?user_id=${p.id}`)).body.total_quantity).toBe(0);
  });

  it('concurrent purchases buy exactly what the gold affords', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { gold: 1000 });
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'draught_of_insight' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 400)).toHaveLength(15);
    expect((await user(p.id)).gold).toBe(0);
    expect((await h.call('GET', `/api/inventory?user_id=${p.id}`)).body.total_quantity).toBe(10);
  });

  it('buys with combat tokens', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { combat_tokens: 10 });
    const r = await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'victors_coffer' });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ combat_tokens: 0, gold: p.gold });
  });

  it('every item works when used, says what it did, and is spent', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { gold: 100000, combat_tokens: 100000, magic_essence: 100000 });
    const hero = await summonHero(h, p.id);
    for (const item of ITEMS) {
      expect((await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: item.id })).status).toBe(
        200,
      );
      const before = await user(p.id);
      const heroBefore = (await h.call('GET', `/api/heroes/${hero.id}`)).body;
      const r = await h.call('POST', '/api/inventory/use', {
        user_id: p.id,
        item_id: item.id,
        ...(item.targetsHero ? { hero_id: hero.id } : {}),
      });
      if (item.id === STAR_SHARD_ITEM) {
        // Star Shards fuse a hundred at a time (tests/api/sinks.test.ts): one is refused and kept.
        expect(r.status).toBe(400);
        expect(r.body.error).toMatch(/You need 100 Star Shards/);
        continue;
      }
      expect(r.status, `${item.id}: ${JSON.stringify(r.body)}`).toBe(200);
      const used = UseItemResponse.parse(r.body);
      expect(used.message.length).toBeGreaterThan(10);
      const after = await user(p.id);
      const heroAfter = (await h.call('GET', `/api/heroes/${hero.id}`)).body;
      if (item.targetsHero) {
        expect(heroAfter, item.id).not.toEqual(heroBefore);
        expect(used.hero).toEqual(heroAfter);
      } else {
        expect(after, item.id).not.toEqual(before);
        for (const c of ['gold', 'magic_essence', 'summoning_scrolls', 'combat_tokens'] as const)
          expect(after[c]).toBeGreaterThanOrEqual(before[c]);
      }
      const inv = (await h.call('GET', `/api/inventory?user_id=${p.id}`)).body;
      expect(inv.items.find((i: { item_id: string }) => i.item_id === item.id)).toBeUndefined();
    }
  });

  it('item use refusals: none left, no hero, someone else’s hero — nothing changes', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const theirs = await summonHero(h, q.id);
    expect(
      await h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: 'draught_of_insight' }),
    ).toEqual({
      status: 400,
      body: { error: 'You have none of this item' },
    });
    await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'draught_of_insight' });
    expect(
      await h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: 'draught_of_insight' }),
    ).toEqual({
      status: 400,
      body: { error: 'Choose a hero to use this on' },
    });
    const r = await h.call('POST', '/api/inventory/use', {
      user_id: p.id,
      item_id: 'draught_of_insight',
      hero_id: theirs.id,
    });
    expect(r.status).toBe(403);
    expect((await h.call('GET', `/api/heroes/${theirs.id}`)).body).toEqual(theirs);
    // Someone else's inventory row, named by its id.
    const inv = (await h.call('GET', `/api/inventory?user_id=${p.id}`)).body;
    expect(
      (
        await h.call('POST', '/api/inventory/use', {
          user_id: q.id,
          item_id: inv.items[0].id,
          hero_id: theirs.id,
        })
      ).status,
    ).toBe(403);
    expect((await h.call('GET', `/api/inventory?user_id=${p.id}`)).body.total_quantity).toBe(1);
    // The row's own id works for its owner.
    const mine = await summonHero(h, p.id);
    expect(
      (
        await h.call('POST', '/api/inventory/use', {
          user_id: p.id,
          item_id: inv.items[0].id,
          hero_id: mine.id,
        })
      ).status,
    ).toBe(200);
    expect(await h.call('GET', '/api/inventory?user_id=u_ghost')).toEqual({
      status: 404,
      body: { error: 'User not found' },
    });
  });

  it('an xp potion levels a hero up; a max-level hero refuses it', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { gold: 100000 });
    const hero = await summonHero(h, p.id);
    await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'shard_of_ascension' });
    const r = await h.call('POST', '/api/inventory/use', {
      user_id: p.id,
      item_id: 'shard_of_ascension',
      hero_id: hero.id,
    });
    expect(r.body.hero.level).toBe(hero.level + 1);
    expect(r.body.message).toContain(`reached level ${hero.level + 1}`);
    expect(r.body.hero.atk).toBeGreaterThan(hero.atk);
  });
});
