// A hero's version only ever rises, re-inserts included, so no cache keyed by it can serve an old state (the
// review's case, driven through HTTP on both databases): a hero read, trained, read again, spent on another's star
// and given back by that star's reset is read after as it was when spent — trained, at a version above every one
// it had — not as first read. And a sparring partner or dungeon NPC rewritten by a content change moves its version.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remakeSparringPartners } from '../../src/server/store/seed-content.ts';
import {
  DATABASES,
  giveHero,
  newPlayer,
  setBalances,
  startHarness,
  withStore,
  type Harness,
} from './helpers.ts';

describe.each(DATABASES)('versions only rise on %s', (kind) => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await startHarness(kind);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => h?.close());

  const http = async (method: string, path: string, body?: object) => {
    const r = await fetch(base + path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return {
      status: r.status,
      body: r.headers.get('content-type')?.includes('json') ? await r.json() : null,
    };
  };

  it('a hero spent on a star and given back by its reset is read as it was spent, at a higher version', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { magic_essence: 20_000, gold: 10_000 });
    const hero = await giveHero(h, p.id, 1, 3);
    const copy = await giveHero(h, p.id, 2, 5);
    const read = async () => {
      const r = await http('GET', `/api/heroes/${copy.id}`);
      expect(r.status).toBe(200);
      return r.body as { training?: number; version: number };
    };
    const listed = async () =>
      ((await http('GET', `/api/heroes?user_id=${p.id}`)).body as { id: string; training?: number }[]).find(
        (x) => x.id === copy.id,
      );
    const first = await read();
    expect(first.training ?? 0).toBe(0);
    expect((await listed())?.training ?? 0).toBe(0);
    const trained = await http('POST', `/api/heroes/${copy.id}/train`, { user_id: p.id });
    expect(trained.status, JSON.stringify(trained.body)).toBe(200);
    const second = await read();
    expect(second.training).toBe(1);
    expect(second.version).toBeGreaterThan(first.version);
    expect((await listed())?.training).toBe(1);

    const up = await http('POST', `/api/heroes/${hero.id}/ascend`, {
      user_id: p.id,
      spend_hero_ids: [copy.id],
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((await http('GET', `/api/heroes/${copy.id}`)).status).toBe(404);
    const reset = await http('POST', `/api/heroes/${hero.id}/ascension/reset`, { user_id: p.id });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    const back = await read();
    expect(back.training).toBe(1);
    expect(back.version).toBeGreaterThan(second.version);
    expect((await listed())?.training).toBe(1);
  });

  it('a sparring partner rewritten by a content change moves its version', async () => {
    // a stored partner whose document no longer matches its make, as after a change of content
    const row = await withStore(h, (db) =>
      db
        .selectFrom('heroes')
        .select(['id', 'version', 'doc'])
        .where('id', 'like', 'npc_spar_%')
        .executeTakeFirst(),
    );
    if (!row) {
      // the store has none until Find a fair match makes one: make one
      const p = await newPlayer(h);
      const mine = await giveHero(h, p.id, 3, 5);
      await http('GET', `/api/arena/opponents?user_id=${p.id}&hero_id=${mine.id}&limit=6`);
    }
    const before = await withStore(h, (db) =>
      db
        .selectFrom('heroes')
        .select(['id', 'version'])
        .where('id', 'like', 'npc_spar_%')
        .executeTakeFirstOrThrow(),
    );
    await withStore(h, (db) =>
      db.updateTable('heroes').set({ doc: '{"stale":true}' }).where('id', '=', before.id).execute(),
    );
    await withStore(h, (db) => remakeSparringPartners(db));
    const after = await withStore(h, (db) =>
      db
        .selectFrom('heroes')
        .select(['version', 'doc'])
        .where('id', '=', before.id)
        .executeTakeFirstOrThrow(),
    );
    expect(after.doc).not.toBe('{"stale":true}');
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
  });
});
