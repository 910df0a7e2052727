// Content as the server serves it: built from the tables in code (src/game/data), the only source. The database's
// content rows are synced from the same builders at every start (store/seed-content.ts) for the queries and
// references that need rows; no route reads them back, so an item's display and its effect, a dungeon's floors
// and its boss floor, always come from one copy.
import type { Selectable } from 'kysely';
import { ITEMS } from '../../game/data/items.ts';
import { DUNGEONS } from '../../game/data/dungeons.ts';
import { dungeonRow, itemRow } from '../store/content-rows.ts';
import type { DungeonsTable, ShopItemsTable } from '../store/tables.ts';

export const SHOP_ITEMS: readonly Selectable<ShopItemsTable>[] = ITEMS.map(itemRow);
export const DUNGEON_ROWS: readonly Selectable<DungeonsTable>[] = DUNGEONS.map(dungeonRow);
