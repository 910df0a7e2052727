// Measures how smooth the battle view stays while it plays back an enemy turn (issue 5, "Measured").
// Starts the real server on a fresh SQLite file (serving the built client in dist/: run `npx vite build` first),
// makes a player with 4 heroes, opens a 4v4 turn-based battle in Debian's Chromium at 1× speed with motion on,
// and chooses options until a call's events include enemy turns. During each such playback it records
//   - requestAnimationFrame deltas in the page (the frame times the player sees), and
//   - a Chromium performance trace (CDP Tracing), from which it takes the longest main-thread task.
// Prints the longest frame and the p95 frame time per viewport, and saves the last trace under test-results/.
//
//   npx vite build && node --import tsx scripts/battle-frames.ts            (phone 390×844 and desktop 1280×800)
//   BATTLE_FRAMES_RUNS=5 node --import tsx scripts/battle-frames.ts         (playbacks measured per viewport)
//   BATTLE_FRAMES_TRACE=0 …  (rAF deltas only, without the tracing overhead); BATTLE_FRAMES_DEBUG=1 … (slow frames, LoAF)
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { DEBIAN_CHROMIUM } from '../tests/e2e/debian-chromium.ts';

/** A port nobody is listening on (other engineers' test servers come and go on this machine). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
const PORT = Number(process.env.BATTLE_FRAMES_PORT ?? (await freePort()));
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BATTLE_FRAMES_RUNS ?? 4);
const BUDGET_MS = 50;
const TRACE = process.env.BATTLE_FRAMES_TRACE !== '0';

interface Json {
  [k: string]: unknown;
}

async function api<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function startServer(): Promise<{ stop: () => void }> {
  try {
    await fetch(`${BASE}/api/health`);
    throw new Error(`port ${PORT} is taken: set BATTLE_FRAMES_PORT to a free one`);
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('port ')) throw err;
  }
  const db = join(tmpdir(), `runeborn-frames-${Date.now()}.db`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${db}`,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return { stop: () => child.kill('SIGTERM') };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

const percentile = (xs: number[], p: number): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tdur?: number;
  tid?: number;
  pid?: number;
  cat: string;
  args?: { name?: string };
  id?: number | string;
  ts?: number;
}

/** The longest task on the page's main thread (CrRendererMain) in a CDP trace: wall time and CPU time (ms). */
function longestTask(events: TraceEvent[]): { wall: number; cpu: number } {
  const main = mainThreads(events);
  let wall = 0;
  let cpu = 0;
  for (const e of events) {
    if (!e.name.endsWith('RunTask') || e.ph !== 'X' || !main.has(`${e.pid}:${e.tid}`)) continue;
    wall = Math.max(wall, (e.dur ?? 0) / 1000);
    cpu = Math.max(cpu, (e.tdur ?? 0) / 1000);
  }
  return { wall, cpu };
}

/** CPU time of raster tasks (cc's TaskGraphRunner on the worker pool) in a trace, ms. */
const rasterCpu = (events: TraceEvent[]): number =>
  events
    .filter((e) => e.name === 'TaskGraphRunner::RunTask' && e.ph === 'X')
    .reduce((n, e) => n + (e.tdur ?? 0) / 1000, 0);

const mainThreads = (events: TraceEvent[]): Set<string> =>
  new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );

/** Chromium's own frames in the trace: each AnimationFrame begin/end pair on the main thread (ms). */
function traceFrames(events: TraceEvent[]): number[] {
  const main = mainThreads(events);
  const open = new Map<string, number>();
  const out: number[] = [];
  for (const e of events) {
    if (e.name !== 'AnimationFrame' || !main.has(`${e.pid}:${e.tid}`)) continue;
    const key = `${e.pid}:${e.id}`;
    if (e.ph === 'b') open.set(key, e.ts ?? 0);
    else if (e.ph === 'e' && open.has(key)) {
      out.push(((e.ts ?? 0) - open.get(key)!) / 1000);
      open.delete(key);
    }
  }
  return out;
}

async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await done;
  if (!stream) return [];
  let data = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    data += chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(data) as { traceEvents?: unknown[] } | unknown[];
  return (Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? [])) as TraceEvent[];
}

interface Sample {
  frames: number[];
  longestTask: { wall: number; cpu: number };
  traceFrames: number[];
  /** CPU spent rastering tiles (worker pool) during the playback, ms. */
  raster: number;
  events: number;
  enemyTurns: number;
}

