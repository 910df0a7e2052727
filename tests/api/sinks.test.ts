// The sinks past ascension, on SQLite and PostgreSQL: Star Shards fused a hundred at a time into a summoning scroll
// (Use Item on the shards: the stack and the scroll move together, exactly, even when uses race; fewer than a hundred
// is a readable 400 changing nothing), and the Astral Sigil bought with magic essence and opened for a scroll. Numbers:
// src/game/data/ascension.ts SHARDS_PER_SCROLL, SIGIL_ESSENCE; why: docs/game-rules.md "Ascension".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/economy/ledger.ts';
import { addStock } from '../../src/server/heroes/hero-stock.ts';
import { SHARDS_PER_SCROLL, SIGIL_ESSENCE, STAR_SHARD_ITEM } from '../../src/game/data/ascension.ts';
import { DATABASES, newPlayer, setBalances, startHarness, withStore, type Harness } from './helpers.ts';

describe.each(DATABASES)('the sinks past ascension on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const user = async (id: string) => (await h.call('GET', `/api/users/${id}`)).body;
  const shards = async (userId: string) =>
    (
      (await h.call('GET', `/api/inventory?user_id=${userId}`)).body.items as {
        item_id: string;
        quantity: number;
      }[]
    ).find((i) => i.item_id === STAR_SHARD_ITEM)?.quantity ?? 0;
  const fuse = (userId: string) =>
    h.call('POST', '/api/inventory/use', { user_id: userId, item_id: STAR_SHARD_ITEM });

  it('fuses a hundred Star Shards into a scroll, once a use even when uses race; fewer is a 400 changing nothing', async () => {
    const p = await newPlayer(h);
    await withStore(h, (db) => addStock(db, p.id, STAR_SHARD_ITEM, 2 * SHARDS_PER_SCROLL + 50));
    const before = await user(p.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => fuse(p.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400))
      expect(a.body.error).toBe(`You need ${SHARDS_PER_SCROLL} Star Shards to use them; you have 50`);
    expect(answers.find((a) => a.status === 200)!.body.message).toBe(
      `You fused ${SHARDS_PER_SCROLL} Star Shards into 1 summoning scroll.`,
    );
    expect(await shards(p.id)).toBe(50);
    const after = await user(p.id);
    expect(after.summoning_scrolls).toBe(before.summoning_scrolls + 2);
    expect(after.gold).toBe(before.gold);
    expect((await fuse(p.id)).status).toBe(400);
    expect(await user(p.id)).toEqual(after);
    expect(await shards(p.id)).toBe(50);
    expect((await withStore(h, (db) => auditLedger(db))).differences).toEqual([]);
  });

  it('sells the Astral Sigil for magic essence; opened, it grants a summoning scroll', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { magic_essence: SIGIL_ESSENCE + 20 });
    const before = await user(p.id);
    const bought = await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'astral_sigil' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect((await user(p.id)).magic_essence).toBe(20);
    expect(
      (await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'astral_sigil' })).status,
    ).toBe(400);
    const used = await h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: 'astral_sigil' });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const after = await user(p.id);
    expect(after.summoning_scrolls).toBe(before.summoning_scrolls + 1);
    expect(after.magic_essence).toBe(20);
    const shop = (await h.call('GET', '/api/shop')).body as { id: string; cost: number; currency: string }[];
    expect(shop.find((i) => i.id === 'astral_sigil')).toMatchObject({
      cost: SIGIL_ESSENCE,
      currency: 'magic_essence',
    });
  });
});
