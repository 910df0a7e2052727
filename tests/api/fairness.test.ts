// GET /api/fairness (public): after real fights and real summons the figures are exactly what the store holds —
// each bucket's fights and wins counted from the battles rows themselves, each rarity's count from the candidates
// the summons answered — and they outlive the sweep that forgets fights and candidates. The balance measure runs
// in the background, is kept under its rules version and read back by the next instance. Bad queries are 400s.
import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../src/server/store/battle-record.ts';
import { FairnessResponse } from '../../src/api/fairness.ts';
import {
  ALTAR,
  consolidatedRates,
  RARITY_ODDS,
  generateHero,
  wilsonInterval,
  type Hero,
} from '../../src/game/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { openStore } from '../../src/server/store/db.ts';
import { heroRow } from '../../src/server/store/hero-rows.ts';
import { migrationsFor } from '../../src/server/store/migrations.ts';
import { pruneFights } from '../../src/server/sweep.ts';
import {
  DATABASES,
  freshDatabase,
  newPlayer,
  setBalances,
  setHeroPower,
  startHarness,
  withStore,
  type Harness,
} from './helpers.ts';

/** The answer, which must be exactly the schema's shape: parsing neither fails nor strips nor changes a thing. */
function exactly(r: { status: number; body: unknown }): FairnessResponse {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const parsed = FairnessResponse.parse(r.body);
  expect(parsed).toEqual(r.body);
  return parsed;
}

async function read(app: FastifyInstance, url = '/api/fairness') {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as unknown };
}

