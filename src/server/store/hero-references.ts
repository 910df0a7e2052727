// What stored heroes name from the content tables — race, class, type, boon, bane and each ability — checked at a
// start when an id known at the last one is gone from the tables, or none is recorded (known-ids.ts; called by
// content-references.ts unresolvedReferences): the heroes (their columns, kept in step with the document by hero-rows.ts)
// and the candidates waiting to be kept (their documents). One pass over each table collects the distinct values
// it stores — a few thousand at most, however many heroes — and only those are read in JS, by the lookups the
// rules use. Only when one does not resolve is the table read again, to count who holds it.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ABILITIES, BANES, BOONS, CLASSES, RACES, findClass, findRace, own } from '../../game/content.ts';
import { HERO_TYPES } from '../../game/types.ts';
import type { Dialect } from './db.ts';

export type Field = 'race' | 'class' | 'type' | 'boon' | 'bane' | 'ability';

/**
 * A kind of reference: the table it names, whether the rules resolve an id, every id they resolve today (what
 * known-ids.ts records), and its ids in a stored value.
 */
interface Reference {
  table: string;
  resolves(id: string): boolean;
  known: readonly string[];
  /** a value as stored: the id itself (race, class, type), a trait as JSON, or the list of abilities as JSON */
  ids(stored: string): string[];
}

const json = (stored: string): unknown => {
  try {
    return JSON.parse(stored);
  } catch {
    return undefined;
  }
};
const idOf = (v: unknown): string =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'
    ? (v as { id: string }).id
    : '';
const itself = (stored: string) => [stored];
const trait = (stored: string) => [idOf(json(stored))];
const abilityList = (stored: string) => {
  const list = json(stored);
  return Array.isArray(list) ? list.map(idOf) : [''];
};

const idsAndNames = (table: Readonly<Record<string, { id: string; name: string }>>) => [
  ...new Set(Object.values(table).flatMap((e) => [e.id, e.name])),
];

// Races and classes are stored by their names (generation.ts) and looked up by name or id (game/content.ts).
export const REFERENCES: Record<Field, Reference> = {
  race: { table: 'RACES', resolves: (v) => !!findRace(v), known: idsAndNames(RACES), ids: itself },
  class: { table: 'CLASSES', resolves: (v) => !!findClass(v), known: idsAndNames(CLASSES), ids: itself },
  type: {
    table: 'HERO_TYPES',
    resolves: (v) => HERO_TYPES.some((t) => t === v),
    known: HERO_TYPES,
    ids: itself,
  },
  boon: { table: 'BOONS', resolves: (v) => !!own(BOONS, v), known: Object.keys(BOONS), ids: trait },
  bane: { table: 'BANES', resolves: (v) => !!own(BANES, v), known: Object.keys(BANES), ids: trait },
  ability: {
    table: 'ABILITIES',
    resolves: (v) => !!own(ABILITIES, v),
    known: Object.keys(ABILITIES),
    ids: abilityList,
  },
};
export const FIELDS = Object.keys(REFERENCES) as Field[];

/** Where heroes are stored: the table, which of its rows, and each reference as stored (SQL text, never null). */
interface HeroSource {
  one: string;
  many: string;
  table: string;
  where: RawBuilder<boolean>;
  stored: Record<Field, RawBuilder<string>>;
}

function sourcesFor(dialect: Dialect): HeroSource[] {
  // a field of a hero's JSON document as text (an object or a list as its JSON), '' when missing
  const inDoc = (field: string) =>
    dialect === 'postgres'
      ? sql<string>`coalesce(hero::jsonb ->> ${field}, '')`
      : sql<string>`coalesce(hero ->> ${`$.${field}`}, '')`;
  const column = (col: string) => sql<string>`coalesce(${sql.ref(col)}, '')`;
  return [
    {
      one: 'hero',
      many: 'heroes',
      table: 'heroes',
      where: sql<boolean>`true`,
      stored: {
        race: column('race'),
        class: column('class'),
        type: column('type'),
        boon: column('boon'),
        bane: column('bane'),
        ability: column('abilities'),
      },
    },
    {
      one: 'candidate waiting to be kept',
      many: 'candidates waiting to be kept',
      table: 'candidates',
      where: sql<boolean>`saved = 0`,
      stored: {
        race: inDoc('race'),
        class: inDoc('class'),
        type: inDoc('type'),
        boon: inDoc('boon'),
        bane: inDoc('bane'),
        ability: inDoc('abilities'),
      },
    },
  ];
}

