// The hot reads send ready JSON bytes instead of passing each answer through the zod serializer (json-reply.ts).
// Nothing checks those bytes on the way out any more, so this does: every hot read's answer is exactly its
// schema's shape — parsing with the schema neither fails nor strips a key (nothing internal leaks) — and says
// what the store holds right now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BrowseResponse, CreateHeroResponse, HeroesResponse, NpcsResponse } from '../../src/api/heroes.ts';
import { Dungeon, DungeonNpcsResponse, DungeonsResponse } from '../../src/api/dungeons.ts';
import { InventoryResponse, ShopResponse } from '../../src/api/shop.ts';
import { PlayerResponse } from '../../src/api/users.ts';
import { buildApp } from '../../src/server/app.ts';
import { DATABASES, newPlayer, setBalances, startHarness, summonHero, type Harness } from './helpers.ts';

/** The answer, which must be JSON of exactly the schema's shape: parsing strips nothing and changes nothing. */
function exactly<S extends z.ZodType>(schema: S, r: { status: number; body: unknown }): z.output<S> {
  expect(r.status).toBe(200);
  const parsed = schema.parse(r.body);
  expect(parsed).toEqual(r.body);
  return parsed;
}

describe.each(DATABASES)('hot reads on %s', (kind) => {
  let h: Harness;
  let userId: string;
  let heroId: string;
  beforeAll(async () => {
    h = await startHarness(kind);
    userId = (await newPlayer(h, 'hot')).id;
    heroId = (await summonHero(h, userId)).id;
    await setBalances(h, userId, { gold: 5000 });
    for (const item_id of ['heroic_tonic', 'heroic_tonic', 'rune_dust', 'rune_dust']) {
      const bought = await h.call('POST', '/api/shop/purchase', { user_id: userId, item_id, quantity: 1 });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    }
  });
  afterAll(() => h.close());

  it('a hero by id is its stored document, and follows a change at once', async () => {
    const before = exactly(CreateHeroResponse, await h.call('GET', `/api/heroes/${heroId}`));
    expect(before.id).toBe(heroId);
    expect(before.user_id).toBe(userId);
    const used = await h.call('POST', '/api/inventory/use', {
      user_id: userId,
      item_id: 'heroic_tonic',
      hero_id: heroId,
    });
    expect(used.status).toBe(200);
    const after = exactly(CreateHeroResponse, await h.call('GET', `/api/heroes/${heroId}`));
    expect(after).toEqual(used.body.hero);
    expect(after).not.toEqual(before);
    expect((await h.call('GET', '/api/heroes/no_such_hero')).status).toBe(404);
  });

  it('heroes read by id together each get their own answer', async () => {
    const other = (await newPlayer(h, 'batch')).id;
    await setBalances(h, other, { summoning_scrolls: 10 });
    const ids: string[] = [];
    for (let k = 0; k < 5; k++) ids.push((await summonHero(h, other)).id);
    const asked = [...ids, 'no_such_hero', heroId, ...ids.slice().reverse()];
    const answers = await Promise.all(asked.map((id) => h.call('GET', `/api/heroes/${id}`)));
    answers.forEach((r, k) => {
      if (asked[k] === 'no_such_hero') expect(r.status).toBe(404);
      else expect(exactly(CreateHeroResponse, r).id).toBe(asked[k]);
    });
  });

  it.runIf(kind === 'postgres')(
    'a player is read once a request: the guard’s read answers the handler too',
    async () => {
      const pg = (await import('pg')).default;
      const query = pg.Client.prototype.query;
      const texts: string[] = [];
      pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
        const q = args[0];
        texts.push(typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        expect((await h.call('GET', `/api/users/${userId}`)).status).toBe(200);
      } finally {
        pg.Client.prototype.query = query;
      }
      const userReads = texts.filter((t) => /from "?users"? where/i.test(t));
      expect(userReads, userReads.join('\n')).toHaveLength(1);
    },
  );

  it('a player, their inventory and the browse page', async () => {
    const user = exactly(PlayerResponse, await h.call('GET', `/api/users/${userId}`));
    expect(user.gold).toBeLessThan(5000);
    const inv = exactly(InventoryResponse, await h.call('GET', `/api/inventory?user_id=${userId}`));
    expect(inv.items.map((i) => [i.item_id, i.quantity])).toEqual([
      ['heroic_tonic', 1],
      ['rune_dust', 2],
    ]);
    expect(inv.total_quantity).toBe(3);
    const page = exactly(BrowseResponse, await h.call('GET', '/api/heroes/browse/all?limit=50'));
    const mine = page.players.find((p) => p.user_id === userId)!;
    expect(mine.heroes.map((x) => x.id)).toEqual([heroId]);
    expect(mine.heroes[0]).toEqual((await h.call('GET', `/api/heroes/${heroId}`)).body);
  });

  it('a browse page remembered by one instance shows a change made through another at once', async () => {
    const other = await buildApp({ databaseUrl: h.db.url, rateLimits: false, webRoot: null, oddsThreads: 1 });
    try {
      const read = async () =>
        exactly(
          BrowseResponse,
          await other
            .inject({ method: 'GET', url: '/api/heroes/browse/all?limit=50' })
            .then((r) => ({ status: r.statusCode, body: r.json() })),
        ).players.find((p) => p.user_id === userId);
      const heroOnOther = async () =>
        exactly(
          CreateHeroResponse,
          await other
            .inject({ method: 'GET', url: `/api/heroes/${second.id}` })
            .then((r) => ({ status: r.statusCode, body: r.json() })),
        );
      const before = await read();
      expect(await read()).toEqual(before); // now remembered
      const second = await summonHero(h, userId);
      const remembered = await heroOnOther();
      expect(await heroOnOther()).toEqual(remembered);
      const after = await read();
      expect(after!.hero_count).toBe(before!.hero_count + 1);
      // listed by creation time, then id: two heroes made in the same second may come in either order
      expect(after!.heroes.map((x) => x.id).sort()).toEqual(
        [...before!.heroes.map((x) => x.id), second.id].sort(),
      );
      const used = await h.call('POST', '/api/inventory/use', {
        user_id: userId,
        item_id: 'heroic_tonic',
        hero_id: second.id,
      });
      expect(used.status).toBe(200);
      expect((await read())!.heroes.find((x) => x.id === second.id)).toEqual(used.body.hero);
      // the hero by id, remembered by the other instance before the change, follows it too
      expect(await heroOnOther()).toEqual(used.body.hero);
      expect((await h.call('DELETE', `/api/heroes/${second.id}?user_id=${userId}`)).status).toBe(200);
      expect(await read()).toEqual({ ...before, heroes: before!.heroes });
    } finally {
      await other.close();
    }
  });

  it('remembered answers follow a write made outside this server, and one made through it, at once', async () => {
    const inventory = async () =>
      exactly(InventoryResponse, await h.call('GET', `/api/inventory?user_id=${userId}`)).items.map((i) => [
        i.item_id,
        i.quantity,
      ]);
    const hero = async () => exactly(CreateHeroResponse, await h.call('GET', `/api/heroes/${heroId}`));
    const browsed = async () =>
      exactly(BrowseResponse, await h.call('GET', '/api/heroes/browse/all?limit=50')).players.find(
        (p) => p.user_id === userId,
      )!.heroes[0];
    const player = async () => exactly(PlayerResponse, await h.call('GET', `/api/users/${userId}`));
    const listed = async () =>
      exactly(HeroesResponse, await h.call('GET', `/api/heroes?user_id=${userId}`)).find(
        (x) => x.id === heroId,
      )!;
    const before = await inventory();
    expect(await inventory()).toEqual(before); // remembered
    const gold = (await player()).gold;
    expect((await player()).gold).toBe(gold);
    expect(await hero()).toEqual(await browsed());
    expect(await hero()).toEqual(await browsed());
    expect(await listed()).toEqual(await listed());
    // another connection writes as the app would (a hero's every write bumps its version)
    const { openStore } = await import('../../src/server/store/db.ts');
    const { adjustBalances } = await import('../../src/server/economy/wallet.ts');
    const store = openStore(h.db.url, { poolSize: 1 });
    try {
      await store.db
        .updateTable('inventory')
        .set((eb) => ({ quantity: eb('quantity', '+', 5) }))
        .where('user_id', '=', userId)
        .where('item_id', '=', 'rune_dust')
        .execute();
      await adjustBalances(store.db, userId, { gold: gold + 7 }); // with its ledger entry, as the wallet writes
      const row = await store.db
        .selectFrom('heroes')
        .select(['doc', 'version'])
        .where('id', '=', heroId)
        .executeTakeFirstOrThrow();
      const doc = { ...JSON.parse(String(row.doc)), name: 'Renamed Elsewhere' };
      await store.db
        .updateTable('heroes')
        .set({ doc: JSON.stringify(doc), version: row.version + 1 })
        .where('id', '=', heroId)
        .execute();
    } finally {
      await store.close();
    }
    expect(await inventory()).toEqual(before.map(([id, n]) => [id, id === 'rune_dust' ? Number(n) + 5 : n]));
    expect((await player()).gold).toBe(gold + 7);
    expect((await hero()).name).toBe('Renamed Elsewhere');
    expect((await browsed()).name).toBe('Renamed Elsewhere');
    expect((await listed()).name).toBe('Renamed Elsewhere');
    // and through this server: a purchase shows in the inventory and the balance remembered just before it
    await inventory();
    await player();
    const bought = await h.call('POST', '/api/shop/purchase', {
      user_id: userId,
      item_id: 'rune_dust',
      quantity: 1,
    });
    expect(bought.status).toBe(200);
    expect((await inventory()).find(([id]) => id === 'rune_dust')![1]).toBe(
      Number(before.find(([id]) => id === 'rune_dust')![1]) + 6,
    );
    expect((await player()).gold).toBe(gold + 7 - bought.body.item.cost);
  });

  it('ratings in ready answers move with each arena fight: the hero, browse pages, the NPC in every content answer', async () => {
    const dungeons = exactly(DungeonsResponse, await h.call('GET', '/api/dungeons'));
    const npc = dungeons[0].npcs[0];
    const ratingOf = async () => ({
      hero: (await h.call('GET', `/api/heroes/${heroId}`)).body.rating,
      browsed: exactly(BrowseResponse, await h.call('GET', '/api/heroes/browse/all?limit=50'))
        .players.find((p) => p.user_id === userId)!
        .heroes.find((x) => x.id === heroId)!.rating,
      npcInDungeons: exactly(DungeonsResponse, await h.call('GET', '/api/dungeons'))[0].npcs[0].rating!,
      npcInDungeon: exactly(Dungeon, await h.call('GET', `/api/dungeons/${dungeons[0].id}`)).npcs[0].rating,
      npcInNpcs: exactly(DungeonNpcsResponse, await h.call('GET', `/api/dungeons/${dungeons[0].id}/npcs`))[0]
        .rating,
      npcInAll: exactly(NpcsResponse, await h.call('GET', '/api/npcs')).dungeons[0].npcs[0].rating,
    });
    const before = await ratingOf();
    expect(before.npcInDungeons).toEqual(npc.rating);
    const fight = await h.call('POST', '/api/arena/battle', {
      user_id: userId,
      attacker_hero_id: heroId,
      opponent_id: npc.id,
    });
    expect(fight.status).toBe(200);
    const after = await ratingOf();
    expect(after.hero.wins + after.hero.losses).toBe(before.hero.wins + before.hero.losses + 1);
    expect(after.browsed).toEqual(after.hero);
    expect(after.npcInDungeons.wins + after.npcInDungeons.losses).toBe(
      before.npcInDungeons.wins + before.npcInDungeons.losses + 1,
    );
    for (const seen of [after.npcInDungeon, after.npcInNpcs, after.npcInAll])
      expect(seen).toEqual(after.npcInDungeons);
  });

  it('content answers name their ratings with an ETag: a 304 while they hold, br when accepted, a new one after a fight', async () => {
    const dungeon = exactly(DungeonsResponse, await h.call('GET', '/api/dungeons'))[0];
    const urls = [
      '/api/dungeons',
      `/api/dungeons/${dungeon.id}`,
      `/api/dungeons/${dungeon.id}/npcs`,
      '/api/npcs',
    ];
    const get = (url: string, headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url, headers });
    const etags = new Map<string, string>();
    for (const url of urls) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const held = await get(url, { 'if-none-match': etag });
      expect(held.statusCode, url).toBe(304);
      expect(held.body, url).toBe('');
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.rawPayload.byteLength, url).toBeLessThan(first.rawPayload.byteLength / 4);
      etags.set(url, etag);
    }
    const fight = await h.call('POST', '/api/arena/battle', {
      user_id: userId,
      attacker_hero_id: heroId,
      opponent_id: dungeon.npcs[0].id,
    });
    expect(fight.status).toBe(200);
    for (const url of urls) {
      const moved = await get(url, { 'if-none-match': etags.get(url)! });
      expect(moved.statusCode, url).toBe(200);
      expect(moved.headers.etag, url).not.toBe(etags.get(url));
    }
  });

  it('content: the shop, the dungeons, each dungeon and its NPCs, all NPCs', async () => {
    exactly(ShopResponse, await h.call('GET', '/api/shop'));
    const dungeons = exactly(DungeonsResponse, await h.call('GET', '/api/dungeons'));
    expect(dungeons.length).toBeGreaterThan(0);
    for (const d of dungeons) {
      expect(exactly(Dungeon, await h.call('GET', `/api/dungeons/${d.id}`))).toEqual(d);
      expect(exactly(DungeonNpcsResponse, await h.call('GET', `/api/dungeons/${d.id}/npcs`))).toEqual(d.npcs);
    }
    const npcs = exactly(NpcsResponse, await h.call('GET', '/api/npcs'));
    expect(npcs.dungeons.map((d) => d.dungeon_id)).toEqual(dungeons.map((d) => d.id));
    expect((await h.call('GET', '/api/dungeons/nope')).status).toBe(404);
  });
});
