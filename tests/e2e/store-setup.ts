// Arranging state the game itself would take hours to reach, written straight into the e2e server's store (the
// same way tests/api/helpers.ts does): a mighty hero wins every fight, so a dungeon run can be followed floor
// by floor to its boss; a feeble one loses every fight; a hero can be put anywhere on the arena ladder. The database is the one playwright.config.ts gives the server (E2E_DATABASE_URL).
import { openStore } from '../../src/server/store/db.ts';
import { heroColumns, heroFromRow } from '../../src/server/store/hero-rows.ts';

function storeUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: name the database of the server under test');
  return url;
}

/**
 * Rewrites a hero's stats: 'mighty' wins every fight, 'feeble' loses every one, 'strong' (twice its own hp,
 * attack and defence) wins most fights at its level but not all, 'slow' keeps its strength but always moves after
 * its foes. Its version bumps, so every cache (hero lists, odds) sees the change.
 */
export async function setHeroPower(
  heroId: string,
  power: 'mighty' | 'feeble' | 'strong' | 'slow',
): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    const row = await store.db
      .selectFrom('heroes')
      .selectAll()
      .where('id', '=', heroId)
      .executeTakeFirstOrThrow();
    const hero = heroFromRow(row);
    const stats = {
      mighty: { hp: 90000, max_hp: 90000, atk: 9000, def: 3000, spd: 500 },
      feeble: { hp: 1, max_hp: 1, atk: 1, def: 0, spd: 1 },
      strong: { hp: hero.hp * 2, max_hp: hero.max_hp * 2, atk: hero.atk * 2, def: hero.def * 2 },
      slow: { spd: 30 },
    }[power];
    await store.db
      .updateTable('heroes')
      .set({ ...heroColumns({ ...hero, ...stats }), version: row.version + 1 })
      .where('id', '=', heroId)
      .execute();
  } finally {
    await store.close();
  }
}

/** Gives a hero another bane (a trait id of src/game/data/traits.ts: 'old_wounds' starts it wounded). Its version bumps. */
export async function setHeroBane(heroId: string, baneId: string): Promise<void> {
  const { BANES } = await import('../../src/game/data/traits.ts');
  const { describeTrait } = await import('../../src/game/describe.ts');
  const { iconPath } = await import('../../src/game/art/paths.ts');
  const bane = BANES[baneId];
  if (!bane) throw new Error(`no bane ${baneId}`);
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    const row = await store.db
      .selectFrom('heroes')
      .selectAll()
      .where('id', '=', heroId)
      .executeTakeFirstOrThrow();
    const hero = {
      ...heroFromRow(row),
      bane: { id: bane.id, name: bane.name, description: describeTrait(bane) },
      bane_icon: iconPath('trait', bane.id),
    };
    await store.db
      .updateTable('heroes')
      .set({ ...heroColumns(hero), version: row.version + 1 })
      .where('id', '=', heroId)
      .execute();
  } finally {
    await store.close();
  }
}

/** Sets a hero's xp toward its next level (one short of it, say, so its next win levels it up). Its version bumps. */
export async function setHeroXp(heroId: string, xp: number): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    const row = await store.db
      .selectFrom('heroes')
      .selectAll()
      .where('id', '=', heroId)
      .executeTakeFirstOrThrow();
    await store.db
      .updateTable('heroes')
      .set({ ...heroColumns({ ...heroFromRow(row), xp }), version: row.version + 1 })
      .where('id', '=', heroId)
      .execute();
  } finally {
    await store.close();
  }
}

/** Sets a hero's rarity (its stars; nothing else moves). Its version bumps. */
export async function setHeroRarity(heroId: string, rarity: number): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    const row = await store.db
      .selectFrom('heroes')
      .selectAll()
      .where('id', '=', heroId)
      .executeTakeFirstOrThrow();
    await store.db
      .updateTable('heroes')
      .set({ ...heroColumns({ ...heroFromRow(row), rarity }), version: row.version + 1 })
      .where('id', '=', heroId)
      .execute();
  } finally {
    await store.close();
  }
}

/** Sets the rarity of a candidate of a pending pair, as if it had been drawn so. */
export async function setCandidateRarity(candidateId: string, rarity: number): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    const row = await store.db
      .selectFrom('candidates')
      .select('hero')
      .where('id', '=', candidateId)
      .executeTakeFirstOrThrow();
    await store.db
      .updateTable('candidates')
      .set({ hero: JSON.stringify({ ...JSON.parse(row.hero), rarity }) })
      .where('id', '=', candidateId)
      .execute();
  } finally {
    await store.close();
  }
}

