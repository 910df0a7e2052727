// Dungeon runs: starting one (abandoning the player's active run, or refusing while one is on) and fighting its
// next floor. A run fights `floors` floors in order with the team it started with; the last floor is the boss
// (src/game/data/dungeons.ts: dungeonFloor). A defeat ends the run; clearing it pays a bonus (src/game/rewards.ts:
// clearBonus). The run advances in the same transaction that records the floor's result and pays it; a call that
// races a finished floor (two tabs, a double tap) is a 409 saying where the run is now.
import type { Selectable } from 'kysely';
import type { BattleResult } from '../api/common.ts';
import type { Ctx } from './context.ts';
import { conflict, MESSAGES } from './errors.ts';
import { fightNow } from './fights.ts';
import { remainingTeam } from './hero-store.ts';
import { newId } from './ids.ts';
import { nowSeconds } from './clock.ts';
import { floorPlan } from './fight-plans.ts';
import type { DungeonRunsTable, DungeonsTable } from './store/tables.ts';
import { economyTransaction } from './transaction.ts';

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

/** A new run at floor 1 of the dungeon; the player's active run is abandoned first, or (abandonActive false) kept: 409. */
export async function startRun(
  ctx: Ctx,
  o: { userId: string; dungeon: Selectable<DungeonsTable>; teamIds: string[]; abandonActive: boolean },
): Promise<RunRow> {
  const now = nowSeconds();
  const run = await economyTransaction(ctx.store.db, { userId: o.userId }, async (trx) => {
    if (o.abandonActive)
      await trx
        .updateTable('dungeon_runs')
        .set({ status: 'abandoned', updated_at: now })
        .where('user_id', '=', o.userId)
        .where('status', '=', 'active')
        .execute();
    return trx
      .insertInto('dungeon_runs')
      .values({
        id: newId('r'),
        user_id: o.userId,
        dungeon_id: o.dungeon.id,
        team_hero_ids: JSON.stringify(o.teamIds),
        floor: 1,
        floors: o.dungeon.floors,
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

/**
 * Fights the run's current floor with the heroes of its team that remain (a hero deleted since the run began has
 * left it; with none left the run is over, 409). Winning moves the run a floor on, or clears it on the boss floor
 * and pays the clear bonus; losing ends it.
 */
export async function fightFloor(
  ctx: Ctx,
  run: RunRow,
  dungeon: Selectable<DungeonsTable>,
): Promise<{ result: BattleResult; run: RunRow; cleared: boolean }> {
  const { db } = ctx.store;
  const team = await remainingTeam(db, run.team_hero_ids, run.user_id);
  if (team.length === 0) {
    await db
      .updateTable('dungeon_runs')
      .set({ status: 'failed', updated_at: nowSeconds() })
      .where('id', '=', run.id)
      .where('status', '=', 'active')
      .execute();
    throw conflict(MESSAGES.runHeroesGone);
  }
  const floor = run.floor;
  const plan = floorPlan(dungeon, floor, run.floors, team);
  const bossFloor = plan.floor!.boss;
  const result = await fightNow(ctx, {
    ...plan,
    userId: run.user_id,
    runId: run.id,
    guard: async (trx, won) => {
      const moved = await trx
        .updateTable('dungeon_runs')
        .set({
          team_hero_ids: JSON.stringify(team.map((h) => h.id)),
          floor: won && !bossFloor ? floor + 1 : floor,
          status: won ? (bossFloor ? 'cleared' : 'active') : 'failed',
          updated_at: nowSeconds(),
        })
        .where('id', '=', run.id)
        .where('floor', '=', floor)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) {
        // Another call fought this floor (or ended the run) first: say where the run is now.
        const now = await trx
          .selectFrom('dungeon_runs')
          .selectAll()
          .where('id', '=', run.id)
          .executeTakeFirstOrThrow();
        throw movedOn(now, floor);
      }
    },
  });
  const after = await db
    .selectFrom('dungeon_runs')
    .selectAll()
    .where('id', '=', run.id)
    .executeTakeFirstOrThrow();
  return { result, run: after, cleared: result.status === 'won' && bossFloor };
}
