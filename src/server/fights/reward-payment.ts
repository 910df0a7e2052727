// Paying a fight's rewards inside the economy transaction that records its result (transaction.ts, which has
// locked the player and the team): currencies to the player (through the wallet, each part with its own ledger
// entry: a dungeon's clear bonus apart from its boss floor's rewards), xp (and level-ups) to each hero of the team
// that still belongs to them. The heroes are read under their locks, so no other fight's xp can land in between —
// as the transaction locked them, when it did (no second read), and written back in one statement.
import type { Hero, LevelUp, Rewards } from '../../game/types.ts';
import { grantXp } from '../../game/index.ts';
import { saveHeroes } from '../heroes/hero-store.ts';
import { heroFromRow } from '../store/hero-rows.ts';
import { credit, findUser, type Entry, type Trx, type UserRow } from '../economy/wallet.ts';
import { conflict, MESSAGES, notFound } from '../foundation/errors.ts';
import { takeLockedHero } from '../economy/transaction.ts';

export const NO_REWARDS: Rewards = { gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 };

/** One part of a fight's pay and the ledger entry its currencies are credited with. */
export interface Payment {
  rewards: Rewards;
  entry: Entry;
}

export async function payRewards(
  trx: Trx,
  userId: string,
  teamIds: string[],
  payments: readonly Payment[],
): Promise<{ user: UserRow; levelUps: LevelUp[] }> {
  const levelUps: LevelUp[] = [];
  const xp = payments.reduce((sum, p) => sum + p.rewards.xp_per_hero, 0);
  if (xp > 0) {
    const saves: { hero: Hero; version: number }[] = [];
    for (const id of teamIds) {
      const row =
        takeLockedHero(trx, id) ??
        (await trx.selectFrom('heroes').selectAll().where('id', '=', id).executeTakeFirst());
      if (!row || row.user_id !== userId) continue; // deleted or given away meanwhile: nothing to pay to it
      const before = heroFromRow(row);
      const r = grantXp(before, xp);
      saves.push({ hero: r.hero, version: row.version });
      if (r.leveledUp)
        levelUps.push({
          hero_id: id,
          hero_name: row.name,
          name: row.name,
          new_level: r.newLevel,
          gains: {
            max_hp: r.hero.max_hp - before.max_hp,
            atk: r.hero.atk - before.atk,
            def: r.hero.def - before.def,
            spd: r.hero.spd - before.spd,
          },
          portrait_url: before.portrait_url,
        });
    }
    if (!(await saveHeroes(trx, saves, userId))) throw conflict('Your heroes were busy: try again');
  }
  let user: UserRow | undefined;
  for (const { rewards, entry } of payments)
    user = await credit(
      trx,
      userId,
      { gold: rewards.gold, magic_essence: rewards.magic_essence, combat_tokens: rewards.combat_tokens },
      entry,
    );
  if (payments.length === 0) user = await findUser(trx, userId);
  if (!user) throw notFound(MESSAGES.userNotFound);
  return { user, levelUps };
}