/** Sets a player's balances through the wallet (each change entered in their ledger as an adjustment). */
export async function setBalances(
  userId: string,
  values: Partial<Record<'gold' | 'magic_essence' | 'summoning_scrolls' | 'combat_tokens', number>>,
): Promise<void> {
  const { adjustBalances } = await import('../../src/server/economy/wallet.ts');
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    await adjustBalances(store.db, userId, values);
  } finally {
    await store.close();
  }
}

/** Puts a hero (or NPC) at a given place on the arena ladder: its rating, deviation and record. */
export async function setRating(
  heroId: string,
  r: { rating: number; rd: number; wins?: number; losses?: number },
): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    await store.db
      .updateTable('hero_ratings')
      .set({
        rating: r.rating,
        rd: r.rd,
        conservative: r.rating - 2 * r.rd,
        ...(r.wins === undefined ? {} : { wins: r.wins }),
        ...(r.losses === undefined ? {} : { losses: r.losses }),
      })
      .where('hero_id', '=', heroId)
      .execute();
  } finally {
    await store.close();
  }
}

/** Sets a player's pity counters (pairs since their last pair holding each rarity or better). */
export async function setPity(userId: string, counters: Record<number, number>): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    for (const [rarity, since_last] of Object.entries(counters))
      await store.db
        .insertInto('summon_pity')
        .values({ user_id: userId, rarity: Number(rarity), since_last })
        .onConflict((oc) => oc.columns(['user_id', 'rarity']).doUpdateSet({ since_last }))
        .execute();
  } finally {
    await store.close();
  }
}

/**
 * Records a day of a new player's (no campaign stage cleared) as played: every one of its quests done (yesterday's,
 * say), nothing claimed.
 */
export async function finishDay(userId: string, period: string): Promise<void> {
  const { NOTHING_OPEN, questsOfDay } = await import('../../src/game/daily.ts');
  const { parseDayName } = await import('../../src/game/day-clock.ts');
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    await store.db
      .insertInto('daily_progress')
      .values(
        questsOfDay(userId, parseDayName(period)!, NOTHING_OPEN).map((q) => ({
          user_id: userId,
          period,
          kind: q.id,
          count: q.goal,
          updated_at: 0,
        })),
      )
      .execute();
  } finally {
    await store.close();
  }
}

/** Sets how many of an item a player holds in their inventory (test setup only). */
export async function setStock(userId: string, itemId: string, quantity: number): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    await store.db
      .insertInto('inventory')
      .values({ id: `inv_${userId}_${itemId}`, user_id: userId, item_id: itemId, quantity, created_at: 1 })
      .onConflict((oc) => oc.columns(['user_id', 'item_id']).doUpdateSet({ quantity }))
      .execute();
  } finally {
    await store.close();
  }
}

/** Moves the start of a player's idle income `hours` back, as if they had been away that long since their clear. */
export async function awayFor(userId: string, hours: number): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    const row = await store.db
      .selectFrom('campaign_progress')
      .select('idle_since')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    await store.db
      .updateTable('campaign_progress')
      .set({ idle_since: Number(row.idle_since) - Math.round(hours * 3600) })
      .where('user_id', '=', userId)
      .execute();
  } finally {
    await store.close();
  }
}

/** Moves when a player's account opened `hours` back (their first day then long over; test setup only). */
export async function ageAccount(userId: string, hours: number): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    await store.db
      .updateTable('users')
      .set((eb) => ({ created_at: eb('created_at', '-', hours * 3600) }))
      .where('id', '=', userId)
      .execute();
  } finally {
    await store.close();
  }
}

/** Opens the arena and the dungeons to a player's daily quests, as if their stages were cleared long ago. */
export async function openEveryPlace(userId: string): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    await store.db
      .updateTable('users')
      .set({ arena_opened_on: 0, dungeon_opened_on: 0 })
      .where('id', '=', userId)
      .execute();
  } finally {
    await store.close();
  }
}

/** Sets how many campaign stages a player has cleared, as if they had climbed that far (test setup only). */
export async function setCleared(userId: string, cleared: number): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    await store.db
      .insertInto('campaign_progress')
      .values({ user_id: userId, cleared, idle_since: null, idle_team: null, updated_at: 0 })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ cleared }))
      .execute();
  } finally {
    await store.close();
  }
}

/**
 * Sets the health left to a guild's boss of the week (guilds.boss_hp, read on every request: nothing caches it), so
 * a test's next attack kills it rather than the week's 55,000.
 */
export async function setGuildBossHp(guildId: string, hp: number): Promise<void> {
  const store = openStore(storeUrl(), { poolSize: 1 });
  try {
    await store.db.updateTable('guilds').set({ boss_hp: hp }).where('id', '=', guildId).execute();
  } finally {
    await store.close();
  }
}
