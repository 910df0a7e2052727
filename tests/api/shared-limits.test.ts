// Shared limits (issue 13): instances on one PostgreSQL database count each client's requests in one place — the
// database itself, or Redis when REDIS_URL is set — so two instances allow what one allows. SQLite (one instance)
// counts in memory.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { openStore } from '../../src/server/store/db.ts';
import { freshDatabase, uniqueName, type TestDatabase } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMITS = { users: 6, generate: 240, odds: 240, fights: 120 };

/** Account creations from one address, alternating between the instances: the statuses in order. */
async function createAccounts(apps: FastifyInstance[], peer: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = await apps[i % apps.length].inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: peer,
      payload: { username: uniqueName('lim') },
    });
    statuses.push(r.statusCode);
  }
  return statuses;
}

const peerAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

describe.each([
  { store: 'the PostgreSQL database', redisUrl: undefined },
  { store: 'Redis (REDIS_URL)', redisUrl: REDIS_URL },
])('two instances on one PostgreSQL count limits in $store', ({ redisUrl }) => {
  let db: TestDatabase;
  let apps: FastifyInstance[];
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    const start = () =>
      buildApp({ databaseUrl: db.url, rateLimits: LIMITS, webRoot: null, oddsThreads: 1, redisUrl });
    apps = [await start(), await start()];
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await db.drop();
  });

  it('allows one address the limit across both instances, not the limit on each', async () => {
    const statuses = await createAccounts(apps, peerAddress(), LIMITS.users * 2);
    expect(statuses.filter((s) => s === 201).length).toBe(LIMITS.users);
    expect(statuses.slice(0, LIMITS.users).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(LIMITS.users).every((s) => s === 429)).toBe(true);
  });

  it('counts concurrent requests exactly: a burst through both instances gets the limit, no more', async () => {
    const peer = peerAddress();
    const burst = await Promise.all(
      Array.from({ length: LIMITS.users * 3 }, (_, i) =>
        apps[i % 2].inject({
          method: 'POST',
          url: '/api/users',
          remoteAddress: peer,
          payload: { username: uniqueName('burst') },
        }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 201).length).toBe(LIMITS.users);
    const refused = burst.find((r) => r.statusCode === 429);
    expect(refused?.json().error).toMatch(/Too many requests/);
  });

  it('keeps addresses apart', async () => {
    const [a, b] = [peerAddress(), peerAddress()];
    await createAccounts(apps, a, LIMITS.users);
    expect(await createAccounts(apps, b, 2)).toEqual([201, 201]);
  });
});

describe('the store behind the limits', () => {
  it('is Redis when REDIS_URL is set: the count lives there', async () => {
    const db = await freshDatabase('postgres');
    const app = await buildApp({
      databaseUrl: db.url,
      rateLimits: LIMITS,
      webRoot: null,
      oddsThreads: 1,
      redisUrl: REDIS_URL,
    });
    const peer = peerAddress();
    const redis = new Redis(REDIS_URL);
    try {
      await createAccounts([app], peer, 2);
      const keys = await redis.keys(`runeborn-limit-*${peer}`);
      expect(keys.length).toBe(1);
      expect(Number(await redis.get(keys[0]))).toBe(2);
    } finally {
      redis.disconnect();
      await app.close();
      await db.drop();
    }
  });

  it('is the database on PostgreSQL without Redis, and memory on SQLite', async () => {
    for (const kind of ['postgres', 'sqlite'] as const) {
      const db = await freshDatabase(kind);
      const app = await buildApp({ databaseUrl: db.url, rateLimits: LIMITS, webRoot: null, oddsThreads: 1 });
      const store = openStore(db.url, { poolSize: 1 });
      try {
        await createAccounts([app], peerAddress(), 3);
        const rows = await store.db.selectFrom('rate_limits').selectAll().execute();
        if (kind === 'sqlite') expect(rows).toEqual([]);
        else expect(rows.map((r) => [r.key.startsWith('POST/api/users-'), r.hits])).toEqual([[true, 3]]);
      } finally {
        await store.close();
        await app.close();
        await db.drop();
      }
    }
  });
});
