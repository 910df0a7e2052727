// Wearing gear on the server (the rules: src/game/gear.ts): a piece leaves its inventory stack for the hero — the
// piece it replaces going back — in one economy transaction (player, then hero), and the hero's document, whose
// version keys its odds, is written with it. hero_gear's primary key (hero, slot) holds one piece a slot; the stack's
// conditional take (its quantity never below 0) is what puts one piece on one hero at a time.
import type { Kysely } from 'kysely';
import { equip, unequip, GEAR, type GearSlot } from '../../game/gear.ts';
import type { GearDef } from '../../game/data/gear.ts';
import type { StageDef } from '../../game/data/campaign.ts';
import { dungeonGearDrop, stageGearDrop } from '../../game/gear-drops.ts';
import { own } from '../../game/content.ts';
import type { Hero } from '../../game/types.ts';
import { badRequest, forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { economyTransaction } from '../economy/transaction.ts';
import { heroFromRow, type HeroRow } from '../store/hero-rows.ts';
import type { Db, Trx } from '../economy/wallet.ts';
import type { Database } from '../store/tables.ts';
import { heldHero, keepHero } from './hero-rules.ts';
import { addStock, takeStock } from './hero-stock.ts';

/** POST /api/heroes/:heroId/gear: the hero puts on a piece from the inventory (by item id or inventory row id). */
export function equipGear(
  db: Kysely<Database>,
  userId: string,
  heroId: string,
  itemOrRowId: string,
): Promise<{ hero: Hero; message: string }> {
  return economyTransaction(db, { userId, heroIds: [heroId] }, async (trx, locked) => {
    if (!locked.user) throw notFound(MESSAGES.userNotFound);
    const row = heldHero(locked, heroId, userId);
    const stack = await trx
      .selectFrom('inventory')
      .select(['user_id', 'item_id', 'quantity'])
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', userId), eb('item_id', '=', itemOrRowId)]),
          eb('id', '=', itemOrRowId),
        ]),
      )
      .executeTakeFirst();
    if (stack && stack.user_id !== userId) throw forbidden('That item belongs to another player');
    const itemId = stack?.item_id ?? itemOrRowId;
    const def = own(GEAR, itemId);
    if (!def) throw badRequest('That is not a piece of gear');
    return wearPiece(trx, row, userId, def);
  });
}

/**
 * The locked hero `row` puts on `def` from the player's inventory, inside the caller's transaction: the piece it
 * wore in that slot back to the inventory, hero_gear and the hero's document written (also the inventory's Use Item
 * for a piece: item-use.ts).
 */
export async function wearPiece(
  trx: Trx,
  row: HeroRow,
  userId: string,
  def: GearDef,
): Promise<{ hero: Hero; message: string }> {
  const hero = heroFromRow(row);
  const outcome = equip(hero, def.id);
  if (!outcome.ok) throw badRequest(outcome.error);
  if (outcome.removed === def.id) throw badRequest(`${hero.name} already wears ${def.name}`);
  if (!(await takeStock(trx, userId, def.id, 1)))
    throw badRequest(`You have no ${def.name} left to put on: every one you own is worn or none was bought`);
  if (outcome.removed) await addStock(trx, userId, outcome.removed, 1);
  await trx.deleteFrom('hero_gear').where('hero_id', '=', row.id).where('slot', '=', def.slot).execute();
  await trx
    .insertInto('hero_gear')
    .values({ hero_id: row.id, slot: def.slot, item_id: def.id, user_id: userId, equipped_at: nowSeconds() })
    .execute();
  const saved = await keepHero(trx, outcome.hero, row, userId);
  const off = outcome.removed
    ? ` (${own(GEAR, outcome.removed)?.name ?? outcome.removed} back to the inventory)`
    : '';
  return { hero: saved, message: `${hero.name} put on ${def.name}${off}.` };
}

/** DELETE /api/heroes/:heroId/gear/:slot: the hero takes off what it wears there; the piece goes back to the inventory. */
export function unequipGear(
  db: Kysely<Database>,
  userId: string,
  heroId: string,
  slot: GearSlot,
): Promise<{ hero: Hero; message: string }> {
  return economyTransaction(db, { userId, heroIds: [heroId] }, async (trx, locked) => {
    if (!locked.user) throw notFound(MESSAGES.userNotFound);
    const row = heldHero(locked, heroId, userId);
    const hero = heroFromRow(row);
    const outcome = unequip(hero, slot);
    if (!outcome.ok) throw badRequest(outcome.error);
    const removed = outcome.removed!;
    await trx.deleteFrom('hero_gear').where('hero_id', '=', heroId).where('slot', '=', slot).execute();
    await addStock(trx, userId, removed, 1);
    const saved = await keepHero(trx, outcome.hero, row, userId);
    return { hero: saved, message: `${hero.name} took off ${own(GEAR, removed)?.name ?? removed}.` };
  });
}

/**
 * A cleared dungeon run's drop (src/game/gear-drops.ts dungeonGearDrop): drawn from the battle that cleared it, so
 * one clear drops at most once; the piece goes to the inventory. Answers the piece's id, or null.
 */
export async function dropGear(trx: Db, userId: string, battleId: string): Promise<string | null> {
  return addDrop(trx, userId, dungeonGearDrop(battleId));
}

/**
 * A won campaign stage's drop (src/game/gear-drops.ts stageGearDrop): the first clear's sure piece, or a chance drawn
 * from the battle that won it — called once, in that battle's transaction; the piece goes to the inventory.
 */
export async function dropStageGear(
  trx: Db,
  userId: string,
  stage: StageDef,
  firstClear: boolean,
  battleId: string,
): Promise<string | null> {
  return addDrop(trx, userId, stageGearDrop(stage, firstClear, battleId));
}

async function addDrop(trx: Db, userId: string, piece: GearDef | null): Promise<string | null> {
  if (!piece) return null;
  await addStock(trx, userId, piece.id, 1);
  return piece.id;
}
