// Heroes in the store: reading (one, a player's, a team) and the guarded writes — a hero changes only if it is
// still the version that was read and still its owner's, so two concurrent changes never both land.
import { withFightingStats } from '../../game/battle/compile.ts';
import { NEW_RATING } from '../../game/ladder.ts';
import type { Hero } from '../../game/types.ts';
import { CreateHeroResponse, HeroesResponse } from '../../api/heroes.ts';
import { contractJson } from '../foundation/contract-json.ts';
import { forbidden, MESSAGES, notFound, Refusal } from '../foundation/errors.ts';
import { sql, type UpdateObject } from 'kysely';
import { heroColumns, heroFromRow, type HeroColumns, type HeroRow } from '../store/hero-rows.ts';
import { AnswerCache } from '../store/answer-cache.ts';
import type { Store } from '../store/db.ts';
import type { Database } from '../store/tables.ts';
import { keyedRead } from '../store/read-batches.ts';
import { allRows, firstRow, prepared } from '../store/prepared.ts';
import type { Db } from '../economy/wallet.ts';

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
// The documents are read with their ladder ratings (fights/rating-store.ts keeps ratings in rows of their own) and
// answered as the contract's schema serializes them (foundation/contract-json.ts); the answers' bytes are cached
// (HeroDocs here, HeroLists in hero-lists.ts). The limit is written into the SQL: bound as a parameter, it made
// SQLite's plan twice as slow.
// A player's hero carries its version (an NPC is content: none). Browse pages read the same (browse-pages.ts).
export const RATED =
  'case when h.user_id is null then null else h.version end as version, r.rating, r.rd, r.wins, r.losses ' +
  'from heroes h left join hero_ratings r on r.hero_id = h.id';
const LIST = prepared(
  `select h.doc, ${RATED} where h.user_id = ? order by h.created_at, h.id limit ${HERO_LIST_LIMIT}`,
);
// Which hero versions a player's list holds, read from the covering index heroes_user_list without touching the
// documents, with each hero's count of arena fights (its rating changes with each and nothing else). Every write
// to a hero bumps its version, and a hero put back (a star's reset) returns above the version it left at, so a key
// never repeats and equal keys mean equal lists. Read by player from the
// users table, so on PostgreSQL the keys of requests that come together go as one statement (read-batches.ts);
// a player without heroes (or no such player) has the key ''.
const LIST_KEY = keyedRead<{ user_id: string; key: string }>(
  (match, dialect) =>
    `select u.id as user_id, (select coalesce(${dialect === 'sqlite' ? 'group_concat' : 'string_agg'}(` +
    "id || ':' || version || ':' || games, ','), '') from " +
    '(select h.id, h.version, coalesce(r.wins + r.losses, -1) as games from heroes h ' +
    'left join hero_ratings r on r.hero_id = h.id ' +
    `where h.user_id = u.id order by h.created_at, h.id limit ${HERO_LIST_LIMIT}) s) as key ` +
    `from users u where u.id ${match}`,
  (r) => r.user_id,
);
const DOC = prepared(`select h.doc, ${RATED} where h.id = ?`);

/** A stored document, its row's version (a player's hero; null or absent for an NPC) and its rating row's fields (null: no row yet). */
export interface RatedDoc {
  doc: string;
  version?: number | null;
  rating: number | null;
  rd: number | null;
  wins: number | null;
  losses: number | null;
}

/**
 * A stored hero as it is answered: its document with the stats it fights with, its rating (a newcomer's, if it has no
 * row yet) and its version.
 */
export function ratedHero({ doc, version, rating, rd, wins, losses }: RatedDoc): Hero {
  const hero = withFightingStats(JSON.parse(doc) as Hero);
  hero.rating = {
    rating: rating ?? NEW_RATING.rating,
    rd: rd ?? NEW_RATING.rd,
    wins: wins ?? 0,
    losses: losses ?? 0,
  };
  if (version !== undefined && version !== null) hero.version = Number(version);
  return hero;
}

