// The arena ladder on the real server (issue 12), on SQLite and PostgreSQL: every hero and NPC carries a Glicko-2
// rating on its record; an arena result moves both sides' ratings exactly once, in the fight's transaction, however
// many fights of the same heroes run at once; the leaderboard pages by conservative rating with an opaque keyset
// cursor; repeat wins over one opponent pay less. Find a fair match (by the honest odds): fresh-odds.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import { ArenaResponse, LeaderboardResponse, type LeaderboardEntry } from '../../src/api/arena.ts';
import { type HeroRating } from '../../src/api/common.ts';
import { HeroesResponse, NpcsResponse, BrowseResponse } from '../../src/api/heroes.ts';
import { generateHero } from '../../src/game/generation.ts';
import { conservativeRating, LEVEL_RATING, rateDuel } from '../../src/game/ladder.ts';
import { repeatWinFactor, scaleRewards } from '../../src/game/rewards.ts';
import { buildApp } from '../../src/server/app.ts';
import { readRecord } from '../../src/server/store/battle-record.ts';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { heroRow } from '../../src/server/store/hero-rows.ts';
import { migrationsFor } from '../../src/server/store/migrations.ts';
import {
  DATABASES,
  freshDatabase,
  newPlayer,
  setBalances,
  setHeroPower,
  startHarness,
  summonHero,
  type Harness,
} from './helpers.ts';

const NEWCOMER: HeroRating = { rating: 1500, rd: 350, wins: 0, losses: 0 };

type Arena = ReturnType<typeof ArenaResponse.parse>;
const key = (r: HeroRating) => `${r.rating}|${r.rd}|${r.wins}|${r.losses}`;

/**
 * The rating changes a hero went through, as the fights' results state them, must form ONE chain from where it
 * started to where it is: every fight read the rating the one before it wrote (no update lost or made twice).
 */
function expectOneChain(results: Arena[], heroId: string, start: HeroRating, end: HeroRating) {
  const steps = results
    .flatMap((r) => [r.ratings.attacker, r.ratings.opponent])
    .filter((c) => c.hero_id === heroId);
  const byBefore = new Map<string, HeroRating>();
  for (const s of steps) {
    expect(byBefore.has(key(s.before)), `two fights of ${heroId} started from one rating`).toBe(false);
    byBefore.set(key(s.before), s.after);
  }
  let at = key(start);
  let walked = 0;
  while (byBefore.has(at)) {
    at = key(byBefore.get(at)!);
    walked++;
  }
  expect(walked).toBe(steps.length);
  expect(at).toBe(key(end));
}

async function ratingRow(store: Store, heroId: string) {
  return store.db.selectFrom('hero_ratings').selectAll().where('hero_id', '=', heroId).executeTakeFirst();
}

