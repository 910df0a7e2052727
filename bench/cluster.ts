// `npm run bench:cluster`: the deployment recipe, run for real. Starts two or more instances (`src/server/main.ts`,
// as `npm start` does) on one fresh PostgreSQL database and Debian's nginx in front of them with deploy/nginx.conf,
// then, through nginx only: reads (autocannon), concurrent purchases by one player (none lost, none overspent),
// fights from several players at once (each answered fight is stored, with its rewards paid exactly once), and the
// account-creation limit counted once for all instances. Needs nginx (`apt-get install nginx`).
// Options: CLUSTER_INSTANCES (2), REDIS_URL (count the limits in Redis instead of the database), BENCH_SECONDS (5).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import pg from 'pg';
import { DEFAULT_RATE_LIMITS } from '../src/server/app.ts';
import { admin, freePort, NGINX, PG_ADMIN_URL, startNginx } from './local-services.ts';

const INSTANCES = Number(process.env.CLUSTER_INSTANCES ?? 2);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

const autocannon = createRequire(import.meta.url)('autocannon') as (
  o: object,
  cb: (
    err: Error | null,
    r: {
      requests: { average: number };
      latency: { p50: number; p99: number };
      '2xx': number;
      non2xx: number;
      errors: number;
    },
  ) => void,
) => void;

