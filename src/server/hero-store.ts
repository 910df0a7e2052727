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
  return Buffer.concat(jsonArray(rows.map((r) => asBytes(r.doc))));
}

/** A document's bytes: SQLite hands them over as they are stored (a blob), PostgreSQL as text. */
export const asBytes = (doc: Buffer | string) => (typeof doc === 'string' ? Buffer.from(doc) : doc);
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The parts of a JSON array of ready JSON values, for Buffer.concat. */
export function jsonArray(items: Buffer[]): Buffer[] {
  const parts: Buffer[] = [OPEN];
  items.forEach((item, i) => (i ? parts.push(COMMA, item) : parts.push(item)));
  parts.push(CLOSE);
  return parts;
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
