// Every cache of answers follows every kind of change (store/answer-cache.ts), through HTTP, across instances: one
// instance makes each change, a second — whose caches hold every answer from before it — reads after it, and its
// answers must be those of a third started cold on the same database, which remembers nothing. The changes: a
// level-up (training), an ability reroll, an item used, gear put on, a star (heroes spent), its reset (the heroes put
// back), a delete, a write made outside any server, and a content change rewriting an NPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { GEAR_PRICE_TOKENS } from '../../src/game/data/gear.ts';
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

describe.each(DATABASES)('every cache follows every change on %s', (kind) => {
  let h: Harness;
  let warm: FastifyInstance;
  let base: { writer: string; warm: string };
  beforeAll(async () => {
    h = await startHarness(kind);
    warm = await buildApp({ databaseUrl: h.db.url, rateLimits: false, webRoot: null, oddsThreads: 1 });
    base = {
      writer: await h.app.listen({ port: 0, host: '127.0.0.1' }),
      warm: await warm.listen({ port: 0, host: '127.0.0.1' }),
    };
  });
  afterAll(async () => {
    await warm?.close();
    await h?.close();
  });

  const http = async (at: string, method: string, path: string, body?: object) => {
    const r = await fetch(at + path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, body: (await r.json()) as unknown };
  };
  const change = async (path: string, body: object, method = 'POST') => {
    const r = await http(base.writer, method, path, body);
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  };

  /** What a player's reads answer at `at`: the player, their inventory, their list, each hero, their browse entry. */
  const reads = (userId: string, heroIds: readonly string[]) => [
    `/api/users/${userId}`,
    `/api/inventory?user_id=${userId}`,
    `/api/heroes?user_id=${userId}`,
    '/api/heroes/browse/all?limit=50',
    ...heroIds.map((id) => `/api/heroes/${id}`),
  ];
  const answers = (at: string, paths: readonly string[]) =>
    Promise.all(paths.map(async (p) => [p, await http(at, 'GET', p)] as const));

  /** The warm instance's answers are the cold one's, and `moved` of them differ from before the change. */
  async function followed(
    paths: readonly string[],
    before: Awaited<ReturnType<typeof answers>>,
    moved: string[],
  ) {
    const cold = await buildApp({ databaseUrl: h.db.url, rateLimits: false, webRoot: null, oddsThreads: 1 });
    try {
      const truth = await answers(await cold.listen({ port: 0, host: '127.0.0.1' }), paths);
      const now = await answers(base.warm, paths);
      expect(now).toEqual(truth);
      for (const path of moved)
        expect(now.find(([p]) => p === path)![1], `${path} moved`).not.toEqual(
          before.find(([p]) => p === path)![1],
        );
      return now;
    } finally {
      await cold.close();
    }
  }

  it('a level-up, a reroll, an item, gear, a star, its reset, a delete and a write from outside', async () => {
    const p = await newPlayer(h, 'follow');
    await setBalances(h, p.id, {
      gold: 50_000,
      magic_essence: 20_000,
      combat_tokens: 2 * GEAR_PRICE_TOKENS,
    });
    const hero = await giveHero(h, p.id, 1, 3);
    const copy = await giveHero(h, p.id, 2, 5);
    const spare = await giveHero(h, p.id, 3, 4);
    const paths = reads(p.id, [hero.id, copy.id, spare.id]);
    const heroPath = `/api/heroes/${hero.id}`;
    const copyPath = `/api/heroes/${copy.id}`;
    const list = `/api/heroes?user_id=${p.id}`;
    const browse = '/api/heroes/browse/all?limit=50';
    // every answer held by the warm instance first (read twice: remembered)
    let before = await answers(base.warm, paths);
    expect(await answers(base.warm, paths)).toEqual(before);

    const steps: [string, () => Promise<unknown>, string[]][] = [
      ['level-up', () => change(`/api/heroes/${copy.id}/train`, { user_id: p.id }), [copyPath, list, browse]],
      [
        'reroll',
        () => change(`/api/heroes/${hero.id}/reroll-abilities`, { user_id: p.id }),
        [heroPath, list, browse, `/api/users/${p.id}`],
      ],
      [
        'item bought and used',
        async () => {
          await change('/api/shop/purchase', { user_id: p.id, item_id: 'heroic_tonic' });
          await change('/api/inventory/use', { user_id: p.id, item_id: 'heroic_tonic', hero_id: hero.id });
        },
        [heroPath, list, `/api/users/${p.id}`],
      ],
      [
        'gear put on',
        async () => {
          await change('/api/shop/purchase', { user_id: p.id, item_id: 'ember_weapon' });
          await change(`/api/heroes/${hero.id}/gear`, { user_id: p.id, item_id: 'ember_weapon' });
        },
        [heroPath, list],
      ],
      [
        'star',
        () => change(`/api/heroes/${hero.id}/ascend`, { user_id: p.id, spend_hero_ids: [copy.id] }),
        [heroPath, copyPath, list, browse],
      ],
      [
        'reset',
        () => change(`/api/heroes/${hero.id}/ascension/reset`, { user_id: p.id }),
        [heroPath, copyPath, list, browse],
      ],
      [
        'delete',
        () => change(`/api/heroes/${spare.id}?user_id=${p.id}`, {}, 'DELETE'),
        [`/api/heroes/${spare.id}`, list, browse],
      ],
      [
        'a write from outside the servers (a hero renamed, its version moved)',
        () =>
          withStore(h, async (db) => {
            const row = await db
              .selectFrom('heroes')
              .select('doc')
              .where('id', '=', hero.id)
              .executeTakeFirstOrThrow();
            await db
              .updateTable('heroes')
              .set((eb) => ({
                doc: JSON.stringify({ ...(JSON.parse(row.doc) as object), name: 'Renamed Outside' }),
                version: eb('version', '+', 1),
              }))
              .where('id', '=', hero.id)
              .execute();
          }),
        [heroPath, list, browse],
      ],
    ];
    for (const [, step, moved] of steps) {
      await step();
      before = await followed(paths, before, moved);
    }
  });

  it('a content change rewriting an NPC', async () => {
    // a sparring partner exists once Find a fair match has made one
    const p = await newPlayer(h, 'npcs');
    const mine = await giveHero(h, p.id, 3, 5);
    await http(base.writer, 'GET', `/api/arena/opponents?user_id=${p.id}&hero_id=${mine.id}&limit=6`);
    const npc = await withStore(h, (db) =>
      db
        .selectFrom('heroes')
        .select(['id', 'doc'])
        .where('id', 'like', 'npc_spar_%')
        .executeTakeFirstOrThrow(),
    );
    // as stored by an older content (another name), read and remembered by the warm instance
    const older = { ...(JSON.parse(npc.doc) as object), name: 'Older Name' };
    await withStore(h, (db) =>
      db
        .updateTable('heroes')
        .set((eb) => ({ doc: JSON.stringify(older), version: eb('version', '+', 1) }))
        .where('id', '=', npc.id)
        .execute(),
    );
    const paths = [`/api/heroes/${npc.id}`];
    const before = await answers(base.warm, paths);
    expect(before[0][1].body).toMatchObject({ name: 'Older Name' });
    // the content sync at a start rewrites it as the content makes it now
    await withStore(h, (db) => remakeSparringPartners(db));
    await followed(paths, before, paths);
  });
});
