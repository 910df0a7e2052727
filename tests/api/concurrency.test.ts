// Transactions that share rows, fired at once, many rounds: every pair of economy transactions that touch the same
// player, hero or inventory row (reroll vs delete, two fights of one team in either order, purchase vs use, two
// purchases vs one use, reroll vs fight, reroll vs a hero item). app.inject calls issued together run concurrently
// against the PostgreSQL pool, so these reproduce the deadlocks of an unordered lock order (a 500 before the
// economy transaction helper, src/server/economy/transaction.ts). Each round checks: no 5xx, every refusal readable, and
// balances, heroes and inventory exactly what the successful answers imply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { grantXp } from '../../src/game/index.ts';
import { Refusal } from '../../src/server/foundation/errors.ts';
import { openStore } from '../../src/server/store/db.ts';
import {
  BUSY_MESSAGE,
  contentionSeen,
  TRANSACTION_ATTEMPTS,
  withRetries,
} from '../../src/server/economy/transaction.ts';
import { tallyShard, tallySummons } from '../../src/server/odds/fairness.ts';
import { afterPair } from '../../src/game/altar.ts';
import type { Hero } from '../../src/game/types.ts';
import {
  DATABASES,
  newPlayer,
  setBalances,
  setHeroPower,
  startHarness,
  summonHero,
  uniqueName,
  withStore,
  type Harness,
} from './helpers.ts';

const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? 30);
import { REROLL_COST } from '../../src/api/rules.ts';
const FLASK = { id: 'flask_of_essence', cost: 150, essence: 50 };
const DRAUGHT = { id: 'draught_of_insight', cost: 100, xp: 60 };

