// Heroes and summoning: the scroll is charged once per generation, candidates are saved from the server's own
// record at most once by their own player, one hero per generation; lists, detail, delete and reroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrowseResponse,
  GenerateResponse,
  HeroesResponse,
  NpcsResponse,
  RerollResponse,
} from '../../src/api/heroes.ts';
import { sql } from 'kysely';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp } from '../../src/server/app.ts';
import { SHARDS_PER_HERO } from '../../src/game/data/ascension.ts';
import {
  DATABASES,
  newPlayer,
  setBalances,
  setHeroPower,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

/** The hero of a generate answer, without what the answer adds (its generation, whether it charged, the pair). */
const heroOf = ({ generation_id: _g, charged: _c, candidates: _p, ...hero }: Record<string, unknown>) => hero;

const SCROLLS_MESSAGE = (n: number) =>
  `Insufficient summoning scrolls! You need 1 scroll(s) to generate heroes. You have ${n} scroll(s).`;

describe.each(DATABASES)('heroes on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const scrolls = async (id: string) =>
    (await h.call('GET', `/api/users/${id}`)).body.summoning_scrolls as number;

  it('generates a valid candidate with no body, for free', async () => {
    const r = await h.call('POST', '/api/characters/generate');
    expect(r.status).toBe(200);
    const hero = GenerateResponse.parse(r.body);
    expect(hero.user_id).toBeNull();
    expect(hero.abilities).toHaveLength(3);
    expect(hero.abilities.filter((a) => a.type === 'ultimate')).toHaveLength(1);
    expect(hero.portrait_url.startsWith('/api/')).toBe(true);
  });

  it('charges one scroll per pair: the two calls of a press answer its two candidates, one of them paid', async () => {
    const p = await newPlayer(h);
    const gen = 'gen_pair_' + p.id.slice(-8);
    const [a, b] = await Promise.all([
      h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: gen }),
      h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: gen }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const r of [a, b]) GenerateResponse.parse(r.body);
    expect(a.body.id).not.toBe(b.body.id);
    expect([a.body.charged, b.body.charged].sort()).toEqual([false, true]);
    expect(a.body.generation_id).toBe(gen);
    expect(b.body.generation_id).toBe(gen);
    expect(a.body.candidates).toEqual(b.body.candidates);
    expect(a.body.candidates.map((c: { id: string }) => c.id).sort()).toEqual([a.body.id, b.body.id].sort());
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls - 1);
    // A third call is answered the same pair, free.
    const third = await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: gen });
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ generation_id: gen, charged: false, candidates: a.body.candidates });
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls - 1);
    // Another player cannot ride on someone else's generation_id.
    const q = await newPlayer(h);
    const riding = await h.call('POST', '/api/characters/generate', { user_id: q.id, generation_id: gen });
    expect(riding.status).toBe(409);
    expect(riding.body.error).toMatch(/already taken/);
    expect(await scrolls(q.id)).toBe(q.summoning_scrolls);
  });

  it('refuses to generate without scrolls, with the fixed message, and charges nothing', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { summoning_scrolls: 0 });
    const r = await h.call('POST', '/api/characters/generate', {
      user_id: p.id,
      generation_id: 'gen_none_12345',
    });
    expect(r).toEqual({ status: 400, body: { error: SCROLLS_MESSAGE(0) } });
    expect(await scrolls(p.id)).toBe(0);
    // Nothing was recorded for that generation: with a scroll it now works.
    await setBalances(h, p.id, { summoning_scrolls: 1 });
    expect(
      (await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: 'gen_none_12345' }))
        .status,
    ).toBe(200);
    expect(await scrolls(p.id)).toBe(0);
  });

  it('regenerating past the last scroll is refused with the fixed message, the pair still pending', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { summoning_scrolls: 2 });
    let pending = (await h.call('POST', '/api/characters/generate', { user_id: p.id })).body.generation_id;
    const again = await h.call('POST', '/api/characters/generate', { user_id: p.id, replaces: pending });
    expect(again.body.charged).toBe(true);
    pending = again.body.generation_id;
    const refused = await h.call('POST', '/api/characters/generate', { user_id: p.id, replaces: pending });
    expect(refused).toEqual({ status: 400, body: { error: SCROLLS_MESSAGE(0) } });
    expect(await scrolls(p.id)).toBe(0);
    expect((await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body.generation_id).toBe(pending);
  });

  it('unknown user on generate is a 404', async () => {
    expect(
      await h.call('POST', '/api/characters/generate', {
        user_id: 'u_ghost',
        generation_id: 'gen_ghost_1234',
      }),
    ).toEqual({
      status: 404,
      body: { error: 'User not found' },
    });
  });

  it('saves a candidate from the server record: forged stats raise nothing', async () => {
    const p = await newPlayer(h);
    const gen = 'gen_forge_' + p.id.slice(-8);
    const c = (await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: gen })).body;
    const forged = {
      ...c,
      atk: 99999,
      hp: 99999,
      max_hp: 99999,
      rarity: 5,
      level: 10,
      xp: 4000,
      name: 'Cheater',
      abilities: [],
      rating: { rating: 3000, rd: 30, wins: 99, losses: 0 },
    };
    const r = await h.call('POST', '/api/heroes', { user_id: p.id, character_data: forged });
    expect(r.status).toBe(201);
    // A new hero joins the arena ladder as a newcomer, whatever the client claims, at its first version.
    const newcomer = { rating: 1500, rd: 350, wins: 0, losses: 0 };
    expect(r.body).toEqual({ ...heroOf(c), user_id: p.id, rating: newcomer, version: 1 });
    const stored = await h.call('GET', `/api/heroes/${c.id}`);
    expect(stored.body).toEqual({ ...heroOf(c), user_id: p.id, rating: newcomer, version: 1 });
  });

  it('saves a candidate at most once, and one hero per generation', async () => {
    const p = await newPlayer(h);
    const gen = 'gen_once_' + p.id.slice(-8);
    const a = (await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: gen })).body;
    const b = (await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: gen })).body;
    const [s1, s2] = await Promise.all([
      h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: a.id } }),
      h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: a.id } }),
    ]);
    expect([s1.status, s2.status].sort()).toEqual([201, 409]);
    const other = await h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: b.id } });
    expect(other.status).toBe(409);
    expect((await h.call('GET', `/api/heroes?user_id=${p.id}`)).body).toHaveLength(1);
  });

  it('only the player who generated a candidate can save it', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const c = (
      await h.call('POST', '/api/characters/generate', {
        user_id: p.id,
        generation_id: 'gen_mine_' + p.id.slice(-8),
      })
    ).body;
    const r = await h.call('POST', '/api/heroes', { user_id: q.id, character_data: { id: c.id } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBeTruthy();
    expect((await h.call('GET', `/api/heroes?user_id=${q.id}`)).body).toEqual([]);
  });

  it('a preview (no body) can never be kept, and refusing it costs nothing', async () => {
    const p = await newPlayer(h);
    const preview = (await h.call('POST', '/api/characters/generate')).body;
    expect(preview.id).toMatch(/^preview_/);
    const r = await h.call('POST', '/api/heroes', { user_id: p.id, character_data: preview });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/only a preview and can’t be kept/);
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls);
    expect((await h.call('GET', `/api/heroes?user_id=${p.id}`)).body).toEqual([]);
    // Many free previews still buy nothing: the rarest of them cannot be kept either.
    const previews = await Promise.all(
      Array.from({ length: 20 }, () => h.call('POST', '/api/characters/generate', {})),
    );
    const best = previews.map((x) => x.body).sort((x, y) => y.rarity - x.rarity)[0];
    expect(
      (await h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: best.id } })).status,
    ).toBe(400);
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls);
    // A generation_id without a player is not a paid generation.
    const orphan = await h.call('POST', '/api/characters/generate', { generation_id: 'gen_orphan_1234' });
    expect(orphan.status).toBe(400);
    expect(orphan.body.error).toMatch(/user_id/);
  });

  it('keeps the paid pair pending, in order, until one is kept; only its player sees it', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    expect((await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body).toEqual({
      generation_id: null,
      candidates: [],
      expires_at: null,
    });
    const gen = 'gen_pending_' + p.id.slice(-8);
    const a = (await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: gen })).body;
    const b = (await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: gen })).body;
    const pending = await h.call('GET', `/api/characters/pending?user_id=${p.id}`);
    expect(pending.status).toBe(200);
    expect(pending.body.generation_id).toBe(gen);
    expect(pending.body.candidates).toEqual([heroOf(a), heroOf(b)]);
    expect(a.candidates).toEqual(pending.body.candidates);
    expect(pending.body.expires_at).toBeGreaterThanOrEqual(Date.now() / 1000 + 7 * 24 * 3600);
    // Reading it again (a reload) costs nothing and shows the same pair.
    expect((await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body).toEqual(pending.body);
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls - 1);
    // Another player sees none of it and cannot keep it.
    expect((await h.call('GET', `/api/characters/pending?user_id=${q.id}`)).body.candidates).toEqual([]);
    expect(
      (await h.call('POST', '/api/heroes', { user_id: q.id, character_data: { id: b.id } })).status,
    ).toBe(403);
    // Keeping the second ends the pair: nothing pending, the first can no longer be kept.
    expect(
      (await h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: b.id } })).status,
    ).toBe(201);
    expect((await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body.candidates).toEqual([]);
    const late = await h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: a.id } });
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.status).toBeLessThan(500);
    expect(
      (await h.call('GET', `/api/heroes?user_id=${p.id}`)).body.map((x: { id: string }) => x.id),
    ).toEqual([b.id]);
    expect((await h.call('GET', `/api/characters/pending?user_id=u_nobody_here`)).status).toBe(404);
  });

  it('regenerating (replaces) replaces the pending pair: one pending pair per player, the old one never kept', async () => {
    const p = await newPlayer(h);
    const first = 'gen_first_' + p.id.slice(-8);
    const second = 'gen_second_' + p.id.slice(-8);
    const a = (await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: first }))
      .body;
    // Without `replaces`, another generation_id is answered the pending pair, free.
    const unpaid = await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: second });
    expect(unpaid.body).toMatchObject({ generation_id: first, charged: false, candidates: a.candidates });
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls - 1);
    const c = (
      await h.call('POST', '/api/characters/generate', {
        user_id: p.id,
        generation_id: second,
        replaces: first,
      })
    ).body;
    expect(c).toMatchObject({ generation_id: second, charged: true });
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls - 2);
    const pending = (await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body;
    expect(pending.generation_id).toBe(second);
    expect(pending.candidates).toEqual(c.candidates);
    // The old pair is gone: its candidates can't be kept; a late call of it is answered the new pair, free.
    for (const old of a.candidates) {
      const r = await h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: old.id } });
      expect(r.status).toBe(404);
    }
    const late = await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: first });
    expect(late.body).toMatchObject({ generation_id: second, charged: false, candidates: c.candidates });
    // The same Regenerate sent again (its pair already replaced) charges nothing either.
    const repeated = await h.call('POST', '/api/characters/generate', {
      user_id: p.id,
      generation_id: second,
      replaces: first,
    });
    expect(repeated.body).toMatchObject({ generation_id: second, charged: false });
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls - 2);
    expect(
      (await h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: c.candidates[1].id } }))
        .status,
    ).toBe(201);
    // Kept: a spent generation_id is refused, and `replaces` naming a pair that no longer waits pays nothing.
    const spent = await h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id: second });
    expect(spent).toEqual({
      status: 409,
      body: { error: 'A hero from this generation has already been created' },
    });
    const gone = await h.call('POST', '/api/characters/generate', { user_id: p.id, replaces: second });
    expect(gone.status).toBe(409);
    expect(gone.body.error).toMatch(/no longer waiting/);
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls - 2);
  });

  it('a pair drawn one candidate per call (before pairs were drawn whole) is completed free when asked again', async () => {
    const p = await newPlayer(h);
    const first = (await h.call('POST', '/api/characters/generate', { user_id: p.id })).body;
    // As an older server left it: one candidate of the pair stored.
    await withStore(h, (db) =>
      db.deleteFrom('candidates').where('id', '=', first.candidates[1].id).execute(),
    );
    const again = await h.call('POST', '/api/characters/generate', { user_id: p.id });
    expect(again.body).toMatchObject({ generation_id: first.generation_id, charged: false });
    expect(again.body.candidates).toHaveLength(2);
    expect(again.body.candidates[0]).toEqual(first.candidates[0]);
    expect(again.body.id).toBe(again.body.candidates[1].id);
    expect(await scrolls(p.id)).toBe(p.summoning_scrolls - 1);
    expect((await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body.candidates).toEqual(
      again.body.candidates,
    );
  });

  it('refuses unknown candidates and missing selections', async () => {
    const p = await newPlayer(h);
    expect(
      (await h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: 'h_forged' } })).status,
    ).toBe(404);
    expect(await h.call('POST', '/api/heroes', { user_id: p.id })).toEqual({
      status: 400,
      body: { error: 'Please select a character' },
    });
    expect(await h.call('POST', '/api/heroes', { user_id: p.id, character_data: {} })).toEqual({
      status: 400,
      body: { error: 'Please select a character' },
    });
    expect(await h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: '' } })).toEqual({
      status: 400,
      body: { error: 'Please select a character' },
    });
  });

  it('lists my heroes; browse/all pages other players; npcs are grouped by dungeon', async () => {
    const p = await newPlayer(h, 'aaa');
    const q = await newPlayer(h, 'aab');
    const mine = await summonHero(h, p.id);
    await summonHero(h, q.id);
    await summonHero(h, q.id);
    const list = HeroesResponse.parse((await h.call('GET', `/api/heroes?user_id=${p.id}`)).body);
    expect(list.map((x) => x.id)).toEqual([mine.id]);
    expect((await h.call('GET', '/api/heroes')).status).toBe(400);

    const seen = new Map<string, number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await h.call(
        'GET',
        `/api/heroes/browse/all?limit=1${cursor ? `&cursor=${cursor}` : ''}&exclude_user_id=${p.id}`,
      );
      expect(r.status).toBe(200);
      const page = BrowseResponse.parse(r.body);
      expect(page.players.length).toBeLessThanOrEqual(1);
      for (const pl of page.players) seen.set(pl.user_id, pl.hero_count);
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 100);
    expect(seen.get(q.id)).toBe(2);
    expect(seen.has(p.id)).toBe(false);

    const npcs = NpcsResponse.parse((await h.call('GET', '/api/npcs')).body);
    expect(npcs.dungeons.length).toBeGreaterThanOrEqual(6);
    for (const d of npcs.dungeons) {
      expect(d.npcs.length % 4).toBe(0); // four a floor
      expect(d.npcs.length).toBeGreaterThanOrEqual(12);
      for (const n of d.npcs) expect(n.id.startsWith('npc_')).toBe(true);
    }
    const npc = npcs.dungeons[0].npcs[0];
    expect((await h.call('GET', `/api/heroes/${npc.id}`)).body).toEqual(npc);
    expect(await h.call('GET', '/api/heroes/h_missing')).toEqual({
      status: 404,
      body: { error: 'Hero not found' },
    });
  });

  it('browse counts heroes as they come and go, and walks only players who have some', async () => {
    const p = await newPlayer(h, 'cnt');
    const first = await summonHero(h, p.id);
    await summonHero(h, p.id);
    const find = async () => {
      for (let cursor: string | null = null, n = 0; n < 200; n++) {
        const page: {
          players: { user_id: string; hero_count: number; heroes: unknown[] }[];
          next_cursor: string | null;
        } = (await h.call('GET', `/api/heroes/browse/all?limit=50${cursor ? `&cursor=${cursor}` : ''}`)).body;
        const me = page.players.find((x) => x.user_id === p.id);
        if (me) return me;
        if (!(cursor = page.next_cursor)) return undefined;
      }
    };
    expect((await find())?.hero_count).toBe(2);
    await h.call('DELETE', `/api/heroes/${first.id}?user_id=${p.id}`);
    expect((await find())?.hero_count).toBe(1);
    const quiet = await newPlayer(h, 'none');
    const pages = await h.call('GET', '/api/heroes/browse/all?limit=50');
    expect(pages.body.players.some((x: { user_id: string }) => x.user_id === quiet.id)).toBe(false);
    if (kind === 'sqlite') {
      const plan = await withStore(h, (db) =>
        sql<{
          detail: string;
        }>`explain query plan select id from users where hero_count > 0 and username_key > 'a' order by username_key limit 21`.execute(
          db,
        ),
      );
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain('users_with_heroes');
    }
  });

  it('deletes only your own hero', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    expect((await h.call('DELETE', `/api/heroes/${hero.id}?user_id=${q.id}`)).status).toBe(403);
    expect((await h.call('DELETE', `/api/heroes/${hero.id}`)).status).toBe(400);
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).status).toBe(200);
    expect(await h.call('DELETE', `/api/heroes/${hero.id}?user_id=${p.id}`)).toEqual({
      status: 200,
      body: {
        deleted: true,
        id: hero.id,
        shards: SHARDS_PER_HERO[hero.rarity - 1],
        essence_refunded: 0, // it never ascended
        restored_hero_ids: [],
      },
    });
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).status).toBe(404);
    expect((await h.call('DELETE', `/api/heroes/${hero.id}?user_id=${p.id}`)).status).toBe(404);
    const npc = 'npc_woods_poacher';
    expect((await h.call('DELETE', `/api/heroes/${npc}?user_id=${p.id}`)).status).toBe(403);
  });

  it('rerolls abilities for 50 essence, atomically; stats, level and xp stay', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const r = await h.call('POST', `/api/heroes/${hero.id}/reroll-abilities`, { user_id: p.id });
    expect(r.status).toBe(200);
    const rerolled = RerollResponse.parse(r.body);
    expect(rerolled.abilities.map((a) => a.id)).not.toEqual(hero.abilities.map((a) => a.id));
    // (the stats it fights with move with its passives)
    const { abilities: _a, fighting_stats: _f, ...rest } = hero;
    // The same hero, one version on.
    expect(rerolled).toMatchObject({ ...rest, version: hero.version! + 1 });
    expect(rerolled.user?.magic_essence).toBe(p.magic_essence - 50);
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.abilities).toEqual(rerolled.abilities);

    // Not enough essence: refused, nothing changes.
    await setBalances(h, p.id, { magic_essence: 49 });
    expect(await h.call('POST', `/api/heroes/${hero.id}/reroll-abilities`, { user_id: p.id })).toEqual({
      status: 400,
      body: { error: 'Insufficient magic essence (requires 50)' },
    });
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.abilities).toEqual(rerolled.abilities);
    expect((await h.call('GET', `/api/users/${p.id}`)).body.magic_essence).toBe(49);

    // Someone else's hero: 403, nothing spent.
    const q = await newPlayer(h);
    expect((await h.call('POST', `/api/heroes/${hero.id}/reroll-abilities`, { user_id: q.id })).status).toBe(
      403,
    );
    expect((await h.call('GET', `/api/users/${q.id}`)).body.magic_essence).toBe(q.magic_essence);
  });

  it('concurrent rerolls spend exactly what lands', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    await setBalances(h, p.id, { magic_essence: 500 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        h.call('POST', `/api/heroes/${hero.id}/reroll-abilities`, { user_id: p.id }),
      ),
    );
    const ok = results.filter((r) => r.status === 200).length;
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect((await h.call('GET', `/api/users/${p.id}`)).body.magic_essence).toBe(500 - 50 * ok);
  });

  describe('the hero list as the hot read', () => {
    const get = (userId: string, headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url: `/api/heroes?user_id=${userId}`, headers });
    /** The truth, hero by hero, from the detail route (which never goes through the list's cache). */
    const truth = async (userId: string, ids: string[]) =>
      Promise.all(ids.map(async (id) => (await h.call('GET', `/api/heroes/${id}`)).body));

    it('answers with an ETag, a 304 while the list holds, and the new list after every kind of change', async () => {
      const p = await newPlayer(h);
      const first = await summonHero(h, p.id);
      let r = await get(p.id);
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      let etag = String(r.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(r.json()).toEqual(await truth(p.id, [first.id]));

      const notModified = await get(p.id, { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect((await get(p.id, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
      expect((await get(p.id, { 'if-none-match': '"other"' })).statusCode).toBe(200);

      // Each change: the old ETag no longer matches and the list is the store's truth again.
      const changes: [string, () => Promise<string[]>][] = [
        ['a new hero', async () => [first.id, (await summonHero(h, p.id)).id]],
        [
          'a reroll',
          async () => {
            await h.call('POST', `/api/heroes/${first.id}/reroll-abilities`, { user_id: p.id });
            return r.json().map((x: { id: string }) => x.id);
          },
        ],
        [
          'a fight won (xp)',
          async () => {
            await setHeroPower(h, first.id, 'mighty');
            const fight = await h.call('POST', '/api/arena/battle', {
              user_id: p.id,
              attacker_hero_id: first.id,
              opponent_id: 'npc_woods_poacher',
            });
            expect(fight.status).toBe(200);
            return r.json().map((x: { id: string }) => x.id);
          },
        ],
        [
          'a deletion',
          async () => {
            const ids: string[] = r.json().map((x: { id: string }) => x.id);
            await h.call('DELETE', `/api/heroes/${ids[1]}?user_id=${p.id}`);
            return [ids[0]];
          },
        ],
      ];
      for (const [what, change] of changes) {
        const ids = await change();
        r = await get(p.id, { 'if-none-match': etag });
        expect(r.statusCode, what).toBe(200);
        expect(r.headers.etag, what).not.toBe(etag);
        const listed: string[] = r.json().map((x: { id: string }) => x.id);
        expect([...listed].sort(), what).toEqual([...ids].sort());
        expect(r.json(), what).toEqual(await truth(p.id, listed));
        etag = String(r.headers.etag);
      }
    });

    it('is sent compressed to clients that accept it, and the same list either way', async () => {
      const p = await newPlayer(h);
      expect((await get(p.id, { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
      await summonHero(h, p.id);
      await summonHero(h, p.id);
      const plain = await get(p.id);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await get(p.id, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      const gz = await get(p.id, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect((await get(p.id, { 'accept-encoding': 'identity' })).body).toBe(plain.body);
    });

    it('shows a change made by another server on the same database at the next read', async () => {
      const p = await newPlayer(h);
      const hero = await summonHero(h, p.id);
      const before = (await get(p.id)).json();
      const other = await buildApp({
        databaseUrl: h.db.url,
        rateLimits: false,
        webRoot: null,
        oddsThreads: 1,
      });
      try {
        const r = await other.inject({
          method: 'POST',
          url: `/api/heroes/${hero.id}/reroll-abilities`,
          payload: { user_id: p.id },
        });
        expect(r.statusCode).toBe(200);
        const after = (await get(p.id)).json();
        expect(after).not.toEqual(before);
        expect(after[0].abilities).toEqual(r.json().abilities);
        await other.inject({ method: 'DELETE', url: `/api/heroes/${hero.id}?user_id=${p.id}` });
        expect((await get(p.id)).json()).toEqual([]);
      } finally {
        await other.close();
      }
    });
  });
});
