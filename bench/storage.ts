// `npm run bench:storage`: what one fight costs to keep, by kind, on SQLite and PostgreSQL. The real app on a fresh
// database fights N fights of each kind through its routes — a quick 4v4 auto battle, a 4v4 turn-based battle played
// to its end on Auto, an arena duel, a quick dungeon floor — and the bytes the battles and ledger tables hold (their
// rows, every index, PostgreSQL's TOAST) are counted before and after, compacted first (SQLite VACUUM, PostgreSQL
// VACUUM FULL: what is kept, not the churn before a vacuum), divided by N. Beside each figure, the same measure of
// the code before one battle record (issue 29). Run: npm run bench:storage [-- fights=100].
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  newPlayer,
  setBalances,
  startHarness,
  summonHero,
  type DatabaseKind,
  type Harness,
} from '../tests/api/helpers.ts';

const N = Number(process.argv.find((a) => a.startsWith('fights='))?.split('=')[1] ?? 100);
const TABLES = ['battles', 'ledger'];

/** Bytes per fight before one battle record (commit a36afbc, measured 2026-11-26 with fights=200; runs differ by up to
 * a fifth, the fights' lengths being drawn). */
const BEFORE: Record<DatabaseKind, Record<Kind, number>> = {
  sqlite: { quick: 42004, turn_based: 72192, duel: 10895, dungeon: 27197 },
  postgres: { quick: 11141, turn_based: 17531, duel: 4751, dungeon: 10895 },
};

type Kind = 'quick' | 'turn_based' | 'duel' | 'dungeon';

/** The bytes the fights' tables hold, indexes and all, once compacted. */
async function kept(h: Harness): Promise<number> {
  const url = h.db.url;
  if (h.db.kind === 'sqlite') {
    const db = new Database(url.slice('sqlite:'.length));
    try {
      db.exec('VACUUM');
      const row = db
        .prepare(
          `select sum(pgsize) as bytes from dbstat where name in
             (select name from sqlite_schema where tbl_name in (${TABLES.map(() => '?').join(',')}))`,
        )
        .get(...TABLES) as { bytes: number };
      return row.bytes;
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`vacuum full ${TABLES.join(', ')}`);
    const r = await c.query<{ bytes: string }>(
      `select sum(pg_total_relation_size(t::regclass)) as bytes from unnest($1::text[]) t`,
      [TABLES],
    );
    return Number(r.rows[0]!.bytes);
  } finally {
    await c.end();
  }
}

async function ok<T = unknown>(h: Harness, method: string, url: string, body?: unknown): Promise<T> {
  const r = await h.call<T>(method, url, body);
  if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A player with four heroes and the means to fight every kind N times. */
async function squad(h: Harness) {
  const p = await newPlayer(h, 'bench');
  const heroes = [];
  for (let k = 0; k < 4; k++) heroes.push(await summonHero(h, p.id));
  await setBalances(h, p.id, { gold: 1_000_000, combat_tokens: 1_000_000 });
  return { userId: p.id, ids: heroes.map((x) => x.id) };
}

const FIGHTS: Record<Kind, (h: Harness, s: { userId: string; ids: string[] }, foe: string) => Promise<void>> =
  {
    quick: async (h, s) => {
      await ok(h, 'POST', '/api/battles', { user_id: s.userId, team_hero_ids: s.ids, mode: 'auto' });
    },
    turn_based: async (h, s) => {
      const b = await ok<{ battle_id: string; status: string }>(h, 'POST', '/api/battles', {
        user_id: s.userId,
        team_hero_ids: s.ids,
        mode: 'turn_based',
      });
      if (b.status === 'active')
        await ok(h, 'POST', `/api/battles/${b.battle_id}/action`, { user_id: s.userId, auto: true });
    },
    duel: async (h, s, foe) => {
      await ok(h, 'POST', '/api/arena/battle', {
        user_id: s.userId,
        attacker_hero_id: s.ids[0],
        opponent_id: foe,
      });
    },
    dungeon: async (h, s) => {
      const active = await ok<{ run: { id: string } | null }>(
        h,
        'GET',
        `/api/dungeon-runs/active?user_id=${s.userId}`,
      );
      const runId =
        active.run?.id ??
        (
          await ok<{ id: string }>(h, 'POST', '/api/dungeons/whispering_woods/start', {
            user_id: s.userId,
            team_hero_ids: s.ids,
          })
        ).id;
      await ok(h, 'POST', `/api/dungeon-runs/${runId}/battle`, { user_id: s.userId });
    },
  };

async function measure(kind: DatabaseKind): Promise<Record<Kind, number>> {
  const h = await startHarness(kind);
  try {
    const rival = await squad(h);
    const out = {} as Record<Kind, number>;
    for (const fight of Object.keys(FIGHTS) as Kind[]) {
      const s = await squad(h);
      const before = await kept(h);
      for (let k = 0; k < N; k++) await FIGHTS[fight](h, s, rival.ids[k % 4]!);
      out[fight] = Math.round(((await kept(h)) - before) / N);
    }
    return out;
  } finally {
    await h.close();
  }
}

const LABEL: Record<Kind, string> = {
  quick: 'quick battle, 4v4 auto',
  turn_based: 'turn-based 4v4, played on Auto',
  duel: 'arena duel',
  dungeon: 'dungeon floor, quick',
};

const started = Date.now();
const results = { sqlite: await measure('sqlite'), postgres: await measure('postgres') };
const bytes = (b: number) => String(b).padStart(6);
console.log(`bytes kept per fight (battles + ledger tables, rows and indexes; ${N} fights of each kind)`);
console.log(`${'kind'.padEnd(32)}  SQLite bytes (before)   PostgreSQL bytes (before)`);
for (const fight of Object.keys(FIGHTS) as Kind[])
  console.log(
    `${LABEL[fight].padEnd(32)}  ${bytes(results.sqlite[fight])}       (${bytes(BEFORE.sqlite[fight])})` +
      `     ${bytes(results.postgres[fight])}           (${bytes(BEFORE.postgres[fight])})`,
  );
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
