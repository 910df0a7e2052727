// The content ids known at the last successful start, per kind of reference a stored hero makes (race, class, type,
// boon, bane, ability: hero-references.ts), kept in the content_ids table. The server writes only ids its tables
// have, so while every id recorded at the last start is still in the tables, no row it wrote names a missing one:
// the start then skips scanning the heroes and candidates (seconds on a million heroes). It scans when a recorded id
// is gone from the tables or a kind has none recorded (the first start with this table, or one after a release that
// recorded fewer kinds), and records today's ids only when the start goes on.
// The trade-off: a row edited by hand outside the server to name an id the tables lack is not checked again until
// some recorded id disappears; nor is one written, after a newer instance's start scanned, by an instance of older
// code still running beside it (a rolling deploy). Such a row costs a refusal, never a 5xx: the rules refuse a hero
// with a removed ability by name wherever it would fight (game/content.ts UnknownContent, a 410 by errors.ts), and
// field one with a removed race, class, type, boon or bane without it.
// All of it runs in the start's content transaction (migrations.ts migrate), behind a lock on PostgreSQL, so
// instances starting together on one database take turns: each reads the record the one before it left.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './db.ts';
import { FIELDS, REFERENCES } from './hero-references.ts';
import type { Database } from './tables.ts';

export type KnownId = { kind: string; id: string };

/**
 * Takes the record's lock for the rest of the transaction, first thing in it: on PostgreSQL a table lock only
 * starting instances take (running ones never read the record); on SQLite the content sync's first write already
 * holds the database's one write lock.
 */
export async function lockKnownIds(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`lock table content_ids in exclusive mode`.execute(db);
}

export async function recordedIds(db: Kysely<Database>): Promise<KnownId[]> {
  return db.selectFrom('content_ids').select(['kind', 'id']).execute();
}

/** Whether stored heroes must be scanned: a kind has no id recorded, or an id recorded is gone from its table. */
export function heroScanNeeded(recorded: readonly KnownId[]): boolean {
  return FIELDS.some((kind) => {
    const ids = recorded.filter((r) => r.kind === kind).map((r) => r.id);
    return ids.length === 0 || !ids.every((id) => REFERENCES[kind].resolves(id));
  });
}

/** Today's ids, as the record keeps them. */
export function knownIds(): KnownId[] {
  return FIELDS.flatMap((kind) => REFERENCES[kind].known.map((id) => ({ kind, id })));
}

/** Replaces the record with today's ids, when it holds anything else (a kind of a later release's included). */
export async function recordKnownIds(db: Kysely<Database>, recorded: readonly KnownId[]): Promise<void> {
  const key = (r: KnownId) => `${r.kind}\u0000${r.id}`;
  const today = knownIds();
  const was = new Set(recorded.map(key));
  if (was.size === today.length && today.every((r) => was.has(key(r)))) return;
  await db.deleteFrom('content_ids').execute();
  await db.insertInto('content_ids').values(today).execute();
}
