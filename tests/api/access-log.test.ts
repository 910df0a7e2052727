// The access log as `npm start` writes it (http/access-log.ts): one JSON line a request, pino's own format — level,
// time, pid, hostname, reqId, then method, url, status, ms, msg — so any pino tool reads it; errors through pino.
import pino from 'pino';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLogger, type Lines } from '../../src/server/http/access-log.ts';
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
  function lines(count: number): Record<string, unknown>[] {
    (log as unknown as Record<symbol, Lines>)[pino.symbols.streamSym].flush();
    const all = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
    expect(all.length).toBeGreaterThanOrEqual(count);
    return all.map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  it('writes one pino line a request, its url escaped', async () => {
    const before = lines(0).length;
    const url = '/api/heroes/browse/all?limit=3&after=%22quoted%22';
    await h.call('GET', url);
    await h.call('GET', '/api/shop');
    const [browse, shop] = lines(before + 2).slice(before);
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
    const before = lines(0).length;
    await h.call('GET', '/api/users/u_nobody');
    const [line] = lines(before + 1).slice(before);
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/users/u_nobody',
      status: 404,
      msg: 'request',
    });
  });

  it("writes a change's line once its answer is done", async () => {
    const before = lines(0).length;
    const res = await h.call('POST', '/api/users', { username: 'logged_change' });
    expect(res.status).toBe(201);
    const [line] = lines(before + 1).slice(before);
    expect(line).toMatchObject({ level: 30, method: 'POST', url: '/api/users', status: 201, msg: 'request' });
  });

  it('writes the line of an address the router refuses before any hook runs', async () => {
    const before = lines(0).length;
    expect((await h.call('GET', '/api/users/%ED%A0%80')).status).toBe(400);
    expect((await h.call('GET', `/api/heroes/${'x'.repeat(5000)}`)).status).toBe(400);
    const refused = lines(before + 2).slice(before);
    expect(refused).toMatchObject([
      { level: 30, method: 'GET', url: '/api/users/%ED%A0%80', status: 400, msg: 'request' },
      { level: 30, method: 'GET', status: 400, msg: 'request' },
    ]);
  });
});