/** A paid summon of two candidates, keeping the first: answers both candidates (what the tally must count). */
async function summonPair(h: Harness, userId: string): Promise<{ kept: Hero; drawn: Hero[] }> {
  const generation_id = `gen_${randomBytes(8).toString('hex')}`;
  const drawn: Hero[] = [];
  for (let i = 0; i < 2; i++) {
    const r = await h.call('POST', '/api/characters/generate', { user_id: userId, generation_id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    drawn.push(r.body as Hero);
  }
  const saved = await h.call('POST', '/api/heroes', { user_id: userId, character_data: drawn[0] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return { kept: saved.body as Hero, drawn };
}

interface StoredFight {
  kind: string;
  probability: number;
  won: boolean;
}

/** Every finished auto fight as its row says: kind, the stated chance kept in its record, won or lost. */
async function storedFights(h: Harness): Promise<StoredFight[]> {
  const rows = await withStore(h, (db) =>
    db
      .selectFrom('battles')
      .select(['location_type', 'status', 'record'])
      .where('kind', '=', 'auto')
      .execute(),
  );
  return rows.map((r) => ({
    kind: r.location_type,
    probability: readRecord(r).probability,
    won: r.status === 'won',
  }));
}

/** The buckets as the rows give them: `n` equal ranges of stated chance, 100% in the last. */
function expectedBuckets(fights: StoredFight[], n: number) {
  const b = Array.from({ length: n }, () => ({ fights: 0, won: 0, stated: 0 }));
  for (const f of fights) {
    const i = Math.min(n - 1, Math.floor(f.probability * n + 1e-9));
    b[i].fights++;
    if (f.won) b[i].won++;
    b[i].stated += f.probability;
  }
  return b;
}

function expectMatches(answer: FairnessResponse['fights'], fights: StoredFight[], n: number) {
  const expected = expectedBuckets(fights, n);
  expect(answer.buckets).toHaveLength(n);
  expect(answer.fights).toBe(fights.length);
  expect(answer.won).toBe(fights.filter((f) => f.won).length);
  answer.buckets.forEach((bucket, i) => {
    const e = expected[i];
    expect(bucket.from).toBeCloseTo(i / n, 12);
    expect(bucket.to).toBeCloseTo((i + 1) / n, 12);
    expect({ fights: bucket.fights, won: bucket.won }).toEqual({ fights: e.fights, won: e.won });
    if (e.fights === 0) {
      expect(bucket).toMatchObject({ stated: null, observed: null, interval: null });
      return;
    }
    expect(bucket.observed).toBe(e.won / e.fights);
    expect(bucket.stated!).toBeCloseTo(e.stated / e.fights, 9);
    expect(bucket.stated!).toBeGreaterThanOrEqual(bucket.from - 1e-9);
    expect(bucket.stated!).toBeLessThanOrEqual(bucket.to + 1e-9);
    expect(bucket.interval).toEqual(wilsonInterval(e.won / e.fights, e.fights));
    expect(bucket.interval!.low).toBeLessThanOrEqual(bucket.observed!);
    expect(bucket.interval!.high).toBeGreaterThanOrEqual(bucket.observed!);
  });
}

describe.each(DATABASES)('fairness figures on %s', (kind) => {
  let h: Harness;
  const drawn: Hero[] = [];
  beforeAll(async () => {
    // Counts read anew on every request (the 30 s cache has its own test); a small balance sample.
    h = await startHarness(kind, { fairnessTtlMs: 0, fairnessBattles: 600 });
  });
  afterAll(async () => h?.close());

  it('answers anyone, no player needed: nothing counted yet, the stated odds, the balance being measured', async () => {
    const r = exactly(await h.call('GET', '/api/fairness'));
    expect(r.fights).toMatchObject({ kind: 'all', fights: 0, won: 0, stated: null });
    expect(r.fights.buckets).toHaveLength(10);
    expect(r.fights.buckets.every((b) => b.fights === 0 && b.observed === null)).toBe(true);
    expect(r.fights.by_kind).toEqual([
      { kind: 'arena', fights: 0, won: 0 },
      { kind: 'dungeon', fights: 0, won: 0 },
      { kind: 'random', fights: 0, won: 0 },
      { kind: 'campaign', fights: 0, won: 0 },
    ]);
    expect(r.summons.drawn).toBe(0);
    expect(r.summons.rarities.map((x) => x.base)).toEqual([...RARITY_ODDS]);
    // The stated share is the long-run one with the pity included: the exact figure, to 0.1 points.
    const exact = consolidatedRates(ALTAR.rates, ALTAR.pity);
    r.summons.rarities.forEach((x, i) =>
      expect(Math.abs(x.stated - exact[i]) * 100).toBeLessThanOrEqual(0.1),
    );
    expect(r.summons.pity).toEqual(ALTAR.pity.map((p) => ({ rarity: p.rarity, within: p.within })));
    expect(r.balance.status).toBe('computing');
    expect(r.balance.race).toEqual([]);
  });

  it('counts every candidate a paid summon draws, by rarity (a free preview counts nothing)', async () => {
    const p = await newPlayer(h, 'fsum');
    await setBalances(h, p.id, { summoning_scrolls: 12 });
    for (let i = 0; i < 12; i++) drawn.push(...(await summonPair(h, p.id)).drawn);
    const preview = await h.call('POST', '/api/characters/generate');
    expect(preview.status).toBe(200);
    const r = exactly(await h.call('GET', '/api/fairness'));
    expect(r.summons.drawn).toBe(24);
    for (const share of r.summons.rarities) {
      const n = drawn.filter((c) => c.rarity === share.rarity).length;
      expect(share).toEqual({
        rarity: share.rarity,
        base: RARITY_ODDS[share.rarity - 1],
        stated: ALTAR.consolidated[share.rarity - 1].chance,
        drawn: n,
        observed: n / 24,
        interval: wilsonInterval(n / 24, 24),
      });
    }
  });

  it('counts every fight at the chance it stated, won or lost, exactly as the battles rows say', async () => {
    {
      const p = await newPlayer(h, 'ffight');
      await setBalances(h, p.id, { summoning_scrolls: 10, gold: 5000, combat_tokens: 100 });
      const [mighty, feeble, c, d] = [
        (await summonPair(h, p.id)).kept,
        (await summonPair(h, p.id)).kept,
        (await summonPair(h, p.id)).kept,
        (await summonPair(h, p.id)).kept,
      ];
      await setHeroPower(h, mighty.id, 'mighty');
      await setHeroPower(h, feeble.id, 'feeble');
      const quick = async (team: string[]) =>
        (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: team, mode: 'auto' })).body;
      // Known outcomes: the mighty hero wins at 100%, the feeble one loses at 0%.
      for (let i = 0; i < 3; i++)
        expect(await quick([mighty.id])).toMatchObject({ status: 'won', probability: 1 });
      for (let i = 0; i < 3; i++)
        expect(await quick([feeble.id])).toMatchObject({ status: 'lost', probability: 0 });
      // And fights at whatever odds two ordinary heroes meet.
      for (let i = 0; i < 6; i++) expect(['won', 'lost']).toContain((await quick([c.id, d.id])).status);
      const duel = async (hero: string, opponent: string) =>
        (
          await h.call('POST', '/api/arena/battle', {
            user_id: p.id,
            attacker_hero_id: hero,
            opponent_id: opponent,
          })
        ).body;
      expect(await duel(mighty.id, 'npc_void_archon')).toMatchObject({ status: 'won', probability: 1 });
      expect(await duel(feeble.id, 'npc_woods_poacher')).toMatchObject({ status: 'lost', probability: 0 });
      for (let i = 0; i < 3; i++)
        expect(['won', 'lost']).toContain((await duel(c.id, 'npc_woods_poacher')).status);
      const run = (
        await h.call('POST', '/api/dungeons/sunken_mines/start', {
          user_id: p.id,
          team_hero_ids: [mighty.id],
          abandon_active: true,
        })
      ).body;
      for (let floor = 1; floor <= run.floors; floor++)
        expect((await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, {})).body.status).toBe('won');
      const lost = (
        await h.call('POST', '/api/dungeons/void_sanctum/start', {
          user_id: p.id,
          team_hero_ids: [feeble.id],
          abandon_active: true,
        })
      ).body;
      expect((await h.call('POST', `/api/dungeon-runs/${lost.id}/battle`, {})).body.status).toBe('lost');
    }
    const fights = await storedFights(h);
    expect(fights.length).toBe(3 + 3 + 6 + 2 + 3 + 4 + 1);
    const all = exactly(await h.call('GET', '/api/fairness'));
    expectMatches(all.fights, fights, 10);
    // The known outcomes sit at the ends: every 100% fight won, every 0% fight lost.
    expect(all.fights.buckets[9].fights).toBeGreaterThanOrEqual(3 + 1 + 4);
    expect(all.fights.buckets[0].fights).toBeGreaterThanOrEqual(3 + 1 + 1);
    expect(fights.filter((f) => f.probability === 1).every((f) => f.won)).toBe(true);
    expect(fights.filter((f) => f.probability === 0).every((f) => !f.won)).toBe(true);
    for (const k of ['arena', 'dungeon', 'random'] as const) {
      const mine = fights.filter((f) => f.kind === k);
      expect(all.fights.by_kind.find((x) => x.kind === k)).toEqual({
        kind: k,
        fights: mine.length,
        won: mine.filter((f) => f.won).length,
      });
      const one = exactly(await h.call('GET', `/api/fairness?kind=${k}&buckets=20`));
      expect(one.fights.kind).toBe(k);
      expect(one.fights.by_kind).toEqual(all.fights.by_kind);
      expectMatches(one.fights, mine, 20);
    }
    expectMatches(exactly(await h.call('GET', '/api/fairness?buckets=4')).fights, fights, 4);
  });

  it('keeps counting what the sweep forgets: pruned fights and candidates still count', async () => {
    const before = exactly(await h.call('GET', '/api/fairness'));
    expect(before.fights.fights).toBeGreaterThan(0);
    expect(before.summons.drawn).toBeGreaterThan(0);
    const forgotten = await withStore(h, async (db) => {
      const fights = await pruneFights(db, 0);
      await db.deleteFrom('candidates').execute();
      return fights;
    });
    expect(forgotten).toBeGreaterThan(0);
    expect(await storedFights(h)).toEqual([]);
    const after = exactly(await h.call('GET', '/api/fairness'));
    expect(after.fights).toEqual(before.fights);
    expect(after.summons).toEqual(before.summons);
  });

  it('refuses a bad query with a 400 and an { error }, never a 5xx', async () => {
    for (const query of [
      'kind=sideways',
      'kind=',
      'kind=ALL',
      'buckets=7',
      'buckets=0',
      'buckets=-10',
      'buckets=1000000',
      'buckets=10.5',
      'buckets=ten',
      'buckets=',
      'buckets=1e400',
      'kind=arena&buckets=3',
      'kind=all&kind=arena',
    ]) {
      const r = await h.call('GET', `/api/fairness?${query}`);
      expect({ query, status: r.status }).toEqual({ query, status: 400 });
      expect(typeof r.body.error, query).toBe('string');
    }
    expect((await h.call('GET', '/api/fairness?kind=dungeon&buckets=50&other=ignored')).status).toBe(200);
  });

  it('measures the balance in the background, keeps it under its rules version, and the next instance reads it', async () => {
    let balance = exactly(await h.call('GET', '/api/fairness')).balance;
    for (let i = 0; balance.status === 'computing' && i < 600; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      balance = exactly(await h.call('GET', '/api/fairness')).balance;
    }
    expect(balance.status).toBe('ready');
    expect(balance).toMatchObject({ battles: 600, team_size: 4, levels: [1, 3, 5, 7, 10] });
    expect(balance.gate).toEqual({ low: 0.42, high: 0.58 });
    expect(balance.rules).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(balance.race.map((e) => e.id).sort()).toHaveLength(8);
    expect(balance.class).toHaveLength(10);
    expect(balance.type.map((e) => e.name).sort()).toEqual(['Damage', 'Support', 'Tank']);
    // Every appearance is counted once under its race, once under its class and once under its type.
    const appearances = (balance.battles - balance.draws) * 2 * balance.team_size;
    for (const group of [balance.race, balance.class, balance.type]) {
      expect(group.reduce((n, e) => n + e.games, 0)).toBe(appearances);
      expect(group.reduce((n, e) => n + e.wins, 0)).toBe(appearances / 2);
      for (const e of group) {
        expect(e.rate).toBe(e.wins / e.games);
        expect(e.interval.low).toBeLessThan(e.rate);
        expect(e.interval.high).toBeGreaterThan(e.rate);
        // Teammates share an outcome: the interval is wider than one over independent appearances.
        const naive = wilsonInterval(e.rate, e.games)!;
        expect(e.interval.high - e.interval.low).toBeGreaterThan(naive.high - naive.low);
      }
      const rates = group.map((e) => e.rate);
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
    }

    // Another instance on the same database, same rules and sample: reads the kept measure, measures nothing.
    const other = await buildApp({
      databaseUrl: h.db.url,
      rateLimits: false,
      webRoot: null,
      oddsThreads: 1,
      fairnessBattles: 600,
    });
    try {
      let again = exactly(await read(other)).balance;
      for (let i = 0; again.status === 'computing' && i < 600; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = FairnessResponse.parse(
          (await other.inject({ method: 'GET', url: '/api/fairness' })).json(),
        ).balance;
      }
      expect(again).toEqual(balance);
    } finally {
      await other.close();
    }
    const kept = await withStore(h, (db) => db.selectFrom('balance_measures').select('rules').execute());
    expect(kept).toEqual([{ rules: balance.rules }]);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const get = doc.paths['/api/fairness'].get;
    expect(get.parameters.map((x: { name: string }) => x.name).sort()).toEqual(['buckets', 'kind']);
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});

describe.each(DATABASES)('fairness counts kept before the tallies, on %s', (kind) => {
  it('the migration starts the tallies from the fights, candidates and kept heroes already stored', async () => {
    const db = await freshDatabase(kind);
    try {
      const store = openStore(db.url, { poolSize: 1 });
      const migrator = new Migrator({
        db: store.db,
        provider: { getMigrations: async () => migrationsFor(store.dialect) },
      });
      const up = await migrator.migrateTo('0012_rate_limits');
      expect(up.error).toBeUndefined();
      const fight = (id: string, location_type: string, probability: number, status: string) => ({
        id,
        user_id: 'u_old',
        kind: 'auto',
        location_type,
        location: 'Somewhere',
        status,
        team_hero_ids: '[]',
        result: JSON.stringify({ probability, status }),
        created_at: 1,
        updated_at: 1,
      });
      await store.db
        .insertInto('battles')
        .values([
          fight('b1', 'arena', 0.29, 'won'),
          fight('b2', 'arena', 0.2, 'lost'),
          fight('b3', 'dungeon', 1, 'won'),
          fight('b4', 'random', 0, 'lost'),
          fight('b5', 'random', 0.57, 'won'),
          // A turn-based battle states no roll's odds: not counted.
          { ...fight('b6', 'random', 0.5, 'won'), kind: 'turn_based' },
          { ...fight('b7', 'random', 0.5, 'active'), kind: 'auto' },
        ])
        .execute();
      const hero = (seed: number, id: string) => generateHero(seed, { id, userId: 'u_old' });
      const pending = [hero(11, 'h_c1'), hero(12, 'h_c2')];
      const keptGone = hero(13, 'h_k1'); // kept; its candidate row swept
      const keptStored = hero(14, 'h_k2'); // kept; its candidate row still there (counted once)
      await store.db
        .insertInto('candidates')
        .values(
          [...pending, keptStored].map((c, i) => ({
            id: c.id,
            user_id: 'u_old',
            generation_id: `g${i}`,
            hero: JSON.stringify(c),
            saved: c === keptStored ? 1 : 0,
            slot: 1,
            created_at: 1,
          })),
        )
        .execute();
      await store.db
        .insertInto('heroes')
        .values([
          heroRow(keptGone, { user_id: 'u_old', generation_id: 'g_old', created_at: 1 }),
          heroRow(keptStored, { user_id: 'u_old', generation_id: 'g2', created_at: 1 }),
        ])
        .execute();
      await store.close();

      const app = await buildApp({ databaseUrl: db.url, rateLimits: false, webRoot: null, oddsThreads: 1 });
      try {
        const r = exactly(await read(app, '/api/fairness?buckets=10'));
        expect(r.fights.by_kind).toEqual([
          { kind: 'arena', fights: 2, won: 1 },
          { kind: 'dungeon', fights: 1, won: 1 },
          { kind: 'random', fights: 2, won: 1 },
          { kind: 'campaign', fights: 0, won: 0 },
        ]);
        expect(r.fights.buckets.map((b) => [b.fights, b.won])).toEqual([
          [1, 0],
          [0, 0],
          [2, 1],
          [0, 0],
          [0, 0],
          [1, 1],
          [0, 0],
          [0, 0],
          [0, 0],
          [1, 1],
        ]);
        expect(r.fights.buckets[2].stated).toBeCloseTo((0.29 + 0.2) / 2, 12);
        const counted = [...pending, keptGone, keptStored];
        expect(r.summons.drawn).toBe(4);
        for (const s of r.summons.rarities)
          expect(s.drawn).toBe(counted.filter((c) => c.rarity === s.rarity).length);
      } finally {
        await app.close();
      }
    } finally {
      await db.drop();
    }
  });
});

describe('fairness read', () => {
  it('answers from its counts for 30 s (as_of says when they were read), and is limited per client', async () => {
    const h = await startHarness('sqlite', { rateLimits: { users: 10, generate: 10, odds: 3, fights: 120 } });
    try {
      const first = exactly(await h.call('GET', '/api/fairness'));
      const p = await newPlayer(h, 'fcache');
      await summonPair(h, p.id);
      const second = exactly(await h.call('GET', '/api/fairness'));
      expect(second.as_of).toBe(first.as_of);
      expect(second.summons.drawn).toBe(0);
      const reads = [await h.call('GET', '/api/fairness'), await h.call('GET', '/api/fairness')];
      expect(reads.map((r) => r.status)).toEqual([200, 429]);
      expect(reads[1].body.error).toMatch(/Too many requests/);
    } finally {
      await h.close();
    }
  });
});
