// `npm run bench:crowd [-- db=postgres start=50 top=3200 grow=2 seconds=30 warmup=120 prof=1]`: how many players one core holds, as
// players feel it. The server runs as `npm start` runs it (src/server/main.ts: the access log on, the rate limits on,
// one odds thread), pinned to one core (taskset) on a fresh database; simulated players, each from its own address
// (X-Forwarded-For, the server trusting one proxy hop), play at the genre's pace from the other core: a request every
// 3 s on average (exponential gaps) — their heroes, a hero, the day, the player, odds then a fight, a duel's odds then
// the duel (against the set Find a fair match offered, found again now and then), the campaign, its next stage's odds
// then the stage,
// the shop, a purchase, a claim, the inventory, the leaderboard. The crowd climbs (50, 100, 200 … top: each level `grow`
// times the last); each level is
// measured for `seconds` after its new players have made their accounts, summoned their heroes and found the day's
// fair matches, and played 10 s (the first level: `warmup` s, while the fresh server compiles its hot code). The slowest hundredth of a level that does not hold is named by route. A level holds when its p99 is under 250 ms and under 0.5% of its requests fail
// (a 5xx, a 503 from a full odds queue, no answer within 10 s). Printed per level: requests a second, p50 / p99, the
// failures, the odds pool's work (from the server's GET /metrics: estimates made and answered from the cache a second,
// battles simulated a second for estimates and for Find a fair match's sets), how long the event loop was held
// (its delay's p99 and max over the window, the server's own measure), and the server's CPU split — its main thread, its other threads (the odds worker — the busiest, printed too —, the garbage collector's
// helpers, libuv's pool) and, on PostgreSQL, the database's processes — as a share of one core. With prof=1 the server
// runs with --cpu-prof, and the functions that took most of its main thread are printed at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freshDatabase, type DatabaseKind } from '../tests/api/helpers.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? fallback;
const KIND = arg('db', 'sqlite') as DatabaseKind;
const START = Number(arg('start', '50'));
const TOP = Number(arg('top', '3200'));
const GROW = Number(arg('grow', '2'));
const SECONDS = Number(arg('seconds', '30'));
/**
 * Seconds the first level plays before its measure: a fresh server spends its first minutes compiling its hot code
 * (V8's optimising compiler, on threads of its own: 10–29% of the core 10 s after 539 players joined, 3–5% after
 * 120 s), which a server that has run for hours does not. Later levels, on a warm server, play 10 s.
 */
const WARMUP = Number(arg('warmup', '120'));
const SETTLE_S = 10;
const PROFILE = arg('prof', '0') === '1';
const GAP_MS = 3000;
const P99_MS = 250;
const FAILING = 0.005;
const TIMEOUT_MS = 10_000;
/** Sign-ups at once: new players arrive a few at a time, not all in one instant. */
const JOINING_AT_ONCE = 4;
const SERVER_CORE = 1;
const BENCH_CORE = 0;

// ---- the server, as npm start runs it, on one core ------------------------------------------------------------

interface Server {
  proc: ChildProcess;
  pid: number;
  port: number;
  /** where the server answers GET /metrics (METRICS_PORT) */
  metricsPort: number;
  dir: string;
  stop(): Promise<void>;
}

