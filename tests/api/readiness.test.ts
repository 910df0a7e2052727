// GET /api/ready (routes/health.ts, http/readiness.ts): 200 while the instance serves; 503 with why while its
// database is migrated at start (a real process held at Kysely's migration lock), while the database does not answer
// (PostgreSQL refusing connections), and once a shutdown has begun — when every answer also says Connection: close.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { NOT_READY, Readiness } from '../../src/server/http/readiness.ts';
import { migrationsFor } from '../../src/server/store/migrations.ts';
import { DATABASES, freshDatabase, PG_ADMIN_URL, startHarness, type TestDatabase } from './helpers.ts';
import { freePort, startServer, stop } from './processes.ts';

describe.each(DATABASES)('readiness on %s', (kind) => {
  it('is 200 while serving, 503 with Connection: close once stopping; /api/health stays as it was', async () => {
    const readiness = new Readiness();
    const h = await startHarness(kind, { readiness });
    try {
      const ready = await h.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true });
      expect(ready.headers.connection).not.toBe('close');

      readiness.state = 'stopping';
      const stopping = await h.app.inject({ method: 'GET', url: '/api/ready' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toEqual({ error: NOT_READY.stopping });
      expect(stopping.headers.connection).toBe('close');
      // Every other answer ends its connection too, and is still answered.
      const health = await h.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().ok).toBe(true);
      expect(health.headers.connection).toBe('close');
    } finally {
      await h.close();
    }
  });
});

describe('readiness on postgres', () => {
  it('is 503 while the database refuses connections, 200 again once it answers', async () => {
    const h = await startHarness('postgres');
    const name = h.db.url.slice(h.db.url.lastIndexOf('/') + 1);
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      expect((await h.call('GET', '/api/ready')).status).toBe(200);
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await expect
        .poll(async () => (await h.call('GET', '/api/ready')).body, { timeout: 10_000 })
        .toEqual({ error: expect.stringMatching(/^The database does not answer/) });
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await expect
        .poll(async () => (await h.call('GET', '/api/ready')).status, { timeout: 10_000 })
        .toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => {});
      await admin.end();
      await h.close();
    }
  });

  it('a real process whose migrations wait listens at once and answers 503 until they are done', async () => {
    const m = await migratingServer();
    try {
      // Any other request waits its turn too: a 503, never a half-built app.
      expect((await fetch(`${m.base}/api/health`)).status).toBe(503);
      await m.held.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
      await m.started;
      await expect.poll(async () => (await m.ready())?.status, { timeout: 20_000 }).toBe(200);
    } finally {
      await m.close();
    }
  });

  it('a SIGTERM while migrating: 503 stopping at once, the migrations finished, then an exit 0', async () => {
    const m = await migratingServer();
    try {
      const child = m.child();
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      await expect
        .poll(async () => (await m.ready())?.body, { interval: 50 })
        .toEqual({ error: NOT_READY.stopping });
      await m.held.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
      expect(await exited).toBe(0);
      // every migration ran to its end: the database is whole, and a new instance starts on it without one
      const done = await m.held.query<{ n: string }>('SELECT count(*) AS n FROM kysely_migration');
      expect(Number(done.rows[0]!.n)).toBe(Object.keys(migrationsFor('postgres')).length);
    } finally {
      await m.close();
    }
  });
});

/** Kysely's Migrator takes this advisory lock (kysely's postgres-adapter.ts LOCK_ID) around the migrations. */
const MIGRATION_LOCK = '3853314791062309107';

/**
 * A real server process on a fresh PostgreSQL database whose migrations wait on a lock `held` took first: answered
 * once its /api/ready says 503 migrating. `ready()` reads /api/ready (undefined while nothing answers).
 */
async function migratingServer() {
  const db: TestDatabase = await freshDatabase('postgres');
  const held = new pg.Client({ connectionString: db.url });
  await held.connect();
  await held.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const started = startServer(db.url, { PORT: String(port) }, (c) => (child = c));
  started.catch(() => {});
  const ready = () =>
    fetch(`${base}/api/ready`).then(
      async (r) => ({ status: r.status, body: (await r.json()) as unknown }),
      () => undefined,
    );
  await expect
    .poll(async () => (await ready())?.body, { timeout: 30_000, interval: 50 })
    .toEqual({ error: NOT_READY.migrating });
  expect((await ready())?.status).toBe(503);
  return {
    base,
    held,
    started,
    ready,
    child: () => child!,
    close: async () => {
      if (child) await stop(child);
      await held.end();
      await db.drop();
    },
  };
}
