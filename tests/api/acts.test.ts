// What a player did is told to the economy transaction it was done in (`did`) and counted toward the day's quests
// once, as that transaction's work ends (src/server/economy/quest-progress.ts): in the same transaction, so an act
// whose transaction rolls back or is tried again counts nothing twice, and one told outside any counts nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyResponse } from '../../src/api/daily.ts';
import type { Act } from '../../src/game/daily.ts';
import type { QuestKind } from '../../src/game/data/quests.ts';
import { did, economyTransaction } from '../../src/server/economy/transaction.ts';
import { DATABASES, newPlayer, startHarness, withStore, type Harness } from './helpers.ts';

/** An act that counts toward quest kind `kind`. */
const ACT_FOR: Record<QuestKind, Act> = {
  arena_win: { act: 'fight', kind: 'arena', mode: 'auto', won: true, probability: 0.6 },
  dungeon_floor: { act: 'fight', kind: 'dungeon', mode: 'auto', won: true, probability: 0.6 },
  battle_win: { act: 'fight', kind: 'random', mode: 'auto', won: true, probability: 0.6 },
  turn_based: { act: 'fight', kind: 'random', mode: 'turn_based', won: false, probability: 0.6 },
  underdog_win: { act: 'fight', kind: 'random', mode: 'auto', won: true, probability: 0.3 },
  summon: { act: 'summon' },
  reroll: { act: 'reroll' },
  use_item: { act: 'item_use' },
  buy_item: { act: 'purchase' },
  watch_replay: { act: 'replay' },
};

describe.each(DATABASES)('acts told to an economy transaction on %s', (kind) => {
  let h: Harness;
  // Noon UTC: far from any reset, so a test's acts all fall in one day.
  const now = Date.parse('2026-11-27T12:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  /** A new player, an act that counts toward one of their quests of today, and that quest's stored count. */
  async function playerWithQuest() {
    const player = await newPlayer(h, 'acts');
    const day = async () =>
      DailyResponse.parse((await h.call('GET', `/api/daily?user_id=${player.id}`)).body);
    const { period, quests } = await day();
    // the count as stored (the day shows it up to the quest's goal)
    const progress = () =>
      withStore(h, async (db) => {
        const row = await db
          .selectFrom('daily_progress')
          .select('count')
          .where('user_id', '=', player.id)
          .where('period', '=', period)
          .where('kind', '=', quests[0].kind)
          .executeTakeFirst();
        return Number(row?.count ?? 0);
      });
    return { player, act: ACT_FOR[quests[0].kind], progress };
  }

  it('counts each act once, two acts of one transaction twice', async () => {
    const { player, act, progress } = await playerWithQuest();
    await withStore(h, (db) => economyTransaction(db, { userId: player.id }, async (trx) => did(trx, act)));
    expect(await progress()).toBe(1);
    await withStore(h, (db) =>
      economyTransaction(db, { userId: player.id }, async (trx) => {
        did(trx, act);
        did(trx, act);
      }),
    );
    expect(await progress()).toBe(3);
  });

  it('counts nothing for a transaction that fails after the act, and once for one tried again', async () => {
    const { player, act, progress } = await playerWithQuest();
    const refused = withStore(h, (db) =>
      economyTransaction(db, { userId: player.id }, async (trx) => {
        did(trx, act);
        throw new Error('refused after the act');
      }),
    );
    await expect(refused).rejects.toThrow('refused after the act');
    expect(await progress()).toBe(0);
    // Contention on the first try: the work runs again in a new transaction, its acts told again, counted once.
    let tries = 0;
    await withStore(h, (db) =>
      economyTransaction(db, { userId: player.id }, async (trx) => {
        did(trx, act);
        if (++tries === 1) throw Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' });
      }),
    );
    expect(tries).toBe(2);
    expect(await progress()).toBe(1);
  });

  it('refuses an act told outside an economy transaction', async () => {
    const { act } = await playerWithQuest();
    await withStore(h, async (db) => {
      expect(() => did(db, act)).toThrow('An act is told to the economy transaction it was done in');
      await db.transaction().execute(async (trx) => {
        expect(() => did(trx, act)).toThrow('An act is told to the economy transaction it was done in');
      });
    });
  });
});