async function startServer(databaseUrl: string): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-crowd-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const metricsPort = port + 1;
  const log = openSync(join(dir, 'server.log'), 'w');
  const node = [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []), '--import', 'tsx'];
  const proc = spawn(
    'taskset',
    ['-c', String(SERVER_CORE), process.execPath, ...node, 'src/server/main.ts'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        ODDS_THREADS: '1',
        METRICS_PORT: String(metricsPort),
        TRUST_PROXY: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', log, log],
    },
  );
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`the server exited: see ${join(dir, 'server.log')}`);
    const up = await call({ port, address: '10.0.0.1' }, 'GET', '/api/health').catch(() => null);
    if (up?.status === 200) break;
    if (i > 600) throw new Error('the server did not answer within a minute');
    await sleep(100);
  }
  return {
    proc,
    pid: proc.pid!,
    port,
    metricsPort,
    dir,
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

// ---- HTTP, kept alive -----------------------------------------------------------------------------------------

const agent = new Agent({ keepAlive: true, maxSockets: 512 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely: the bench only steers by it
}

function call(
  who: { port: number; address: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port: who.port,
        method,
        path,
        timeout: TIMEOUT_MS,
        headers: {
          'x-forwarded-for': who.address,
          accept: 'application/json',
          'accept-encoding': 'br, gzip',
          ...(data && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          let parsed: unknown = null;
          try {
            const text =
              encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
            parsed = text.length ? JSON.parse(text.toString()) : null;
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

// ---- the players ----------------------------------------------------------------------------------------------

interface Sample {
  ms: number;
  failed: boolean;
  /** the answer's status; 0: none within the time */
  status: number;
  /** a refusal the game answered (4xx): the player asked for what it could not do yet */
  refused: boolean;
  /** the call, by its route ('GET /api/heroes/:id') */
  what: string;
  /** an odds answer: the simulated battles its estimate took */
  battles?: number;
}

class Player {
  id = '';
  team: string[] = [];
  /** the set Find a fair match offered, fought through one duel at a time */
  opponents: string[] = [];
  duels = 0;
  /** the second request of a two-step act: the fight after its odds, the duel after the matches … */
  next: (() => Promise<unknown>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  constructor(
    readonly port: number,
    readonly address: string,
    readonly record: (s: Sample) => void,
  ) {}

  private async ask(method: string, path: string, body?: unknown): Promise<Answer | null> {
    const t = performance.now();
    const what = `${method} ${path.split('?')[0].replace(/\/(h|u|npc|r|b)_[^/]+|\/\d+-\d+/g, '/:id')}`;
    try {
      const r = await call(this, method, path, body);
      this.record({
        ms: performance.now() - t,
        failed: r.status >= 500,
        status: r.status,
        refused: r.status >= 400 && r.status < 500,
        what,
        ...(typeof r.body?.samples === 'number' && { battles: r.body.samples }),
      });
      return r;
    } catch {
      this.record({ ms: performance.now() - t, failed: true, status: 0, refused: false, what });
      return null;
    }
  }

  /** A call of the sign-up, asked again (up to three times) when it is not answered or the server is busy. */
  private async joining(method: string, path: string, body?: unknown): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      const r = await call(this, method, path, body).catch(() => null);
      if (r && r.status !== 503) return r;
      if (attempt === 3) throw new Error(`${method} ${path}: ${r ? r.status : 'no answer'}`);
    }
  }

  /** An account, three heroes kept from three summons and the day's fair matches found (not measured). */
  async join(n: number): Promise<void> {
    const made = await this.joining('POST', '/api/users', { username: `crowd${n}_${Date.now() % 1e6}` });
    if (made.status !== 201) throw new Error(`could not make player ${n}: ${made.status}`);
    this.id = made.body.id;
    for (let i = 0; i < 3; i++) {
      const pair = await this.joining('POST', '/api/characters/generate', {
        user_id: this.id,
        generation_id: `crowd_${this.id}_${i}`,
      });
      if (pair.status !== 200 && pair.status !== 201) break;
      await this.joining('POST', '/api/heroes', { user_id: this.id, character_data: { id: pair.body.id } });
    }
    const heroes = await this.joining('GET', `/api/heroes?user_id=${this.id}`);
    this.team = (heroes.body as { id: string }[]).slice(0, 4).map((h) => h.id);
    // The day's fair matches are found once a day and kept (each a set of estimated duels): a player in the crowd
    // has found today's already.
    if (this.team.length === 0) throw new Error(`player ${n} has no hero`);
    const found = await this.joining(
      'GET',
      `/api/arena/opponents?user_id=${this.id}&hero_id=${this.team[0]}&limit=6`,
    );
    this.opponents = ((found.body?.opponents ?? []) as { id: string }[]).map((o) => o.id);
  }

  start(): void {
    const gap = -Math.log(1 - Math.random()) * GAP_MS;
    this.timer = setTimeout(() => void this.act().finally(() => this.timer && this.start()), gap);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Find a fair match again: the hero's set as it now stands (each chance estimated anew when a side changed). */
  private async findMatches(): Promise<Answer | null> {
    const found = await this.ask(
      'GET',
      `/api/arena/opponents?user_id=${this.id}&hero_id=${this.team[0]}&limit=6`,
    );
    const ids = ((found?.body?.opponents ?? []) as { id: string }[]).map((o) => o.id);
    if (ids.length) this.opponents = ids;
    return found;
  }

  /** One request: the rest of an act begun, or a new one drawn by the mix. */
  private async act(): Promise<unknown> {
    if (this.next) {
      const next = this.next;
      this.next = null;
      return next();
    }
    const me = this.id;
    const team = this.team.join(',');
    const pick = Math.random() * 100;
    if (pick < 14) return this.ask('GET', `/api/heroes?user_id=${me}`);
    if (pick < 24) return this.ask('GET', `/api/heroes/${this.team[0]}`);
    if (pick < 32) return this.ask('GET', `/api/daily?user_id=${me}`);
    if (pick < 38) return this.ask('GET', `/api/users/${me}`);
    if (pick < 56) {
      const odds = await this.ask('GET', `/api/odds?user_id=${me}&kind=random&team=${team}`);
      this.next = () =>
        this.ask('POST', '/api/battles', {
          user_id: me,
          team_hero_ids: this.team,
          mode: 'auto',
          ...(odds?.body?.key && { odds_key: odds.body.key }),
        });
      return odds;
    }
    if (pick < 64) {
      // A duel against the next opponent of the set found: its chance read, then the fight.
      const opponent = this.opponents[this.duels++ % Math.max(1, this.opponents.length)];
      if (!opponent) return this.findMatches();
      const odds = await this.ask(
        'GET',
        `/api/odds?user_id=${me}&kind=arena&hero_id=${this.team[0]}&opponent_id=${opponent}`,
      );
      this.next = () =>
        this.ask('POST', '/api/arena/battle', {
          user_id: me,
          attacker_hero_id: this.team[0],
          opponent_id: opponent,
          ...(odds?.body?.key && { odds_key: odds.body.key }),
        });
      return odds;
    }
    if (pick < 66) return this.findMatches();
    if (pick < 76) {
      // As the campaign page plays it: the page, the next stage's chance for the team (its team picker), the fight.
      const campaign = await this.ask('GET', `/api/campaign?user_id=${me}`);
      const stage = campaign?.body?.next_stage_id as string | undefined;
      if (stage)
        this.next = async () => {
          const odds = await this.ask(
            'GET',
            `/api/odds?user_id=${me}&kind=campaign&stage_id=${stage}&team=${team}`,
          );
          this.next = () =>
            this.ask('POST', `/api/campaign/stages/${stage}/battle`, {
              user_id: me,
              team_hero_ids: this.team,
              mode: 'auto',
              ...(odds?.body?.key && { odds_key: odds.body.key }),
            });
          return odds;
        };
      return campaign;
    }
    if (pick < 80) return this.ask('GET', '/api/shop');
    if (pick < 83)
      return this.ask('POST', '/api/shop/purchase', { user_id: me, item_id: 'summoners_seal', quantity: 1 });
    if (pick < 85) return this.ask('POST', '/api/daily/claim', { user_id: me, claim: 'calendar' });
    if (pick < 89) return this.ask('GET', `/api/inventory?user_id=${me}`);
    return this.ask('GET', `/api/arena/leaderboard?limit=20&user_id=${me}`);
  }
}

// ---- the odds pool's counters (GET /metrics) -------------------------------------------------------------------

/**
 * The odds pool's answers by source and battles by task so far (src/server/http/metrics.ts), and how long the event
 * loop was held since the scrape before (`lag p99`, `lag max`, ms).
 */
async function oddsCounters(metricsPort: number): Promise<Map<string, number>> {
  const text = await new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: metricsPort, path: '/metrics' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^runeborn_odds_(answers|battles)_total\{\w+="(\w+)"\} (\S+)$/gm))
    out.set(`${m[1]} ${m[2]}`, Number(m[3]));
  // prom-client's event-loop delay, measured since the scrape before (it resets at each scrape)
  for (const m of text.matchAll(/^nodejs_eventloop_lag_(p99|max)_seconds (\S+)$/gm))
    out.set(`lag ${m[1]}`, Number(m[2]) * 1000);
  return out;
}

// ---- CPU, per thread and per database process -----------------------------------------------------------------

const TICKS = 100; // clock ticks a second (USER_HZ)

/** CPU seconds so far of each thread of `pid` (utime + stime). */
function threadTimes(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) / TICKS);
    } catch {
      // a thread that ended
    }
  }
  return out;
}

/** CPU seconds so far of each PostgreSQL process (the database's share), by pid. */
function databaseTimes(): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(pid), (Number(f[11]) + Number(f[12])) / TICKS);
    } catch {
      // a process that ended
    }
  }
  return out;
}