/**
 * Each field's distinct stored values, in one pass over the source: SQLite keeps one DISTINCT aggregate per field,
 * PostgreSQL one hash table per grouping set.
 */
async function distinctValues(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  dialect: Dialect,
  s: HeroSource,
): Promise<Record<Field, string[]>> {
  const values = Object.fromEntries(FIELDS.map((f) => [f, [] as string[]])) as Record<Field, string[]>;
  const from = sql`${sql.table(s.table)} where ${s.where}`;
  if (dialect === 'sqlite') {
    const aggregates = FIELDS.map((f) => sql`json_group_array(distinct ${s.stored[f]}) as ${sql.ref(f)}`);
    const { rows } = await sql<Record<Field, string>>`select ${sql.join(aggregates)} from ${from}`.execute(
      db,
    );
    for (const f of FIELDS) values[f] = JSON.parse(rows[0][f]) as string[];
    return values;
  }
  const stored = sql.join(FIELDS.map((f) => sql`${s.stored[f]} as ${sql.ref(f)}`));
  const sets = sql.join(FIELDS.map((f) => sql`(${sql.ref(f)})`));
  const { rows } = await sql<Record<Field, string | null>>`select ${sql.join(FIELDS.map((f) => sql.ref(f)))}
    from (select ${stored} from ${from}) stored group by grouping sets (${sets})`.execute(db);
  for (const r of rows) for (const f of FIELDS) if (r[f] !== null) values[f].push(r[f]!);
  return values;
}

/** How many rows of the source store each of `stored` in the field, and the first of them by id. */
async function holders(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  dialect: Dialect,
  s: HeroSource,
  f: Field,
  stored: string[],
): Promise<{ stored: string; count: number | string; example: string }[]> {
  const list = JSON.stringify(stored);
  const among =
    dialect === 'postgres'
      ? sql`(select jsonb_array_elements_text(${list}::jsonb))`
      : sql`(select value from json_each(${list}))`;
  const { rows } = await sql<{ stored: string; count: number | string; example: string }>`
    select stored, count(*) as count, min(id) as example
    from (select id, ${s.stored[f]} as stored from ${sql.table(s.table)} where ${s.where}) source
    where stored in ${among} group by stored`.execute(db);
  return rows;
}

/**
 * Each id a stored hero or waiting candidate names that its content table does not have, one line each: what it
 * is, the table that lacks it, how many name it and the first of them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function unresolvedHeroReferences(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const problems: string[] = [];
  for (const source of sourcesFor(dialect)) {
    const values = await distinctValues(db, dialect, source);
    for (const f of FIELDS) {
      const ref = REFERENCES[f];
      // the stored values naming each id that does not resolve
      const unresolved = new Map<string, string[]>();
      for (const stored of values[f])
        for (const id of new Set(ref.ids(stored)))
          if (!ref.resolves(id)) unresolved.set(id, [...(unresolved.get(id) ?? []), stored]);
      if (unresolved.size === 0) continue;
      const naming = [...new Set([...unresolved.values()].flat())];
      const held = new Map((await holders(db, dialect, source, f, naming)).map((r) => [r.stored, r]));
      for (const [id, stored] of unresolved) {
        const rows = stored.map((v) => held.get(v)).filter((r) => r !== undefined);
        const count = rows.reduce((n, r) => n + Number(r.count), 0);
        if (count === 0) continue; // changed since the first read
        const example = rows.map((r) => r.example).sort()[0];
        const who =
          count === 1 ? `${source.one} ${example} names` : `${count} ${source.many} (e.g. ${example}) name`;
        problems.push(`${who} ${f} '${id}', which is not in ${ref.table}`);
      }
    }
  }
  return problems;
}
