// The API tests' harness: a real app on a fresh SQLite file in a temp dir, or on a fresh PostgreSQL database
// (CREATE DATABASE runeborn_test_<random>, dropped afterwards). Every suite runs `describe.each(DATABASES)`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/server/app.ts';

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export type DatabaseKind = 'sqlite' | 'postgres';
export const DATABASES: DatabaseKind[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  kind: DatabaseKind;
  url: string;
  drop(): Promise<void>;
}

export async function freshDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'runeborn-test-'));
    return {
      kind,
      url: `sqlite:${join(dir, 'runeborn.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `runeborn_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    kind,
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked by their zod schemas where it matters */
export interface Harness {
  app: FastifyInstance;
  db: TestDatabase;
  call<T = any>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export async function startHarness(kind: DatabaseKind, opts: Partial<AppOptions> = {}): Promise<Harness> {
  return openHarness(await freshDatabase(kind), opts);
}

/** The app started on a database as it is (its migrations run anew): a fresh one, or one a harness closed. */
export async function openHarness(db: TestDatabase, opts: Partial<AppOptions> = {}): Promise<Harness> {
  const app = await buildApp({
    databaseUrl: db.url,
    rateLimits: false,
    webRoot: null,
    oddsThreads: 1,
    checkAnswers: true,
    ...opts,
  });
  return {
    app,
    db,
    async call(method, url, body) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      let parsed: any = res.body;
      if ((res.headers['content-type'] ?? '').toString().includes('json')) parsed = res.json();
      return { status: res.statusCode, body: parsed };
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

let counter = 0;
/** A fresh, valid username (3–20 chars of [A-Za-z0-9_]). */
export function uniqueName(prefix = 'p'): string {
  counter++;
  return `${prefix}_${counter}_${randomBytes(3).toString('hex')}`.slice(0, 20);
}

export async function newPlayer(h: Harness, prefix = 'p') {
  const r = await h.call('POST', '/api/users', { username: uniqueName(prefix) });
  if (r.status !== 201) throw new Error(`could not create a player: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as {
    id: string;
    username: string;
    gold: number;
    magic_essence: number;
    summoning_scrolls: number;
    combat_tokens: number;
  };
}

/** Summons a hero the way the web client does: two candidates sharing a generation_id, then saves the first. */
export async function summonHero(h: Harness, userId: string) {
  const generation_id = `gen_${randomBytes(8).toString('hex')}`;
  const [a, b] = await Promise.all([
    h.call('POST', '/api/characters/generate', { user_id: userId, generation_id }),
    h.call('POST', '/api/characters/generate', { user_id: userId, generation_id }),
  ]);
  if (a.status !== 200 || b.status !== 200)
    throw new Error(`generate failed: ${a.status} ${b.status} ${JSON.stringify(a.body)}`);
  const saved = await h.call('POST', '/api/heroes', { user_id: userId, character_data: a.body });
  if (saved.status !== 201) throw new Error(`save failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  return saved.body as import('../../src/game/types.ts').Hero;
}

/** Sets a player's currencies in the store, through the wallet (entered as adjustments; test setup only). */
export async function setBalances(
  h: Harness,
  userId: string,
  values: Partial<Record<'gold' | 'magic_essence' | 'summoning_scrolls' | 'combat_tokens', number>>,
) {
  const { openStore } = await import('../../src/server/store/db.ts');
  const { adjustBalances } = await import('../../src/server/economy/wallet.ts');
  const store = openStore(h.db.url, { poolSize: 1 });
  await adjustBalances(store.db, userId, values);
  await store.close();
}

/** Rewrites a hero in the store as `change` makes it (test setup only), one version on. */
export async function rewriteHero(
  h: Harness,
  heroId: string,
  change: (hero: import('../../src/game/types.ts').Hero) => Partial<import('../../src/game/types.ts').Hero>,
) {
  const { heroColumns, heroFromRow } = await import('../../src/server/store/hero-rows.ts');
  await withStore(h, async (db) => {
    const row = await db.selectFrom('heroes').selectAll().where('id', '=', heroId).executeTakeFirstOrThrow();
    const hero = heroFromRow(row);
    await db
      .updateTable('heroes')
      .set({ ...heroColumns({ ...hero, ...change(hero) }), version: row.version + 1 })
      .where('id', '=', heroId)
      .execute();
  });
}

/** Rewrites a hero's stats in the store (test setup only): 'mighty' wins every fight, 'feeble' loses every one. */
export async function setHeroPower(h: Harness, heroId: string, power: 'mighty' | 'feeble') {
  await rewriteHero(h, heroId, () =>
    power === 'mighty'
      ? { hp: 90000, max_hp: 90000, atk: 9000, def: 3000, spd: 500 }
      : { hp: 1, max_hp: 1, atk: 1, def: 0, spd: 1 },
  );
}

/** A new player owning one summoned hero that wins every fight (setHeroPower 'mighty'). */
export async function mightyPlayer(h: Harness) {
  const p = await newPlayer(h);
  const hero = await summonHero(h, p.id);
  await setHeroPower(h, hero.id, 'mighty');
  return { p, hero };
}

/** POST /api/campaign/stages/:stage/battle: the team fights the campaign stage (at once unless asked turn by turn). */
export const fightStage = (
  h: Harness,
  userId: string,
  stage: string,
  team: string[],
  mode: 'auto' | 'turn_based' = 'auto',
) => h.call('POST', `/api/campaign/stages/${stage}/battle`, { user_id: userId, team_hero_ids: team, mode });

/** The gold a fight's answer moved: what a win paid, less what a loss's stake took. */
export const goldMoved = (fight: { rewards?: { gold: number }; stake_lost?: number }) =>
  (fight.rewards?.gold ?? 0) - (fight.stake_lost ?? 0);

/** The player's ledger entries for one reason, as stored. */
export const ledgerEntries = (h: Harness, userId: string, reason: string) =>
  withStore(h, (db) =>
    db.selectFrom('ledger').selectAll().where('user_id', '=', userId).where('reason', '=', reason).execute(),
  );

/** Runs raw SQL-free updates on any table (test setup only). */
export async function withStore<T>(
  h: Harness,
  f: (db: import('kysely').Kysely<import('../../src/server/store/tables.ts').Database>) => Promise<T>,
): Promise<T> {
  const { openStore } = await import('../../src/server/store/db.ts');
  const store = openStore(h.db.url, { poolSize: 1 });
  try {
    return await f(store.db);
  } finally {
    await store.close();
  }
}

/**
 * Opens the arena and the dungeons to a player's daily quests as if their stages were cleared long ago (test setup
 * only: a fresh player draws no quest fought there until then).
 */
export const openEveryPlace = (h: Harness, userId: string) =>
  withStore(h, (db) =>
    db
      .updateTable('users')
      .set({ arena_opened_on: 0, dungeon_opened_on: 0 })
      .where('id', '=', userId)
      .execute(),
  );

let heroSeed = 1000;
/** A hero of `rarity` (and `level`) put straight into the player's collection (test setup only). */
export async function giveHero(
  h: Harness,
  userId: string,
  rarity: number,
  level = 1,
): Promise<import('../../src/game/types.ts').Hero> {
  const hero = (await import('../../src/game/generation.ts')).generateHero(heroSeed++, {
    id: `h_t${heroSeed}_${Math.random().toString(36).slice(2, 8)}`,
    userId,
    rarity,
    level,
  });
  const { heroRow } = await import('../../src/server/store/hero-rows.ts');
  await withStore(h, async (db) => {
    await db
      .insertInto('heroes')
      .values(heroRow(hero, { user_id: userId, created_at: 1 }))
      .execute();
    await db
      .updateTable('users')
      .set((eb) => ({ hero_count: eb('hero_count', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  });
  return hero;
}

/** Names every JS object answers to unless its lookups are own-property only. */
export const BUILT_IN_NAMES = [
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
];

/** Percent-encodes text as a client's URL would carry it; a lone surrogate as its 3 bytes (no valid UTF-8). */
export function urlEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    const cu = ch.charCodeAt(0);
    if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff)
      out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}