const heroJson = contractJson(CreateHeroResponse);
const heroesJson = contractJson(HeroesResponse);

/** A hero's answer as JSON, with its rating and version; undefined when there is no such hero. */
export async function heroJsonOf(store: Store, id: string): Promise<Buffer | undefined> {
  const row = await firstRow<RatedDoc>(store, DOC, [id]);
  return row && heroJson(ratedHero(row));
}

// What a hero's answer depends on — its version and its count of arena fights — from the primary keys alone; on
// PostgreSQL the reads that would wait for a connection go together (read-batches.ts).
const DOC_KEY = keyedRead<DocKey>(
  (match) =>
    'select h.id, h.version, coalesce(r.wins + r.losses, -1) as games from heroes h ' +
    `left join hero_ratings r on r.hero_id = h.id where h.id ${match}`,
  (r) => r.id,
);

interface DocKey {
  id: string;
  version: number;
  games: number;
}

/**
 * Heroes by id, remembered as their answers' bytes under what the answer depends on (version, fights played; the
 * rule of store/answer-cache.ts): each read asks only for that key — no document crosses from the database.
 */
export class HeroDocs {
  private readonly docs = new AnswerCache<Buffer>({
    max: 50_000,
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (bytes, key) => bytes.byteLength + 2 * key.length + 160,
  });

  constructor(private readonly store: Store) {}

  /** The hero's answer; none: no hero. */
  async json(id: string): Promise<Buffer | undefined> {
    const [row] = await DOC_KEY(this.store, id);
    if (!row) return undefined;
    return this.docs.answer(id, `${row.version}:${row.games}`, () => heroJsonOf(this.store, id));
  }
}

/** A player's heroes as their answer's JSON: their stored documents with their ratings, as the contract writes them. */
export async function heroesJsonOf(store: Store, userId: string): Promise<Buffer> {
  const rows = await allRows<RatedDoc>(store, LIST, [userId]);
  return heroesJson(rows.map(ratedHero));
}

/** The state of a player's hero list as `id:version:fights,…` in list order (see LIST_KEY). */
export async function heroListKey(store: Store, userId: string): Promise<string> {
  return (await LIST_KEY(store, userId))[0]?.key ?? '';
}

/**
 * Writes heroes' new states, each if nobody changed it since its `version` was read and it still belongs to
 * `userId`: in one statement (a fight's pay saves its whole team — on PostgreSQL each statement is a round trip),
 * a column that differs between them set hero by hero (CASE on the id). Answers false when any of them was not
 * written (the others are, so callers inside a transaction then refuse and roll back).
 */
export async function saveHeroes(
  db: Db,
  saves: readonly { hero: Hero; version: number }[],
  userId: string,
): Promise<boolean> {
  if (saves.length === 0) return true;
  const rows = saves.map((s) => ({ id: s.hero.id, columns: heroColumns(s.hero) }));
  const set: UpdateObject<Database, 'heroes'> = { version: sql<number>`version + 1` };
  for (const name of Object.keys(rows[0].columns) as (keyof HeroColumns)[]) {
    const values = rows.map((r) => r.columns[name]);
    (set as Record<string, unknown>)[name] = values.every((v) => v === values[0])
      ? values[0]
      : sql`case ${sql.join(
          rows.map((r) => sql`when id = ${r.id} then ${r.columns[name]}`),
          sql` `,
        )} else ${sql.ref(name)} end`;
  }
  const r = await db
    .updateTable('heroes')
    .set(set)
    .where('user_id', '=', userId)
    .where((eb) => eb.or(saves.map((s) => eb.and([eb('id', '=', s.hero.id), eb('version', '=', s.version)]))))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === new Set(rows.map((x) => x.id)).size;
}

/** saveHeroes for one hero. */
export const saveHero = (db: Db, hero: Hero, version: number, userId: string): Promise<boolean> =>
  saveHeroes(db, [{ hero, version }], userId);
