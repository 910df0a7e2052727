// Live play across instances, as deploy/ runs it: two server processes (src/server/main.ts) on one PostgreSQL with
// REDIS_URL. Two players, each on their own instance's socket, play a match to its end: each sees every turn once,
// in order, and the end. Then, behind Debian's nginx (deploy/nginx.conf), the instance running a match's clock is
// killed mid-turn: the other takes the clock over within 15 s (GET /api/matches/{id} names it as host), the players'
// sockets come back through nginx from the version they saw, and their choices play the match on.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { AcceptChallengeResponse, Challenge, MatchView, type LiveServerMessage } from '../../src/api/live.ts';
import { freshDatabase, giveHero, newPlayer, type Harness, type TestDatabase } from './helpers.ts';
import { startNginx } from '../../bench/local-services.ts';
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
  const stops: (() => Promise<void>)[] = [];
  let db: TestDatabase | undefined;
  afterAll(async () => {
    for (const s of stops) await s();
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

    // Behind nginx (deploy/nginx.conf in front of both), the instance running a match's clock dies mid-turn: the other
    // takes the clock over and plays on, and the players — their sockets and calls through nginx — play on with it.
    const proxy = await startNginx(servers.map((s) => Number(new URL(s.url).port)));
    stops.push(proxy.stop);
    const via = remote(db, proxy.url);
    const next = await open();
    const started = await read(via, next);
    const watch = (s: Awaited<ReturnType<typeof openSocket>>, since?: number) =>
      s.ws.send(JSON.stringify({ type: 'watch', match_id: next, since_version: since }));
    const names = await Promise.all(
      hs.map(async (h) => ((await h.call('GET', '/api/health')).body as { instance: string }).instance),
    );
    const dies = names.indexOf(started.host);
    expect(dies).toBeGreaterThanOrEqual(0);
    const lives = 1 - dies;
    // the players' sockets: through nginx, and — so that one surely is on it — the first player's on the doomed instance
    const near = await Promise.all(
      players.map((p, k) => openSocket(k === 0 ? servers[dies].url : proxy.url, p.id)),
    );
    for (const s of near) watch(s);
    await expect.poll(() => near.every((s) => s.got.some((x) => x.type === 'state'))).toBe(true);
    await expect
      .poll(async () => (await read(via, next)).sides.map((x) => x.connected))
      .toEqual([true, true]);
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
    // a socket nginx had sent to the dead instance is closed: the page opens another through nginx, from the last
    // version it saw, and is told every one since, once and in order
    const lastSeen = (s: (typeof near)[number]) =>
      Math.max(
        ...s.got.flatMap((x) =>
          x.type === 'state' || x.type === 'turn' || x.type === 'over' ? [x.version] : [],
        ),
      );
    // — but first, a player whose only socket was on the dead instance is shown away (its beat lapsed), not connected
    for (const [k, s] of near.entries())
      if (s.ws.readyState !== s.ws.OPEN)
        await expect
          .poll(async () => (await read(via, next)).sides[k].connected, { timeout: 15_000, interval: 250 })
          .toBe(false);
    const back = await Promise.all(
      near.map(async (s, k) => {
        if (s.ws.readyState === s.ws.OPEN) return s;
        const again = await openSocket(proxy.url, players[k].id);
        watch(again, lastSeen(s));
        return again;
      }),
    );
    // the players choose through nginx, and their choices play the next turn
    const before = (await read(via, next)).version;
    await expect
      .poll(
        async () => {
          for (const [k, p] of players.entries()) {
            const mine = await read(via, next, p.id);
            if (mine.status !== 'in_play' || mine.sides[k].chosen || mine.sides[k].acting.length === 0)
              continue;
            const actions = mine.options.map((o) => ({ hero_id: o.hero_id, ability_id: 'defend' }));
            const r = await via.call('POST', `/api/matches/${next}/choices`, {
              user_id: p.id,
              turn: mine.turn,
              actions,
            });
            expect([202, 409]).toContain(r.status);
          }
          return (await read(via, next)).version;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBeGreaterThan(before);
    const now = await read(via, next);
    for (const [k, s] of back.entries()) {
      await expect.poll(() => lastSeen(s), { timeout: 10_000 }).toBeGreaterThanOrEqual(now.version);
      const told = [...(s === near[k] ? [] : near[k].got), ...s.got].flatMap((x) =>
        x.type === 'turn' || x.type === 'over' ? [x.version] : [],
      );
      expect(told).toEqual([...new Set(told)].sort((a, b) => a - b));
      expect(s.got.filter((x) => x.type === 'error')).toEqual([]);
    }
    for (const s of [...sockets, ...near, ...back]) s.ws.terminate();
  });
});