/** The CPU a set of processes or threads spent between two reads (one that began meanwhile: all of its own). */
const spent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((n, [id, t]) => n + Math.max(0, t - (before.get(id) ?? 0)), 0);

function cpuSplit(pid: number, before: Map<number, number>, after: Map<number, number>, seconds: number) {
  let main = 0;
  let other = 0;
  let busiest = 0; // the busiest other thread: the odds worker, by far, under a crowd
  for (const [tid, t] of after) {
    const d = t - (before.get(tid) ?? 0);
    if (tid === pid) main += d;
    else {
      other += d;
      busiest = Math.max(busiest, d);
    }
  }
  return { main: main / seconds, other: other / seconds, busiest: busiest / seconds };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;

// ---- the climb --------------------------------------------------------------------------------------------------

async function main() {
  // The bench itself keeps to the other core.
  spawn('taskset', ['-pc', String(BENCH_CORE), String(process.pid)], { stdio: 'ignore' });
  const db = await freshDatabase(KIND);
  const server = await startServer(db.url);
  console.log(
    `Crowd on ${KIND}: the server pinned to core ${SERVER_CORE} (one odds thread), players at a request every ` +
      `${GAP_MS / 1000} s on average; each level measured ${SECONDS} s. Holds: p99 < ${P99_MS} ms, failures < ${FAILING * 100}%.\n`,
  );
  console.log(
    '| Players | Requests/s | p50 ms | p99 ms | Failed | Refused (4xx) | Battles an odds answer | Estimates made / cached a second | Battles a second: estimates / fair-match sets | Event loop delay p99 / max ms | Server main | Server other (its busiest thread) | Database | Holds |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const players: Player[] = [];
  let samples: Sample[] = [];
  const record = (s: Sample) => samples.push(s);
  let held = 0;
  try {
    for (let level = START; level <= TOP; level = Math.round(level * GROW)) {
      // New players join (a few at a time, as sign-ups come), then everyone plays a moment before the measure.
      const joining: Player[] = [];
      for (let n = players.length; n < level; n++)
        joining.push(new Player(server.port, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, record));
      let failedJoins = 0;
      const joined: Player[] = [];
      for (let i = 0; i < joining.length; i += JOINING_AT_ONCE)
        await Promise.all(
          joining.slice(i, i + JOINING_AT_ONCE).map((p, k) =>
            p.join(players.length + i + k).then(
              () => joined.push(p),
              () => failedJoins++,
            ),
          ),
        );
      if (failedJoins)
        console.log(`(${failedJoins} of ${joining.length} new players could not join: left out)`);
      for (const p of joined) p.start();
      players.push(...joined);
      await sleep((level === START ? Math.max(WARMUP, SETTLE_S) : SETTLE_S) * 1000);
      samples = [];
      const threads0 = threadTimes(server.pid);
      const db0 = KIND === 'postgres' ? databaseTimes() : null;
      const odds0 = await oddsCounters(server.metricsPort);
      const t0 = performance.now();
      await sleep(SECONDS * 1000);
      const seconds = (performance.now() - t0) / 1000;
      const cpu = cpuSplit(server.pid, threads0, threadTimes(server.pid), seconds);
      const odds1 = await oddsCounters(server.metricsPort);
      const rate = (k: string) => Math.round(((odds1.get(k) ?? 0) - (odds0.get(k) ?? 0)) / seconds);
      const dbShare = db0 ? spent(db0, databaseTimes()) / seconds : null;
      const taken = samples;
      const ms = taken.map((s) => s.ms).sort((a, b) => a - b);
      const failed = taken.filter((s) => s.failed).length / Math.max(1, taken.length);
      const p99 = quantile(ms, 0.99);
      const holds = p99 < P99_MS && failed < FAILING;
      const pct = (x: number) => `${Math.round(x * 100)}%`;
      const estimates = taken.filter((x) => x.battles !== undefined);
      const battles = estimates.reduce((n, x) => n + x.battles!, 0) / Math.max(1, estimates.length);
      console.log(
        `| ${level} | ${Math.round(taken.length / seconds)} | ${quantile(ms, 0.5).toFixed(1)} | ${p99.toFixed(0)} | ` +
          `${(failed * 100).toFixed(2)}% | ${pct(taken.filter((x) => x.refused).length / Math.max(1, taken.length))} | ${Math.round(battles)} | ` +
          `${rate('answers simulated')} / ${rate('answers cache')} | ${rate('battles estimate')} / ${rate('battles screen')} | ` +
          `${(odds1.get('lag p99') ?? 0).toFixed(0)} / ${(odds1.get('lag max') ?? 0).toFixed(0)} | ${pct(cpu.main)} | ${pct(cpu.other)} (${pct(cpu.busiest)}) | ${dbShare === null ? 'in the server' : pct(dbShare)} | ${holds ? 'yes' : 'no'} |`,
      );
      if (!holds) {
        // What the slowest hundredth of the requests were.
        const slow = taken.filter((x) => x.ms >= p99);
        const by = new Map<string, number>();
        for (const x of slow) by.set(x.what, (by.get(x.what) ?? 0) + 1);
        console.log(
          `\nThe slowest 1% at ${level}: ` +
            [...by]
              .sort((a, b) => b[1] - a[1])
              .map(([w, n]) => `${w} ×${n}`)
              .join(', '),
        );
        for (const [label, which] of [
          ['Failed', (t: Sample) => t.failed],
          ['Refused', (t: Sample) => t.refused],
        ] as const) {
          const counts = new Map<string, number>();
          for (const x of taken.filter(which)) {
            const k = `${x.status || 'no answer'} ${x.what}`;
            counts.set(k, (counts.get(k) ?? 0) + 1);
          }
          if (counts.size > 0)
            console.log(
              `${label} at ${level}: ` +
                [...counts]
                  .sort((a, b) => b[1] - a[1])
                  .map(([w, n]) => `${w} ×${n}`)
                  .join(', '),
            );
        }
        break;
      }
      held = level;
    }
  } finally {
    for (const p of players) p.stop();
    await server.stop();
    agent.destroy();
  }
  console.log(`\nHeld: ${held} players on ${KIND} (${new Date().toISOString().slice(0, 10)})`);
  if (PROFILE) printProfile(server.dir);
  await db.drop();
  process.exit(0);
}

/** The functions that took most of the server's main thread (self time), from its --cpu-prof profile. */
function printProfile(dir: string): void {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return void console.log('(no profile written)');
  const prof = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    nodes: {
      id: number;
      callFrame: { functionName: string; url: string; lineNumber: number };
      hitCount: number;
    }[];
  };
  const total = prof.nodes.reduce((n, x) => n + x.hitCount, 0);
  const by = new Map<string, number>();
  for (const n of prof.nodes) {
    const where = n.callFrame.url.replace(/^.*\/(node_modules|src)\//, '$1/');
    const key = `${n.callFrame.functionName || '(anonymous)'} ${where}:${n.callFrame.lineNumber + 1}`;
    by.set(key, (by.get(key) ?? 0) + n.hitCount);
  }
  console.log(`\nThe server's main thread, by self time (${join(dir, file)}):`);
  for (const [key, hits] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}

await main();
