// `npm run bench:live [-- pairs=500 instances=2 think=5]`: live matches at once, as deployed — two instances
// (src/server/main.ts, as `npm start` runs them) on one fresh PostgreSQL database with REDIS_URL, and N pairs of
// simulated players (`ws` clients), each player on their own instance's socket, playing whole matches at once (every
// acting hero attacks; each player knows the match from its socket's messages, as the match page does; with think=S
// each thinks 0–2S seconds before each choice, as people do — without it, all choose at once: a stress). Prints the
// delay from a turn's completing choice to the turn's event at each player (p50/p95/p99), events lost, duplicated or
// out of order, desyncs (the two players' final matches differ), and the instances' CPU per match. PROFILE_DIR=dir:
// each instance writes a CPU profile there (node --cpu-prof) as it stops.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { WebSocket } from 'ws';
import type { LiveServerMessage, MatchNow, MatchView } from '../src/api/live.ts';
import { generateHero } from '../src/game/generation.ts';
import { heroRow } from '../src/server/store/hero-rows.ts';
import { admin, freePort, PG_ADMIN_URL } from './local-services.ts';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=') as [string, string]));
const PAIRS = Number(args.pairs ?? 200);
const INSTANCES = Number(args.instances ?? 2);
const TEAM = Number(args.team ?? 2);
/** A player's thinking before each choice, in seconds: uniform from 0 to twice this (0: choose at once, a stress). */
const THINK = Number(args.think ?? 0);
const thinking = () =>
  THINK > 0 ? new Promise((r) => setTimeout(r, Math.random() * 2 * THINK * 1000)) : Promise.resolve();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`an instance exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('an instance did not come up');
}

async function call<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const r = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await r.json()) as T;
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** A process's CPU seconds so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second)
}

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** A player's socket: every message, the versions in the order they came, and a wait for a version. */
class Client {
  readonly ws: WebSocket;
  readonly versions: number[] = [];
  readonly arrived = new Map<number, number>();
  /** the match as the socket last told it (a `state`, or the last `turn`/`over` of a catch-up) */
  now: MatchNow | null = null;
  private waiters: { version: number; resolve: () => void }[] = [];
  errors = 0;

  constructor(url: string, userId: string) {
    this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live?user_id=${userId}`);
    this.ws.on('message', (data: Buffer) => this.take(JSON.parse(data.toString()) as LiveServerMessage));
  }

  opened() {
    return new Promise((resolve, reject) => this.ws.once('open', resolve).once('error', reject));
  }

  private take(m: LiveServerMessage) {
    if (m.type === 'error') this.errors++;
    if (m.type !== 'turn' && m.type !== 'over' && m.type !== 'state') return;
    if (m.type !== 'state') this.versions.push(m.version);
    if (m.match) this.now = m.match;
    const now = performance.now();
    for (let v = (this.arrived.size ? Math.max(...this.arrived.keys()) : -1) + 1; v <= m.version; v++)
      this.arrived.set(v, now);
    this.waiters = this.waiters.filter((w) => {
      if (!this.knows(w.version)) return true;
      w.resolve();
      return false;
    });
  }

  /** Whether the socket has told `version` and the match as it stands at it or later (a catch-up's last message). */
  private knows(version: number): boolean {
    return this.arrived.has(version) && (this.now?.version ?? -1) >= version;
  }

  /** Resolves once the socket has told `version`, and the match as it stands with it. */
  seen(version: number): Promise<void> {
    if (this.knows(version)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }
}

