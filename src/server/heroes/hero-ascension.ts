// Ascension on the server (the rules: src/game/ascension.ts): the next star's preview, a star paid for — copies
// (the player's heroes), Star Shards from the inventory, essence with its ledger entry — and a reset refunding every
// star's payment, each in one economy transaction (player, then the hero and the heroes it spends, in id order).
// Spent heroes leave the collection with their gear given back, their ratings and their places in dungeon runs
// (hero-stock.ts removeHeroes); what each star cost is kept a row a star (ascension_spends) until a reset puts it back.
import type { Kysely } from 'kysely';
import {
  ascend,
  ascensionPreview,
  resetAscension,
  shardsFor,
  spendableCopies,
  suggestedCopies,
  ASCENSION,
  STAR_SHARD_ITEM,
  STAR_SHORT,
  starShortfall,
} from '../../game/ascension.ts';
import type { Hero } from '../../game/types.ts';
import type { z } from 'zod';
import type { AscensionResponse } from '../../api/ascension.ts';
import { badRequest, MESSAGES, notFound } from '../foundation/errors.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { economyTransaction } from '../economy/transaction.ts';
import { findUser, pay, type Trx, type UserRow } from '../economy/wallet.ts';
import { heroFromRow } from '../store/hero-rows.ts';
import type { Database } from '../store/tables.ts';
import { heldHero, keepHero } from './hero-rules.ts';
import { ownHero } from './hero-store.ts';
import {
  heroesInBattle,
  refundStars,
  removeHeroes,
  stockOf,
  takeStock,
  type KeptHero,
} from './hero-stock.ts';

const brief = (h: Hero) => ({
  id: h.id,
  name: h.name,
  rarity: h.rarity,
  level: h.level,
  portrait_url: h.portrait_url,
});

/** GET /api/heroes/:heroId/ascension: the next star's cost and gain, the whole table, what the player can pay with. */
export async function ascensionView(
  db: Kysely<Database>,
  userId: string,
  heroId: string,
): Promise<z.infer<typeof AscensionResponse>> {
  const user = await findUser(db, userId);
  if (!user) throw notFound(MESSAGES.userNotFound);
  const { hero } = await ownHero(db, heroId, userId);
  const preview = ascensionPreview(hero);
  const [shards, rows, spends] = await Promise.all([
    db
      .selectFrom('inventory')
      .select('quantity')
      .where('user_id', '=', userId)
      .where('item_id', '=', STAR_SHARD_ITEM)
      .executeTakeFirst(),
    db
      .selectFrom('heroes')
      .select('doc')
      .where('user_id', '=', userId)
      .where('rarity', '>=', hero.rarity)
      .where('id', '!=', heroId)
      .orderBy('rarity')
      .orderBy('level')
      .orderBy('xp')
      .orderBy('id')
      .limit(200)
      .execute(),
    db.selectFrom('ascension_spends').selectAll().where('hero_id', '=', heroId).execute(),
  ]);
  const fighting = await db
    .selectFrom('battles')
    .select('team_hero_ids')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .execute();
  const busy = new Set(fighting.flatMap((r) => JSON.parse(r.team_hero_ids) as string[]));
  const copies = spendableCopies(
    hero,
    rows.map((r) => heroFromRow(r)).filter((h) => !busy.has(h.id)),
  );
  const refund = spends.reduce(
    (a, s) => ({
      essence: a.essence + Number(s.essence),
      shards: a.shards + Number(s.shards),
      heroes: [...a.heroes, ...(JSON.parse(s.heroes) as KeptHero[]).map((k) => brief(k.hero))],
    }),
    { essence: 0, shards: 0, heroes: [] as ReturnType<typeof brief>[] },
  );
  const shardsHeld = shards ? Number(shards.quantity) : 0;
  const essenceHeld = Number(user.magic_essence);
  const next = preview.next;
  // Whether the star can be paid, for each number of heroes the player may choose, with shards or without.
  const byChosen = next
    ? Array.from({ length: next.copies + 1 }, (_, chosen) => {
        const short = (useShards: boolean) =>
          starShortfall({
            copies: next.copies,
            chosen,
            useShards,
            shardsPerCopy: next.shards_per_copy,
            shardsHeld,
            essence: next.essence,
            essenceHeld,
          });
        return {
          shards: (next.copies - chosen) * next.shards_per_copy,
          short_with_shards: short(true),
          short_without_shards: short(false),
        };
      })
    : [];
  return {
    hero_id: hero.id,
    ...preview,
    table: ASCENSION.map((r) => ({
      from: r.from,
      copies: r.copies,
      shards_per_copy: shardsFor(r.from),
      essence: r.essence,
    })),
    shards_held: shardsHeld,
    essence_held: essenceHeld,
    by_chosen: byChosen,
    copies: copies.map((c) => ({ ...brief(c), rarer: c.rarer })),
    suggested: suggestedCopies(hero, copies),
    reset:
      hero.summoned_rarity !== undefined && hero.summoned_rarity !== hero.rarity
        ? { rarity: hero.summoned_rarity, ...refund }
        : null,
  };
}

