// Training on the real server, on SQLite and PostgreSQL: a level for its gold price (src/game/data/training.ts),
// entered in the ledger; the hero grows and its version rises (so its odds are asked again); too little gold, the
// cap, another player's hero and odd input are refused and change nothing; concurrent clicks never overspend and a
// repeated Idempotency-Key pays once. And the sync: a new pull arrives at the level and training of the weakest of
// the player's best four (src/game/training.ts syncOf).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrainResponse } from '../../src/api/heroes.ts';
import { MAX_TRAINING, trainingCost } from '../../src/game/data/training.ts';
import { withTraining } from '../../src/game/training.ts';
import { auditLedger } from '../../src/server/economy/ledger.ts';
import { heroColumns, heroFromRow } from '../../src/server/store/hero-rows.ts';
import {
  DATABASES,
  giveHero,
  newPlayer,
  setBalances,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

describe.each(DATABASES)('training on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const gold = async (id: string) => (await h.call('GET', `/api/users/${id}`)).body.gold as number;
  const hero = async (id: string) => (await h.call('GET', `/api/heroes/${id}`)).body;
  const train = (heroId: string, userId: string, key?: string) =>
    h.app.inject({
      method: 'POST',
      url: `/api/heroes/${heroId}/train`,
      payload: { user_id: userId },
      headers: key ? { 'idempotency-key': key } : {},
    });

  it('trains a level for its gold, in the ledger; the hero grows and its version rises', async () => {
    const p = await newPlayer(h);
    const before = await giveHero(h, p.id, 2, 3);
    await setBalances(h, p.id, { gold: 5000 });
    const read = await hero(before.id);
    const r = await train(before.id, p.id);
    expect(r.statusCode).toBe(200);
    const trained = TrainResponse.parse(r.json());
    expect(trained.training).toBe(1);
    expect(trained.cost).toBe(trainingCost(0));
    expect(trained.user.gold).toBe(5000 - trainingCost(0));
    expect(trained.atk).toBe(withTraining(before, 1).atk);
    expect(trained.max_hp).toBeGreaterThan(before.max_hp);
    expect(trained.version).toBe(read.version + 1);
    expect(await hero(before.id)).toMatchObject({ training: 1, atk: trained.atk, version: trained.version });
    const second = TrainResponse.parse((await train(before.id, p.id)).json());
    expect(second.training).toBe(2);
    expect(second.cost).toBe(trainingCost(1));
    expect(await gold(p.id)).toBe(5000 - trainingCost(0) - trainingCost(1));
    const ledger = (await h.call('GET', `/api/users/${p.id}/ledger?currency=gold`)).body.entries;
    expect(ledger.filter((e: { reason: string }) => e.reason === 'training')).toHaveLength(2);
    expect((await withStore(h, (db) => auditLedger(db))).differences).toEqual([]);
  });

  it('refuses too little gold, naming the price, and changes nothing', async () => {
    const p = await newPlayer(h);
    const x = await giveHero(h, p.id, 1);
    await setBalances(h, p.id, { gold: trainingCost(0) - 1 });
    const r = await train(x.id, p.id);
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe(`Insufficient gold (requires ${trainingCost(0)})`);
    expect(await gold(p.id)).toBe(trainingCost(0) - 1);
    expect((await hero(x.id)).training).toBeUndefined();
  });

  it('refuses the cap, another player, a missing hero and odd input', async () => {
    const p = await newPlayer(h);
    const other = await newPlayer(h);
    const x = await giveHero(h, p.id, 1);
    await withStore(h, async (db) => {
      const row = await db.selectFrom('heroes').selectAll().where('id', '=', x.id).executeTakeFirstOrThrow();
      const top = withTraining(heroFromRow(row), MAX_TRAINING);
      await db.updateTable('heroes').set(heroColumns(top)).where('id', '=', x.id).execute();
    });
    await setBalances(h, p.id, { gold: 1_000_000 });
    const capped = await train(x.id, p.id);
    expect(capped.statusCode).toBe(409);
    expect(capped.json().error).toBe('This hero has all the training there is');
    expect((await train(x.id, other.id)).statusCode).toBe(403);
    expect((await train('h_missing', p.id)).statusCode).toBe(404);
    const odd = await h.app.inject({
      method: 'POST',
      url: `/api/heroes/${x.id}/train`,
      payload: { user_id: 7 },
    });
    expect(odd.statusCode).toBe(400);
    expect(await gold(p.id)).toBe(1_000_000);
  });

  it('never overspends under concurrent clicks, and pays once for a repeated key', async () => {
    const p = await newPlayer(h);
    const x = await giveHero(h, p.id, 1);
    const purse = trainingCost(0) + trainingCost(1) + trainingCost(2);
    await setBalances(h, p.id, { gold: purse + 10 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => train(x.id, p.id)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(3);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(await gold(p.id)).toBe(10);
    expect((await hero(x.id)).training).toBe(3);

    await setBalances(h, p.id, { gold: 100_000 });
    const twice = await Promise.all([train(x.id, p.id, 'train-key-1'), train(x.id, p.id, 'train-key-1')]);
    expect(twice.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await hero(x.id)).training).toBe(4);
    expect(await gold(p.id)).toBe(100_000 - trainingCost(3));
  });

  it('brings a new pull to the level and training of the weakest of the best four', async () => {
    const p = await newPlayer(h);
    const ids = [];
    for (const level of [9, 8, 8, 6, 2]) ids.push((await giveHero(h, p.id, 1, level)).id);
    await setBalances(h, p.id, { gold: 1_000_000 });
    for (const [i, id] of ids.entries()) for (let t = 0; t < [3, 5, 2, 4, 9][i]; t++) await train(id, p.id);
    const pulled = await summonHero(h, p.id);
    expect(pulled.level).toBe(6);
    expect(pulled.training).toBe(3);
    expect(pulled.xp).toBe(0);
  });
});
