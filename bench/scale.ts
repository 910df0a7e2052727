// `npm run bench:scale`: the game at scale. Fills a fresh database of each kind — by default 100,000 players and
// 1,000,000 heroes (10 each), an inventory for every player and a fight history for some — in bulk through the
// store, then starts the real server on it and times every list call and hot read, one request at a time over
// HTTP, for players picked at random: p50 and p99, and the largest answer (every answer is bounded).
// Options: BENCH_PLAYERS (100000), BENCH_HEROES_EACH (10), BENCH_DATABASES (sqlite,postgres), BENCH_REQUESTS (300
// per call). Goal (issue 13): every p50 under 20 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { generateHero } from '../src/game/index.ts';
import type { Hero } from '../src/game/types.ts';
import { buildApp } from '../src/server/app.ts';
import { openStore, type Store } from '../src/server/store/db.ts';
import { heroColumns } from '../src/server/store/hero-rows.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const HEROES_EACH = Number(process.env.BENCH_HEROES_EACH ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
/** Players with a long fight history (FIGHTS_EACH fights each, copies of a real fight's record). */
const FIGHTERS = Math.max(1, Math.round(PLAYERS / 100));
const FIGHTS_EACH = 100;
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Row = Record<string, unknown>;

/** Inserts rows in bulk: one SQLite transaction per 10,000 rows; on PostgreSQL multi-row INSERTs. */
async function insertMany(store: Store, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  if (store.sqlite) {
    const raw = store.sqlite;
    const insert = raw.prepare(
      `insert into ${table} (${cols.join(',')}) values (${cols.map(() => '?').join(',')})`,
    );
    const batch = raw.transaction((part: Row[]) => {
      for (const r of part) insert.run(...cols.map((c) => r[c]));
    });
    for (let i = 0; i < rows.length; i += 10_000) batch(rows.slice(i, i + 10_000));
    return;
  }
  const per = Math.floor(60_000 / cols.length);
  for (let i = 0; i < rows.length; i += per) {
    const part = rows.slice(i, i + per);
    const values: unknown[] = [];
    const tuples = part.map(
      (r) => `(${cols.map((c) => (values.push(r[c]), `$${values.length}`)).join(',')})`,
    );
    await store.pool!.query(`insert into ${table} (${cols.join(',')}) values ${tuples.join(',')}`, values);
  }
}

