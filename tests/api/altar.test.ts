// The honest altar on SQLite and PostgreSQL: GET /api/summons states the rates, the pity rule and the player's own
// counters; a paid pair moves the counters exactly once (a preview, a pending pair answered again, a repeated key or
// Regenerate move nothing more), a pair reaching a promised rarity resets its counter, the pair a counter reaches is
// drawn at the promised rarity or better, and the history lists every paid pair newest first with the one kept.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SummonsResponse } from '../../src/api/summons.ts';
import { afterPair, ALTAR, pairFloor, type PityCounters } from '../../src/game/index.ts';
import { HISTORY_KEPT } from '../../src/server/heroes/summoning.ts';
import { DATABASES, newPlayer, setBalances, startHarness, withStore, type Harness } from './helpers.ts';

describe.each(DATABASES)('the altar on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const altar = async (userId: string) => {
    const r = await h.call('GET', `/api/summons?user_id=${userId}`);
    expect(r.status).toBe(200);
    return SummonsResponse.parse(r.body);
  };
  const counters = async (userId: string): Promise<Record<number, number>> =>
    Object.fromEntries((await altar(userId)).pity.map((p) => [p.rarity, p.since_last]));
  const generate = (body: object) => h.call('POST', '/api/characters/generate', body);
  /** Pays for a new pair in place of the pending one (none pending: a first pair). */
  const regenerate = async (userId: string, pending: string | null) => {
    const r = await generate({ user_id: userId, ...(pending ? { replaces: pending } : {}) });
    expect(r.status).toBe(200);
    expect(r.body.charged).toBe(true);
    return r.body as { generation_id: string; candidates: { id: string; rarity: number }[] };
  };
  const setCounters = (userId: string, values: Record<number, number>) =>
    withStore(h, async (db) => {
      for (const [rarity, since_last] of Object.entries(values))
        await db
          .insertInto('summon_pity')
          .values({ user_id: userId, rarity: Number(rarity), since_last })
          .onConflict((oc) => oc.columns(['user_id', 'rarity']).doUpdateSet({ since_last }))
          .execute();
    });

  it('states the rates, the rule and a new player’s counters (none yet), before anything is paid', async () => {
    const p = await newPlayer(h);
    expect(await altar(p.id)).toEqual({
      rates: ALTAR.rates.map((r) => ({ rarity: r.rarity, chance: r.chance })),
      pity: ALTAR.pity.map((r) => ({ rarity: r.rarity, within: r.within, since_last: 0 })),
      history: [],
    });
    expect(await h.call('GET', '/api/summons?user_id=u_nobody_here')).toEqual({
      status: 404,
      body: { error: 'User not found' },
    });
    expect((await h.call('GET', '/api/summons')).status).toBe(400);
  });

  it('a paid pair moves the counters once; a preview, a pair answered again and a repeated key move nothing', async () => {
    const p = await newPlayer(h);
    const first = await regenerate(p.id, null);
    const best = Math.max(...first.candidates.map((c) => c.rarity));
    const expected = afterPair({}, best);
    expect(await counters(p.id)).toEqual(expected);
    // The pending pair asked for again, in every way: nothing moves.
    await generate({ user_id: p.id });
    await Promise.all([1, 2, 3].map(() => generate({ user_id: p.id, generation_id: `gen_${randomUUID()}` })));
    await generate({ user_id: p.id, replaces: 'gen_not_the_pending_one' });
    await generate(undefined as unknown as object);
    await h.call('POST', '/api/characters/generate');
    expect(await counters(p.id)).toEqual(expected);
    // Regenerate sent twice at once, and then once more with the same Idempotency-Key: one pair, one move.
    const key = randomUUID();
    const body = { user_id: p.id, replaces: first.generation_id };
    const sent = await Promise.all(
      [1, 2].map(() =>
        h.app.inject({
          method: 'POST',
          url: '/api/characters/generate',
          payload: body,
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    const second = sent[0].json();
    expect(sent[1].json()).toEqual(second);
    await generate(body);
    const after = afterPair(
      expected,
      Math.max(...second.candidates.map((c: { rarity: number }) => c.rarity)),
    );
    expect(await counters(p.id)).toEqual(after);
    const { history } = await altar(p.id);
    expect(history.map((x) => x.generation_id)).toEqual([second.generation_id, first.generation_id]);
  });

  it('the pair a counter reaches is drawn at the promised rarity or better, and resets it', async () => {
    for (const rule of ALTAR.pity) {
      const p = await newPlayer(h);
      // One pair short of the promise: every counter below its own threshold but this one at it.
      const start: Record<number, number> = {};
      for (const r of ALTAR.pity) start[r.rarity] = r.rarity === rule.rarity ? r.within - 1 : 0;
      await setCounters(p.id, start);
      expect(pairFloor(start)).toBe(rule.rarity);
      const pair = await regenerate(p.id, null);
      expect(pair.candidates[0].rarity).toBeGreaterThanOrEqual(rule.rarity);
      const now = await counters(p.id);
      expect(now[rule.rarity]).toBe(0);
      expect(now).toEqual(afterPair(start, Math.max(...pair.candidates.map((c) => c.rarity))));
      // The history says which pair the pity drew; the stored candidates are the answered ones.
      const pending = (await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body;
      expect(pending.candidates.map((c: { rarity: number }) => c.rarity)).toEqual(
        pair.candidates.map((c) => c.rarity),
      );
    }
  });

  it('over many pairs the counters follow every pair exactly, and the history lists them newest first with the kept one', async () => {
    const p = await newPlayer(h);
    const pairs = HISTORY_KEPT + 3;
    await setBalances(h, p.id, { summoning_scrolls: pairs });
    let pending: string | null = null;
    let expected: PityCounters = {};
    const paid: { generation_id: string; rarities: number[] }[] = [];
    for (let i = 0; i < pairs; i++) {
      const pair = await regenerate(p.id, pending);
      const rarities = pair.candidates.map((c) => c.rarity);
      // The promise holds on every pair, whatever the counters were.
      expect(Math.max(...rarities)).toBeGreaterThanOrEqual(pairFloor(expected));
      expected = afterPair(expected, Math.max(...rarities));
      paid.push({ generation_id: pair.generation_id, rarities });
      pending = pair.generation_id;
    }
    expect(await counters(p.id)).toEqual(expected);
    // Keep the last pair's second candidate.
    const last = (await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body;
    expect(
      (await h.call('POST', '/api/heroes', { user_id: p.id, character_data: { id: last.candidates[1].id } }))
        .status,
    ).toBe(201);
    const { history } = await altar(p.id);
    expect(history).toHaveLength(HISTORY_KEPT);
    expect(history.map((x) => ({ generation_id: x.generation_id, rarities: x.rarities }))).toEqual(
      paid.slice(-HISTORY_KEPT).reverse(),
    );
    expect(history[0].kept).toBe(1);
    expect(history.slice(1).every((x) => x.kept === null)).toBe(true);
    for (const x of history) expect(Math.abs(x.at - Date.now() / 1000)).toBeLessThan(600);
    expect((await h.call('GET', `/api/users/${p.id}`)).body.summoning_scrolls).toBe(0);
  });
});
