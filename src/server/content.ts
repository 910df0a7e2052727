// Content as the server serves it: built from the tables in code (src/game/data), the only source. The database's
// content rows are synced from the same builders at every start (store/seed-content.ts) for the queries and
// references that need rows; no route reads them back, so an item's display and its effect, a dungeon's floors
// and its boss floor, always come from one copy.
import type { Kysely, Selectable } from 'kysely';
import { iconPath, scenePath } from '../game/art/paths.ts';
import { contentProblems } from '../game/data/check.ts';
import { ITEMS, type ItemDef } from '../game/data/items.ts';
import { DUNGEONS, type DungeonDef } from '../game/data/dungeons.ts';
import { generateHero } from '../game/index.ts';
import type { Hero } from '../game/types.ts';
import type { Dialect } from './store/db.ts';
import { unresolvedHeroReferences } from './store/hero-references.ts';
import type { Database, DungeonsTable, ShopItemsTable } from './store/tables.ts';

export const itemRow = (item: ItemDef, sort: number): Selectable<ShopItemsTable> => ({
  id: item.id,
  name: item.name,
  type: item.type,
  description: item.description,
  cost: item.cost,
  currency: item.currency,
  icon: iconPath('item', item.id),
  targets_hero: item.targetsHero ? 1 : 0,
  sort,
});

export const dungeonRow = (d: DungeonDef, sort: number): Selectable<DungeonsTable> => ({
  id: d.id,
  name: d.name,
  difficulty: d.difficulty,
  level_recommendation: d.levelRecommendation,
  rewards_multiplier: d.rewardsMultiplier,
  description: d.description,
  image_url: scenePath(d.theme),
  theme: d.theme,
  floors: d.floors,
  sort,
});

/** A dungeon's NPCs, generated from their fixed seeds (every server generates the same ones). */
export const npcsOf = (d: DungeonDef): Hero[] =>
  d.npcs.map((n) => generateHero(n.seed, { id: n.id, userId: null, level: n.level, rarity: n.rarity }));

export const SHOP_ITEMS: readonly Selectable<ShopItemsTable>[] = ITEMS.map(itemRow);
export const DUNGEON_ROWS: readonly Selectable<DungeonsTable>[] = DUNGEONS.map(dungeonRow);

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