export interface AscendRequest {
  userId: string;
  heroId: string;
  spendHeroIds: string[];
  useShards: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** 'a', 'a and b', 'a, b and c'. */
const listed = (parts: string[]) =>
  parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');

/** POST /api/heroes/:heroId/ascend: one star, paid in one transaction, or a refusal that changes nothing. */
export function ascendHero(
  db: Kysely<Database>,
  req: AscendRequest,
): Promise<{ user: UserRow; hero: Hero; spent: string[]; shards: number; essence: number; message: string }> {
  const { userId, heroId, spendHeroIds, useShards } = req;
  if (new Set(spendHeroIds).size !== spendHeroIds.length)
    throw badRequest('Each hero can only be spent once');
  return economyTransaction(db, { userId, heroIds: [heroId, ...spendHeroIds] }, async (trx, locked) => {
    if (!locked.user) throw notFound(MESSAGES.userNotFound);
    const row = heldHero(locked, heroId, userId);
    const spentRows = spendHeroIds.map((id) => heldHero(locked, id, userId));
    const hero = heroFromRow(row);
    const spent = spentRows.map((r) => heroFromRow(r));
    const outcome = ascend(hero, spent, useShards);
    if (!outcome.ok) throw badRequest(outcome.error);
    const fighting = await heroesInBattle(trx, userId);
    const busy = spent.find((h) => fighting.has(h.id));
    if (busy) throw badRequest(`${busy.name} is fighting a battle: finish it before spending them`);
    const { shards, essence } = outcome.paid;
    if (!(await takeStock(trx, userId, STAR_SHARD_ITEM, shards))) {
      const held = await stockOf(trx, userId, STAR_SHARD_ITEM);
      throw badRequest(STAR_SHORT.shards(shards, held));
    }
    const user = await pay(trx, userId, 'magic_essence', essence, { reason: 'ascension', ref: heroId }, (u) =>
      badRequest(STAR_SHORT.essence(essence, u.magic_essence)),
    );
    const kept = await keptHeroes(trx, spent);
    await removeHeroes(
      trx,
      userId,
      spent.map((h) => h.id),
    );
    await trx
      .insertInto('ascension_spends')
      .values({
        hero_id: heroId,
        star: outcome.hero.rarity,
        user_id: userId,
        essence,
        shards,
        heroes: JSON.stringify(kept),
        created_at: nowSeconds(),
      })
      .execute();
    const saved = await keepHero(trx, outcome.hero, row, userId);
    const paid = [
      ...(spent.length ? [spent.map((h) => h.name).join(', ')] : []),
      ...(shards ? [plural(shards, 'Star Shard')] : []),
      `${essence} magic essence`,
    ];
    return {
      user,
      hero: saved,
      spent: spent.map((h) => h.id),
      shards,
      essence,
      message: `${hero.name} rose to ${saved.rarity}★ for ${listed(paid)}.`,
    };
  });
}

/** The spent heroes as a star's row keeps them: each document without its gear (given back), with its rating row. */
async function keptHeroes(trx: Trx, spent: Hero[]): Promise<KeptHero[]> {
  if (spent.length === 0) return [];
  const ratings = await trx
    .selectFrom('hero_ratings')
    .selectAll()
    .where(
      'hero_id',
      'in',
      spent.map((h) => h.id),
    )
    .execute();
  return spent.map((h) => {
    const { gear: _g, gear_sets: _s, version, rating: _r, ...hero } = h;
    return { hero, version, rating: ratings.find((r) => r.hero_id === h.id) ?? null };
  });
}

/** POST /api/heroes/:heroId/ascension/reset: back to the summoned rarity; every star's essence, shards and heroes back. */
export function resetHero(
  db: Kysely<Database>,
  userId: string,
  heroId: string,
): Promise<{
  user: UserRow;
  hero: Hero;
  restored: string[];
  shards: number;
  essence: number;
  message: string;
}> {
  return economyTransaction(db, { userId, heroIds: [heroId] }, async (trx, locked) => {
    if (!locked.user) throw notFound(MESSAGES.userNotFound);
    const row = heldHero(locked, heroId, userId);
    const hero = heroFromRow(row);
    const back = resetAscension(hero);
    if (!back.ok) throw badRequest(back.error);
    const { essence, shards, heroes, user = locked.user } = await refundStars(trx, userId, heroId);
    if (!user) throw notFound(MESSAGES.userNotFound);
    const saved = await keepHero(trx, back.hero, row, userId);
    const refunded = [
      ...(heroes.length ? [heroes.map((k) => k.hero.name).join(', ')] : []),
      ...(shards ? [plural(shards, 'Star Shard')] : []),
      `${essence} magic essence`,
    ];
    return {
      user,
      hero: saved,
      restored: heroes.map((k) => k.hero.id),
      shards,
      essence,
      message: `${hero.name} is ${saved.rarity}★ again. Refunded: ${listed(refunded)}.`,
    };
  });
}
