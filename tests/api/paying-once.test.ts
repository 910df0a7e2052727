// Nothing paid for twice by accident, on SQLite and PostgreSQL: a generate while a pair waits answers that pair free
// (however many arrive at once, with or without their own generation_ids), Regenerate sent twice pays once, and every
// paying POST honours Idempotency-Key — the same key again, concurrently or through another instance, answers the
// first answer and charges nothing more; the key with another body, route or player is a 422. Balances are read back
// from the API and counted in the ledger.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { GenerateResponse } from '../../src/api/heroes.ts';
import { DATABASES, newPlayer, setBalances, startHarness, summonHero, type Harness } from './helpers.ts';

interface Answer {
  status: number;
  body: string;
  replayed: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked field by field below
  json: any;
}

async function post(app: FastifyInstance, url: string, payload: unknown, key?: string): Promise<Answer> {
  const r = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
  return {
    status: r.statusCode,
    body: r.body,
    replayed: r.headers['idempotent-replayed'] === 'true',
    json: r.body ? JSON.parse(r.body) : null,
  };
}

describe.each(DATABASES)('paying once on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const user = async (id: string) => (await h.call('GET', `/api/users/${id}`)).body;
  /** The player's ledger entries for one reason (all of them: a fresh player has few). */
  const entries = async (id: string, reason: string) => {
    const r = await h.call('GET', `/api/users/${id}/ledger?limit=100`);
    expect(r.status).toBe(200);
    return (r.body.entries as { reason: string; delta: number; currency: string }[]).filter(
      (e) => e.reason === reason,
    );
  };
  const generate = (body: unknown, key?: string) => post(h.app, '/api/characters/generate', body, key);

  describe('generate while a pair waits', () => {
    for (const n of [2, 20])
      for (const way of ['plain { user_id }', 'distinct generation_ids'] as const)
        it(`${n} concurrent generates (${way}) charge one scroll and all answer one pair`, async () => {
          const p = await newPlayer(h);
          const answers = await Promise.all(
            Array.from({ length: n }, () =>
              generate(
                way === 'plain { user_id }'
                  ? { user_id: p.id }
                  : { user_id: p.id, generation_id: `gen_${randomUUID()}` },
              ),
            ),
          );
          for (const a of answers) {
            expect(a.status).toBe(200);
            GenerateResponse.parse(a.json);
          }
          expect(answers.filter((a) => a.json.charged)).toHaveLength(1);
          expect(new Set(answers.map((a) => a.json.generation_id)).size).toBe(1);
          const pair = answers[0].json.candidates;
          expect(pair).toHaveLength(2);
          for (const a of answers) expect(a.json.candidates).toEqual(pair);
          expect((await user(p.id)).summoning_scrolls).toBe(p.summoning_scrolls - 1);
          const summons = await entries(p.id, 'summon');
          expect(summons).toEqual([expect.objectContaining({ currency: 'summoning_scrolls', delta: -1 })]);
          const pending = (await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body;
          expect(pending.generation_id).toBe(answers[0].json.generation_id);
          expect(pending.candidates).toEqual(pair);
        });

    it('a pending pair is answered free, and the plain flows still work', async () => {
      const p = await newPlayer(h);
      const first = await generate({ user_id: p.id, generation_id: `gen_${randomUUID()}` });
      expect(first.json.charged).toBe(true);
      // Later — a reload, another device, another press of Generate: the same pair, free.
      for (const body of [{ user_id: p.id }, { user_id: p.id, generation_id: `gen_${randomUUID()}` }]) {
        const again = await generate(body);
        expect(again.status).toBe(200);
        expect(again.json).toMatchObject({
          generation_id: first.json.generation_id,
          charged: false,
          candidates: first.json.candidates,
        });
      }
      expect((await user(p.id)).summoning_scrolls).toBe(p.summoning_scrolls - 1);
      // The no-body preview is still free and never kept; keeping from the pair still works.
      const preview = await generate(undefined);
      expect(preview.json).toMatchObject({ generation_id: null, charged: false, candidates: [] });
      expect(preview.json.id).toMatch(/^preview_/);
      const kept = await h.call('POST', '/api/heroes', {
        user_id: p.id,
        character_data: first.json.candidates[1],
      });
      expect(kept.status).toBe(201);
      // Nothing waits now: the next generate pays for a new pair.
      const next = await generate({ user_id: p.id });
      expect(next.json.charged).toBe(true);
      expect(next.json.generation_id).not.toBe(first.json.generation_id);
      expect((await entries(p.id, 'summon')).length).toBe(2);
    });

    it('Regenerate charges once, even sent twice (and at once) with the same replaces', async () => {
      const p = await newPlayer(h);
      const first = await generate({ user_id: p.id });
      const replaces = first.json.generation_id;
      const twice = await Promise.all(
        [1, 2].map(() => generate({ user_id: p.id, generation_id: `gen_${randomUUID()}`, replaces })),
      );
      expect(twice.map((a) => a.status)).toEqual([200, 200]);
      expect(twice.filter((a) => a.json.charged)).toHaveLength(1);
      expect(twice[0].json.generation_id).toBe(twice[1].json.generation_id);
      expect(twice[0].json.generation_id).not.toBe(replaces);
      // And once more, later: the pair it names is gone, so it is answered the pending pair.
      const late = await generate({ user_id: p.id, replaces });
      expect(late.json).toMatchObject({ charged: false, generation_id: twice[0].json.generation_id });
      expect((await user(p.id)).summoning_scrolls).toBe(p.summoning_scrolls - 2);
      expect((await entries(p.id, 'summon')).length).toBe(2);
    });

    it('a generate with a repeated Idempotency-Key answers the same candidate, byte for byte', async () => {
      const p = await newPlayer(h);
      const key = randomUUID();
      const body = { user_id: p.id, generation_id: `gen_${randomUUID()}` };
      const [a, b] = await Promise.all([generate(body, key), generate(body, key)]);
      expect(a.status).toBe(200);
      expect(b.body).toBe(a.body);
      expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
      expect(a.json.charged).toBe(true);
      expect((await user(p.id)).summoning_scrolls).toBe(p.summoning_scrolls - 1);
    });
  });

  describe('Idempotency-Key on purchases', () => {
    it('20 concurrent purchases with one key charge once and all answer the same', async () => {
      const p = await newPlayer(h);
      const key = randomUUID();
      const body = { user_id: p.id, item_id: 'summoners_seal', quantity: 1 };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(h.app, '/api/shop/purchase', body, key)),
      );
      expect(answers[0].status).toBe(200);
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.body).toBe(answers[0].body);
      }
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect((await user(p.id)).gold).toBe(p.gold - 250);
      expect(await entries(p.id, 'purchase')).toEqual([
        expect.objectContaining({ currency: 'gold', delta: -250 }),
      ]);
      const inventory = (await h.call('GET', `/api/inventory?user_id=${p.id}`)).body;
      expect(inventory.total_quantity).toBe(1);
      // A new key is a new purchase.
      expect((await post(h.app, '/api/shop/purchase', body, randomUUID())).status).toBe(200);
      expect((await user(p.id)).gold).toBe(p.gold - 500);
    });

    it('the key with another body, route or player is a 422 and changes nothing', async () => {
      const p = await newPlayer(h);
      const q = await newPlayer(h);
      const key = randomUUID();
      const first = await post(
        h.app,
        '/api/shop/purchase',
        { user_id: p.id, item_id: 'summoners_seal' },
        key,
      );
      expect(first.status).toBe(200);
      const reused = [
        post(h.app, '/api/shop/purchase', { user_id: p.id, item_id: 'flask_of_essence' }, key),
        post(h.app, '/api/shop/purchase', { user_id: q.id, item_id: 'summoners_seal' }, key),
        post(h.app, '/api/inventory/use', { user_id: p.id, item_id: 'summoners_seal' }, key),
      ];
      for (const r of await Promise.all(reused)) {
        expect(r.status).toBe(422);
        expect(r.json.error).toMatch(/Idempotency-Key was already used for a different request/);
      }
      expect((await user(p.id)).gold).toBe(p.gold - 250);
      expect((await user(q.id)).gold).toBe(q.gold);
      expect((await h.call('GET', `/api/inventory?user_id=${p.id}`)).body.total_quantity).toBe(1);
      // The same body in another key order (and the quantity the schema fills in) is the same request.
      const same = await post(
        h.app,
        '/api/shop/purchase',
        { quantity: 1, item_id: 'summoners_seal', user_id: p.id },
        key,
      );
      expect(same).toMatchObject({ status: 200, body: first.body, replayed: true });
    });

    it('a refusal is the answer to its key: sent again after the gold came, still refused, nothing bought', async () => {
      const p = await newPlayer(h);
      await setBalances(h, p.id, { gold: 100 });
      const key = randomUUID();
      const body = { user_id: p.id, item_id: 'summoners_seal' };
      const refused = await post(h.app, '/api/shop/purchase', body, key);
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({ error: 'Insufficient gold' });
      await setBalances(h, p.id, { gold: 1000 });
      expect(await post(h.app, '/api/shop/purchase', body, key)).toMatchObject({
        status: 400,
        body: refused.body,
        replayed: true,
      });
      expect((await user(p.id)).gold).toBe(1000);
    });

    it('a bad key is a 400 before anything runs; no key buys as before', async () => {
      const p = await newPlayer(h);
      const body = { user_id: p.id, item_id: 'summoners_seal' };
      for (const key of ['short', 'has spaces in it', 'x'.repeat(256), 'ünïcödé-key-1234', 'tab\tinside-key'])
        expect(await post(h.app, '/api/shop/purchase', body, key)).toMatchObject({
          status: 400,
          json: { error: expect.stringMatching(/Idempotency-Key header must be 8-255 visible ASCII/) },
        });
      expect((await user(p.id)).gold).toBe(p.gold);
      const plain = [
        await post(h.app, '/api/shop/purchase', body),
        await post(h.app, '/api/shop/purchase', body),
      ];
      expect(plain.map((a) => a.status)).toEqual([200, 200]);
      expect((await user(p.id)).gold).toBe(p.gold - 500);
    });
  });

  it('reroll and item use with a repeated key charge once', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const rerollKey = randomUUID();
    const rerolls = await Promise.all(
      [1, 2, 3].map(() =>
        post(h.app, `/api/heroes/${hero.id}/reroll-abilities`, { user_id: p.id }, rerollKey),
      ),
    );
    for (const r of rerolls) expect(r).toMatchObject({ status: 200, body: rerolls[0].body });
    expect((await user(p.id)).magic_essence).toBe(p.magic_essence - 50);
    expect((await entries(p.id, 'reroll')).length).toBe(1);
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.abilities).toEqual(rerolls[0].json.abilities);

    await post(h.app, '/api/shop/purchase', { user_id: p.id, item_id: 'flask_of_essence' });
    await post(h.app, '/api/shop/purchase', { user_id: p.id, item_id: 'flask_of_essence' });
    const useKey = randomUUID();
    const uses = await Promise.all(
      [1, 2, 3].map(() =>
        post(h.app, '/api/inventory/use', { user_id: p.id, item_id: 'flask_of_essence' }, useKey),
      ),
    );
    for (const r of uses) expect(r).toMatchObject({ status: 200, body: uses[0].body });
    expect((await user(p.id)).magic_essence).toBe(p.magic_essence - 50 + 50);
    expect((await entries(p.id, 'item_use')).length).toBe(1);
    const inventory = (await h.call('GET', `/api/inventory?user_id=${p.id}`)).body;
    expect(inventory.items.find((i: { item_id: string }) => i.item_id === 'flask_of_essence').quantity).toBe(
      1,
    );
  });

  it.runIf(kind === 'postgres')('two instances on one PostgreSQL sharing a key charge once', async () => {
    const other = await buildApp({ databaseUrl: h.db.url, rateLimits: false, webRoot: null, oddsThreads: 1 });
    try {
      const p = await newPlayer(h);
      const key = randomUUID();
      const body = { user_id: p.id, item_id: 'summoners_seal' };
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(i % 2 ? other : h.app, '/api/shop/purchase', body, key)),
      );
      for (const a of answers) expect(a).toMatchObject({ status: 200, body: answers[0].body });
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect((await user(p.id)).gold).toBe(p.gold - 250);
      expect((await entries(p.id, 'purchase')).length).toBe(1);

      const genKey = randomUUID();
      const gens = await Promise.all(
        [h.app, other, h.app, other].map((app) =>
          post(app, '/api/characters/generate', { user_id: p.id, generation_id: 'gen_shared_key_1' }, genKey),
        ),
      );
      for (const g of gens) expect(g).toMatchObject({ status: 200, body: gens[0].body });
      expect((await user(p.id)).summoning_scrolls).toBe(p.summoning_scrolls - 1);
    } finally {
      await other.close();
    }
  });
});
