// Housekeeping run every few minutes by app.ts: expires idle turn-based battles and forgets stale candidates.
import type { Kysely } from 'kysely';
import { nowSeconds } from './ids.ts';
import type { Database } from './store/tables.ts';
import { pruneCandidates } from './summoning.ts';

export const BATTLE_IDLE_TTL_S = 24 * 3600;

export async function sweepStale(db: Kysely<Database>): Promise<{ expiredBattles: number }> {
  const r = await db
    .updateTable('battles')
    .set({ status: 'expired', state: null })
    .where('status', '=', 'active')
    .where('updated_at', '<', nowSeconds() - BATTLE_IDLE_TTL_S)
    .executeTakeFirst();
  await pruneCandidates(db);
  return { expiredBattles: Number(r.numUpdatedRows) };
}