async function measure(
  browser: Browser,
  viewport: { width: number; height: number },
  label: string,
  tracePath: string,
): Promise<Sample[]> {
  const user = await api<{ id: string }>('POST', '/api/users', {
    username: `frames_${randomUUID().slice(0, 8)}`,
  });
  const heroes: string[] = [];
  for (let i = 0; i < 4; i++) {
    const candidate = await api('POST', '/api/characters/generate', {
      user_id: user.id,
      generation_id: randomUUID(),
    });
    heroes.push(
      (await api<{ id: string }>('POST', '/api/heroes', { user_id: user.id, character_data: candidate })).id,
    );
  }
  const fullUser = await api(`GET`, `/api/users/${user.id}`);
  const context = await browser.newContext({
    viewport,
    reducedMotion: 'no-preference',
    deviceScaleFactor: viewport.width < 720 ? 2 : 1,
  });
  await context.addInitScript((stored) => {
    window.localStorage.setItem('runeborn_user', stored);
    window.localStorage.setItem('runeborn_battle_speed', '1x');
  }, JSON.stringify(fullUser));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const samples: Sample[] = [];

  let battle = await api<{ battle_id: string; enemies: unknown[]; allies: unknown[] }>(
    'POST',
    '/api/battles',
    { user_id: user.id, team_hero_ids: heroes, mode: 'turn_based' },
  );
  await openBattle(page, battle.battle_id);
  console.log(`${label}: ${battle.allies.length}v${battle.enemies.length} battle ${battle.battle_id}`);

  for (let guard = 0; samples.length < RUNS && guard < 200; guard++) {
    const ended = await page.getByTestId('battle-result').isVisible();
    if (ended) {
      battle = await api('POST', '/api/battles', {
        user_id: user.id,
        team_hero_ids: heroes,
        mode: 'turn_based',
      });
      await openBattle(page, battle.battle_id);
      continue;
    }
    const option = page.locator('[data-option-id]:enabled').first();
    await option.waitFor({ timeout: 15_000 });
    if (TRACE)
      await cdp.send('Tracing.start', {
        categories: 'toplevel,devtools.timeline,__metadata',
        transferMode: 'ReturnAsStream',
      });
    // Frame recorder: rAF deltas from the click until the playback ends.
    // (A string, not a function: tsx would wrap named functions in a helper the page does not have.)
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__loaf = [];
      window.__stop = false;
      if (!window.__loafObserver && PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
        window.__loafObserver = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__loaf.push({ duration: e.duration, blocking: e.blockingDuration, render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0, style: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0, scripts: e.scripts.map((x) => [x.invoker, Math.round(x.duration), x.sourceFunctionName]) });
        });
        window.__loafObserver.observe({ type: 'long-animation-frame', buffered: false });
      }
      let last = performance.now();
      const tick = (t) => {
        window.__frames.push(t - last);
        last = t;
        if (!window.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
    })()`);
    const response = page.waitForResponse(
      (r) => r.url().includes('/action') && r.request().method() === 'POST',
    );
    await option.click();
    const body = (await (await response).json()) as {
      new_events: { kind: string; actor_id?: string }[];
      enemies: { id: string }[];
    };
    const enemyIds = new Set(body.enemies.map((e) => e.id));
    const enemyTurns = body.new_events.filter(
      (e) => e.kind === 'turn' && e.actor_id && enemyIds.has(e.actor_id),
    ).length;
    // Polled every 200 ms, not every frame (Playwright's default), so the watcher adds no work to the frames measured.
    await page
      .waitForFunction(
        () => document.querySelector('.battle-view')?.getAttribute('data-playing') === 'true',
        undefined,
        { timeout: 2000, polling: 50 },
      )
      .catch(() => undefined);
    await page.waitForFunction(
      () => document.querySelector('.battle-view')?.getAttribute('data-playing') === 'false',
      undefined,
      { timeout: 15_000, polling: 200 },
    );
    const frames = (await page.evaluate(
      '(() => { window.__stop = true; return window.__frames; })()',
    )) as number[];
    const trace = TRACE ? await readTrace(cdp) : [];
    if (process.env.BATTLE_FRAMES_DEBUG)
      console.log('   loaf', JSON.stringify(await page.evaluate('window.__loaf')));
    if (process.env.BATTLE_FRAMES_DEBUG)
      console.log(
        '   slow frames at',
        frames
          .map((f, i) => [i, Math.round(f)])
          .filter(([, f]) => f! > 34)
          .map(([i, f]) => `#${i}:${f}ms`)
          .join(' '),
      );
    if (enemyTurns === 0) continue; // only enemy-turn playbacks count
    samples.push({
      frames,
      longestTask: longestTask(trace),
      traceFrames: traceFrames(trace),
      raster: rasterCpu(trace),
      events: body.new_events.length,
      enemyTurns,
    });
    // Keep the trace of the roughest playback for a look in chrome://tracing or Perfetto.
    const worstSoFar = Math.max(0, ...samples.slice(0, -1).map((x) => Math.max(0, ...x.traceFrames)));
    if (samples.length === 1 || Math.max(0, ...samples.at(-1)!.traceFrames) > worstSoFar)
      writeFileSync(tracePath, JSON.stringify({ traceEvents: trace }));
    const s = samples.at(-1)!;
    console.log(
      `  playback ${samples.length}: ${s.events} events (${s.enemyTurns} enemy turns), ${frames.length} frames, longest ${Math.max(...frames).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, longest main-thread task ${s.longestTask.wall.toFixed(1)} ms wall / ${s.longestTask.cpu.toFixed(1)} ms CPU, trace frames longest ${Math.max(0, ...s.traceFrames).toFixed(1)} ms`,
    );
  }
  await context.close();
  return samples;
}

