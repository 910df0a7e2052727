// Two server processes sharing one PostgreSQL take 300 concurrent purchases: exactly what the gold affords
// succeeds and the final gold is exact. And a restart keeps everything written before the stop.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import {
  freshDatabase,
  newPlayer,
  setBalances,
  startHarness,
  summonHero,
  type TestDatabase,
} from './helpers.ts';
import { startServer, stop } from './processes.ts';

describe('two server processes on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await Promise.all(children.map((c) => stop(c)));
    await db?.drop();
  });

  it('300 concurrent purchases: exactly what the gold affords, final gold exact', async () => {
    db = await freshDatabase('postgres');
    // Migrate and make the buyer through one app, then hand the database to two separate processes.
    const setup = await buildApp({ databaseUrl: db.url, rateLimits: false, webRoot: null, oddsThreads: 1 });
    const created = await setup.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'bulk_buyer' },
    });
    const buyer = created.json();
    await setup.close();
    const harnessLike = { db } as Parameters<typeof setBalances>[0];
    await setBalances(harnessLike, buyer.id, { gold: 12_345 }); // affords 123 draughts at 100, 45 left

    const [a, b] = await Promise.all([startServer(db.url), startServer(db.url)]);
    children.push(a.child, b.child);
    const buy = (base: string) =>
      fetch(`${base}/api/shop/purchase`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: buyer.id, item_id: 'draught_of_insight', quantity: 1 }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => buy(i % 2 ? a.url : b.url)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(123);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error === 'Insufficient gold')).toBe(
      true,
    );
    expect(results.filter((r) => r.status !== 200 && r.status !== 400)).toEqual([]);
    // Both processes really served purchases.
    expect(results.some((r, i) => i % 2 === 1 && r.status === 200)).toBe(true);
    expect(results.some((r, i) => i % 2 === 0 && r.status === 200)).toBe(true);
    const user = await (await fetch(`${a.url}/api/users/${buyer.id}`)).json();
    expect(user.gold).toBe(45);
    const inv = await (await fetch(`${b.url}/api/inventory?user_id=${buyer.id}`)).json();
    expect(inv.total_quantity).toBe(123);
    expect(Math.min(...ok.map((r) => r.body.remaining_gold))).toBe(45);
  });
});

describe('restart on the same SQLite file', () => {
  it('keeps everything written before the stop', async () => {
    const h = await startHarness('sqlite');
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'rune_dust' });
    const before = {
      user: (await h.call('GET', `/api/users/${p.id}`)).body,
      heroes: (await h.call('GET', `/api/heroes?user_id=${p.id}`)).body,
      inventory: (await h.call('GET', `/api/inventory?user_id=${p.id}`)).body,
    };
    await h.app.close();
    const again = await buildApp({ databaseUrl: h.db.url, rateLimits: false, webRoot: null, oddsThreads: 1 });
    try {
      const get = async (url: string) => (await again.inject({ method: 'GET', url })).json();
      expect(await get(`/api/users/${p.id}`)).toEqual(before.user);
      expect(await get(`/api/heroes?user_id=${p.id}`)).toEqual(before.heroes);
      expect(before.heroes.map((x: { id: string }) => x.id)).toEqual([hero.id]);
      expect(await get(`/api/inventory?user_id=${p.id}`)).toEqual(before.inventory);
      expect((await get('/api/dungeons')).length).toBeGreaterThanOrEqual(6);
    } finally {
      await again.close();
      await h.db.drop();
    }
  });
});
