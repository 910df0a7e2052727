// The arena ladder's reads at scale: fills a fresh database with N heroes and their ratings (a third of them
// unfought, tied at 1500 / 350; every hero a real generated one of level 1–10, so its duels can be simulated), then
// times the leaderboard's first page, a page deep among the ties, a page with a player's own standing, and Find a
// fair match — its reads alone, and whole: a new draw with the odds pool caching nothing (the worst case), and
// today's set asked again — each the mean of 20 after a warm-up.
// Run: npm run bench:ladder [-- heroes=1000000] (SQLite in a temp dir; BENCH_DATABASE=postgres for PostgreSQL,
// on a database it creates and drops at PG_ADMIN_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { generateHero } from '../src/game/index.ts';
import { fairMatches, type FairOdds } from '../src/server/fights/fair-matches.ts';
import { leaderboard } from '../src/server/fights/rating-store.ts';
import { startRatingRow } from '../src/server/store/content-rows.ts';
import { heroRow } from '../src/server/store/hero-rows.ts';
import { OddsPool } from '../src/server/odds/odds-pool.ts';
import { openStore } from '../src/server/store/db.ts';
import { migrate } from '../src/server/store/migrations.ts';

const N = Number(process.argv.find((a) => a.startsWith('heroes='))?.split('=')[1] ?? 1_000_000);
const postgres = process.env.BENCH_DATABASE === 'postgres';
const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `runeborn_ladder_${process.pid}`;
const dir = postgres ? null : mkdtempSync(join(tmpdir(), 'runeborn-ladder-'));

