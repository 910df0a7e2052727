// Answers sent before the router (http/held-lane.ts), asked over HTTP as a client asks: on SQLite a read whose
// answer is held under the change mark is sent by the lane with the same status, bytes and headers Fastify sends;
// a write (through the API or from outside), a locked player, an odd address or another method goes to Fastify. On
// PostgreSQL (no change mark) the lane sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { serverLogger, type Lines } from '../../src/server/http/access-log.ts';
import { DATABASES, newPlayer, setBalances, startHarness, summonHero, type Harness } from './helpers.ts';
import { lockAccount } from './software-authenticator.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

describe.each(DATABASES)('answers held before the router on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-lane-'));
  const file = join(dir, 'access.log');
  const log = serverLogger('info', file);
  let h: Harness;
  let base: string;
  let userId: string;
  let heroId: string;
  let dungeonId: string;
  beforeAll(async () => {
    h = await startHarness(kind, { logger: log });
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    userId = (await newPlayer(h, 'lane')).id;
    heroId = (await summonHero(h, userId)).id;
    await setBalances(h, userId, { gold: 5000 });
    expect(
      (await h.call('POST', '/api/shop/purchase', { user_id: userId, item_id: 'rune_dust' })).status,
    ).toBe(200);
    dungeonId = (await h.call('GET', '/api/dungeons')).body[0].id;
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function get(path: string, init?: RequestInit): Promise<Answer> {
    const r = await fetch(base + path, init);
    const headers = Object.fromEntries([...r.headers].filter(([name]) => name !== 'date'));
    return { status: r.status, headers, body: await r.text() };
  }

  /** `path` asked twice: what Fastify answered first, what was answered next and whether the lane sent it. */
  async function twice(path: string) {
    const first = await get(path);
    const sent = h.app.heldLane.sent;
    const next = await get(path);
    return { first, next, byLane: h.app.heldLane.sent - sent };
  }

  const reads = () => [
    `/api/users/${userId}`,
    `/api/inventory?user_id=${userId}`,
    `/api/heroes/${heroId}`,
    `/api/dungeons/${dungeonId}`,
  ];

  it('sends a held answer as Fastify sent it: status, bytes and every header', async () => {
    for (const path of reads()) {
      const { first, next, byLane } = await twice(path);
      expect(first.status, path).toBe(200);
      expect(next, path).toEqual(first);
      expect(byLane, path).toBe(kind === 'sqlite' ? 1 : 0);
    }
  });

  it('writes each answer’s access line, with an id of its own', async () => {
    const stream = (log as unknown as Record<symbol, Lines>)[pino.symbols.streamSym];
    stream.flush();
    const before = readFileSync(file, 'utf8').trim().split('\n').length;
    await twice(`/api/users/${userId}`);
    stream.flush();
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(before)
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatchObject({ method: 'GET', url: `/api/users/${userId}`, status: 200, msg: 'request' });
    expect(lines[0].reqId).not.toBe(lines[1].reqId);
  });

  it('never sends an answer a write has moved on from, through the API or from outside', async () => {
    await twice(`/api/users/${userId}`);
    const bought = await h.call('POST', '/api/shop/purchase', { user_id: userId, item_id: 'rune_dust' });
    expect(bought.status).toBe(200);
    const user = await get(`/api/users/${userId}`);
    expect(JSON.parse(user.body).gold).toBe(bought.body.user.gold);
    const items = JSON.parse((await get(`/api/inventory?user_id=${userId}`)).body);
    expect(items.total_quantity).toBe(2);
    await setBalances(h, userId, { gold: 7 });
    expect(JSON.parse((await get(`/api/users/${userId}`)).body).gold).toBe(7);
  });

  it('leaves odd addresses, other methods and unknown keys to Fastify', async () => {
    await twice(`/api/users/${userId}`);
    const lane = h.app.heldLane.sent;
    for (const [path, status] of [
      [`/api/users/${userId}?x=1`, 200],
      [`/api/users/${userId}/`, 404],
      [`/api/users/${encodeURIComponent(userId)}%20`, 404],
      [`/api/inventory?user_id=${userId}&user_id=${userId}`, 400],
      ['/api/users/u_nobody', 404],
      [`/api/heroes/browse/all`, 200],
    ] as const)
      expect((await get(path)).status, path).toBe(status);
    const head = await fetch(`${base}/api/users/${userId}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(h.app.heldLane.sent).toBe(lane);
  });

  it('sends nothing held for a player who locked their account: Fastify asks for the session', async () => {
    const player = (await newPlayer(h, 'lock')).id;
    const { byLane } = await twice(`/api/users/${player}`);
    expect(byLane).toBe(kind === 'sqlite' ? 1 : 0);
    const { cookie } = await lockAccount(h, player);
    // Their own session reads their answers, which are then held under the database as it is now.
    for (const path of [`/api/users/${player}`, `/api/inventory?user_id=${player}`])
      expect((await get(path, { headers: { cookie: cookie! } })).status, path).toBe(200);
    const sent = h.app.heldLane.sent;
    for (const path of [`/api/users/${player}`, `/api/inventory?user_id=${player}`])
      expect((await get(path)).status, path).toBe(401);
    expect(h.app.heldLane.sent).toBe(sent);
  });
});