async function waitFor(url: string, child: ChildProcess, what: string) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up`);
}

async function post(url: string, body: unknown) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function load(opts: object) {
  return new Promise<Parameters<Parameters<typeof autocannon>[1]>[1]>((resolve, reject) =>
    autocannon({ duration: DURATION, connections: 50, ...opts }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
}

async function main() {
  if (!NGINX) throw new Error('nginx is not installed: apt-get install nginx');
  const name = `runeborn_cluster_${Date.now()}`;
  await admin(`CREATE DATABASE ${name}`);
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const children: ChildProcess[] = [];
  const stops: (() => Promise<void>)[] = [];
  const failures: string[] = [];
  try {
    // The instances, one after another (the first runs the migrations; the others find them done).
    const ports: number[] = [];
    for (let i = 0; i < INSTANCES; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          TRUST_PROXY: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ODDS_THREADS: '1',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      await waitFor(`http://127.0.0.1:${port}/api/health`, child, `instance ${i + 1}`);
      ports.push(port);
    }
    // nginx in front, from deploy/nginx.conf.
    const nginx = await startNginx(ports);
    stops.push(nginx.stop);
    const api = nginx.url;
    console.log(
      `\n${INSTANCES} instances on one PostgreSQL behind nginx (${api}); limits counted in ${process.env.REDIS_URL ? 'Redis' : 'PostgreSQL'}\n`,
    );

    // Players: a buyer with gold for exactly 150 draughts, and fighters with heroes.
    const store = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const player = async (username: string) => {
      const r = await post(`${api}/api/users`, { username });
      if (r.status !== 201)
        throw new Error(`could not create ${username}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as { id: string };
    };
    const buyer = await player(`buyer_${Date.now() % 1e6}`);
    {
      // through the wallet, which enters the adjustment in the ledger (the database refuses a bare update)
      const { openStore } = await import('../src/server/store/db.ts');
      const { adjustBalances } = await import('../src/server/economy/wallet.ts');
      const wallet = openStore(databaseUrl, { poolSize: 1 });
      await adjustBalances(wallet.db, buyer.id, { gold: 15000 });
      await wallet.close();
    }
    const fighters = [];
    for (let i = 0; i < 4; i++) {
      const u = await player(`fighter_${i}_${Date.now() % 1e5}`);
      const c = await post(`${api}/api/characters/generate`, { user_id: u.id });
      const h = await post(`${api}/api/heroes`, { user_id: u.id, character_data: { id: c.body.id } });
      fighters.push({ user: u.id, hero: h.body.id as string });
    }
    const made = 1 + fighters.length;

    // Reads through nginx.
    const reads = await load({ url: `${api}/api/heroes?user_id=${fighters[0].user}` });
    const shop = await load({ url: `${api}/api/shop` });

    // 400 purchases at once, for gold that buys 150: exactly 150 bought, the rest refused, gold exact.
    const buys = await Promise.all(
      Array.from({ length: 400 }, () =>
        post(`${api}/api/shop/purchase`, { user_id: buyer.id, item_id: 'draught_of_insight', quantity: 1 }),
      ),
    );
    const bought = buys.filter((b) => b.status === 200).length;
    const {
      rows: [after],
    } = await store.query('select gold from users where id = $1', [buyer.id]);
    const {
      rows: [inv],
    } = await store.query(
      "select coalesce(sum(quantity), 0)::int as n from inventory where user_id = $1 and item_id = 'draught_of_insight'",
      [buyer.id],
    );
    const oddStatuses = buys.filter((b) => b.status !== 200 && b.status !== 400).map((b) => b.status);
    if (bought !== 150 || after.gold !== 0 || inv.n !== 150 || oddStatuses.length > 0)
      failures.push(
        `purchases: ${bought} bought, gold left ${after.gold}, ${inv.n} in the inventory, other answers ${oddStatuses}`,
      );

    // Fights from four players at once through both instances: every answered fight stored once, rewards paid once.
    const npcs = (
      (await (await fetch(`${api}/api/npcs`)).json()) as { dungeons: { npcs: { id: string }[] }[] }
    ).dungeons.flatMap((d) => d.npcs.map((n) => n.id));
    const goldBefore = new Map<string, number>();
    for (const f of fighters)
      goldBefore.set(
        f.user,
        (await store.query('select gold from users where id = $1', [f.user])).rows[0].gold,
      );
    const t0 = performance.now();
    const fights = await Promise.all(
      fighters.flatMap((f) =>
        Array.from({ length: 20 }, (_, k) =>
          post(`${api}/api/arena/battle`, {
            user_id: f.user,
            attacker_hero_id: f.hero,
            opponent_id: npcs[k % npcs.length],
          }),
        ),
      ),
    );
    const fightSeconds = (performance.now() - t0) / 1000;
    const answered = fights.filter((r) => r.status === 200);
    for (const f of fighters) {
      const mine = answered.filter((r) => r.body.user?.id === f.user);
      const {
        rows: [{ n }],
      } = await store.query(
        "select count(*)::int as n from battles where user_id = $1 and location_type = 'arena'",
        [f.user],
      );
      const {
        rows: [{ gold }],
      } = await store.query('select gold from users where id = $1', [f.user]);
      const paid = mine.reduce((s, r) => s + (r.body.rewards?.gold ?? 0), 0);
      if (n !== mine.length || gold !== goldBefore.get(f.user)! + paid)
        failures.push(
          `fights of ${f.user}: ${mine.length} answered, ${n} stored; gold ${gold} ≠ ${goldBefore.get(f.user)} + ${paid}`,
        );
    }
    const fightStatuses = [...new Set(fights.map((r) => r.status))].join(', ');

    // Account creations from one client, alternating between the instances through nginx: one budget for all.
    const limit = DEFAULT_RATE_LIMITS.users;
    const tries = await Promise.all(
      Array.from({ length: limit * 2 }, (_, i) =>
        post(`${api}/api/users`, { username: `limit_${i}_${Date.now() % 1e5}` }),
      ),
    );
    const created = tries.filter((r) => r.status === 201).length;
    if (created + made !== limit)
      failures.push(
        `limits: ${made} + ${created} accounts made from one client; one instance allows ${limit}`,
      );
    await store.end();
    // Every balance equals the sum of its ledger entries after all of it.
    const { openStore } = await import('../src/server/store/db.ts');
    const { auditLedger } = await import('../src/server/economy/ledger.ts');
    const audited = openStore(databaseUrl, { poolSize: 1 });
    const audit = await auditLedger(audited.db);
    await audited.close();
    if (audit.differences.length > 0 || audit.unchained > 0)
      failures.push(
        `ledger: ${audit.differences.length} balances differ from their entries, ${audit.unchained} unchained`,
      );

    console.log('| through nginx | figure |');
    console.log('|---|---|');
    console.log(
      `| GET /api/heroes?user_id= (50 connections) | ${Math.round(reads.requests.average)}/s, p99 ${reads.latency.p99} ms, ${reads.non2xx} non-2xx, ${reads.errors} errors |`,
    );
    console.log(
      `| GET /api/shop (50 connections) | ${Math.round(shop.requests.average)}/s, p99 ${shop.latency.p99} ms |`,
    );
    console.log(
      `| 400 purchases at once, gold for 150 | ${bought} bought, gold left ${after.gold}, ${inv.n} in the inventory |`,
    );
    console.log(
      `| 80 arena fights at once from 4 players | ${answered.length} answered in ${fightSeconds.toFixed(1)} s (statuses ${fightStatuses}); each stored once, rewards paid once |`,
    );
    console.log(
      `| ${limit * 2} account creations from one client (+${made} made before) | ${created} more created: ${created + made} in all, the limit of one instance (${limit}) |`,
    );
    console.log(
      `| the ledger audit afterwards | ${audit.differences.length} balances differ from the sum of their entries |`,
    );
    console.log(
      `\n${failures.length === 0 ? 'none lost, none overspent, limits shared, every balance entered' : `FAILED:\n  ${failures.join('\n  ')}`} (load average ${loadavg()[0].toFixed(1)})`,
    );
  } finally {
    for (const stop of stops) await stop();
    for (const c of children.reverse()) {
      c.kill('SIGTERM');
      await new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)));
    }
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  if (failures.length > 0) process.exit(1);
}

await main();