async function onAdmin(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

if (postgres) await onAdmin(`CREATE DATABASE ${dbName}`);
const store = openStore(postgres ? admin.replace(/\/[^/]*$/, `/${dbName}`) : `sqlite:${join(dir!, 'b.db')}`);
try {
  await migrate(store.db, store.dialect);
  const started = Date.now();
  // Hero i belongs to player u_<i rounded up to 5> (five heroes each); every third is unfought (1500 / 350).
  const series = postgres
    ? `generate_series(1::bigint, ${N}) i`
    : `(with recursive n(i) as (select 1 union all select i + 1 from n where i < ${N}) select i from n)`;
  const pad = postgres ? `lpad(i::text, 8, '0')` : `printf('%08d', i)`;
  const owner = `'u_' || (i - i % 5 + 5)`;
  // TEMPLATES real heroes (levels 1–10 in turn); hero i wears template i % TEMPLATES under its own id and owner.
  const TEMPLATES = 1000;
  await sql`create table bench_docs (k integer primary key, level integer, doc text)`.execute(store.db);
  for (let k = 0; k < TEMPLATES; k += 100)
    await sql`insert into bench_docs (k, level, doc) values ${sql.join(
      Array.from({ length: 100 }, (_, j) => {
        const h = generateHero(7000 + k + j, { id: 'h_tmpl', userId: 'u_tmpl', level: ((k + j) % 10) + 1 });
        return sql`(${k + j}, ${h.level}, ${JSON.stringify(h)})`;
      }),
    )}`.execute(store.db);
  const doc = `replace(replace(t.doc, '"h_tmpl"', '"h_' || ${pad} || '"'), '"u_tmpl"', '"' || ${owner} || '"')`;
  const fill = [
    `insert into users (id, username, username_key, gold, magic_essence, summoning_scrolls, combat_tokens, created_at, hero_count)
       select 'u_' || i, 'player' || i, 'player' || i, 0, 0, 0, 0, 1, 5 from ${series} where i % 5 = 0`,
    `insert into heroes (id, user_id, seed, name, race, race_description, class, class_description, type, rarity,
       level, xp, hp, max_hp, atk, def, spd, description, portrait_url, boon, bane, boon_icon, bane_icon, abilities,
       doc, version, created_at)
       select 'h_' || ${pad}, ${owner}, i, 'Hero ' || i, 'Elf', '', 'Knight', '', 'Tank', 1, t.level, 0, 1, 1, 1, 1, 1,
         '', '/p.svg', '{}', '{}', '', '', '[]', ${doc}, 1, i
       from ${series} join bench_docs t on t.k = i % ${TEMPLATES}`,
    `insert into hero_ratings (hero_id, rating, rd, vol, conservative, wins, losses, updated_at)
       select 'h_' || ${pad}, r, rd, 0.06, r - 2 * rd, 0, 0, 1 from (select i,
         case when i % 3 = 0 then 1500 else 1200 + (i * 7919 % 1000) end as r,
         case when i % 3 = 0 then 350 else 50 + i % 200 end as rd from ${series}) s`,
  ];
  for (const q of fill) await sql.raw(q).execute(store.db);
  await sql.raw(postgres ? 'vacuum analyze' : 'analyze').execute(store.db);
  console.log(
    `${N.toLocaleString('en-US')} heroes on ${store.dialect} filled in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const time = async (label: string, f: () => Promise<unknown>) => {
    await f();
    const t = performance.now();
    for (let i = 0; i < 20; i++) await f();
    console.log(`${label}: ${((performance.now() - t) / 20).toFixed(2)} ms`);
  };
  const mid = Math.floor(N / 10) * 5;
  const tie = await store.db
    .selectFrom('hero_ratings')
    .select(['conservative', 'hero_id'])
    .where('conservative', '=', 800)
    .orderBy('hero_id', 'desc')
    .offset(Math.floor(N / 6))
    .limit(1)
    .executeTakeFirstOrThrow();
  const deep = Buffer.from(JSON.stringify([tie.conservative, tie.hero_id])).toString('base64url');
  await time('leaderboard, first page of 20', () => leaderboard(store.db, { limit: 20 }));
  await time('leaderboard, a page deep among the ties', () =>
    leaderboard(store.db, { limit: 20, cursor: deep }),
  );
  await time("leaderboard with a player's standing (5 heroes)", () =>
    leaderboard(store.db, { limit: 20, userId: `u_${mid}` }),
  );
  // Find a fair match, each ask a refresh (a new draw: new candidates, so new estimates), for a settled hero, a
  // provisional one (every third is unfought: 1500 / 350; candidates near two centres) and one stronger than anyone
  // (level 10 5★ at twice its stats: sparring partners only); its reads alone (every duel taken as even), and whole
  // with no estimate cached. Then today's set asked again, its estimates remembered (the common ask).
  const unfought = Math.floor(N / 30) * 15;
  const settled = mid - 1;
  const heroOf = (i: number) => [`u_${i - (i % 5) + 5}`, `h_${String(i).padStart(8, '0')}`] as const;
  const top = generateHero(4242, { id: 'h_strongest', userId: 'u_5', level: 10, rarity: 5 });
  const twice = (n: number) => Math.round(n * 2);
  const strongest = {
    ...top,
    max_hp: twice(top.max_hp),
    hp: twice(top.max_hp),
    atk: twice(top.atk),
    def: twice(top.def),
  };
  await store.db
    .insertInto('heroes')
    .values(heroRow(strongest, { user_id: 'u_5', created_at: 1 }))
    .execute();
  await store.db.insertInto('hero_ratings').values(startRatingRow(strongest, 1)).execute();
  const even: FairOdds = {
    screen: async (_a, bs, need) =>
      bs.map((_, i) => (i < need ? { chance: 0.5, samples: 2500, estimate: 0.5 } : undefined)),
  };
  for (const [label, user, hero] of [
    ['settled', ...heroOf(settled)],
    ['provisional', ...heroOf(unfought)],
    ['stronger than anyone', 'u_5', 'h_strongest'],
  ] as const) {
    const ask = (odds: FairOdds, refresh = true) =>
      fairMatches(store.db, odds, { userId: user, heroId: hero, limit: 6, refresh });
    await time(`Find a fair match, ${label} hero: its reads (every duel even)`, () => ask(even));
    const pool = new OddsPool(undefined, 0);
    let screens = 0;
    let measured = 0;
    const counted: FairOdds = {
      screen: async (a, bs, need) => {
        screens++;
        const out = await pool.screen(a, bs, need);
        measured += out.filter((m) => m !== undefined).length;
        return out;
      },
    };
    try {
      await time(`Find a fair match, ${label} hero: whole, a new draw, no estimate cached`, () =>
        ask(counted),
      );
      console.log(
        `  (${(screens / 21).toFixed(1)} pool tasks, ${(measured / 21).toFixed(1)} duels measured and ` +
          `${(pool.misses / 21).toFixed(1)} estimated an ask)`,
      );
    } finally {
      await pool.close();
    }
    const remembering = new OddsPool();
    try {
      await ask(remembering);
      await time(`Find a fair match, ${label} hero: today's set again, estimates remembered`, () =>
        ask(remembering, false),
      );
    } finally {
      await remembering.close();
    }
  }
} finally {
  await store.close();
  if (postgres) await onAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  if (dir) rmSync(dir, { recursive: true, force: true });
}