async function freshDatabase(kind: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'runeborn-scale-'));
    return { url: `sqlite:${join(dir, 'scale.db')}`, drop: async () => rmSync(dir, { recursive: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `runeborn_scale_${Date.now()}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const id = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

/** Fills the store: players, their heroes (varied copies of 2,000 generated ones), inventories, fight histories. */
async function fill(store: Store, fight: { battle: Row }): Promise<{ userIds: string[]; heroIds: string[] }> {
  const now = Math.floor(Date.now() / 1000);
  const templates: Hero[] = Array.from({ length: 2000 }, (_, i) =>
    generateHero(i * 7919 + 1, { id: `t${i}`, userId: null, level: 1 + (i % 20) }),
  );
  const userIds: string[] = [];
  const heroIds: string[] = [];
  const CHUNK = 5000; // players per round: keeps memory flat at any size
  for (let from = 0; from < PLAYERS; from += CHUNK) {
    const users: Row[] = [];
    const ledger: Row[] = [];
    const heroes: Row[] = [];
    const inventory: Row[] = [];
    for (let p = from; p < Math.min(PLAYERS, from + CHUNK); p++) {
      const userId = id('user');
      userIds.push(userId);
      const username = `player_${p.toString(36)}`;
      const balances = {
        gold: 500 + (p % 1000),
        magic_essence: 100,
        summoning_scrolls: 5,
        combat_tokens: p % 7,
      };
      users.push({
        id: userId,
        username,
        username_key: username.toLowerCase(),
        ...balances,
        created_at: now - (PLAYERS - p),
        hero_count: HEROES_EACH,
      });
      // the ledger's opening entries come first: the database refuses a balance no entry states
      for (const [currency, amount] of Object.entries(balances))
        if (amount !== 0)
          ledger.push({
            user_id: userId,
            currency,
            delta: amount,
            balance_after: amount,
            reason: 'opening_balance',
            ref: null,
            created_at: now,
          });
      for (let k = 0; k < HEROES_EACH; k++) {
        const hero: Hero = {
          ...templates[(p * HEROES_EACH + k) % templates.length],
          id: id('hero'),
          user_id: userId,
        };
        heroIds.push(hero.id);
        heroes.push({
          ...heroColumns(hero),
          id: hero.id,
          user_id: userId,
          dungeon_id: null,
          generation_id: null,
          doc: JSON.stringify(hero),
          version: 1,
          created_at: now - (PLAYERS - p) + k,
        });
      }
      for (const item_id of ['draught_of_insight', 'heroic_tonic', 'rune_dust'].slice(0, 1 + (p % 3)))
        inventory.push({ id: id('inv'), user_id: userId, item_id, quantity: 1 + (p % 4), created_at: now });
    }
    await insertMany(store, 'ledger', ledger);
    await insertMany(store, 'users', users);
    await insertMany(store, 'heroes', heroes);
    await insertMany(store, 'inventory', inventory);
  }
  // Fight histories: copies of one real fight's record (its replay included) for FIGHTERS players.
  for (let f = 0; f < FIGHTERS; f++) {
    const userId = userIds[Math.floor((f * userIds.length) / FIGHTERS)];
    const battles = Array.from({ length: FIGHTS_EACH }, (_, k) => ({
      ...fight.battle,
      id: id('battle'),
      user_id: userId,
      created_at: now - k,
      updated_at: now - k,
    }));
    await insertMany(store, 'battles', battles);
  }
  return { userIds, heroIds };
}

/** A real fight's stored row, made through the API on a scratch server of the same kind. */
async function realFight(url: string): Promise<{ battle: Row }> {
  const app = await buildApp({ databaseUrl: url, rateLimits: false, webRoot: null, oddsThreads: 1 });
  const call = async (method: 'GET' | 'POST', u: string, payload?: object) =>
    (await app.inject({ method, url: u, ...(payload ? { payload } : {}) })).json();
  const user = await call('POST', '/api/users', { username: 'scale_fighter' });
  const c = await call('POST', '/api/characters/generate', { user_id: user.id });
  const hero = await call('POST', '/api/heroes', { user_id: user.id, character_data: { id: c.id } });
  const fight = await call('POST', '/api/battles', {
    user_id: user.id,
    team_hero_ids: [hero.id],
    mode: 'auto',
  });
  await app.close();
  const store = openStore(url);
  const battle = await store.db
    .selectFrom('battles')
    .selectAll()
    .where('id', '=', fight.battle_id)
    .executeTakeFirstOrThrow();
  await store.close();
  return { battle: battle as Row };
}

interface Timing {
  name: string;
  p50: number;
  p99: number;
  maxBytes: number;
  statuses: string;
}

async function time(name: string, urls: () => string): Promise<Timing> {
  const ms: number[] = [];
  let maxBytes = 0;
  const statuses = new Map<number, number>();
  for (let i = 0; i < REQUESTS + 10; i++) {
    const t = performance.now();
    const r = await fetch(urls());
    const body = await r.arrayBuffer();
    if (i >= 10) ms.push(performance.now() - t);
    maxBytes = Math.max(maxBytes, body.byteLength);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
  ms.sort((a, b) => a - b);
  return {
    name,
    p50: ms[Math.floor(ms.length / 2)],
    p99: ms[Math.floor(ms.length * 0.99)],
    maxBytes,
    statuses: [...statuses].map(([s, n]) => `${n}×${s}`).join(' '),
  };
}

async function measure(url: string, userIds: string[], heroIds: string[]): Promise<Timing[]> {
  const app = await buildApp({ databaseUrl: url, rateLimits: false, webRoot: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const api = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const any = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  const fighters = Array.from(
    { length: FIGHTERS },
    (_, f) => userIds[Math.floor((f * userIds.length) / FIGHTERS)],
  );
  // a browse cursor somewhere in the middle of the players: the page after a random player's name
  const cursorAfter = () =>
    Buffer.from(`player_${Math.floor(Math.random() * PLAYERS).toString(36)}`).toString('base64url');
  const dungeons = (await (await fetch(`${api}/api/dungeons`)).json()) as { id: string }[];
  const rows: Timing[] = [];
  const calls: [string, () => string][] = [
    ['GET /api/heroes/{id}', () => `${api}/api/heroes/${any(heroIds)}`],
    ['GET /api/heroes?user_id=', () => `${api}/api/heroes?user_id=${any(userIds)}`],
    ['GET /api/users/{id}', () => `${api}/api/users/${any(userIds)}`],
    [
      'GET /api/users?q= (prefix search)',
      () => `${api}/api/users?q=player_${Math.floor(Math.random() * 36).toString(36)}`,
    ],
    ['GET /api/users (first page)', () => `${api}/api/users`],
    ['GET /api/inventory?user_id=', () => `${api}/api/inventory?user_id=${any(userIds)}`],
    ['GET /api/heroes/browse/all (first page)', () => `${api}/api/heroes/browse/all`],
    [
      'GET /api/heroes/browse/all?cursor= (anywhere)',
      () => `${api}/api/heroes/browse/all?cursor=${cursorAfter()}`,
    ],
    ['GET /api/users/{id}/battles (100 fights)', () => `${api}/api/users/${any(fighters)}/battles`],
    ['GET /api/battles/active?user_id=', () => `${api}/api/battles/active?user_id=${any(userIds)}`],
    ['GET /api/dungeon-runs/active?user_id=', () => `${api}/api/dungeon-runs/active?user_id=${any(userIds)}`],
    ['GET /api/characters/pending?user_id=', () => `${api}/api/characters/pending?user_id=${any(userIds)}`],
    ['GET /api/shop', () => `${api}/api/shop`],
    ['GET /api/dungeons', () => `${api}/api/dungeons`],
    ['GET /api/dungeons/{id}', () => `${api}/api/dungeons/${any(dungeons).id}`],
    ['GET /api/npcs', () => `${api}/api/npcs`],
  ];
  for (const [name, urls] of calls) rows.push(await time(name, urls));
  await app.close();
  return rows;
}

async function main() {
  for (const kind of KINDS) {
    const db = await freshDatabase(kind);
    try {
      const fight = await realFight(db.url);
      const store = openStore(db.url);
      const t0 = performance.now();
      const { userIds, heroIds } = await fill(store, fight);
      if (store.sqlite) store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      else await store.pool!.query('analyze');
      await store.close();
      const fillS = (performance.now() - t0) / 1000;
      console.log(
        `\n${kind}: ${PLAYERS.toLocaleString('en')} players, ${heroIds.length.toLocaleString('en')} heroes, ` +
          `${(FIGHTERS * FIGHTS_EACH).toLocaleString('en')} fights filled in ${fillS.toFixed(0)} s\n`,
      );
      const rows = await measure(db.url, userIds, heroIds);
      console.log(
        `| call (${REQUESTS} requests, one at a time) | p50 ms | p99 ms | largest answer | statuses |`,
      );
      console.log('|---|---:|---:|---:|---|');
      for (const r of rows)
        console.log(
          `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.maxBytes / 1024).toFixed(1)} KB | ${r.statuses} |`,
        );
      const slow = rows.filter((r) => r.p50 >= 20);
      console.log(
        slow.length === 0
          ? `every p50 under 20 ms (load average ${loadavg()[0].toFixed(1)})`
          : `p50 at or over 20 ms: ${slow.map((r) => r.name).join(', ')}`,
      );
    } finally {
      await db.drop();
    }
  }
}

await main();