async function openBattle(page: Page, battleId: string): Promise<void> {
  // dist/ may be rebuilt meanwhile by someone else's build: one retry loads the fresh bundle.
  for (let attempt = 0; ; attempt++) {
    await page.goto(`${BASE}/battle/${battleId}`);
    try {
      await page.locator('.battle-side--enemies [data-unit-id]').first().waitFor({ timeout: 15_000 });
      break;
    } catch (err) {
      if (attempt >= 1) {
        console.error(
          'the battle did not open; the page shows:',
          (await page.locator('body').innerText()).slice(0, 400),
        );
        throw err;
      }
    }
  }
  await page.evaluate(() => document.fonts.ready);
  await page
    .waitForFunction(() => Array.from(document.images).every((i) => i.complete), undefined, { timeout: 5000 })
    .catch(() => undefined);
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await chromium.launch(DEBIAN_CHROMIUM);
  mkdirSync('test-results', { recursive: true });
  let worst = 0;
  // Frames are wall-clock: on a shared machine other processes can stall them; the load average says how busy it was.
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${process.env.BATTLE_FRAMES_TRACE === '0' ? 'no trace' : 'with CDP trace'})`,
  );
  try {
    const only = process.env.BATTLE_FRAMES_ONLY; // 'phone' or 'desktop'
    for (const [label, viewport] of [
      ['phone 390×844', { width: 390, height: 844 }],
      ['desktop 1280×800', { width: 1280, height: 800 }],
    ] as const) {
      if (only && !label.startsWith(only)) continue;
      const samples = await measure(
        browser,
        viewport,
        label,
        `test-results/battle-frames-trace-${viewport.width}.json`,
      );
      const frames = samples.flatMap((s) => s.frames);
      const longest = Math.max(...frames);
      const tf = samples.flatMap((x) => x.traceFrames);
      worst = Math.max(worst, longest);
      console.log(
        `${label}: ${samples.length} enemy-turn playbacks, ${frames.length} frames — longest frame ${longest.toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, median ${percentile(frames, 50).toFixed(1)} ms, longest main-thread task ${Math.max(...samples.map((s) => s.longestTask.wall)).toFixed(1)} ms wall / ${Math.max(...samples.map((s) => s.longestTask.cpu)).toFixed(1)} ms CPU; trace AnimationFrames: ${tf.length}, longest ${Math.max(0, ...tf).toFixed(1)} ms, p95 ${percentile(tf, 95).toFixed(1)} ms; raster CPU ${samples.reduce((n, x) => n + x.raster, 0).toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    worst < BUDGET_MS
      ? `every frame under ${BUDGET_MS} ms (worst ${worst.toFixed(1)} ms)`
      : `FRAME OVER BUDGET: ${worst.toFixed(1)} ms ≥ ${BUDGET_MS} ms`,
  );
  process.exitCode = worst < BUDGET_MS ? 0 : 1;
}

await main();
