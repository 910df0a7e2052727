// The access log as `npm start` writes it (http/access-log.ts): one JSON line a request, pino's own format — level,
// time, pid, hostname, reqId, then method, url, status, ms, msg — so any pino tool reads it; errors through pino.
import { once, type EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLogger } from '../../src/server/http/access-log.ts';
import { startHarness, type Harness } from './helpers.ts';

describe('the access log', () => {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-log-'));
  const file = join(dir, 'access.log');
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('sqlite', { logger: serverLogger('info', file) });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The lines written so far, once `count` of them are there (the destination opens its file and writes off the
   * event loop: it is waited for, then flushed).
   */
  async function lines(count: number): Promise<Record<string, unknown>[]> {
    const stream = (
      h.app.log as unknown as { [k: symbol]: EventEmitter & { fd: number; flushSync(): void } }
    )[(await import('pino')).default.symbols.streamSym];
    if (stream.fd < 0) await once(stream, 'ready');
    stream.flushSync();
    const all = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
    expect(all.length).toBeGreaterThanOrEqual(count);
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
});
