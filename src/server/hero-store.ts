// Heroes in the store: reading (one, a player's, a team) and the guarded writes — a hero changes only if it is
// still the version that was read and still its owner's, so two concurrent changes never both land.
import type { Hero } from '../game/types.ts';
import { forbidden, MESSAGES, notFound, Refusal } from './errors.ts';
import { heroColumns, heroFromRow, type HeroRow } from './store/hero-rows.ts';
import type { Statement } from 'better-sqlite3';
import { sql } from 'kysely';
import { onSqlite, type Store } from './store/db.ts';
import type { Db } from './wallet.ts';

export interface StoredHero {
  hero: Hero;
  version: number;
  dungeonId: string | null;
}

function stored(r: HeroRow): StoredHero {
  return { hero: heroFromRow(r), version: r.version, dungeonId: r.dungeon_id };
}

export async function findHero(db: Db, id: string): Promise<StoredHero | undefined> {
  const r = await db.selectFrom('heroes').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? stored(r) : undefined;
}

/** The hero, which must be the acting player's own: 404 if missing, 403 if someone else's (or an NPC). */
export async function ownHero(db: Db, id: string, userId: string): Promise<StoredHero> {
  const h = await findHero(db, id);
  if (!h) throw notFound(MESSAGES.heroNotFound);
  if (h.hero.user_id !== userId) throw forbidden(MESSAGES.notYourHero);
  return h;
}

/** A team of the player's own heroes, in the order given; duplicates refused. */
export async function ownTeam(db: Db, ids: string[], userId: string): Promise<StoredHero[]> {
  if (new Set(ids).size !== ids.length) throw new Refusal(400, 'Each hero can only be picked once');
  const rows = await db.selectFrom('heroes').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, stored(r)]));
  return ids.map((id) => {
    const h = byId.get(id);
    if (!h) throw notFound(MESSAGES.heroNotFound);
    if (h.hero.user_id !== userId) throw forbidden(MESSAGES.notYourHero);
    return h;
  });
}

/**
 * A dungeon run's heroes that still exist and are still the player's, in the run's order: a hero deleted during
 * a run has simply left it (the floor fight and the odds read of its next floor both use this).
 */
export async function remainingTeam(db: Db, teamJson: string, userId: string): Promise<Hero[]> {
  const ids = JSON.parse(teamJson) as string[];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('heroes')
    .selectAll()
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, heroFromRow(r)]));
  return ids.map((id) => byId.get(id)).filter((h): h is Hero => !!h);
}

/** The most heroes one list answers (a player's whole collection in practice). */
export const HERO_LIST_LIMIT = 500;
// The documents come out as their UTF-8 bytes (cast to a blob) and go to the socket as they are: no decoding
// into JS strings and no re-encoding on the way out. The limit is written into the SQL: bound as a parameter,
// it made SQLite's plan twice as slow.
const LIST_SQL = `select cast(doc as blob) from heroes where user_id = ? order by created_at, id limit ${HERO_LIST_LIMIT}`;
// Which hero versions a player's list holds, read from the covering index heroes_user_list without touching the
// documents. Every write to a hero bumps its version and ids are never reused, so equal keys mean equal lists.
const LIST_KEY_SQL =
  "select coalesce(group_concat(id || ':' || version, ','), '') from " +
  `(select id, version from heroes where user_id = ? order by created_at, id limit ${HERO_LIST_LIMIT})`;
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const statements = new WeakMap<object, { list: Statement; key: Statement }>();

/** On SQLite: the prepared statements, run directly (no query building; see onSqlite). */
function sqliteStatements(raw: NonNullable<Store['sqlite']>) {
  let s = statements.get(raw);
  if (!s) {
    s = { list: raw.prepare(LIST_SQL).pluck(), key: raw.prepare(LIST_KEY_SQL).pluck() };
    statements.set(raw, s);
  }
  return s;
}

/** A player's heroes as a ready JSON array: their stored documents, joined without parsing. */
export async function heroesJsonOf(store: Store, userId: string): Promise<Buffer> {
  if (store.sqlite) {
    const { list } = sqliteStatements(store.sqlite);
    const docs = await onSqlite(store, store.sqlite, () => list.all(userId) as Buffer[]);
    const parts: Buffer[] = [OPEN];
    docs.forEach((d, i) => parts.push(...(i ? [COMMA, d] : [d])));
    parts.push(CLOSE);
    return Buffer.concat(parts);
  }
  const rows = await store.db
    .selectFrom('heroes')
    .select('doc')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(HERO_LIST_LIMIT)
    .execute();
  return Buffer.from(`[${rows.map((r) => r.doc).join(',')}]`);
}

/** The state of a player's hero list as `id:version,…` in list order (see LIST_KEY_SQL). */
export async function heroListKey(store: Store, userId: string): Promise<string> {
  if (store.sqlite) {
    const { key } = sqliteStatements(store.sqlite);
    return onSqlite(store, store.sqlite, () => key.get(userId) as string);
  }
  const r = await sql<{ key: string }>`select coalesce(string_agg(id || ':' || version, ','), '') as key from
    (select id, version from heroes where user_id = ${userId} order by created_at, id limit ${HERO_LIST_LIMIT}) s`.execute(
    store.db,
  );
  return r.rows[0].key;
}

/**
 * Writes a hero's new state if nobody changed it since `version` was read and it still belongs to `userId`.
 * Answers false (and writes nothing) otherwise; callers inside a transaction then refuse and roll back.
 */
export async function saveHero(db: Db, hero: Hero, version: number, userId: string): Promise<boolean> {
  const r = await db
    .updateTable('heroes')
    .set({ ...heroColumns(hero), version: version + 1 })
    .where('id', '=', hero.id)
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
