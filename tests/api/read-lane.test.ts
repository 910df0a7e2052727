// Hot reads answered before the router (http/read-lane.ts), asked over HTTP as a client asks, on both databases: the
// lane's answer is the one Fastify gives (status, bytes and every header); a write, through the API or from outside,
// shows at the next read; a locked player, a thing not found, an odd address or another method is Fastify's to
// answer, as before.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { connect } from 'node:net';
import { WalIndex } from '../../src/server/store/wal-index.ts';
import pino from 'pino';
import { serverLogger, type Lines } from '../../src/server/http/access-log.ts';
import { DATABASES, newPlayer, setBalances, startHarness, summonHero, type Harness } from './helpers.ts';
import { lockAccount } from './software-authenticator.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that say how the bytes travelled, not what was answered. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const answerHeaders = (headers: Iterable<[string, string]>): Record<string, string> =>
  Object.fromEntries([...headers].filter(([name]) => !TRANSPORT.has(name)));
/** A body as text, or as base64 when it is compressed. */
const bodyOf = (bytes: Buffer, headers: Record<string, string>) =>
  bytes.toString(headers['content-encoding'] ? 'base64' : 'utf8');

/** GETs `paths` pipelined on one connection, written at once; their statuses and bodies, in order. */
function pipelined(base: string, paths: string[]): Promise<{ status: number; body: string }[]> {
  const { hostname, port } = new URL(base);
  const asked = paths
    .map(
      (p, i) =>
        `GET ${p} HTTP/1.1\r\nHost: ${hostname}${i === paths.length - 1 ? '\r\nConnection: close' : ''}\r\n\r\n`,
    )
    .join('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.end(asked));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      let rest = Buffer.concat(chunks);
      const answers: { status: number; body: string }[] = [];
      while (rest.length > 0) {
        const end = rest.indexOf('\r\n\r\n');
        const head = rest.subarray(0, end).toString('latin1');
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        answers.push({
          status: Number(head.split(' ')[1]),
          body: rest.subarray(end + 4, end + 4 + length).toString('utf8'),
        });
        rest = rest.subarray(end + 4 + length);
      }
      resolve(answers);
    });
  });
}

