// `npm run bench:api`: autocannon against the real server on a fresh SQLite database — GET /api/heroes?user_id=,
// POST /api/arena/battle, POST /api/shop/purchase — side by side with a bare Fastify route served by the same
// process, then checks that no purchase was lost. Goals (issue 3): reads ≥ half the bare rate, arena p50 < 50 ms,
// purchases ≥ 3,000/s. `node --import tsx bench/api.ts serve` is the server half (run as a child process so the
// load generator does not share its event loop).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import Fastify from 'fastify';

// autocannon ships no types: the little of it used here, typed by hand.
interface LoadOptions {
  url: string;
  method?: string;
  connections?: number;
  duration?: number;
  headers?: Record<string, string>;
  body?: string;
}
interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  '2xx': number;
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: LoadOptions, cb: (err: Error | null, r: LoadResult) => void) => void;

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

async function serve(databaseUrl: string) {
  const { buildApp } = await import('../src/server/app.ts');
  const app = await buildApp({ databaseUrl, rateLimits: false, webRoot: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (a: ReturnType<typeof app.server.address>) => (typeof a === 'object' && a ? a.port : 0);
  process.stdout.write(`READY ${port(app.server.address())} ${port(bare.server.address())}\n`);
  const stop = async () => {
    await app.close();
    await bare.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
}

function run(name: string, opts: LoadOptions): Promise<Row> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: 50, ...opts }, (err, r) => {
      if (err) return reject(err);
      resolve({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok: r['2xx'], non2xx: r.non2xx, errors: r.errors });
    });
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-bench-'));
  const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api.ts', 'serve', databaseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [apiPort, barePort] = await new Promise<number[]>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /READY (\d+) (\d+)/.exec(out);
      if (m) resolve([Number(m[1]), Number(m[2])]);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  const api = `http://127.0.0.1:${apiPort}`;
  const post = async (path: string, body: unknown) => {
    const r = await fetch(api + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return r.json();
  };
  try {
    // A player with five heroes and plenty of gold.
    const user = await post('/api/users', { username: `bench_${Date.now() % 1e6}` });
    const { openStore } = await import('../src/server/store/db.ts');
    const store = openStore(databaseUrl);
    await store.db.updateTable('users').set({ gold: 1_000_000_000, summoning_scrolls: 100 }).where('id', '=', user.id).execute();
    const heroIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await post('/api/characters/generate', { user_id: user.id, generation_id: `bench_gen_${i}_${user.id.slice(-6)}` });
      heroIds.push((await post('/api/heroes', { user_id: user.id, character_data: { id: c.id } })).id);
    }
    const goldBefore = (await (await fetch(`${api}/api/users/${user.id}`)).json()).gold;

    const rows: Row[] = [];
    rows.push(await run('bare Fastify GET /bare', { url: `http://127.0.0.1:${barePort}/bare` }));
    rows.push(await run('GET /api/heroes?user_id=', { url: `${api}/api/heroes?user_id=${user.id}` }));
    rows.push(
      await run('POST /api/arena/battle', {
        url: `${api}/api/arena/battle`,
        method: 'POST',
        connections: 20,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: user.id, attacker_hero_id: heroIds[0], opponent_id: 'npc_crypt_ghoul' }),
      }),
    );
    rows.push(
      await run('POST /api/shop/purchase', {
        url: `${api}/api/shop/purchase`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: user.id, item_id: 'draught_of_insight', quantity: 1 }),
      }),
    );

    const purchases = rows[3].ok;
    const after = await (await fetch(`${api}/api/users/${user.id}`)).json();
    const inv = await (await fetch(`${api}/api/inventory?user_id=${user.id}`)).json();
    const arenaGold = await store.db
      .selectFrom('battles')
      .select('rewards')
      .where('user_id', '=', user.id)
      .execute()
      .then((bs) => bs.reduce((n, b) => n + (b.rewards ? JSON.parse(b.rewards).gold : 0), 0));
    await store.close();

    console.log(`\nRuneborn API on SQLite, ${DURATION}s per run (autocannon, 50 connections; arena 20):\n`);
    console.log('| endpoint | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.non2xx} | ${r.errors} |`);
    const bare = rows[0].rps;
    const draughts = inv.items.find((i: { item_id: string }) => i.item_id === 'draught_of_insight')?.quantity ?? 0;
    const lost = goldBefore + arenaGold - purchases * 100 - after.gold;
    console.log('');
    console.log(`reads vs bare route: ${((rows[1].rps / bare) * 100).toFixed(0)}% (goal ≥ 50%)`);
    console.log(`arena p50: ${rows[2].p50} ms (goal < 50 ms)`);
    console.log(`purchases: ${Math.round(rows[3].rps)}/s (goal ≥ 3000/s); ${purchases} answered 200, ${draughts} in the inventory, gold off by ${lost} (goal 0 lost)`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]);
else await main();
