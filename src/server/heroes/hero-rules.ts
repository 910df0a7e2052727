// What a player may do to a hero they own, each in one economy transaction: reroll its abilities (paid in magic
// essence), train it a level (paid in gold) and delete it (the player's hero count follows). Routes validate, call one of these, return a view.
import { insufficient, PRICE_RULES, REROLL_COST } from '../../api/rules.ts';
import { rerollAbilities } from '../../game/index.ts';
import { nextTrainingCost, withTraining } from '../../game/training.ts';
import { shardsFor, STAR_SHARD_ITEM } from '../../game/ascension.ts';
import { addStock, refundStars, removeHeroes } from './hero-stock.ts';
import type { Hero } from '../../game/types.ts';
import { badRequest, busy, conflict, forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import { saveHero } from './hero-store.ts';
import { heroFromRow, type HeroRow } from '../store/hero-rows.ts';
import { did, economyTransaction, type Locked } from '../economy/transaction.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../store/tables.ts';
import { pay, type UserRow } from '../economy/wallet.ts';

/** A hero locked by the transaction that must be the player's own: 404 if missing, 403 if someone else's. */
export function heldHero(locked: Locked, heroId: string, userId: string): HeroRow {
  const row = locked.heroes.get(heroId);
  if (!row) throw notFound(MESSAGES.heroNotFound);
  if (row.user_id !== userId) throw forbidden(MESSAGES.notYourHero);
  return row;
}

/** Writes a hero changed inside the transaction, refusing (409) if it changed meanwhile; answers it as stored. */
export async function keepHero(
  trx: Parameters<typeof saveHero>[0],
  hero: Hero,
  row: HeroRow,
  userId: string,
): Promise<Hero> {
  if (!(await saveHero(trx, hero, row.version, userId))) throw busy('The hero changed meanwhile: try again');
  return { ...hero, version: row.version + 1 };
}

/**
 * Dismisses a hero: it leaves with its worn gear given back (hero-stock.ts removeHeroes) and Star Shards for the
 * rarity it was summoned at (src/game/ascension.ts shardsFor); an ascended hero first gives back what its stars cost,
 * as a reset would (hero-stock.ts refundStars: essence, shards, the spent heroes), so dismissing it destroys nothing
 * spent on it. `shards` counts both.
 */
export function deleteHero(
  db: Kysely<Database>,
  userId: string,
  heroId: string,
): Promise<{ shards: number; essence: number; restored: string[] }> {
  return economyTransaction(db, { userId, heroIds: [heroId] }, async (trx, locked) => {
    const row = heldHero(locked, heroId, userId);
    const summoned = heroFromRow(row).summoned_rarity ?? row.rarity;
    const refund = await refundStars(trx, userId, heroId);
    await removeHeroes(trx, userId, [heroId]);
    const shards = shardsFor(summoned);
    await addStock(trx, userId, STAR_SHARD_ITEM, shards);
    return {
      shards: shards + refund.shards,
      essence: refund.essence,
      restored: refund.heroes.map((k) => k.hero.id),
    };
  });
}

/** Three new abilities for REROLL_COST magic essence; `seed` draws them. */
export function rerollHero(
  db: Kysely<Database>,
  userId: string,
  heroId: string,
  seed: number,
): Promise<{ user: UserRow; hero: Hero }> {
  return economyTransaction(db, { userId, heroIds: [heroId] }, async (trx, locked) => {
    const row = heldHero(locked, heroId, userId);
    if (!locked.user) throw notFound(MESSAGES.userNotFound);
    const user = await pay(trx, userId, 'magic_essence', REROLL_COST, { reason: 'reroll', ref: heroId }, () =>
      badRequest(PRICE_RULES.reroll),
    );
    const hero = await keepHero(trx, rerollAbilities(heroFromRow(row), seed), row, userId);
    did(trx, { act: 'reroll' });
    return { user, hero };
  });
}

/** The refusals of training: at the cap, and too little gold for the next level (its price named). */
export const TRAINING_MESSAGES = {
  capped: 'This hero has all the training there is',
  gold: (cost: number) => `${insufficient('gold')} (requires ${cost})`,
} as const;

/** One level of training (src/game/training.ts) for its price in gold (data/training.ts trainingCost). */
export function trainHero(
  db: Kysely<Database>,
  userId: string,
  heroId: string,
): Promise<{ user: UserRow; hero: Hero; cost: number }> {
  return economyTransaction(db, { userId, heroIds: [heroId] }, async (trx, locked) => {
    const row = heldHero(locked, heroId, userId);
    if (!locked.user) throw notFound(MESSAGES.userNotFound);
    const held = heroFromRow(row);
    const cost = nextTrainingCost(held);
    if (cost === null) throw conflict(TRAINING_MESSAGES.capped);
    const user = await pay(trx, userId, 'gold', cost, { reason: 'training', ref: heroId }, () =>
      badRequest(TRAINING_MESSAGES.gold(cost)),
    );
    const hero = await keepHero(trx, withTraining(held, (held.training ?? 0) + 1), row, userId);
    return { user, hero, cost };
  });
}