describe.each(DATABASES)('arena ladder on %s', (kind) => {
  let h: Harness;
  let store: Store;
  beforeAll(async () => {
    h = await startHarness(kind);
    store = openStore(h.db.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await store?.close();
    await h?.close();
  });

  const fight = (userId: string, attacker: string, opponent: string) =>
    h.call('POST', '/api/arena/battle', {
      user_id: userId,
      attacker_hero_id: attacker,
      opponent_id: opponent,
    });

  it('puts a rating on every hero record: new heroes 1500 / 350, NPCs their level’s', async () => {
    const p = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    expect(mine.rating).toEqual(NEWCOMER);
    expect((await h.call('GET', `/api/heroes/${mine.id}`)).body.rating).toEqual(NEWCOMER);
    const list = HeroesResponse.parse((await h.call('GET', `/api/heroes?user_id=${p.id}`)).body);
    expect(list.map((x) => x.rating)).toEqual([NEWCOMER]);
    // The stored document itself never holds the rating: it is its own row.
    const doc = await store.db
      .selectFrom('heroes')
      .select('doc')
      .where('id', '=', mine.id)
      .executeTakeFirst();
    expect(JSON.parse(doc!.doc)).not.toHaveProperty('rating');

    const npcs = NpcsResponse.parse((await h.call('GET', '/api/npcs')).body);
    const all = npcs.dungeons.flatMap((d) => d.npcs);
    expect(all.length).toBeGreaterThan(10);
    for (const n of all) expect(n.rating, n.id).toEqual({ ...NEWCOMER, rating: LEVEL_RATING[n.level - 1] });
    const npc = await h.call('GET', `/api/heroes/${all[0].id}`);
    expect(npc.body.rating).toEqual(all[0].rating);
    const rival = await newPlayer(h, 'a0');
    await summonHero(h, rival.id);
    const browse = BrowseResponse.parse((await h.call('GET', '/api/heroes/browse/all?limit=50')).body);
    for (const pl of browse.players) for (const x of pl.heroes) expect(x.rating).toBeDefined();
  });

  it('an arena result moves both sides exactly once, as one Glicko-2 rating period each', async () => {
    const p = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    const other = await newPlayer(h);
    const theirs = await summonHero(h, other.id);
    const listBefore = await h.app.inject({ method: 'GET', url: `/api/heroes?user_id=${other.id}` });

    const r = await fight(p.id, mine.id, theirs.id);
    expect(r.status).toBe(200);
    const res = ArenaResponse.parse(r.body);
    const won = res.status === 'won';
    const expected = rateDuel(
      { rating: 1500, rd: 350, vol: 0.06, wins: 0, losses: 0 },
      { rating: 1500, rd: 350, vol: 0.06, wins: 0, losses: 0 },
      won,
    );
    expect(res.ratings.attacker).toEqual({
      hero_id: mine.id,
      before: NEWCOMER,
      after: {
        rating: expected.attacker.rating,
        rd: expected.attacker.rd,
        wins: won ? 1 : 0,
        losses: won ? 0 : 1,
      },
    });
    expect(res.ratings.opponent.after).toEqual({
      rating: expected.defender.rating,
      rd: expected.defender.rd,
      wins: won ? 0 : 1,
      losses: won ? 1 : 0,
    });
    expect(res.ratings.attacker.after.rating > 1500).toBe(won);
    for (const [id, side] of [
      [mine.id, expected.attacker],
      [theirs.id, expected.defender],
    ] as const) {
      const row = await ratingRow(store, id);
      expect(row).toMatchObject({
        rating: side.rating,
        rd: side.rd,
        vol: side.vol,
        wins: side.wins,
        losses: side.losses,
        conservative: conservativeRating(side),
      });
    }
    // Each record shows it — the opponent owner's list too (a new ETag, though their hero did not change).
    expect((await h.call('GET', `/api/heroes/${mine.id}`)).body.rating).toEqual(res.ratings.attacker.after);
    const listAfter = await h.app.inject({ method: 'GET', url: `/api/heroes?user_id=${other.id}` });
    expect(listAfter.headers.etag).not.toBe(listBefore.headers.etag);
    expect(listAfter.json()[0].rating).toEqual(res.ratings.opponent.after);
    // The stored result carries the change too (GET /api/battles/{id} reads it back).
    const stored = await store.db
      .selectFrom('battles')
      .select('record')
      .where('id', '=', res.battle_id)
      .executeTakeFirstOrThrow();
    expect(readRecord(stored).extra).toMatchObject({ ratings: res.ratings });

    // A refused fight moves nothing.
    const refused = await fight(p.id, mine.id, mine.id);
    expect(refused.status).toBe(400);
    expect((await ratingRow(store, mine.id))!.wins + (await ratingRow(store, mine.id))!.losses).toBe(1);
  });

  it('concurrent arena fights of the same heroes, both ways and against an NPC: every count adds up', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const c = await newPlayer(h);
    const heroA = await summonHero(h, a.id);
    const heroB = await summonHero(h, b.id);
    const heroC = await summonHero(h, c.id);
    const npc = 'npc_woods_poacher';
    const npcBefore = (await h.call('GET', `/api/heroes/${npc}`)).body.rating as HeroRating;
    const N = 5;
    const calls = [
      ...Array.from({ length: N }, () => fight(a.id, heroA.id, heroB.id)),
      ...Array.from({ length: N }, () => fight(b.id, heroB.id, heroA.id)),
      ...Array.from({ length: N }, () => fight(c.id, heroC.id, heroA.id)),
      ...Array.from({ length: N }, () => fight(a.id, heroA.id, npc)),
      ...Array.from({ length: N }, () => fight(c.id, heroC.id, npc)),
    ];
    const answers = await Promise.all(calls);
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const results = answers.map((r) => ArenaResponse.parse(r.body));
    const fightsOf = (id: string) =>
      results.filter((r) => r.ratings.attacker.hero_id === id || r.ratings.opponent.hero_id === id).length;
    const rows = new Map(
      (
        await store.db
          .selectFrom('hero_ratings')
          .selectAll()
          .where('hero_id', 'in', [heroA.id, heroB.id, heroC.id, npc])
          .execute()
      ).map((r) => [r.hero_id, r]),
    );
    expect(fightsOf(heroA.id)).toBe(4 * N);
    for (const [id, start] of [
      [heroA.id, NEWCOMER],
      [heroB.id, NEWCOMER],
      [heroC.id, NEWCOMER],
      [npc, npcBefore],
    ] as const) {
      const row = rows.get(id)!;
      // Every fight a hero was in counted once: its record adds up to them.
      expect(row.wins - start.wins + row.losses - start.losses, id).toBe(fightsOf(id));
      expectOneChain(results, id, start, {
        rating: row.rating,
        rd: row.rd,
        wins: row.wins,
        losses: row.losses,
      });
    }
    // Each side's after is the rule applied to the two befores the fight read.
    for (const r of results) {
      const won = r.status === 'won';
      expect(r.ratings.attacker.after.wins - r.ratings.attacker.before.wins).toBe(won ? 1 : 0);
      expect(r.ratings.opponent.after.losses - r.ratings.opponent.before.losses).toBe(won ? 1 : 0);
    }
    // Wins and losses of the fights agree, and one battle row was written per fight.
    const wins = results.filter((r) => r.status === 'won').length;
    const attackerWins = results.reduce(
      (n, r) => n + r.ratings.attacker.after.wins - r.ratings.attacker.before.wins,
      0,
    );
    expect(attackerWins).toBe(wins);
    const battles = await store.db
      .selectFrom('battles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', 'in', [a.id, b.id, c.id])
      .where('location_type', '=', 'arena')
      .executeTakeFirstOrThrow();
    expect(Number(battles.n)).toBe(calls.length);
  });

  it('repeat wins over one opponent within a day pay ½, ¼, then ⅛; a day later, or another opponent, pays in full', async () => {
    const p = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    await setHeroPower(h, mine.id, 'mighty');
    const victim = await newPlayer(h);
    const [v1, v2] = [await summonHero(h, victim.id), await summonHero(h, victim.id)];
    await setHeroPower(h, v1.id, 'feeble');
    await setHeroPower(h, v2.id, 'feeble');
    await setBalances(h, p.id, { gold: 0 });

    const factors: number[] = [];
    let gold = 0;
    let unreduced: Arena['rewards'] | null = null;
    for (let i = 0; i < 5; i++) {
      const res = ArenaResponse.parse((await fight(p.id, mine.id, v1.id)).body);
      expect(res.status).toBe('won');
      expect(res.repeat_win!.earlier_wins).toBe(i);
      factors.push(res.repeat_win!.factor);
      unreduced ??= res.repeat_win!.unreduced;
      expect(res.repeat_win!.unreduced).toEqual(unreduced);
      expect(res.rewards).toEqual(scaleRewards(unreduced, repeatWinFactor(i)));
      gold += res.rewards.gold;
      expect(res.user!.gold).toBe(gold); // what was paid is what the result says
    }
    expect(factors).toEqual([1, 0.5, 0.25, 0.125, 0.125]);
    expect(unreduced!.gold).toBeGreaterThan(0);
    // Another opponent is a first win; so is the same one once the earlier wins are a day old.
    const fresh = ArenaResponse.parse((await fight(p.id, mine.id, v2.id)).body);
    expect(fresh.repeat_win!.factor).toBe(1);
    await store.db
      .updateTable('arena_wins')
      .set((eb) => ({ won_at: eb('won_at', '-', 24 * 3600 + 1) }))
      .where('user_id', '=', p.id)
      .execute();
    const later = ArenaResponse.parse((await fight(p.id, mine.id, v1.id)).body);
    expect(later.repeat_win).toMatchObject({ earlier_wins: 0, factor: 1 });
    expect(later.rewards).toEqual(later.repeat_win!.unreduced);
    // A loss meets no rule.
    await setHeroPower(h, mine.id, 'feeble');
    await setHeroPower(h, v1.id, 'mighty');
    const lost = ArenaResponse.parse((await fight(p.id, mine.id, v1.id)).body);
    expect(lost.status).toBe('lost');
    expect(lost.repeat_win).toBeNull();
  });

  it('pages the leaderboard by conservative rating with an opaque cursor, no OFFSET: every hero once, in order', async () => {
    const p = await newPlayer(h);
    const heroes = [];
    for (let i = 0; i < 4; i++) heroes.push(await summonHero(h, p.id));
    // Known ratings, two of them tied on the conservative rating (the tie is broken by hero id, descending).
    const set = [
      { rating: 2600, rd: 50 },
      { rating: 2300, rd: 60 },
      { rating: 2320, rd: 70 },
      { rating: 1100, rd: 200 },
    ];
    for (const [i, r] of set.entries())
      await store.db
        .updateTable('hero_ratings')
        .set({ ...r, conservative: conservativeRating(r) })
        .where('hero_id', '=', heroes[i].id)
        .execute();

    const all: LeaderboardEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await h.call('GET', `/api/arena/leaderboard?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      const page = LeaderboardResponse.parse(r.body);
      expect(page.heroes.length).toBeLessThanOrEqual(7);
      all.push(...page.heroes);
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 100);
    const total = await store.db
      .selectFrom('hero_ratings as r')
      .innerJoin('heroes as hh', 'hh.id', 'r.hero_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(total.n));
    expect(new Set(all.map((e) => e.hero_id)).size).toBe(all.length);
    for (let i = 1; i < all.length; i++) {
      const [x, y] = [all[i - 1], all[i]];
      expect(
        x.conservative > y.conservative || (x.conservative === y.conservative && x.hero_id > y.hero_id),
      ).toBe(true);
    }
    expect(all.map((e) => e.rank)).toEqual(all.map((_, i) => i + 1));
    for (const e of all) expect(e.conservative).toBeCloseTo(e.rating - 2 * e.rd, 9);
    // The set heroes: first the 2600/50 (2500), then the tie at 2180 by id, both shown with owner and record.
    expect(all[0]).toMatchObject({
      hero_id: heroes[0].id,
      rating: 2600,
      rd: 50,
      conservative: 2500,
      npc: false,
    });
    expect(all[0].username).toBe(p.username);
    const tied = [heroes[1].id, heroes[2].id].sort().reverse();
    expect(all.slice(1, 3).map((e) => e.hero_id)).toEqual(tied);
    // NPCs are on it, marked.
    const npc = all.find((e) => e.hero_id === 'npc_woods_poacher')!;
    expect(npc).toMatchObject({ npc: true, user_id: null, username: null, dungeon_id: 'whispering_woods' });

    // The player's own standing: their best heroes with their ranks.
    const mine = LeaderboardResponse.parse(
      (await h.call('GET', `/api/arena/leaderboard?limit=1&user_id=${p.id}`)).body,
    ).mine!;
    expect(mine.map((e) => e.hero_id)).toEqual(all.filter((e) => e.user_id === p.id).map((e) => e.hero_id));
    for (const e of mine) expect(e.rank).toBe(all.findIndex((x) => x.hero_id === e.hero_id) + 1);
  });

  it('refuses bad leaderboard input with a 400 (an unknown player 404), never a 5xx', async () => {
    for (const q of [
      'limit=0',
      'limit=51',
      'limit=abc',
      'limit=1.5',
      'cursor=%00',
      'cursor=not+a+cursor',
      `cursor=${Buffer.from('["x","h_1"]').toString('base64url')}`,
      `cursor=${Buffer.from('[1e400,"h_1"]').toString('base64url')}`,
      `cursor=${Buffer.from('{"a":1}').toString('base64url')}`,
      `cursor=${Buffer.from('[5,"\\u0000"]').toString('base64url')}`,
      `cursor=${'A'.repeat(300)}`,
      'user_id=',
    ]) {
      const r = await h.call('GET', `/api/arena/leaderboard?${q}`);
      expect(r.status, q).toBe(400);
      expect(typeof r.body.error, q).toBe('string');
    }
    expect((await h.call('GET', '/api/arena/leaderboard?user_id=u_nobody')).status).toBe(404);
    const ok = LeaderboardResponse.parse((await h.call('GET', '/api/arena/leaderboard')).body);
    expect(ok.heroes).toHaveLength(20);
    expect(ok.mine).toBeUndefined();
  });

  it('a deleted hero leaves the ladder', async () => {
    const p = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    expect(await ratingRow(store, mine.id)).toBeDefined();
    expect((await h.call('DELETE', `/api/heroes/${mine.id}?user_id=${p.id}`)).status).toBe(200);
    expect(await ratingRow(store, mine.id)).toBeUndefined();
  });
});

describe.each(DATABASES)('the ratings migration on %s', (kind) => {
  it('gives heroes stored before it a newcomer’s rating and NPCs their level’s', async () => {
    const db = await freshDatabase(kind);
    const store = openStore(db.url, { poolSize: 1 });
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const all = migrationsFor(store.dialect);
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0011'));
      const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => before } });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const old = generateHero(4242, { id: 'h_old', userId: 'u_old', level: 4 });
      await store.db
        .insertInto('users')
        .values({
          id: 'u_old',
          username: 'old_timer',
          username_key: 'old_timer',
          gold: 0,
          magic_essence: 0,
          summoning_scrolls: 0,
          combat_tokens: 0,
          created_at: 1,
          hero_count: 1,
        })
        .execute();
      await store.db
        .insertInto('heroes')
        .values(heroRow(old, { user_id: 'u_old', created_at: 1 }))
        .execute();
      app = await buildApp({ databaseUrl: db.url, rateLimits: false, webRoot: null, oddsThreads: 1 });
      const got = await app.inject({ method: 'GET', url: '/api/heroes/h_old' });
      expect(got.json().rating).toEqual(NEWCOMER);
      const row = await store.db
        .selectFrom('hero_ratings')
        .selectAll()
        .where('hero_id', '=', 'h_old')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ rating: 1500, rd: 350, vol: 0.06, conservative: 800, wins: 0, losses: 0 });
      const npc = await store.db
        .selectFrom('hero_ratings')
        .selectAll()
        .where('hero_id', '=', 'npc_void_archon')
        .executeTakeFirstOrThrow();
      const level = (await app.inject({ method: 'GET', url: '/api/heroes/npc_void_archon' })).json().level;
      expect(npc.rating).toBe(LEVEL_RATING[level - 1]);
    } finally {
      await app?.close();
      await store.close();
      await db.drop();
    }
  });
});
