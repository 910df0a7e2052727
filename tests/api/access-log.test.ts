// The access log as `npm start` writes it (http/access-log.ts): Fastify's own logger, one JSON line a request in
// pino's format — level, time, pid, hostname, reqId, then method, url, status, ms, msg — so any pino tool reads it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { flushLog, serverLogger } from '../../src/server/http/access-log.ts';
import { startHarness, type Harness } from './helpers.ts';

describe('the access log', () => {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-log-'));
  const file = join(dir, 'access.log');
  const log = serverLogger('info', file);
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('sqlite', { logger: log });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The lines written so far (what waits for its batch written first), once `count` of them are there. */
  async function lines(count: number): Promise<Record<string, unknown>[]> {
    const all = await vi.waitFor(() => {
      flushLog(log);
      const written = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
      expect(written.length).toBeGreaterThanOrEqual(count);
      return written;
    });
    return all.map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  it('writes one pino line a request, its url escaped', async () => {
    const before = (await lines(0)).length;
    const url = '/api/heroes/browse/all?limit=3&after=%22quoted%22';
    await h.call('GET', url);
    await h.call('GET', '/api/shop');
    const [browse, shop] = (await lines(before + 2)).slice(before);
    for (const line of [browse, shop]) {
      expect(Object.keys(line)).toEqual([
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'method',
        'url',
        'status',
        'ms',
        'msg',
      ]);
      expect(line).toMatchObject({
        level: 30,
        pid: process.pid,
        hostname: hostname(),
        method: 'GET',
        msg: 'request',
      });
      expect(Math.abs(Number(line.time) - Date.now())).toBeLessThan(60_000);
      expect(typeof line.ms).toBe('number');
    }
    expect(browse).toMatchObject({ url, status: 200 });
    expect(shop).toMatchObject({ url: '/api/shop', status: 200 });
    expect(browse.reqId).not.toBe(shop.reqId);
  });

  it('writes a refusal with its status', async () => {
    const before = (await lines(0)).length;
    await h.call('GET', '/api/users/u_nobody');
    const [line] = (await lines(before + 1)).slice(before);
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/users/u_nobody',
      status: 404,
      msg: 'request',
    });
  });

  it("writes a change's line once its answer is done", async () => {
    const before = (await lines(0)).length;
    const res = await h.call('POST', '/api/users', { username: 'logged_change' });
    expect(res.status).toBe(201);
    const [line] = (await lines(before + 1)).slice(before);
    expect(line).toMatchObject({ level: 30, method: 'POST', url: '/api/users', status: 201, msg: 'request' });
  });

  it('writes the line of an address the router refuses before any hook runs', async () => {
    const before = (await lines(0)).length;
    expect((await h.call('GET', '/api/users/%ED%A0%80')).status).toBe(400);
    expect((await h.call('GET', `/api/heroes/${'x'.repeat(5000)}`)).status).toBe(400);
    const refused = (await lines(before + 2)).slice(before);
    expect(refused).toMatchObject([
      { level: 30, method: 'GET', url: '/api/users/%ED%A0%80', status: 400, msg: 'request' },
      { level: 30, method: 'GET', status: 400, msg: 'request' },
    ]);
  });

  it("answers every request through Fastify's router and hooks, the hot reads by id included (one line each)", async () => {
    const player = (await h.call('POST', '/api/users', { username: 'one_path' })).body as { id: string };
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    // the server hands every request to Fastify's router, and to nothing before it
    expect(h.app.server.listeners('request')).toEqual([h.app.routing]);
    const paths = [
      `/api/users/${player.id}`,
      `/api/inventory?user_id=${player.id}`,
      `/api/heroes?user_id=${player.id}`,
      '/api/heroes/browse/all?limit=5',
      '/api/heroes/h_nobody',
      '/api/dungeons/forgotten_crypt',
    ];
    const before = (await lines(0)).length;
    const asked = [...paths, ...paths, ...paths];
    for (const res of await Promise.all(asked.map((p) => fetch(address + p)))) await res.arrayBuffer();
    const written = (await lines(before + asked.length)).slice(before);
    expect(written.map((l) => l.url).sort()).toEqual([...asked].sort());
    // each line written by the hook that runs after Fastify's router found the route: its own request id
    expect(new Set(written.map((l) => l.reqId)).size).toBe(asked.length);
  });
});
