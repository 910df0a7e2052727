// The server's own machinery: the odds pool really runs in worker threads and caches per matchup, the sweep
// expires idle battles, and rate limits answer 429 with an { error }.
import { readdirSync, readFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { generateHero } from '../../src/game/index.ts';
import { BANES, BOONS } from '../../src/game/data/traits.ts';
import { isFair, LOOKS } from '../../src/game/fair-screen.ts';
import { DEFAULT_ODDS_CACHE_SIZE, OddsPool } from '../../src/server/odds/odds-pool.ts';
import { sweepStale } from '../../src/server/sweep.ts';
import { onSqlite, openStore } from '../../src/server/store/db.ts';
import { migrate } from '../../src/server/store/migrations.ts';
import { freshDatabase, newPlayer, startHarness, summonHero, withStore } from './helpers.ts';

describe('odds pool', () => {
  const pool = new OddsPool(2);
  afterAll(() => pool.close());
  const a = [
    generateHero(11, { id: 'a1', userId: null, level: 3 }),
    generateHero(12, { id: 'a2', userId: null, level: 3 }),
  ];
  const b = [
    generateHero(21, { id: 'b1', userId: null, level: 3 }),
    generateHero(22, { id: 'b2', userId: null, level: 3 }),
  ];

  it('estimates in worker threads, off the main thread', async () => {
    expect(isMainThread).toBe(true);
    const odds = await pool.estimate(a, b);
    expect(odds.probability).toBeGreaterThanOrEqual(0);
    expect(odds.probability).toBeLessThanOrEqual(1);
    expect(odds.samples).toBeGreaterThan(100);
    expect(odds.thread).toBeGreaterThan(0);
    expect(odds.thread).not.toBe(threadId);
    expect(pool.threads).toBeGreaterThanOrEqual(1);
  });

  it('runs its threads at the request thread’s priority: a fight’s estimate is work a player waits on', async () => {
    const threadsBefore = readdirSync('/proc/self/task').length;
    await pool.estimate(b, a);
    // each thread's nice value: the 19th field of its stat (the 17th after its name, which may hold spaces)
    const niceOf = (tid: string) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ').pop()!.split(' ')[16]);
    const tids = readdirSync('/proc/self/task');
    expect(tids.length).toBeGreaterThanOrEqual(threadsBefore);
    expect(tids.map(niceOf)).toEqual(tids.map(() => niceOf(String(process.pid))));
  });

  it('a lone estimate is spread over every thread, with the answer one thread gives', async () => {
    const one = new OddsPool(1, 0);
    const two = new OddsPool(2, 0);
    try {
      for (const [x, y] of [
        [a, b],
        [b, a],
        [[a[0]], [b[1]]],
      ]) {
        const spread = two.spread;
        const alone = await two.estimate(x, y);
        expect(two.spread).toBe(spread + 1);
        expect(alone).toEqual({ ...(await one.estimate(x, y)), thread: alone.thread });
        expect(alone.thread).toBeGreaterThan(0);
      }
      expect(one.spread).toBe(0);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('keeps the main thread free while estimating', async () => {
    const fresh = [generateHero(31, { id: 'c1', userId: null, level: 7 })];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await Promise.all([pool.estimate(fresh, b), pool.estimate(a, fresh)]);
    const took = performance.now() - started;
    clearInterval(timer);
    // Had the estimates run here, no tick could have fired until they were done.
    if (took > 50) expect(ticks).toBeGreaterThan(2);
  });

  it('makes an estimate ahead only with a thread to spare, and its read then finds it', async () => {
    const ahead = new OddsPool(1);
    try {
      const x = [generateHero(41, { id: 'x1', userId: null, level: 2 })];
      const y = [generateHero(42, { id: 'y1', userId: null, level: 2 })];
      const z = [generateHero(43, { id: 'z1', userId: null, level: 2 })];
      ahead.warm(x, y);
      expect(ahead.warmed).toBe(1);
      ahead.warm(x, z); // the one thread is taken: not made now (its read will make it)
      expect(ahead.warmed).toBe(1);
      await expect.poll(() => ahead.pending).toBe(0);
      ahead.warm(x, y); // known already: nothing to make
      expect(ahead.warmed).toBe(1);
      const hits = ahead.hits;
      await ahead.estimate(x, y);
      expect(ahead.hits).toBe(hits + 1);
      expect(ahead.misses).toBe(1);
    } finally {
      await ahead.close();
    }
  });

  it('answers a rematch of unchanged heroes from the cache; a change means a new estimate', async () => {
    const first = await pool.estimate(a, b);
    const hits = pool.hits;
    expect(await pool.estimate([...a].reverse(), b)).toEqual(first);
    expect(pool.hits).toBe(hits + 1);
    const stronger = [{ ...a[0], level: 4, atk: a[0].atk + 10 }, a[1]];
    const misses = pool.misses;
    await pool.estimate(stronger, b);
    expect(pool.misses).toBe(misses + 1);
  });

  it('keys a matchup on how the heroes fight: boon, bane and class count; id and name do not', async () => {
    const first = await pool.estimate(a, b);
    const boons = Object.values(BOONS).filter((t) => t.id !== a[0].boon.id);
    const banes = Object.values(BANES).filter((t) => t.id !== a[0].bane.id);
    const classes = ['knight', 'sorcerer', 'cleric'].filter((c) => c !== a[0].class);
    for (const changed of [
      { ...a[0], boon: { ...a[0].boon, id: boons[0].id } },
      { ...a[0], bane: { ...a[0].bane, id: banes[0].id } },
      { ...a[0], class: classes[0] },
    ]) {
      const misses = pool.misses;
      await pool.estimate([changed, a[1]], b);
      expect(
        pool.misses,
        JSON.stringify({ boon: changed.boon.id, bane: changed.bane.id, class: changed.class }),
      ).toBe(misses + 1);
    }
    // The same fighters under other ids and names: the same matchup, answered from the cache.
    const hits = pool.hits;
    const renamed = a.map((h, i) => ({ ...h, id: `other_${i}`, name: `Other ${i}` }));
    expect(await pool.estimate(renamed, b)).toEqual(first);
    expect(pool.hits).toBe(hits + 1);
  });

  it('states the same number for a matchup without its cache: another pool, picked in another order', async () => {
    const forgetful = new OddsPool(1, 0);
    try {
      const first = await pool.estimate(a, b);
      const again = await forgetful.estimate([...a].reverse(), [...b].reverse());
      expect(again.probability).toBe(first.probability);
      expect(again.samples).toBe(first.samples);
      expect(forgetful.misses).toBe(1);
    } finally {
      await forgetful.close();
    }
  });

  /**
   * A hero and 16 opponents for it. Duels of generated heroes are mostly lopsided (a duel turns on a few percent of
   * strength); the hero's own likeness, fifth and tenth, is an even one.
   */
  const duelSet = () => ({
    hero: generateHero(31, { id: 'h', userId: null, level: 5 }),
    opponents: Array.from({ length: 16 }, (_, i) =>
      i === 5 || i === 10
        ? generateHero(31, { id: `twin${i}`, userId: null, level: 5 })
        : generateHero(40 + i, { id: `o${i}`, userId: null, level: 4 + (i % 3) }),
    ),
  });

  it('refuses a fight’s estimate for estimates queued ahead of it, never for sets of duels it would pass', async () => {
    // one thread, two places in the queue, no wait for room: a fight finding it full is refused at once
    const pool = new OddsPool(1, 0, 2, 0, 1);
    try {
      await pool.estimate(a, b); // the thread is up
      const { hero, opponents } = duelSet();
      const sets = [0, 1, 2].map((k) => pool.screen([hero], [[opponents[k]]], 1));
      expect(pool.queued).toBe(2); // one set's part on the thread, two waiting
      expect(pool.saturated).toBe(false);
      const fight = pool.estimate(a, [b[0]]);
      await expect(fight).resolves.toMatchObject({ samples: expect.any(Number) });
      await Promise.all(sets);
      expect(pool.refused).toBe(0);
      // estimates fill the queue: the next fight is refused, before any of its work
      const ahead = [3, 4, 5].map((k) => pool.estimate([opponents[k]], [opponents[k + 1]]));
      expect(pool.queued).toBe(2);
      expect(pool.saturated).toBe(true);
      await expect(pool.estimate(a, [b[1]])).rejects.toThrow(/queue is full/);
      await Promise.all(ahead);
      expect(pool.refused).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('measures a set of duels in parts of a few thousand battles, with the answers one task gives', async () => {
    const whole = new OddsPool(1, DEFAULT_ODDS_CACHE_SIZE, undefined, undefined, Infinity);
    const parts = new OddsPool(1, DEFAULT_ODDS_CACHE_SIZE, undefined, undefined, 1);
    try {
      const { hero, opponents } = duelSet();
      const sides = opponents.map((o) => [o]);
      const once = await whole.screen([hero], sides, 2);
      expect(whole.screenTasks).toBe(1);
      // a part of one battle ends after each matchup: a task a matchup reached, the same answers in the same places
      expect(await parts.screen([hero], sides, 2)).toEqual(once);
      expect(parts.screenTasks).toBe(once.filter((m) => m !== undefined).length);
      expect(parts.screens).toBe(1);
      expect(parts.battles.screens).toBe(whole.battles.screens);
    } finally {
      await whole.close();
      await parts.close();
    }
  });

  it('a set looked at again stays remembered while other matchups come and go', async () => {
    // room for 2 matchups beside the estimates that may be pending (1 thread, 1 place in the queue: 34)
    const pool = new OddsPool(1, 2, 1);
    try {
      const { hero, opponents } = duelSet();
      const set = [[opponents[5]], [opponents[10]]]; // the hero's likenesses: both fair
      expect((await pool.screen([hero], set, 2)).every((m) => isFair(m))).toBe(true);
      const simulated = pool.battles.screens;
      let seed = 1000;
      for (let round = 0; round < 4; round++) {
        // fewer matchups between two looks at the set than the cache holds, more than it holds in all
        for (let k = 0; k < 20; k++)
          await pool.estimate(
            [opponents[k % 16]],
            [generateHero(seed++, { id: `x${seed}`, userId: null, level: 5 })],
          );
        expect((await pool.screen([hero], set, 2)).every((m) => isFair(m))).toBe(true);
      }
      expect(pool.battles.screens).toBe(simulated);
    } finally {
      await pool.close();
    }
  });

  it('measures a set of duels until enough are fair; what it estimates is what estimate states', async () => {
    const screening = new OddsPool(1);
    const forgetful = new OddsPool(1, 0);
    try {
      const { hero, opponents } = duelSet();
      const out = await screening.screen(
        [hero],
        opponents.map((o) => [o]),
        2,
      );
      expect(screening.screens).toBe(1);
      const reached = out.filter((m) => m !== undefined);
      const fair = out.filter((m) => isFair(m));
      expect(fair).toHaveLength(2);
      expect(out.findLastIndex((m) => m !== undefined)).toBe(10); // it stopped at the second fair duel
      expect(reached.some((m) => m!.estimate === null)).toBe(true); // and passed some over at a look
      for (const [i, m] of out.entries()) {
        if (!m) continue;
        if (m.estimate === null) {
          expect(LOOKS.map((l) => l.battles)).toContain(m.samples);
          continue;
        }
        const stated = await forgetful.estimate([hero], [opponents[i]]);
        expect({ probability: m.estimate, samples: m.samples }).toEqual({
          probability: stated.probability,
          samples: stated.samples,
        });
        expect(screening.known([hero], [opponents[i]])?.probability).toBe(stated.probability);
      }
      // Measured again: every estimate is known, the passed-over ones are looked at again — one more set.
      expect(
        (
          await screening.screen(
            [hero],
            opponents.map((o) => [o]),
            2,
          )
        ).map((m) => m?.estimate),
      ).toEqual(out.map((m) => m?.estimate));
      expect(screening.screens).toBe(2);
    } finally {
      await screening.close();
      await forgetful.close();
    }
  });
});

describe('sweep', () => {
  it('expires turn-based battles idle for a day', async () => {
    const h = await startHarness('sqlite');
    try {
      const p = await newPlayer(h);
      const hero = await summonHero(h, p.id);
      const battle = (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id] })).body;
      if (battle.status === 'active') {
        await withStore(h, (db) =>
          db.updateTable('battles').set({ updated_at: 1 }).where('id', '=', battle.battle_id).execute(),
        );
        const store = openStore(h.db.url);
        expect((await sweepStale(store.db)).expiredBattles).toBe(1);
        await store.close();
        expect((await h.call('GET', `/api/battles/${battle.battle_id}`)).status).toBe(404);
      }
    } finally {
      await h.close();
    }
  });
});

describe('raw SQLite work (onSqlite)', () => {
  it('runs at once when no transaction is open, and never inside an open one', async () => {
    const db = await freshDatabase('sqlite');
    const store = openStore(db.url);
    try {
      await migrate(store.db, store.dialect);
      const raw = store.sqlite!;
      const count = () => raw.prepare('select count(*) from inventory').pluck().get() as number;
      expect(onSqlite(store, raw, count)).toBe(0);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const trx = store.db.transaction().execute(async (t) => {
        await t
          .insertInto('inventory')
          .values({ id: 'inv_t', user_id: 'u_t', item_id: 'i_t', quantity: 1, created_at: 0 })
          .execute();
        await held;
        throw new Error('rolled back');
      });
      while (!raw.inTransaction) await new Promise((r) => setImmediate(r));
      // Inside the open transaction its uncommitted row would count: the work must wait until it ends.
      const during = onSqlite(store, raw, count);
      expect(during).toBeInstanceOf(Promise);
      release();
      await expect(trx).rejects.toThrow('rolled back');
      expect(await during).toBe(0);
    } finally {
      await store.close();
      await db.drop();
    }
  });
});

describe('rate limits', () => {
  it('limits account creation and generation per client, with an { error }', async () => {
    const h = await startHarness('sqlite', { rateLimits: { users: 3, generate: 4, odds: 5, fights: 10 } });
    try {
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await h.call('POST', '/api/users', { username: `limited_${i}` }));
      expect(made.slice(0, 3).every((r) => r.status === 201)).toBe(true);
      expect(made[3].status).toBe(429);
      expect(made[3].body.error).toMatch(/Too many requests/);
      const gens = [];
      for (let i = 0; i < 6; i++) gens.push(await h.call('POST', '/api/characters/generate'));
      expect(gens.filter((r) => r.status === 429)).toHaveLength(2);
      expect((await h.call('GET', '/api/users')).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
