// Crafted requests an attacker would try, each answered as a refusal a player can read: built-in property names
// as content ids, ids carrying NUL, control characters or lone surrogates, forged cursors; the cache headers of
// answers about a player; and a dungeon run whose heroes are deleted under it. The random fuzz over every route
// is in robustness.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunBattleResponse } from '../../src/api/dungeons.ts';
import { BOONS } from '../../src/game/index.ts';
import {
  BUILT_IN_NAMES,
  DATABASES,
  newPlayer,
  setHeroPower,
  startHarness,
  summonHero,
  withStore,
  urlEncode,
  type Harness,
} from './helpers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const hasLoneSurrogate = (s: string) =>
  /[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

describe.each(DATABASES)('hostile input on %s', (kind) => {
  let h: Harness;
  let player: { id: string };
  let heroId: string;
  beforeAll(async () => {
    h = await startHarness(kind);
    player = await newPlayer(h, 'host');
    heroId = (await summonHero(h, player.id)).id;
  });
  afterAll(async () => h?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });
  const expectRefusal = (res: { statusCode: number; body: string }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = JSON.parse(res.body);
    expect(typeof body.error).toBe('string');
    expect(body.error.length).toBeGreaterThan(3);
    return body.error as string;
  };

  it('built-in property names are no art: 404 with an error, never a year-long cached image', async () => {
    for (const name of BUILT_IN_NAMES) {
      const slug = encodeURIComponent(name);
      const urls = [
        `/api/art/portraits/${slug}/knight/tank/1/7.svg`,
        `/api/art/portraits/elf/${slug}/damage/3/7.svg`,
        `/api/art/portraits/${slug}/${slug}/support/5/7.svg`,
        ...['ability', 'trait', 'status', 'item', 'currency', 'race', 'class', 'type'].map(
          (k) => `/api/art/icons/${k}/${slug}.svg`,
        ),
        `/api/art/scenes/${slug}.svg`,
      ];
      for (const url of urls) {
        const res = await get(url);
        expect([400, 404], `${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        expectRefusal(res, res.statusCode);
        expect(res.headers['cache-control'], url).not.toBe(IMMUTABLE);
      }
    }
    // Real content still draws, and keeps its long cache.
    const boon = Object.keys(BOONS)[0];
    for (const url of ['/api/art/portraits/elf/knight/tank/1/7.svg', `/api/art/icons/trait/${boon}.svg`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
    // A name the portraits used to draw as a generic figure is no portrait either.
    expectRefusal(await get('/api/art/portraits/atlantean/knight/tank/1/7.svg'), 404);
  });

  it('built-in property names as ids of users, heroes, battles, runs, dungeons and items are plain misses', async () => {
    for (const name of BUILT_IN_NAMES) {
      const n = encodeURIComponent(name);
      expect(expectRefusal(await get(`/api/users/${n}`), 404)).toBe('User not found');
      expect(expectRefusal(await get(`/api/heroes/${n}`), 404)).toBe('Hero not found');
      expectRefusal(await get(`/api/battles/${n}`), 404);
      expect(expectRefusal(await get(`/api/dungeons/${n}`), 404)).toBe('Dungeon not found');
      expectRefusal(await get(`/api/dungeons/${n}/npcs`), 404);
      expectRefusal(await get(`/api/inventory?user_id=${n}`), 404);
      const purchase = await h.app.inject({
        method: 'POST',
        url: '/api/shop/purchase',
        payload: { user_id: player.id, item_id: name },
      });
      expect(expectRefusal(purchase, 404)).toBe('Item not found');
      const use = await h.app.inject({
        method: 'POST',
        url: '/api/inventory/use',
        payload: { user_id: player.id, item_id: name, hero_id: heroId },
      });
      expect([400, 404]).toContain(use.statusCode);
      expectRefusal(use, use.statusCode);
      const start = await h.app.inject({
        method: 'POST',
        url: `/api/dungeons/${n}/start`,
        payload: { user_id: player.id, team_hero_ids: [heroId] },
      });
      expectRefusal(start, 404);
      const run = await h.app.inject({ method: 'POST', url: `/api/dungeon-runs/${n}/battle`, payload: {} });
      expectRefusal(run, 404);
    }
    // An option id that is a built-in name is an unknown option of a live battle, not a crash.
    const battle = await h.app.inject({
      method: 'POST',
      url: '/api/battles',
      payload: { user_id: player.id, team_hero_ids: [heroId] },
    });
    expect(battle.statusCode).toBe(201);
    const { battle_id, status } = battle.json();
    if (status === 'active') {
      for (const name of BUILT_IN_NAMES) {
        const res = await h.app.inject({
          method: 'POST',
          url: `/api/battles/${battle_id}/action`,
          payload: { option_id: name },
        });
        expectRefusal(res, 400);
      }
    }
  });

  it('ids with NUL, control characters, lone surrogates or past 64 characters are a 400 naming the field', async () => {
    const bad = [
      'a\u0000b',
      '\u0000',
      'u_\u0007',
      'line\nbreak',
      'x\u007f',
      'half\ud800',
      '\udc00tail',
      'x'.repeat(65),
    ];
    for (const id of bad) {
      // In a URL a lone surrogate is bytes that are no UTF-8: refused, or read as U+FFFD (then a plain miss).
      const e = urlEncode(id);
      const inUrl = async (url: string, field: RegExp) => {
        const res = await get(url);
        if (hasLoneSurrogate(id)) {
          expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expectRefusal(res, res.statusCode);
        } else expect(expectRefusal(res, 400)).toMatch(field);
      };
      await inUrl(`/api/users/${e}`, /"id".*not a valid id/);
      await inUrl(`/api/heroes/${e}`, /heroId/);
      await inUrl(`/api/heroes?user_id=${e}`, /user_id/);
      await inUrl(`/api/inventory?user_id=${e}`, /user_id/);
      await inUrl(`/api/battles/${e}`, /battleId/);
      await inUrl(`/api/dungeons/${e}`, /dungeonId/);
      await inUrl(`/api/heroes/browse/all?exclude_user_id=${e}`, /exclude_user_id/);
      const bodies: [string, string, object][] = [
        ['POST', '/api/characters/generate', { user_id: id }],
        ['POST', '/api/characters/generate', { user_id: player.id, generation_id: `gen_1234${id}` }],
        ['POST', '/api/heroes', { user_id: id, character_data: { id: 'c_x' } }],
        ['POST', '/api/heroes', { user_id: player.id, character_data: { id } }],
        ['POST', '/api/battles', { user_id: player.id, team_hero_ids: [id] }],
        ['POST', '/api/arena/battle', { user_id: player.id, attacker_hero_id: heroId, opponent_id: id }],
        ['POST', '/api/shop/purchase', { user_id: id, item_id: 'draught_of_insight' }],
        ['POST', '/api/inventory/use', { user_id: player.id, item_id: 'draught_of_insight', hero_id: id }],
        ['POST', '/api/dungeons/forgotten_crypt/start', { user_id: player.id, team_hero_ids: [heroId, id] }],
        ['POST', `/api/heroes/${heroId}/reroll-abilities`, { user_id: id }],
        ['POST', '/api/dungeon-runs/r_x/battle', { user_id: id }],
        ['POST', '/api/battles/b_x/action', { option_id: id }],
      ];
      for (const [method, url, body] of bodies) {
        const res = await h.app.inject({ method: method as 'POST', url, payload: body });
        expectRefusal(res, 400);
      }
      const del = await h.app.inject({ method: 'DELETE', url: `/api/heroes/${heroId}?user_id=${e}` });
      expectRefusal(del, hasLoneSurrogate(id) ? del.statusCode : 400);
      expect(del.statusCode).toBeGreaterThanOrEqual(400);
    }
    // Nothing above was charged or changed.
    const me = (await get(`/api/users/${player.id}`)).json();
    expect(me.summoning_scrolls).toBe(4);
    expect((await get(`/api/heroes/${heroId}`)).statusCode).toBe(200);
  });

  it('a cursor is checked after decoding: one that decodes to a NUL or a control character is a 400', async () => {
    for (const cursor of ['AA', 'AAAA', Buffer.from('a\u0000b').toString('base64url'), 'Bw', 'not+base64/']) {
      const error = expectRefusal(
        await get(`/api/heroes/browse/all?cursor=${encodeURIComponent(cursor)}`),
        400,
      );
      expect(error).toMatch(/cursor/);
    }
    const fine = await get(`/api/heroes/browse/all?cursor=${Buffer.from('["host"]').toString('base64url')}`);
    expect(fine.statusCode).toBe(200);
  });

  it('free text (the username search, a new name) with NUL or broken Unicode is a 400, never a 5xx', async () => {
    for (const q of ['a\u0000', '\u0001', 'ab\u001b[0m']) {
      expect(expectRefusal(await get(`/api/users?q=${urlEncode(q)}`), 400)).toMatch(/"q"/);
    }
    const surrogate = await get(`/api/users?q=${urlEncode('ab\ud800')}`);
    expect(surrogate.statusCode).toBeLessThan(500);
    // A path that is no UTF-8 is refused by the router itself, in the same { error } form and headers.
    const badPath = await get(`/api/users/${urlEncode('\udc00')}`);
    expect(expectRefusal(badPath, 400)).toMatch(/not valid/);
    expect(badPath.headers['cache-control']).toBe('no-store');
    expect(badPath.headers['x-content-type-options']).toBe('nosniff');
    for (const username of ['abc\u0000def', 'abc\ud800', '\u0000\u0000\u0000']) {
      const res = await h.app.inject({ method: 'POST', url: '/api/users', payload: { username } });
      expectRefusal(res, 400);
    }
  });

  it('answers about a player are no-store; the hero list revalidates by ETag; art is cached for good', async () => {
    const noStore = async (method: string, url: string, payload?: object) => {
      const res = await h.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      expect(res.headers['cache-control'], url).toBe('no-store');
      return res.json();
    };
    const p = await newPlayer(h, 'cache');
    await noStore('GET', `/api/users/${p.id}`);
    await noStore('GET', '/api/users?q=cache');
    await noStore('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'draught_of_insight' });
    await noStore('GET', `/api/inventory?user_id=${p.id}`);
    const generation_id = 'gen_cache_headers_1';
    const candidate = await noStore('POST', '/api/characters/generate', { user_id: p.id, generation_id });
    await noStore('POST', '/api/characters/generate', { user_id: p.id, generation_id });
    const hero = await h.app.inject({
      method: 'POST',
      url: '/api/heroes',
      payload: { user_id: p.id, character_data: candidate },
    });
    expect(hero.statusCode).toBe(201);
    expect(hero.headers['cache-control']).toBe('no-store');
    const mine = hero.json().id as string;
    await noStore('GET', `/api/heroes/${mine}`);
    const battle = await noStore('POST', '/api/battles', { user_id: p.id, team_hero_ids: [mine] });
    await noStore('GET', `/api/battles/${battle.battle_id}`);
    await noStore('POST', '/api/battles', { user_id: p.id, team_hero_ids: [mine], mode: 'auto' });
    await noStore('POST', '/api/arena/battle', {
      user_id: p.id,
      attacker_hero_id: mine,
      opponent_id: 'npc_woods_poacher',
    });
    const run = await noStore('POST', '/api/dungeons/forgotten_crypt/start', {
      user_id: p.id,
      team_hero_ids: [mine],
    });
    await noStore('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id });
    // Refusals too: a 404 about a player is not kept either.
    const missing = await get('/api/users/u_nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');

    const list = await get(`/api/heroes?user_id=${p.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-cache');
    const etag = String(list.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`/api/heroes?user_id=${p.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');

    for (const url of [
      '/api/art/portraits/elf/knight/tank/1/7.svg',
      '/api/art/icons/currency/gold.svg',
      '/api/art/scenes/crypt.svg',
    ]) {
      const art = await get(url);
      expect(art.statusCode, url).toBe(200);
      expect(art.headers['cache-control'], url).toBe(IMMUTABLE);
    }
  });

  it('a hero deleted during a dungeon run: the run fights on with the heroes left, and ends (409) with none', async () => {
    const p = await newPlayer(h, 'runner');
    const a = await summonHero(h, p.id);
    const b = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    await setHeroPower(h, b.id, 'mighty');
    const start = await h.call('POST', '/api/dungeons/sunken_mines/start', {
      user_id: p.id,
      team_hero_ids: [a.id, b.id],
    });
    expect(start.status).toBe(201);
    const runId = start.body.id as string;
    const first = await h.call('POST', `/api/dungeon-runs/${runId}/battle`, { user_id: p.id });
    expect(first.status).toBe(200);
    expect(RunBattleResponse.parse(first.body).run.team_hero_ids).toEqual([a.id, b.id]);

    expect((await h.call('DELETE', `/api/heroes/${a.id}?user_id=${p.id}`)).status).toBe(200);
    const second = await h.call('POST', `/api/dungeon-runs/${runId}/battle`, { user_id: p.id });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const fought = RunBattleResponse.parse(second.body);
    expect(fought.status).toBe('won');
    expect(fought.run).toMatchObject({ floor: 3, status: 'active', team_hero_ids: [b.id] });

    expect((await h.call('DELETE', `/api/heroes/${b.id}?user_id=${p.id}`)).status).toBe(200);
    const gone = await h.call('POST', `/api/dungeon-runs/${runId}/battle`, { user_id: p.id });
    expect(gone.status).toBe(409);
    expect(gone.body.error).toMatch(/every hero .* is gone/i);
    const row = await withStore(h, (db) =>
      db.selectFrom('dungeon_runs').select(['status']).where('id', '=', runId).executeTakeFirstOrThrow(),
    );
    expect(row.status).toBe('failed');
    // The run is closed: the next call says so, and a new run can start at once.
    const after = await h.call('POST', `/api/dungeon-runs/${runId}/battle`, { user_id: p.id });
    expect(after.status).toBe(409);
    expect(after.body.error).toMatch(/over/);
    const c = await summonHero(h, p.id);
    const next = await h.call('POST', '/api/dungeons/sunken_mines/start', {
      user_id: p.id,
      team_hero_ids: [c.id],
      abandon_active: false,
    });
    expect(next.status).toBe(201);
  });
});
