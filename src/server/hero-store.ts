// Heroes in the store: reading (one, a player's, a team) and the guarded writes — a hero changes only if it is
// still the version that was read and still its owner's, so two concurrent changes never both land.
import type { Hero } from '../game/types.ts';
import { forbidden, MESSAGES, notFound, Refusal } from './errors.ts';
import { heroColumns, heroFromRow, type HeroRow } from './store/hero-rows.ts';
import type { Statement } from 'better-sqlite3';
import type { Store } from './store/db.ts';
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

// The documents come out as their UTF-8 bytes (cast to a blob) and go to the socket as they are: no decoding
// into JS strings and no re-encoding on the way out.
const LIST_SQL = 'select cast(doc as blob) from heroes where user_id = ? order by created_at, id limit ?';
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const listStatements = new WeakMap<object, Statement>();

/**
 * A player's heroes as a ready JSON array: their stored documents, joined without parsing (the hot list read).
 * On SQLite the one prepared statement runs directly while Kysely's connection is held (no query building).
 */
export async function heroesJsonOf(store: Store, userId: string, limit = 500): Promise<string | Buffer> {
  const raw = store.sqlite;
  if (raw) {
    let stmt = listStatements.get(raw);
    if (!stmt) listStatements.set(raw, (stmt = raw.prepare(LIST_SQL).pluck()));
    const docs = await store.db.connection().execute(async () => stmt.all(userId, limit) as Buffer[]);
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
    .limit(limit)
    .execute();
  return `[${rows.map((r) => r.doc).join(',')}]`;
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
