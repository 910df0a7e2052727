// What a client cannot break: unknown routes, malformed JSON, oversized bodies, and a property test that throws
// thousands of random and malformed requests at every route — never a 5xx, every refusal an { error }, and the
// game's state exactly as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { DATABASES, newPlayer, setBalances, startHarness, summonHero, type Harness } from './helpers.ts';

async function snapshot(store: Store) {
  const { db } = store;
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    heroes: await db.selectFrom('heroes').selectAll().orderBy('id').execute(),
    inventory: await db.selectFrom('inventory').selectAll().orderBy('id').execute(),
    battles: await db
      .selectFrom('battles')
      .select(['id', 'status', 'version', 'updated_at'])
      .orderBy('id')
      .execute(),
    runs: await db.selectFrom('dungeon_runs').selectAll().orderBy('id').execute(),
    generations: await db.selectFrom('generations').selectAll().orderBy('id').execute(),
  };
}

describe.each(DATABASES)('robustness on %s', (kind) => {
  let h: Harness;
  let store: Store;
  let victim: { id: string };
  let attacker: { id: string };
  let victimHeroId: string;
  let victimItemRow: string;
  beforeAll(async () => {
    h = await startHarness(kind);
    store = openStore(h.db.url, { poolSize: 2 });
    victim = await newPlayer(h, 'victim');
    attacker = await newPlayer(h, 'attacker');
    victimHeroId = (await summonHero(h, victim.id)).id;
    await h.call('POST', '/api/shop/purchase', { user_id: victim.id, item_id: 'draught_of_insight' });
    victimItemRow = (await h.call('GET', `/api/inventory?user_id=${victim.id}`)).body.items[0].id;
    // The attacker owns nothing and can afford nothing: any success would show up as a change.
    await setBalances(h, attacker.id, { gold: 0, magic_essence: 0, summoning_scrolls: 0, combat_tokens: 0 });
  });
  afterAll(async () => {
    await store?.close();
    await h?.close();
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/heroes/x/y/z'],
      ['DELETE', '/api/users'],
      ['GET', '/api'],
    ]) {
      const r = await h.call(method, url);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'Not found' });
    }
  });

  it('malformed JSON is a 400, an oversized body a 413, a wrong content type a 4xx', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Malformed JSON body' });
    const big = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(70 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatch(/too large/);
    const text = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect([400, 415]).toContain(text.statusCode);
    expect(text.json().error).toBeTruthy();
    const proto = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"protouser","__proto__":{"admin":true}}',
    });
    expect(proto.statusCode).toBeLessThan(500);
  });

  it("security headers: pages get helmet's set with the web app's CSP, API answers the set for APIs", async () => {
    for (const url of ['/heroes', '/api/docs/']) {
      const page = await h.app.inject({ method: 'GET', url });
      const csp = String(page.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      // What the Vite-built app with self-hosted fonts and inline SVG needs, and nothing that breaks plain HTTP.
      expect(csp, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp, url).toContain("img-src 'self' data:");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    for (const url of ['/api/shop', '/api/nowhere', '/api/heroes?user_id=u_x']) {
      const api = await h.app.inject({ method: 'GET', url });
      expect(api.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers['x-content-type-options'], url).toBe('nosniff');
      expect(api.headers['x-frame-options'], url).toBe('DENY');
      expect(api.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('thousands of random and malformed requests: no 5xx, every 4xx has an error, nothing changes', async () => {
    const before = await snapshot(store);
    const junk = fc.oneof(
      fc.anything(),
      fc.string({ maxLength: 80 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 70 }), { maxLength: 6 }),
      fc.dictionary(fc.string({ maxLength: 10 }), fc.anything()),
    );
    const someId = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom(
        victimHeroId,
        'npc_woods_poacher',
        'npc_void_archon',
        victimItemRow,
        'draught_of_insight',
        '',
        ' ',
        '../../etc/passwd',
        '%00',
      ),
    );
    const actingUser = fc.oneof(fc.constant(attacker.id), fc.string({ maxLength: 70 }), junk);
    const badUsername = fc.string({ maxLength: 30 }).filter((s) => !/^[A-Za-z0-9_]{3,20}$/.test(s.trim()));
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const seg = (a: fc.Arbitrary<string>) => a.map((s) => encodeURIComponent(s) || 'x');

    const request = fc.oneof(
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/api/users'),
        body: fc.oneof(junk, fc.record({ username: fc.oneof(badUsername, junk) })),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: fc.tuple(seg(fc.string()), seg(fc.string())).map(([q, l]) => `/api/users?q=${q}&limit=${l}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: seg(someId).map((id) => `/api/users/${id}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/api/characters/generate'),
        body: fc.oneof(
          fc.record({ user_id: actingUser, generation_id: maybe(junk) }),
          fc.string(),
          fc.integer(),
          fc.array(junk),
        ),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/api/heroes'),
        body: fc.oneof(
          junk,
          fc.record({ user_id: actingUser, character_data: fc.oneof(junk, fc.record({ id: someId })) }),
        ),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: seg(fc.string()).map((u) => `/api/heroes?user_id=${u}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: fc
          .tuple(seg(fc.string()), seg(fc.string()))
          .map(([l, c]) => `/api/heroes/browse/all?limit=${l}&cursor=${c}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: seg(someId).map((id) => `/api/heroes/${id}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('DELETE'),
        url: fc
          .tuple(seg(someId), seg(fc.oneof(fc.constant(attacker.id), fc.string())))
          .map(([id, u]) => `/api/heroes/${id}?user_id=${u}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: seg(someId).map((id) => `/api/heroes/${id}/reroll-abilities`),
        body: fc.oneof(junk, fc.record({ user_id: actingUser })),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/api/battles'),
        body: fc.oneof(
          junk,
          fc.record({
            user_id: actingUser,
            team_hero_ids: fc.oneof(junk, fc.array(someId, { maxLength: 6 })),
            mode: maybe(fc.oneof(fc.constantFrom('auto', 'turn_based'), junk)),
          }),
        ),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: seg(someId).map((id) => `/api/battles/${id}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: seg(someId).map((id) => `/api/battles/${id}/action`),
        body: fc.oneof(
          junk,
          fc.record({ option_id: maybe(junk), auto: maybe(junk), user_id: maybe(actingUser) }),
        ),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/api/arena/battle'),
        body: fc.oneof(
          junk,
          fc.record({ user_id: actingUser, attacker_hero_id: someId, opponent_id: someId }),
        ),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/api/shop/purchase'),
        body: fc.oneof(junk, fc.record({ user_id: actingUser, item_id: someId, quantity: maybe(junk) })),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: seg(fc.string()).map((u) => `/api/inventory?user_id=${u}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/api/inventory/use'),
        body: fc.oneof(junk, fc.record({ user_id: actingUser, item_id: someId, hero_id: maybe(someId) })),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: seg(someId).map((id) => `/api/dungeons/${id}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: seg(someId).map((id) => `/api/dungeons/${id}/npcs`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: fc.oneof(seg(someId), fc.constant('forgotten_crypt')).map((id) => `/api/dungeons/${id}/start`),
        body: fc.oneof(
          junk,
          fc.record({
            user_id: actingUser,
            team_hero_ids: fc.oneof(junk, fc.array(someId, { maxLength: 5 })),
            abandon_active: maybe(junk),
          }),
        ),
      }),
      fc.record({
        method: fc.constant('POST'),
        url: seg(someId).map((id) => `/api/dungeon-runs/${id}/battle`),
        body: fc.oneof(junk, fc.record({ user_id: maybe(actingUser), floor: maybe(junk) })),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: fc.oneof(
          seg(someId).map((id) => `/api/dungeon-runs/${id}`),
          seg(fc.string()).map((u) => `/api/dungeon-runs/active?user_id=${u}`),
        ),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('GET'),
        url: fc
          .tuple(
            fc.constantFrom('portraits', 'icons', 'scenes'),
            fc.array(seg(fc.string()), { minLength: 1, maxLength: 5 }),
          )
          .map(([k, parts]) => `/api/art/${k}/${parts.join('/')}.svg`),
        body: fc.constant(undefined),
      }),
    );

    let count = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ method, url, body }) => {
        count++;
        const res = await h.app.inject({
          method: method as 'GET',
          url,
          ...(body === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' }),
        });
        if (res.statusCode >= 500)
          throw new Error(`${method} ${url} ${JSON.stringify(body)} -> ${res.statusCode} ${res.body}`);
        if (res.statusCode >= 400) {
          const parsed = res.json();
          if (typeof parsed?.error !== 'string' || !parsed.error)
            throw new Error(`${method} ${url} -> ${res.statusCode} without error: ${res.body}`);
        }
      }),
      { numRuns: 2500, seed: 20261121 },
    );
    expect(count).toBe(2500);
    expect(await snapshot(store)).toEqual(before);
  });

  it('no currency or item count can go negative, even by a direct write', async () => {
    const negative = await store.db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('gold', '<', 0),
          eb('magic_essence', '<', 0),
          eb('summoning_scrolls', '<', 0),
          eb('combat_tokens', '<', 0),
        ]),
      )
      .execute();
    expect(negative).toEqual([]);
    await expect(
      store.db.updateTable('users').set({ gold: -1 }).where('id', '=', victim.id).execute(),
    ).rejects.toThrow();
    await expect(
      store.db.updateTable('inventory').set({ quantity: -1 }).where('id', '=', victimItemRow).execute(),
    ).rejects.toThrow();
    expect((await h.call('GET', `/api/users/${victim.id}`)).body.gold).toBeGreaterThanOrEqual(0);
  });
});
