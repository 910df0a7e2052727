// Live play across instances, as deploy/ runs it: two server processes (src/server/main.ts) on one PostgreSQL with
// REDIS_URL. Two players, each on their own instance's socket, play a match to its end: each sees every turn once,
// in order, and the end. Then the instance running a match's clock is killed mid-turn: the other takes the clock
// over within 15 s (GET /api/matches/{id} names it as host) and the match goes on.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { AcceptChallengeResponse, Challenge, MatchView, type LiveServerMessage } from '../../src/api/live.ts';
import { freshDatabase, giveHero, newPlayer, type Harness, type TestDatabase } from './helpers.ts';
import { remote, startServer, stop } from './processes.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A player's socket on an instance, and every message it got. */
async function openSocket(url: string, userId: string) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live?user_id=${userId}`);
  const got: LiveServerMessage[] = [];
  ws.on('message', (data: Buffer) => got.push(JSON.parse(data.toString()) as LiveServerMessage));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, got };
}

describe('live play on two instances (PostgreSQL + Redis)', () => {
  const children: ChildProcess[] = [];
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await Promise.all(children.map((c) => stop(c)));
    await db?.drop();
  });

  it('players on different instances finish a match; the clock’s instance killed, the other runs it', async () => {
    db = await freshDatabase('postgres');
    const env = { REDIS_URL, LIVE_TURN_SECONDS: '3', LIVE_BANK_SECONDS: '0' };
    const servers = await Promise.all([startServer(db.url, env), startServer(db.url, env)]);
    children.push(...servers.map((s) => s.child));
    const hs = servers.map((s) => remote(db!, s.url));
    const players = [await newPlayer(hs[0], 'inst'), await newPlayer(hs[1], 'inst')];
    const heroes: string[][] = [];
    for (const [k, p] of players.entries()) {
      heroes.push([]);
      for (let i = 0; i < 2; i++) heroes[k].push((await giveHero(hs[k], p.id, 3, 5)).id);
    }
    const open = async () => {
      const c = Challenge.parse(
        (
          await hs[0].call('POST', '/api/challenges', {
            user_id: players[0].id,
            hero_ids: heroes[0],
            opponent_id: players[1].id,
          })
        ).body,
      );
      const accepted = await hs[1].call('POST', `/api/challenges/${c.id}/accept`, {
        user_id: players[1].id,
        hero_ids: heroes[1],
      });
      return AcceptChallengeResponse.parse(accepted.body).match_id;
    };
    const read = async (h: Harness, id: string, userId?: string) =>
      MatchView.parse((await h.call('GET', `/api/matches/${id}${userId ? `?user_id=${userId}` : ''}`)).body);

    // A whole match: each player chooses over their own instance's socket.
    const matchId = await open();
    const sockets = await Promise.all(players.map((p, k) => openSocket(servers[k].url, p.id)));
    for (const s of sockets) s.ws.send(JSON.stringify({ type: 'watch', match_id: matchId }));
    let m = await read(hs[0], matchId);
    for (let guard = 0; m.status === 'in_play' && guard < 200; guard++) {
      const version = m.version;
      for (const [k, p] of players.entries()) {
        const mine = await read(hs[k], matchId, p.id);
        if (mine.status !== 'in_play' || mine.version !== version || mine.sides[k].acting.length === 0)
          continue;
        const actions = mine.options.map((o) => {
          const [ability_id, target] = o.options[0].id.split(':');
          return { hero_id: o.hero_id, ability_id, ...(target !== 'none' && { target_id: target }) };
        });
        sockets[k].ws.send(JSON.stringify({ type: 'choose', match_id: matchId, turn: mine.turn, actions }));
      }
      await expect
        .poll(async () => (await read(hs[1], matchId)).version, { timeout: 10_000 })
        .toBeGreaterThan(version);
      m = await read(hs[1], matchId);
    }
    expect(m.status).toBe('over');
    for (const s of sockets) {
      await expect.poll(() => s.got.some((x) => x.type === 'over'), { timeout: 10_000 }).toBe(true);
      // each version once, in order, after the first state
      const versions = s.got.flatMap((x) => (x.type === 'turn' || x.type === 'over' ? [x.version] : []));
      const first = s.got.find((x) => x.type === 'state') as { version: number };
      expect(versions).toEqual(
        Array.from({ length: m.version - first.version }, (_, i) => first.version + i + 1),
      );
      expect(s.got.filter((x) => x.type === 'error')).toEqual([]);
    }

    // The instance running a match's clock dies mid-turn: the other takes the clock over and plays on.
    const next = await open();
    const started = await read(hs[0], next);
    const names = await Promise.all(
      hs.map(async (h) => ((await h.call('GET', '/api/health')).body as { instance: string }).instance),
    );
    const dies = names.indexOf(started.host);
    expect(dies).toBeGreaterThanOrEqual(0);
    const lives = 1 - dies;
    await stop(servers[dies].child, 'SIGKILL');
    const killedAt = Date.now();
    await expect
      .poll(async () => (await read(hs[lives], next)).host, { timeout: 15_000, interval: 250 })
      .toBe(names[lives]);
    // no one chooses: the clock now on the living instance chooses for both sides, turn after turn
    await expect
      .poll(async () => (await read(hs[lives], next)).version, { timeout: 15_000, interval: 250 })
      .toBeGreaterThan(started.version);
    expect(Date.now() - killedAt).toBeLessThan(20_000);
    for (const s of sockets) s.ws.terminate();
  });
});
