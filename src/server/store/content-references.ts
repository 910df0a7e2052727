// What start-up refuses to run with (migrations.ts migrate): a content table's reference that does not resolve, or a
// stored record naming content the tables no longer have — an item in an inventory, a dungeon of a run, and the
// heroes' own references (hero-references.ts).
import type { Kysely } from 'kysely';
import { contentProblems } from '../../game/data/check.ts';
import { ITEMS } from '../../game/data/items.ts';
import { DUNGEONS } from '../../game/data/dungeons.ts';
import type { Dialect } from './db.ts';
import { unresolvedHeroReferences } from './hero-references.ts';
import type { Database } from './tables.ts';

/**
 * What start-up refuses to run with, named one per line: a reference inside the content tables that does not
 * resolve (src/game/data/check.ts), or a stored record naming content the tables no longer have (an item in an
 * inventory, a dungeon of a run, and — when `scanHeroes`, as store/known-ids.ts decides — a hero's race, class,
 * type, boon, bane or ability: store/hero-references.ts).
 */
export async function unresolvedReferences(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  anyDb: Kysely<any>,
  dialect: Dialect,
  scanHeroes: boolean,
): Promise<string[]> {
  const db = anyDb as Kysely<Database>;
  const problems = contentProblems();
  const items = ITEMS.map((i) => i.id);
  const held = await db
    .selectFrom('inventory')
    .select('item_id')
    .distinct()
    .where('item_id', 'not in', items)
    .limit(20)
    .execute();
  for (const r of held) problems.push(`inventory holds item '${r.item_id}', which is not in ITEMS`);
  const runs = await db
    .selectFrom('dungeon_runs')
    .select('dungeon_id')
    .distinct()
    .where(
      'dungeon_id',
      'not in',
      DUNGEONS.map((d) => d.id),
    )
    .limit(20)
    .execute();
  for (const r of runs)
    problems.push(`a dungeon run names dungeon '${r.dungeon_id}', which is not in DUNGEONS`);
  if (scanHeroes) problems.push(...(await unresolvedHeroReferences(db, dialect)));
  return problems;
}