type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(DATABASES)('concurrent economy transactions on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  /** No 5xx, and every refusal is a 4xx a player can read. */
  function expectSound(answers: Answer[]) {
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
      if (a.status >= 400) expect(typeof a.body.error, JSON.stringify(a.body)).toBe('string');
    }
  }

  const balances = async (id: string) => (await h.call('GET', `/api/users/${id}`)).body;
  const heroRow = (id: string) =>
    withStore(h, (db) => db.selectFrom('heroes').selectAll().where('id', '=', id).executeTakeFirst());
  const quantity = async (userId: string, itemId: string) =>
    (
      await withStore(h, (db) =>
        db
          .selectFrom('inventory')
          .select('quantity')
          .where('user_id', '=', userId)
          .where('item_id', '=', itemId)
          .executeTakeFirst(),
      )
    )?.quantity ?? 0;
  const heroCount = async (userId: string) =>
    (
      await withStore(h, (db) =>
        db.selectFrom('users').select('hero_count').where('id', '=', userId).executeTakeFirstOrThrow(),
      )
    ).hero_count;
  const reroll = (userId: string, heroId: string) =>
    h.call('POST', `/api/heroes/${heroId}/reroll-abilities`, { user_id: userId });
  const fight = (userId: string, team: string[]) =>
    h.call('POST', '/api/battles', { user_id: userId, team_hero_ids: team, mode: 'auto' });

  /** What a hero's level and xp must be after these fights' xp, in any order (grantXp pools the xp). */
  function afterXp(hero: Hero, grants: number[]) {
    let h2 = hero;
    for (const xp of grants) h2 = grantXp(h2, xp).hero;
    return { level: h2.level, xp: h2.xp };
  }

  it(`reroll vs delete of the same hero, ${ROUNDS} rounds`, { timeout: 300_000 }, async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { summoning_scrolls: 1000, magic_essence: 100_000 });
    let rerolled = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const hero = await summonHero(h, p.id);
      const [r, d] = await Promise.all([
        reroll(p.id, hero.id),
        h.call('DELETE', `/api/heroes/${hero.id}?user_id=${p.id}`),
      ]);
      expectSound([r, d]);
      // The lock order leaves no room for contention: the delete lands, the reroll lands first or finds no hero.
      expect([200, 404]).toContain(r.status);
      expect(d.status).toBe(200);
      if (r.status === 200) rerolled++;
      expect(Boolean(await heroRow(hero.id))).toBe(d.status !== 200);
    }
    const left = (await h.call('GET', `/api/heroes?user_id=${p.id}`)).body as Hero[];
    expect(await heroCount(p.id)).toBe(left.length);
    expect((await balances(p.id)).magic_essence).toBe(100_000 - REROLL_COST * rerolled);
  });

  it(
    `two fights of the same heroes in a different order, ${ROUNDS} rounds`,
    { timeout: 300_000 },
    async () => {
      const p = await newPlayer(h);
      const [a, b] = [await summonHero(h, p.id), await summonHero(h, p.id)];
      await setHeroPower(h, a.id, 'mighty');
      const start = await balances(p.id);
      const heroes = { a: (await heroRow(a.id))!, b: (await heroRow(b.id))! };
      const { heroFromRow } = await import('../../src/server/store/hero-rows.ts');
      const xp: number[] = [];
      let gold = 0;
      let essence = 0;
      let tokens = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const answers = await Promise.all([fight(p.id, [a.id, b.id]), fight(p.id, [b.id, a.id])]);
        expectSound(answers);
        for (const f of answers) {
          expect(f.status).toBe(201);
          gold += f.body.rewards.gold;
          essence += f.body.rewards.magic_essence;
          tokens += f.body.rewards.combat_tokens;
          xp.push(f.body.rewards.xp_per_hero);
        }
      }
      const end = await balances(p.id);
      expect(end.gold).toBe(start.gold + gold);
      expect(end.magic_essence).toBe(start.magic_essence + essence);
      expect(end.combat_tokens).toBe(start.combat_tokens + tokens);
      for (const [id, row] of [
        [a.id, heroes.a],
        [b.id, heroes.b],
      ] as const) {
        const now = (await heroRow(id))!;
        expect({ level: now.level, xp: now.xp }).toEqual(afterXp(heroFromRow(row), xp));
      }
    },
  );

  async function buyAndUse(buyers: number) {
    const p = await newPlayer(h);
    const gold0 = 1_000_000;
    await setBalances(h, p.id, { gold: gold0 });
    expect((await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: FLASK.id })).status).toBe(
      200,
    );
    const essence0 = (await balances(p.id)).magic_essence;
    let bought = 1;
    let used = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const answers = await Promise.all([
        ...Array.from({ length: buyers }, () =>
          h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: FLASK.id }),
        ),
        h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: FLASK.id }),
      ]);
      expectSound(answers);
      const use = answers[buyers];
      // The flask is never out of stock (one is kept in hand), so every request lands.
      expect(use.status).toBe(200);
      used++;
      for (const b of answers.slice(0, buyers)) {
        expect(b.status).toBe(200);
        bought++;
      }
      expect(await quantity(p.id, FLASK.id)).toBe(bought - used);
    }
    expect(used).toBeGreaterThan(0);
    const end = await balances(p.id);
    expect(end.gold).toBe(gold0 - FLASK.cost * bought);
    expect(end.magic_essence).toBe(essence0 + FLASK.essence * used);
  }

  it(`a purchase vs the use of the same item, ${ROUNDS} rounds`, { timeout: 300_000 }, () => buyAndUse(1));
  it(`two purchases vs one use of the same item, ${ROUNDS} rounds`, { timeout: 300_000 }, () => buyAndUse(2));

  it(`reroll vs a fight of the same hero, ${ROUNDS} rounds`, { timeout: 300_000 }, async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { magic_essence: 100_000 });
    const [a, b] = [await summonHero(h, p.id), await summonHero(h, p.id)];
    await setHeroPower(h, a.id, 'mighty');
    const start = await balances(p.id);
    const { heroFromRow } = await import('../../src/server/store/hero-rows.ts');
    const rowBefore = (await heroRow(a.id))!;
    const before = heroFromRow(rowBefore);
    const versionBefore = rowBefore.version;
    let essence = 0;
    let gold = 0;
    const xp: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const [r, f] = await Promise.all([reroll(p.id, a.id), fight(p.id, [a.id, b.id])]);
      expectSound([r, f]);
      expect(r.status).toBe(200);
      expect(f.status).toBe(201);
      essence += f.body.rewards.magic_essence - REROLL_COST;
      gold += f.body.rewards.gold;
      xp.push(f.body.rewards.xp_per_hero);
    }
    const end = await balances(p.id);
    expect(end.magic_essence).toBe(start.magic_essence + essence);
    expect(end.gold).toBe(start.gold + gold);
    // Each reroll lands on the hero as the fights left it: no xp is lost, and its version counts every write.
    const row = (await heroRow(a.id))!;
    const now = heroFromRow(row);
    expect({ level: now.level, xp: now.xp }).toEqual(afterXp(before, xp));
    expect(row.version).toBe(versionBefore + ROUNDS + xp.filter((x) => x > 0).length);
  });

  it(`reroll vs a hero item used on the same hero, ${ROUNDS} rounds`, { timeout: 300_000 }, async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { magic_essence: 100_000, gold: 1_000_000 });
    const hero = await summonHero(h, p.id);
    const { heroFromRow } = await import('../../src/server/store/hero-rows.ts');
    const before = heroFromRow((await heroRow(hero.id))!);
    const start = await balances(p.id);
    let rerolls = 0;
    const xp: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      expect(
        (await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: DRAUGHT.id })).status,
      ).toBe(200);
      const [r, u] = await Promise.all([
        reroll(p.id, hero.id),
        h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: DRAUGHT.id, hero_id: hero.id }),
      ]);
      expectSound([r, u]);
      expect(r.status).toBe(200);
      expect([200, 400]).toContain(u.status);
      rerolls++;
      if (u.status === 200) xp.push(DRAUGHT.xp);
      if (u.status === 400) expect(u.body.error).toMatch(/highest level/);
    }
    const end = await balances(p.id);
    expect(end.magic_essence).toBe(start.magic_essence - REROLL_COST * rerolls);
    expect(end.gold).toBe(start.gold - DRAUGHT.cost * ROUNDS);
    expect(await quantity(p.id, DRAUGHT.id)).toBe(ROUNDS - xp.length);
    const now = heroFromRow((await heroRow(hero.id))!);
    expect({ level: now.level, xp: now.xp }).toEqual(afterXp(before, xp));
  });

  it('many purchases at once by two players, one who can afford only seven: each answered on its own', async () => {
    const [poor, rich] = [await newPlayer(h), await newPlayer(h)];
    await setBalances(h, poor.id, { gold: 7 * DRAUGHT.cost });
    await setBalances(h, rich.id, { gold: 1_000_000 });
    const buy = (userId: string) =>
      h.call('POST', '/api/shop/purchase', { user_id: userId, item_id: DRAUGHT.id });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => buy(poor.id)),
      ...Array.from({ length: 20 }, () => buy(rich.id)),
    ]);
    expectSound(answers);
    const poorAnswers = answers.slice(0, 20).map((a) => a.status);
    expect(poorAnswers.filter((s) => s === 200)).toHaveLength(7);
    expect(poorAnswers.filter((s) => s === 400)).toHaveLength(13);
    expect(answers.slice(0, 20).find((a) => a.status === 400)!.body).toEqual({ error: 'Insufficient gold' });
    expect(answers.slice(20).every((a) => a.status === 200)).toBe(true);
    expect((await balances(poor.id)).gold).toBe(0);
    expect((await balances(rich.id)).gold).toBe(1_000_000 - 20 * DRAUGHT.cost);
    expect(await quantity(poor.id, DRAUGHT.id)).toBe(7);
    expect(await quantity(rich.id, DRAUGHT.id)).toBe(20);
  });

  it.runIf(kind === 'sqlite')(
    'SQLite answers a change only once its WAL is flushed to disk; reads never wait for the flush',
    async () => {
      const opens: (() => void)[] = [];
      const held = await startHarness('sqlite', {
        walFlush: () => new Promise<void>((resolve) => opens.push(resolve)),
      });
      try {
        const store = openStore(held.db.url);
        try {
          expect(store.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
        } finally {
          await store.close();
        }
        let answered = false;
        const created = held.call('POST', '/api/users', { username: uniqueName('wal') }).then((r) => {
          answered = true;
          return r;
        });
        while (opens.length === 0) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setTimeout(r, 100));
        expect(answered).toBe(false);
        expect((await held.call('GET', '/api/shop')).status).toBe(200); // a read is not held
        opens.forEach((open) => open());
        expect((await created).status).toBe(201);
      } finally {
        await held.close();
      }
    },
  );

  it.runIf(kind === 'postgres')(
    'a real deadlock with an outside transaction is retried, never a 500',
    { timeout: 60_000 },
    async () => {
      const p = await newPlayer(h);
      const hero = await summonHero(h, p.id);
      const gold0 = (await balances(p.id)).gold;
      // An outside session takes the hero, then the player: the reverse of the economy's order.
      const outside = new pg.Client({ connectionString: h.db.url });
      await outside.connect();
      try {
        await outside.query('begin');
        await outside.query('select 1 from heroes where id = $1 for update', [hero.id]);
        const rerolled = reroll(p.id, hero.id); // holds the player, waits for the hero
        await new Promise((r) => setTimeout(r, 300));
        // The outside change is a sound one (its ledger entry first, as the wallet writes it): only the lock order
        // is at stake here.
        await outside.query(
          `insert into ledger (user_id, currency, delta, balance_after, reason, ref, created_at)
           select id, 'gold', 1, gold + 1, 'adjustment', null, 0 from users where id = $1`,
          [p.id],
        );
        const took = await outside
          .query('update users set gold = gold + 1 where id = $1', [p.id])
          .then(() => true)
          .catch((err: { code?: string }) => {
            expect(err.code).toBe('40P01'); // PostgreSQL broke the cycle on this side
            return false;
          });
        await outside.query(took ? 'commit' : 'rollback');
        const r = await rerolled;
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const end = await balances(p.id);
        expect(end.gold).toBe(gold0 + (took ? 1 : 0));
        expect(end.magic_essence).toBe(r.body.user.magic_essence);
      } finally {
        await outside.end();
      }
    },
  );

  it(
    '50 players summon at once, each with a double tap: no deadlock, no call run again, one pair each paid and counted once, pity exact',
    { timeout: 120_000 },
    async () => {
      const players = await Promise.all(Array.from({ length: 50 }, () => newPlayer(h, 'race')));
      const tally = async () =>
        (await withStore(h, (db) => db.selectFrom('summon_tallies').select('drawn').execute())).reduce(
          (n, r) => n + Number(r.drawn),
          0,
        );
      const drawn0 = await tally();
      const deadlocks0 = contentionSeen.get('40P01') ?? 0;
      const retried0 = [...contentionSeen.values()].reduce((a, b) => a + b, 0);
      const slowest = { ms: 0 };
      const summon = async (userId: string) => {
        const t = performance.now();
        const r = await h.call('POST', '/api/characters/generate', {
          user_id: userId,
          generation_id: `gen_race_${userId}`,
        });
        slowest.ms = Math.max(slowest.ms, performance.now() - t);
        return r;
      };
      const answers = await Promise.all(players.flatMap((p) => [summon(p.id), summon(p.id)]));
      expectSound(answers);
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(answers.filter((a) => a.body.charged)).toHaveLength(50);
      console.log(
        `50 players summoning at once on ${kind} (a double tap each): the slowest answered in ${slowest.ms.toFixed(0)} ms`,
      );
      expect(contentionSeen.get('40P01') ?? 0).toBe(deadlocks0);
      expect([...contentionSeen.values()].reduce((a, b) => a + b, 0)).toBe(retried0);
      expect(await tally()).toBe(drawn0 + 50 * 2);
      for (const p of players) {
        expect((await balances(p.id)).summoning_scrolls).toBe(p.summoning_scrolls - 1);
        // the counters are what the player's pair makes of a fresh start
        const history = await withStore(h, (db) =>
          db
            .selectFrom('summon_history')
            .select('rarities')
            .where('user_id', '=', p.id)
            .orderBy('seq')
            .execute(),
        );
        expect(history).toHaveLength(1);
        const expected = history.reduce(
          (c, r) => afterPair(c, Math.max(...(JSON.parse(r.rarities) as number[]))),
          {} as Record<number, number>,
        );
        const pity = await withStore(h, (db) =>
          db.selectFrom('summon_pity').select(['rarity', 'since_last']).where('user_id', '=', p.id).execute(),
        );
        for (const r of pity) expect(r.since_last, `${p.id} ${r.rarity}★`).toBe(expected[r.rarity] ?? 0);
      }
    },
  );

  it.runIf(kind === 'postgres')(
    "a summon counts its rarities in rarity order: waiting on the lowest row, it holds no higher one (two summons never lock each other's in a circle)",
    { timeout: 60_000 },
    async () => {
      const store = openStore(h.db.url, { poolSize: 1 });
      const [holder, prober] = [h.db.url, h.db.url].map((u) => new pg.Client({ connectionString: u }));
      await Promise.all([holder.connect(), prober.connect()]);
      const userId = 'u_tally_order';
      const shard = tallyShard(userId);
      try {
        await store.db
          .insertInto('summon_tallies')
          .values([1, 3].map((rarity) => ({ rarity, shard, drawn: 0 })))
          .onConflict((oc) => oc.columns(['rarity', 'shard']).doNothing())
          .execute();
        await holder.query('begin');
        await holder.query('select 1 from summon_tallies where rarity = 1 and shard = $1 for update', [
          shard,
        ]);
        // a draw of a 3★ then a 1★ hero, counted while the 1★ row is held elsewhere
        const counting = store.db.transaction().execute((trx) => tallySummons(trx, userId, [3, 1]));
        await expect
          .poll(
            async () =>
              (
                await prober.query(
                  "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
                )
              ).rows[0].n,
          )
          .toBe(1);
        // the count waits on the 1★ row and has not taken the 3★ one: another draw may take it at once
        await prober.query('begin');
        await prober.query('select 1 from summon_tallies where rarity = 3 and shard = $1 for update nowait', [
          shard,
        ]);
        await prober.query('rollback');
        await holder.query('commit');
        await counting;
        const rows = await store.db
          .selectFrom('summon_tallies')
          .selectAll()
          .where('shard', '=', shard)
          .where('rarity', 'in', [1, 3])
          .execute();
        expect(rows.every((r) => Number(r.drawn) >= 1)).toBe(true);
      } finally {
        await Promise.all([holder.end(), prober.end()]);
        await store.close();
      }
    },
  );
});

describe('retries on contention', () => {
  it('runs the work again after a deadlock or serialization failure', async () => {
    let calls = 0;
    const answer = await withRetries(async () => {
      if (++calls < 3)
        throw Object.assign(new Error('deadlock detected'), { code: calls === 1 ? '40P01' : '40001' });
      return 'done';
    });
    expect({ answer, calls }).toEqual({ answer: 'done', calls: 3 });
  });

  it('answers 409 with a readable error once the attempts are spent', async () => {
    let calls = 0;
    const failed = await withRetries(async () => {
      calls++;
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Refusal);
    expect(failed).toMatchObject({ status: 409, message: BUSY_MESSAGE });
    expect(calls).toBe(TRANSACTION_ATTEMPTS);
  });

  it('passes any other error through at once', async () => {
    let calls = 0;
    const boom = new Error('boom');
    await expect(
      withRetries(async () => {
        calls++;
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(calls).toBe(1);
  });
});
