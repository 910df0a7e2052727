// The hero-list cache (src/server/heroes/hero-lists.ts) remembers only real players' lists, counts every byte an entry
// holds (strings, JSON, compressed copies, object overhead) and caps both bytes and entries: asking for unknown
// ids in a loop leaves its size, its entry count and the server's heap flat.
import { randomBytes } from 'node:crypto';
import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENTRY_OVERHEAD, HeroLists } from '../../src/server/heroes/hero-lists.ts';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { DATABASES, newPlayer, startHarness, summonHero, type Harness } from './helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const UNKNOWN = 20_000;
const unknownId = () => `u_${randomBytes(8).toString('hex')}`;

/** Runs `ask` `n` times, `width` at a time. */
async function inWaves(n: number, width: number, ask: () => Promise<unknown>) {
  for (let done = 0; done < n; done += width) {
    await Promise.all(Array.from({ length: Math.min(width, n - done) }, ask));
  }
}

function memory() {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

describe.each(DATABASES)('the hero-list cache on %s', (kind) => {
  let h: Harness;
  let store: Store;
  beforeAll(async () => {
    h = await startHarness(kind);
    store = openStore(h.db.url, { poolSize: 4 });
  });
  afterAll(async () => {
    await store?.close();
    await h?.close();
  });

  it(
    `remembers nothing for ${UNKNOWN.toLocaleString('en')} unknown players`,
    { timeout: 300_000 },
    async () => {
      const lists = new HeroLists(store);
      await inWaves(UNKNOWN, 50, async () => {
        const list = await lists.of(unknownId());
        expect(list.json.toString()).toBe('[]');
      });
      expect(lists.stats()).toEqual({ entries: 0, bytes: 0 });
    },
  );

  it('remembers a real list, counting its strings, JSON and overhead', async () => {
    const p = await newPlayer(h);
    await summonHero(h, p.id);
    await summonHero(h, p.id);
    const lists = new HeroLists(store);
    const list = await lists.of(p.id);
    expect(list.json.length).toBeGreaterThan(1024); // long enough to be compressed
    const plain = ENTRY_OVERHEAD + 2 * (p.id.length + list.key.length + list.etag.length) + list.json.length;
    expect(list.size).toBe(plain);
    expect(lists.stats()).toEqual({ entries: 1, bytes: plain });
    expect(await lists.of(p.id)).toBe(list); // remembered
  });

  it.runIf(kind === 'sqlite')(
    "reads the list's key on every request (store/answer-cache.ts): a newcomer's empty list, then their first hero once saved",
    async () => {
      const p = await newPlayer(h);
      const lists = new HeroLists(store);
      const statement = Object.getPrototypeOf(store.sqlite!.prepare('select 1')) as { all(): unknown };
      const all = vi.spyOn(statement, 'all');
      try {
        expect((await lists.of(p.id)).json.toString()).toBe('[]');
        const read = all.mock.calls.length;
        expect(read).toBeGreaterThan(0);
        expect((await lists.of(p.id)).json.toString()).toBe('[]');
        expect(all.mock.calls.length).toBe(2 * read); // the key read again
        const hero = await summonHero(h, p.id); // through the server's own connection
        const ids = (JSON.parse((await lists.of(p.id)).json.toString()) as { id: string }[]).map((x) => x.id);
        expect(ids).toEqual([hero.id]);
      } finally {
        all.mockRestore();
      }
    },
  );

  it('caps the entries and the bytes, forgetting the least recently used', async () => {
    const players = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    for (const p of players) await summonHero(h, p.id);
    const few = new HeroLists(store, { maxEntries: 2 });
    const first = await few.of(players[0].id);
    await few.of(players[1].id);
    await few.of(players[0].id); // used again: now the most recent
    await few.of(players[2].id);
    expect(few.stats().entries).toBe(2);
    expect(await few.of(players[0].id)).toBe(first);
    const one = await new HeroLists(store).of(players[0].id);
    const small = new HeroLists(store, { maxBytes: one.size + 100 });
    for (const p of players) await small.of(p.id);
    expect(small.stats().entries).toBe(1);
    expect(small.stats().bytes).toBeLessThanOrEqual(one.size + 100);
  });

  it(
    `keeps the server's heap flat over ${UNKNOWN.toLocaleString('en')} GET /api/heroes of unknown ids`,
    { timeout: 300_000 },
    async () => {
      // Real requests over keep-alive sockets: app.inject itself keeps ~10 KB a request on this Node (measured on
      // a bare Fastify route), which would hide what the server keeps.
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = h.app.server.address() as AddressInfo;
      const agent = new Agent({ keepAlive: true, maxSockets: 50 });
      const ask = () =>
        new Promise<void>((resolve, reject) => {
          get({ host: '127.0.0.1', port, path: `/api/heroes?user_id=${unknownId()}`, agent }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () =>
              res.statusCode === 200 && body === '[]'
                ? resolve()
                : reject(new Error(`${res.statusCode} ${body}`)),
            );
          }).on('error', reject);
        });
      await inWaves(2_000, 50, ask); // warm: pools, statement caches, JIT
      const before = memory();
      await inWaves(UNKNOWN, 50, ask);
      const grown = memory() - before;
      // Remembering them cost ~0.5 KB each on SQLite and ~1.6 KB on PostgreSQL (10–32 MB here).
      agent.destroy();
      expect(grown).toBeLessThan(3 * 1024 * 1024);
    },
  );
});
