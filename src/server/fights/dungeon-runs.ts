// Dungeon runs: starting one (abandoning the player's active run, or refusing while one is on), the tiers the player
// has opened, and the 409 for a call meant for a floor the run has left. A run fights `floors` floors in order with
// the team it started with (its floors: kinds/dungeon.ts); a run fights one tier of its dungeon, open to the player
// once they cleared a run of the tier before or bring the power (tierReach).
import type { Selectable } from 'kysely';
import type { Ctx } from '../context.ts';
import { conflict, forbidden } from '../foundation/errors.ts';
import { tierEntryPower, tierOpen, tierReach } from '../../game/data/dungeons.ts';
import { strongestTeam } from './campaign-progress.ts';
import { newId } from '../foundation/ids.ts';
import { nowSeconds } from '../foundation/clock.ts';
import type { DungeonRunsTable, DungeonsTable } from '../store/tables.ts';
import { economyTransaction } from '../economy/transaction.ts';
import { abandonBattles } from './turn-battle-store.ts';
import type { Db } from '../economy/wallet.ts';

export type RunRow = Selectable<DungeonRunsTable>;

/** The 409 for a call meant for floor `meant` of a run that is elsewhere now (two tabs, a double tap). */
export function movedOn(run: RunRow, meant: number) {
  if (run.status !== 'active') return conflict(`This dungeon run is over (${run.status}): start a new one`);
  return conflict(
    meant < run.floor
      ? `Floor ${meant} has already been fought: your run is now at floor ${run.floor} of ${run.floors}`
      : `Your run is at floor ${run.floor} of ${run.floors}, not floor ${meant}`,
  );
}

/** The highest tier of each dungeon the player has cleared a run of (a dungeon with none is absent). */
export async function clearedTiers(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('dungeon_runs')
    .select(['dungeon_id', (eb) => eb.fn.max('tier').as('tier')])
    .where('user_id', '=', userId)
    .where('status', '=', 'cleared')
    .groupBy('dungeon_id')
    .execute();
  return new Map(rows.map((r) => [r.dungeon_id, Number(r.tier)]));
}

/**
 * The deepest tier the player may enter (tierReach): one past the deepest they have cleared a run of in any dungeon —
 * tiers are depths shared by every dungeon, so the dungeons' tiers, interleaved by power, are one ladder climbed by
 * whichever dungeon suits the team — or as deep as their strongest four's power reaches. With each dungeon's deepest
 * cleared tier.
 */
export async function tierReachOf(
  db: Db,
  userId: string,
): Promise<{ reach: number; cleared: Map<string, number> }> {
  const [cleared, power] = await Promise.all([
    clearedTiers(db, userId),
    strongestTeam(db, userId).then((t) => t.power),
  ]);
  return { reach: tierReach(Math.max(0, ...cleared.values()), power), cleared };
}

/** The refusal of a tier the player has not opened (tierOpen): what opens it. */
export const tierLocked = (tier: number) =>
  forbidden(
    `Tier ${tier} is locked: clear a run of tier ${tier - 1} in any dungeon, or bring a team of ${tierEntryPower(tier).toLocaleString('en-US')} power, to open it`,
  );

/**
 * A new run of `tier` at floor 1 of the dungeon; the player's active run is abandoned first, or (abandonActive
 * false) kept: 409. A tier the player has not opened is refused (403) before anything is written.
 */
export async function startRun(
  ctx: Ctx,
  o: {
    userId: string;
    dungeon: Selectable<DungeonsTable>;
    tier: number;
    teamIds: string[];
    abandonActive: boolean;
  },
): Promise<RunRow> {
  if (!tierOpen(o.tier, (await tierReachOf(ctx.store.db, o.userId)).reach)) throw tierLocked(o.tier);
  const now = nowSeconds();
  const run = await economyTransaction(ctx.store.db, { userId: o.userId }, async (trx) => {
    if (o.abandonActive) {
      const left = await trx
        .updateTable('dungeon_runs')
        .set({ status: 'abandoned', updated_at: now })
        .where('user_id', '=', o.userId)
        .where('status', '=', 'active')
        .returning('id')
        .executeTakeFirst();
      // A floor of it being fought turn by turn ends with it, lost.
      if (left) await abandonBattles(trx, { runId: left.id }, now);
    }
    return trx
      .insertInto('dungeon_runs')
      .values({
        id: newId('r'),
        user_id: o.userId,
        dungeon_id: o.dungeon.id,
        team_hero_ids: JSON.stringify(o.teamIds),
        floor: 1,
        floors: o.dungeon.floors,
        tier: o.tier,
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  });
  if (!run) throw conflict('You already have an active dungeon run');
  return run;
}
