// Rewards paid once share one `claims` table behind one claimOnce (src/server/economy/claims.ts): migration
// 0029_claims keeps every claim already made in the daily layer's and the campaign's tables, a claim made before is
// refused, and the sweep that forgets the daily layer's old days never forgets a campaign claim.
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { claimOnce } from '../../src/server/economy/claims.ts';
import { pruneDaily } from '../../src/server/economy/daily-progress.ts';
import { openStore } from '../../src/server/store/db.ts';
import { migrationsFor } from '../../src/server/store/migrations.ts';
import { DATABASES, freshDatabase } from './helpers.ts';

describe.each(DATABASES)('one claims table, on %s', (kind) => {
  it('the migration keeps every claim of the two tables before it; a claim is paid once; the sweep keeps the campaign’s', async () => {
    const db = await freshDatabase(kind);
    const store = openStore(db.url, { poolSize: 1 });
    try {
      const migrator = new Migrator({
        db: store.db,
        provider: { getMigrations: async () => migrationsFor(store.dialect) },
      });
      expect((await migrator.migrateTo('0028_dungeon_tiers')).error).toBeUndefined();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before 0029
      const old = store.db as any;
      const row = (claim: string, period: string, reward: object, created_at: number) => ({
        user_id: 'u_old',
        claim,
        period,
        reward: JSON.stringify(reward),
        created_at,
      });
      const daily = [
        row('quest:arena_win', '2026-11-20', { gold: 150 }, 1),
        row('calendar', '2020-01-01', { gold: 600 }, 2),
        row('bonus', '2026-11-20', { gold: 1350, summoning_scrolls: 2 }, 3),
      ];
      const campaign = [
        row('first_clear', '1-1', { gold: 100 }, 4),
        row('idle', '1764000000', { gold: 7 }, 5),
      ];
      await old.insertInto('daily_claims').values(daily).execute();
      await old.insertInto('campaign_claims').values(campaign).execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const kept = await store.db
        .selectFrom('claims')
        .select(['user_id', 'kind', 'claim', 'period', 'reward', 'created_at'])
        .orderBy('created_at')
        .execute();
      expect(kept.map((c) => ({ ...c, created_at: Number(c.created_at) }))).toEqual([
        ...daily.map((c) => ({ ...c, kind: 'daily' })),
        ...campaign.map((c) => ({ ...c, kind: 'campaign' })),
      ]);

      // A claim made before the migration is refused; the same claim of another kind is its own.
      const again = { userId: 'u_old', claim: 'first_clear', period: '1-1', reward: { gold: 100 } };
      expect(await claimOnce(store.db, { ...again, kind: 'campaign' })).toBe(false);
      expect(await claimOnce(store.db, { ...again, kind: 'daily' })).toBe(true);

      // The sweep forgets the daily layer's days long past, and nothing of the campaign's (whose periods are stage
      // ids and times, which sort before any day's name).
      await pruneDaily(store.db);
      const left = await store.db
        .selectFrom('claims')
        .select(['kind', 'period'])
        .orderBy('created_at')
        .execute();
      expect(left).toEqual(
        expect.arrayContaining([
          { kind: 'campaign', period: '1-1' },
          { kind: 'campaign', period: '1764000000' },
        ]),
      );
      expect(left.map((c) => c.period)).not.toContain('2020-01-01');
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