async function main() {
  const name = `runeborn_live_${Date.now()}`;
  await admin(`CREATE DATABASE ${name}`);
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const children: ChildProcess[] = [];
  try {
    const urls: string[] = [];
    for (let i = 0; i < INSTANCES; i++) {
      const port = await freePort();
      const profile = process.env.PROFILE_DIR
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROFILE_DIR]
        : [];
      const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          REDIS_URL,
          RATE_LIMIT: 'off',
          LOG_LEVEL: 'warn',
          ODDS_THREADS: '1',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      await waitFor(`http://127.0.0.1:${port}/api/health`, child);
      urls.push(`http://127.0.0.1:${port}`);
    }
    console.log(
      `${INSTANCES} instances on one PostgreSQL with Redis; ${PAIRS} matches of ${TEAM}v${TEAM} at once`,
    );

    // Players and their heroes (level 5, 3★), written straight into the store.
    const store = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    const users: { id: string }[] = [];
    for (let i = 0; i < PAIRS * 2; i++)
      users.push(
        await call(`${urls[i % INSTANCES]}/api/users`, 'POST', { username: `lv_${i}_${Date.now() % 1e5}` }),
      );
    const teams: string[][] = [];
    let seed = 1;
    for (const u of users) {
      const team: string[] = [];
      for (let k = 0; k < TEAM; k++) {
        const hero = generateHero(seed++, { id: `h_lv_${u.id}_${k}`, userId: u.id, rarity: 3, level: 5 });
        const row = heroRow(hero, { user_id: u.id, created_at: 1 });
        const cols = Object.keys(row);
        await store.query(
          `insert into heroes (${cols.join(',')}) values (${cols.map((_, j) => `$${j + 1}`).join(',')})`,
          cols.map((c) => (row as Record<string, unknown>)[c]),
        );
        team.push(hero.id);
      }
      await store.query('update users set hero_count = $1 where id = $2', [TEAM, u.id]);
      teams.push(team);
    }
    await store.end();
    const matches: string[] = [];
    for (let p = 0; p < PAIRS; p++) {
      const [a, b] = [2 * p, 2 * p + 1];
      const c = await call<{ id: string }>(`${urls[0]}/api/challenges`, 'POST', {
        user_id: users[a].id,
        hero_ids: teams[a],
        opponent_id: users[b].id,
      });
      const accepted = await call<{ match_id: string }>(
        `${urls[1 % INSTANCES]}/api/challenges/${c.id}/accept`,
        'POST',
        {
          user_id: users[b].id,
          hero_ids: teams[b],
        },
      );
      matches.push(accepted.match_id);
    }

    const cpuBefore = children.map((c) => cpuSeconds(c.pid!));
    const clientCpu = process.cpuUsage();
    const delays: number[] = [];
    let desyncs = 0;
    let turns = 0;
    const clients: Client[] = [];
    const started = performance.now();
    await Promise.all(
      matches.map(async (matchId, p) => {
        const sides = [2 * p, 2 * p + 1].map((u, k) => ({
          user: users[u].id,
          url: urls[k % INSTANCES],
          client: new Client(urls[k % INSTANCES], users[u].id),
        }));
        await Promise.all(sides.map((s) => s.client.opened()));
        clients.push(...sides.map((s) => s.client));
        for (const s of sides) s.client.ws.send(JSON.stringify({ type: 'watch', match_id: matchId }));
        await Promise.all(sides.map((s) => s.client.seen(0)));
        for (let guard = 0; guard < 300; guard++) {
          const views = sides.map((s) => s.client.now!);
          if (views[0].status !== 'in_play') break;
          const version = Math.max(...views.map((v) => v.version));
          // each player thinks, then chooses; the turn is played on the later choice
          const sentAt = await Promise.all(
            sides.map(async (s, k) => {
              const acting = views[k].sides[k].acting;
              if (acting.length === 0) return 0;
              await thinking();
              const actions = acting.map((hero_id) => ({ hero_id, ability_id: 'attack' }));
              s.client.ws.send(
                JSON.stringify({ type: 'choose', match_id: matchId, turn: views[k].turn, actions }),
              );
              return performance.now();
            }),
          );
          const sent = Math.max(...sentAt);
          await Promise.all(sides.map((s) => s.client.seen(version + 1)));
          for (const s of sides) delays.push(s.client.arrived.get(version + 1)! - sent);
          turns++;
        }
        const ends = await Promise.all(sides.map((s) => call<MatchView>(`${s.url}/api/matches/${matchId}`)));
        if (
          JSON.stringify(ends[0].events) !== JSON.stringify(ends[1].events) ||
          ends[0].winner_id !== ends[1].winner_id
        )
          desyncs++;
        await Promise.all(sides.map((s) => s.client.seen(ends[0].version)));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = children.reduce((sum, c, i) => sum + cpuSeconds(c.pid!) - cpuBefore[i], 0);
    const used = process.cpuUsage(clientCpu);
    console.log(
      `instances' CPU ${cpu.toFixed(1)} s, the simulated players' ${((used.user + used.system) / 1e6).toFixed(1)} s, over ${seconds.toFixed(1)} s on ${cpus().length} cores`,
    );
    let lost = 0;
    let duplicated = 0;
    let outOfOrder = 0;
    let errors = 0;
    for (const c of clients) {
      const seen = new Set<number>();
      for (const [i, v] of c.versions.entries()) {
        if (seen.has(v)) duplicated++;
        else if (i > 0 && v !== c.versions[i - 1] + 1) outOfOrder++;
        seen.add(v);
      }
      const top = Math.max(...c.versions, 0);
      const first = Math.min(...c.versions, top);
      for (let v = first; v <= top; v++) if (!seen.has(v)) lost++;
      errors += c.errors;
      c.ws.terminate();
    }
    if (errors > 0) console.log(`error messages from the server: ${errors}`);
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log('');
    console.log(
      '| Matches at once | Turns | Choice → turn event p50 / p95 / p99 | Lost / duplicated / out of order | Desyncs | CPU a match |',
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(
      `| ${PAIRS} (${TEAM}v${TEAM}, ${INSTANCES} instances${THINK ? `, ${THINK} s a choice` : ', no thinking'}) | ${turns} in ${seconds.toFixed(1)} s | ${ms(quantile(delays, 0.5))} / ${ms(quantile(delays, 0.95))} / ${ms(quantile(delays, 0.99))} | ${lost} / ${duplicated} / ${outOfOrder} | ${desyncs} | ${((cpu / PAIRS) * 1000).toFixed(0)} ms |`,
    );
  } finally {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
