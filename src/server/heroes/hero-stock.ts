// What a hero leaving or joining a player's collection moves with it, inside the caller's economy transaction:
// inventory stacks (a piece of gear, Star Shards) taken or added, the worn gear a leaving hero gives back, the
// records that name a leaving hero — its ladder rating, its fair-match offer, the active dungeon run teams that
// field it —, and what an ascended hero's stars cost put back (by a reset, or when it is dismissed).
import { STAR_SHARD_ITEM } from '../../game/ascension.ts';
import type { Hero } from '../../game/types.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { newId } from '../foundation/ids.ts';
import { heroRow } from '../store/hero-rows.ts';
import type { Insertable } from 'kysely';
import type { HeroRatingsTable } from '../store/tables.ts';
import { credit, type Db, type Trx, type UserRow } from '../economy/wallet.ts';

/** How many of `itemId` the player holds in their inventory. */
export async function stockOf(trx: Trx, userId: string, itemId: string): Promise<number> {
  const row = await trx
    .selectFrom('inventory')
    .select('quantity')
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row ? Number(row.quantity) : 0;
}

/** Adds `n` of `itemId` to the player's inventory. */
export async function addStock(trx: Db, userId: string, itemId: string, n: number): Promise<void> {
  if (n <= 0) return;
  await trx
    .insertInto('inventory')
    .values({ id: newId('inv'), user_id: userId, item_id: itemId, quantity: n, created_at: nowSeconds() })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'item_id'])
        .doUpdateSet((eb) => ({ quantity: eb('inventory.quantity', '+', n) })),
    )
    .execute();
}

/** Takes `n` of `itemId` if the player holds that many; false (and nothing taken) otherwise. */
export async function takeStock(trx: Trx, userId: string, itemId: string, n: number): Promise<boolean> {
  if (n <= 0) return true;
  const r = await trx
    .updateTable('inventory')
    .set((eb) => ({ quantity: eb('quantity', '-', n) }))
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .where('quantity', '>=', n)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The ids of the player's heroes fielded in a turn-based battle still being fought. */
export async function heroesInBattle(trx: Trx, userId: string): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('battles')
    .select('team_hero_ids')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .execute();
  return new Set(rows.flatMap((r) => JSON.parse(r.team_hero_ids) as string[]));
}

/**
 * Heroes leaving the player's collection for good (dismissed, or spent on a star): their worn gear back to the
 * inventory, then the heroes, their ratings (the arena's lists) and their places in active dungeon runs gone, and
 * the player's hero count down.
 */
export async function removeHeroes(trx: Trx, userId: string, heroIds: readonly string[]): Promise<void> {
  if (heroIds.length === 0) return;
  const worn = await trx
    .selectFrom('hero_gear')
    .select('item_id')
    .where('hero_id', 'in', heroIds)
    .where('user_id', '=', userId)
    .execute();
  const back = new Map<string, number>();
  for (const w of worn) back.set(w.item_id, (back.get(w.item_id) ?? 0) + 1);
  for (const [itemId, n] of back) await addStock(trx, userId, itemId, n);
  await trx.deleteFrom('hero_gear').where('hero_id', 'in', heroIds).execute();
  const gone = await trx
    .deleteFrom('heroes')
    .where('id', 'in', heroIds)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await trx.deleteFrom('hero_ratings').where('hero_id', 'in', heroIds).execute();
  await trx.deleteFrom('fair_offers').where('hero_id', 'in', heroIds).execute();
  const leaving = new Set(heroIds);
  const runs = await trx
    .selectFrom('dungeon_runs')
    .select(['id', 'team_hero_ids'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .execute();
  for (const run of runs) {
    const team = JSON.parse(run.team_hero_ids) as string[];
    const kept = team.filter((id) => !leaving.has(id));
    if (kept.length !== team.length)
      await trx
        .updateTable('dungeon_runs')
        .set({ team_hero_ids: JSON.stringify(kept) })
        .where('id', '=', run.id)
        .execute();
  }
  await trx
    .updateTable('users')
    .set((eb) => ({ hero_count: eb('hero_count', '-', Number(gone.numDeletedRows)) }))
    .where('id', '=', userId)
    .execute();
}

/** A hero spent on a star as the star's row (ascension_spends) keeps it: its document and its ladder rating row. */
export interface KeptHero {
  hero: Hero;
  /** its version when spent: put back at the next, so versions only rise (absent on stars spent before it was kept) */
  version?: number;
  rating: Insertable<HeroRatingsTable> | null;
}

/** What an ascended hero's stars cost, as given back: essence, Star Shards, and the spent heroes. */
export interface StarRefund {
  essence: number;
  shards: number;
  heroes: KeptHero[];
  /** the player after the essence came back (undefined when none did) */
  user: UserRow | undefined;
}

/**
 * Every star `heroId` rose by, paid back exactly and forgotten: the essence (ledger ascension_reset), the Star
 * Shards, and the spent heroes with their rating rows, back in the collection. Nothing when it never ascended.
 */
export async function refundStars(trx: Trx, userId: string, heroId: string): Promise<StarRefund> {
  const spends = await trx.selectFrom('ascension_spends').selectAll().where('hero_id', '=', heroId).execute();
  const essence = spends.reduce((n, s) => n + Number(s.essence), 0);
  const shards = spends.reduce((n, s) => n + Number(s.shards), 0);
  const heroes = spends.flatMap((s) => JSON.parse(s.heroes) as KeptHero[]);
  const now = nowSeconds();
  for (const k of heroes) {
    await trx
      .insertInto('heroes')
      // a star spent before versions were kept: the clock's seconds, above any count of changes a hero reached
      .values(heroRow(k.hero, { user_id: userId, created_at: now, version: (k.version ?? now) + 1 }))
      .execute();
    if (k.rating) await trx.insertInto('hero_ratings').values(k.rating).execute();
  }
  if (heroes.length)
    await trx
      .updateTable('users')
      .set((eb) => ({ hero_count: eb('hero_count', '+', heroes.length) }))
      .where('id', '=', userId)
      .execute();
  await addStock(trx, userId, STAR_SHARD_ITEM, shards);
  const user =
    essence > 0
      ? await credit(trx, userId, { magic_essence: essence }, { reason: 'ascension_reset', ref: heroId })
      : undefined;
  if (spends.length) await trx.deleteFrom('ascension_spends').where('hero_id', '=', heroId).execute();
  return { essence, shards, heroes, user };
}
