// The Idempotency-Key mechanism itself (src/server/http/idempotency.ts) on a real SQLite file and a real PostgreSQL
// database: a bare Fastify app with the plugin and two routes, one opted in with its one line. Its handler does what
// each test asks — answer, refuse, fail with a 500 or a transient 409, or hold until released — and counts its runs,
// so each rule is seen from outside: what is stored, what is released for a retry, how a duplicate waits, what a
// claim left by a request that died answers, when a key expires and the sweep forgets it.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { answerSerializer } from '../../src/server/foundation/contract-json.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setClock } from '../../src/server/foundation/clock.ts';
import { busy, badRequest, handleError } from '../../src/server/foundation/errors.ts';
import {
  CLAIM_LEASE_S,
  honourIdempotencyKeys,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_TTL_S,
} from '../../src/server/http/idempotency.ts';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { migrate } from '../../src/server/store/migrations.ts';
import { sweepStale } from '../../src/server/sweep.ts';
import { DATABASES, freshDatabase, type TestDatabase } from './helpers.ts';

type Step = 'answer' | 'refuse' | 'fail' | 'busy' | 'hold';

describe.each(DATABASES)('Idempotency-Key on %s', (kind) => {
  let database: TestDatabase;
  let store: Store;
  let app: FastifyInstance;
  let now = 1_800_000_000_000;
  /** What the opted-in route does next (then 'answer'), and how many times each route ran. */
  let next: Step[] = [];
  let runs = 0;
  let plainRuns = 0;
  let release: () => void = () => {};
  let entered: () => void = () => {};

  beforeAll(async () => {
    setClock(() => now);
    database = await freshDatabase(kind);
    store = openStore(database.url);
    await migrate(store.db, store.dialect);
    app = Fastify().withTypeProvider();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(({ schema }) => answerSerializer(schema));
    app.setErrorHandler(handleError);
    honourIdempotencyKeys(app, store);
    app.post('/t/pay', {
      config: { idempotent: true },
      schema: { body: z.object({ amount: z.number() }) },
      handler: async (req) => {
        runs++;
        const step = next.shift() ?? 'answer';
        if (step === 'refuse') throw badRequest('Insufficient gold');
        if (step === 'fail') throw new Error('the disk caught fire');
        if (step === 'busy')
          throw busy('The game was busy with another change to your account: please try again');
        if (step === 'hold') {
          entered();
          await new Promise<void>((resolve) => (release = resolve));
        }
        return { run: runs, amount: (req.body as { amount: number }).amount };
      },
    });
    app.post('/t/plain', async () => ({ run: ++plainRuns }));
    await app.ready();
  });
  afterEach(() => {
    next = [];
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    await database?.drop();
    setClock(null);
  });

  const pay = async (key: string | undefined, amount = 1) => {
    const r = await app.inject({
      method: 'POST',
      url: '/t/pay',
      payload: { amount },
      headers: key ? { 'idempotency-key': key } : {},
    });
    return { status: r.statusCode, body: r.json(), replayed: r.headers['idempotent-replayed'] === 'true' };
  };
  const rows = async () =>
    Number(
      (
        await store.db
          .selectFrom('idempotency_keys')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores an answer and a business refusal; replays them and runs nothing again', async () => {
    const before = runs;
    const key = randomUUID();
    const first = await pay(key);
    expect(first).toMatchObject({ status: 200, replayed: false });
    expect(await pay(key)).toEqual({ ...first, replayed: true });
    const refusedKey = randomUUID();
    next = ['refuse'];
    const refused = await pay(refusedKey);
    expect(refused).toEqual({ status: 400, body: { error: 'Insufficient gold' }, replayed: false });
    expect(await pay(refusedKey)).toEqual({ ...refused, replayed: true });
    expect(runs - before).toBe(2);
    // Without a key every request runs.
    await pay(undefined);
    await pay(undefined);
    expect(runs - before).toBe(4);
  });

  it('a 5xx and a transient 409 are not stored: the retry with the same key runs, and its answer is kept', async () => {
    const before = runs;
    const key = randomUUID();
    next = ['fail', 'busy'];
    expect((await pay(key)).status).toBe(500);
    const busyAnswer = await pay(key);
    expect(busyAnswer.status).toBe(409);
    expect(busyAnswer.replayed).toBe(false);
    const third = await pay(key);
    expect(third).toMatchObject({ status: 200, replayed: false });
    expect(await pay(key)).toEqual({ ...third, replayed: true });
    expect(runs - before).toBe(3);
  });

  it('concurrent duplicates wait for the first and answer its answer', async () => {
    const before = runs;
    const key = randomUUID();
    next = ['hold'];
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = pay(key);
    await inside;
    const duplicates = Array.from({ length: 5 }, () => pay(key));
    // Another body under the running key is refused at once, while the first still holds.
    expect(await pay(key, 2)).toEqual({
      status: 422,
      body: { error: IDEMPOTENCY_MESSAGES.reused },
      replayed: false,
    });
    release();
    const answers = await Promise.all([first, ...duplicates]);
    for (const a of answers) expect(a).toMatchObject({ status: 200, body: (await first).body });
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(runs - before).toBe(1);
  });

  it('a claim left by a request that died answers a readable 409 and never runs again, until it expires', async () => {
    const key = randomUUID();
    const first = await pay(key);
    // As a process that claimed the key and stopped before answering leaves it.
    await store.db
      .updateTable('idempotency_keys')
      .set({ status: null, body: null, content_type: null })
      .where('key', '=', key)
      .execute();
    const before = runs;
    now += (CLAIM_LEASE_S + 1) * 1000;
    expect(await pay(key)).toEqual({
      status: 409,
      body: { error: IDEMPOTENCY_MESSAGES.interrupted },
      replayed: false,
    });
    expect(runs).toBe(before);
    // A day after its claim the key is forgotten: it runs again, as a new request would.
    now += IDEMPOTENCY_TTL_S * 1000;
    const later = await pay(key);
    expect(later).toMatchObject({ status: 200, replayed: false });
    expect(later.body.run).not.toBe(first.body.run);
    expect(runs).toBe(before + 1);
  });

  it('the sweep forgets keys older than a day, and only those', async () => {
    const old = randomUUID();
    await pay(old);
    now += (IDEMPOTENCY_TTL_S - 60) * 1000;
    const recent = randomUUID();
    await pay(recent);
    now += 120 * 1000;
    expect(await rows()).toBeGreaterThan(1);
    await sweepStale(store.db);
    // Every earlier test's key is older still: only the recent one is left.
    const left = await store.db.selectFrom('idempotency_keys').select('key').execute();
    expect(left.map((r) => r.key)).toEqual([recent]);
  });

  it('a route that did not opt in ignores the header', async () => {
    const key = randomUUID();
    for (let i = 0; i < 2; i++)
      await app.inject({ method: 'POST', url: '/t/plain', headers: { 'idempotency-key': key } });
    expect(plainRuns).toBe(2);
  });
});
