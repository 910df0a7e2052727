// Heroes in the store: reading (one, a player's, a team) and the guarded writes — a hero changes only if it is
// still the version that was read and still its owner's, so two concurrent changes never both land.
import type { Hero } from '../game/types.ts';
import { forbidden, MESSAGES, notFound, Refusal } from './errors.ts';
import { heroColumns, heroFromRow, type HeroRow } from './store/hero-rows.ts';
import type { Store } from './store/db.ts';
import { allRows, firstRow, prepared } from './store/prepared.ts';
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
// On SQLite the documents come out as their UTF-8 bytes (cast to a blob) and go to the socket as they are: no
// decoding into JS strings and no re-encoding on the way out. The limit is written into the SQL: bound as a
// parameter, it made SQLite's plan twice as slow.
const LIST = prepared(
  'hero-list',
  `select cast(doc as blob) as doc from heroes where user_id = ? order by created_at, id limit ${HERO_LIST_LIMIT}`,
  `select doc from heroes where user_id = ? order by created_at, id limit ${HERO_LIST_LIMIT}`,
);
// Which hero versions a player's list holds, read from the covering index heroes_user_list without touching the
// documents. Every write to a hero bumps its version and ids are never reused, so equal keys mean equal lists.
const LIST_KEY = prepared(
  'hero-list-key',
  "select coalesce(group_concat(id || ':' || version, ','), '') as key from " +
    `(select id, version from heroes where user_id = ? order by created_at, id limit ${HERO_LIST_LIMIT})`,
  "select coalesce(string_agg(id || ':' || version, ','), '') as key from " +
    `(select id, version from heroes where user_id = ? order by created_at, id limit ${HERO_LIST_LIMIT}) s`,
);
const DOC = prepared(
  'hero-doc',
  'select cast(doc as blob) as doc from heroes where id = ?',
  'select doc from heroes where id = ?',
);

/** A hero as JSON, its stored document unparsed; undefined when there is no such hero. */
export async function heroDocOf(store: Store, id: string): Promise<Buffer | string | undefined> {
  return (await firstRow<{ doc: Buffer | string }>(store, DOC, [id]))?.doc;
}

/** A player's heroes as a ready JSON array: their stored documents, joined without parsing. */
export async function heroesJsonOf(store: Store, userId: string): Promise<Buffer> {
  const rows = await allRows<{ doc: Buffer | string }>(store, LIST, [userId]);
  return Buffer.concat([
    OPEN,
    ...rows.flatMap((r, i) => {
      const doc = typeof r.doc === 'string' ? Buffer.from(r.doc) : r.doc;
      return i ? [COMMA, doc] : [doc];
    }),
    CLOSE,
  ]);
}
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

// A page of players who have heroes, from the partial index users_with_heroes (bounded by the page size), and the
// first heroes of each. Usernames are never empty and ids never '', so '' stands for "no cursor" / "no one left out".
const BROWSE_PLAYERS = prepared(
  'browse-players',
  'select id, username, username_key, hero_count from users where hero_count > 0 and username_key > ? ' +
    'and id != ? order by username_key limit ?',
);
const BROWSE_HEROES = prepared(
  'browse-heroes',
  'select user_id, doc from (select user_id, doc, created_at, id, row_number() over (partition by user_id ' +
    'order by created_at, id) as rn from heroes where user_id in (select value from json_each(?))) ranked ' +
    'where rn <= ? order by created_at, id',
  'select user_id, doc from (select user_id, doc, created_at, id, row_number() over (partition by user_id ' +
    'order by created_at, id) as rn from heroes where user_id = any(?::text[])) ranked ' +
    'where rn <= ? order by created_at, id',
);

/** One page of browse/all: the players (one more than `limit` tells there is a next page) and their first heroes' documents. */
export async function browsePage(
  store: Store,
  o: { limit: number; after: string; exclude: string; heroesEach: number },
) {
  const rows = await allRows<{ id: string; username: string; username_key: string; hero_count: number }>(
    store,
    BROWSE_PLAYERS,
    [o.after, o.exclude, o.limit + 1],
  );
  const page = rows.slice(0, o.limit);
  const docs = new Map<string, string[]>(page.map((r) => [r.id, []]));
  if (page.length > 0) {
    const ids = page.map((r) => r.id);
    const heroes = await allRows<{ user_id: string; doc: string }>(store, BROWSE_HEROES, [
      store.sqlite ? JSON.stringify(ids) : ids,
      o.heroesEach,
    ]);
    for (const h of heroes) docs.get(h.user_id)!.push(h.doc);
  }
  return { page, more: rows.length > o.limit, docs };
}

/** The state of a player's hero list as `id:version,…` in list order (see LIST_KEY). */
export async function heroListKey(store: Store, userId: string): Promise<string> {
  return (await firstRow<{ key: string }>(store, LIST_KEY, [userId]))!.key;
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