describe.each(DATABASES)('reads answered before the router on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-lane-'));
  const file = join(dir, 'access.log');
  const log = serverLogger('info', file);
  let h: Harness;
  let base: string;
  let userId: string;
  let heroId: string;
  let dungeonId: string;
  /** a player who holds nothing */
  let emptyId: string;
  beforeAll(async () => {
    h = await startHarness(kind, { logger: log });
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    userId = (await newPlayer(h, 'lane')).id;
    heroId = (await summonHero(h, userId)).id;
    await setBalances(h, userId, { gold: 5000 });
    const bought = await h.call('POST', '/api/shop/purchase', { user_id: userId, item_id: 'rune_dust' });
    expect(bought.status).toBe(200);
    dungeonId = (await h.call('GET', '/api/dungeons')).body[0].id;
    emptyId = (await newPlayer(h, 'empty')).id;
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Asked over HTTP (node:http: the bytes as they came): the answer, and how many of it the lane sent (1 or 0). */
  async function get(path: string, asked: Record<string, string> = {}): Promise<Answer & { byLane: number }> {
    const sent = h.app.readLane.sent;
    const answer = await new Promise<Answer>((resolve, reject) => {
      request(base + path, { headers: asked }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers = answerHeaders(
            Object.entries(res.headers).map(([k, v]): [string, string] => [k, String(v)]),
          );
          resolve({ status: res.statusCode!, headers, body: bodyOf(Buffer.concat(chunks), headers) });
        });
      })
        .on('error', reject)
        .end();
    });
    return { ...answer, byLane: h.app.readLane.sent - sent };
  }

  /** Asked of Fastify itself (inject: no server, so no lane). */
  async function fastify(path: string, asked: Record<string, string> = {}): Promise<Answer> {
    const r = await h.app.inject({ method: 'GET', url: path, headers: asked });
    const headers = answerHeaders(
      Object.entries(r.headers).map(([k, v]): [string, string] => [k, String(v)]),
    );
    return { status: r.statusCode, headers, body: bodyOf(r.rawPayload, headers) };
  }

  const reads = () => [
    `/api/users/${userId}`,
    `/api/inventory?user_id=${userId}`,
    `/api/inventory?user_id=${emptyId}`,
    `/api/heroes/${heroId}`,
    `/api/dungeons/${dungeonId}`,
    `/api/heroes?user_id=${userId}`,
    '/api/heroes/browse/all',
    '/api/heroes/browse/all?limit=1',
    `/api/heroes/browse/all?limit=2&exclude_user_id=${emptyId}&unknown=1`,
  ];

  it('answers each read as Fastify answers it: status, bytes and every header', async () => {
    for (const path of reads()) {
      for (let ask = 0; ask < 2; ask++) {
        const { byLane, ...answer } = await get(path);
        expect(byLane, path).toBe(1);
        expect(answer, path).toEqual(await fastify(path));
        expect(answer.status, path).toBe(200);
      }
    }
    // the next browse page, by the cursor the first gave (a second player with a hero makes one)
    await summonHero(h, (await newPlayer(h, 'lane2')).id);
    const cursor = (JSON.parse((await get('/api/heroes/browse/all?limit=1')).body) as { next_cursor: string })
      .next_cursor;
    expect(cursor).toMatch(/^[\w-]+$/);
    const next = await get(`/api/heroes/browse/all?limit=1&cursor=${cursor}`);
    expect(next.byLane).toBe(1);
    const { byLane: _, ...answer } = next;
    expect(answer).toEqual(await fastify(`/api/heroes/browse/all?limit=1&cursor=${cursor}`));
  });

  it('answers the hero list as Fastify does: compressed when accepted, a 304 for the list the client holds', async () => {
    const path = `/api/heroes?user_id=${userId}`;
    const { headers } = await get(path);
    for (const asked of <Record<string, string>[]>[
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'identity' },
      { 'if-none-match': headers.etag },
      { 'if-none-match': 'W/"another"' },
    ]) {
      const answer = await get(path, asked);
      expect(answer.byLane, JSON.stringify(asked)).toBe(1);
      expect(answer.status, JSON.stringify(asked)).toBe(
        'if-none-match' in asked && asked['if-none-match'] === headers.etag ? 304 : 200,
      );
      const { byLane: _, ...rest } = answer;
      const expected = await fastify(path, asked);
      // A 304 has no body: Fastify still names the type and length of its `null`, the lane names neither.
      if (expected.status === 304) {
        delete expected.headers['content-type'];
        delete expected.headers['content-length'];
      }
      expect(rest, JSON.stringify(asked)).toEqual(expected);
    }
  });

  it('writes each answer’s access line, with an id of its own', async () => {
    const stream = (log as unknown as Record<symbol, Lines>)[pino.symbols.streamSym];
    stream.flush();
    const before = readFileSync(file, 'utf8').trim().split('\n').length;
    await get(`/api/users/${userId}`);
    await get(`/api/users/${userId}`);
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

  it('shows a write at the next read, made through the API or from outside', async () => {
    await get(`/api/users/${userId}`);
    await get(`/api/inventory?user_id=${userId}`);
    const bought = await h.call('POST', '/api/shop/purchase', { user_id: userId, item_id: 'rune_dust' });
    expect(bought.status).toBe(200);
    const user = await get(`/api/users/${userId}`);
    expect(user.byLane).toBe(1);
    expect(JSON.parse(user.body).gold).toBe(bought.body.user.gold);
    const items = await get(`/api/inventory?user_id=${userId}`);
    expect(items.byLane).toBe(1);
    expect(JSON.parse(items.body).total_quantity).toBe(2);
    await setBalances(h, userId, { gold: 7 });
    expect(JSON.parse((await get(`/api/users/${userId}`)).body).gold).toBe(7);
  });

  it.runIf(kind === 'sqlite')(
    'answers the reads of one turn together, in order, under one change mark read after all of them came',
    async () => {
      const paths = [
        `/api/users/${userId}`,
        `/api/heroes/${heroId}`,
        `/api/inventory?user_id=${userId}`,
        `/api/dungeons/${dungeonId}`,
        `/api/heroes?user_id=${userId}`,
        '/api/heroes/browse/all?limit=3',
      ];
      const alone: string[] = [];
      for (const path of paths) alone.push((await get(path)).body);
      const marks = vi.spyOn(WalIndex.prototype, 'mark');
      try {
        const sent = h.app.readLane.sent;
        const answers = await pipelined(base, paths); // one write: the server reads them in one turn
        expect(answers.map((a) => a.status)).toEqual(paths.map(() => 200));
        expect(answers.map((a) => a.body)).toEqual(alone);
        expect(h.app.readLane.sent - sent).toBe(paths.length);
        expect(marks).toHaveBeenCalledTimes(1);
      } finally {
        marks.mockRestore();
      }
    },
  );

  it('leaves what is not found, odd addresses and other methods to Fastify, which answers as before', async () => {
    for (const [path, status] of [
      ['/api/users/u_nobody', 404],
      ['/api/inventory?user_id=u_nobody', 404],
      ['/api/heroes/no_such_hero', 404],
      ['/api/dungeons/no_such_dungeon', 404],
      [`/api/users/${userId}?x=1`, 200],
      [`/api/users/${userId}/`, 404],
      [`/api/users/${userId}%20`, 404],
      [`/api/inventory?user_id=${userId}&user_id=${userId}`, 400],
      ['/api/heroes/browse/all?limit=0', 400],
      ['/api/heroes/browse/all?limit=2&limit=3', 400],
      ['/api/heroes/browse/all?cursor=%21', 400],
      ['/api/heroes/browse/all?cursor=not_a_cursor', 400],
    ] as const) {
      const answer = await get(path);
      expect(answer.byLane, path).toBe(0);
      expect(answer.status, path).toBe(status);
      const { byLane: _, ...rest } = answer;
      expect(rest, path).toEqual(await fastify(path));
    }
    const sent = h.app.readLane.sent;
    const head = await fetch(`${base}/api/users/${userId}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(h.app.readLane.sent).toBe(sent);
  });

  it('leaves a locked player to the guard: their session reads, nobody else does', async () => {
    const player = (await newPlayer(h, 'lock')).id;
    expect((await get(`/api/users/${player}`)).byLane).toBe(1);
    const { cookie } = await lockAccount(h, player);
    for (const path of [`/api/users/${player}`, `/api/inventory?user_id=${player}`]) {
      // their own session reads (Fastify, asking the guard), and on SQLite the answer is then held as it is now
      const own = await get(path, { cookie: cookie! });
      expect([own.status, own.byLane], path).toEqual([200, 0]);
      const other = await get(path);
      expect([other.status, other.byLane], path).toEqual([401, 0]);
    }
  });
});
