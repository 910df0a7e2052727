// Dungeon runs: starting one (abandoning the player's active run, or refusing while one is on) and fighting its
// next floor — at once, or turn by turn (a turn-based battle the player steers, paid for the time it was played:
// the way to meet a boss). A run fights `floors` floors in order with the team it started with; the last floor is
// the boss (src/game/dungeon-tiers.ts). A run fights one tier of its dungeon, open to the player once they cleared a
// run of the tier before (clearedTier). A defeat ends the run; clearing it pays a bonus
// (src/game/rewards.ts: clearBonus). The run advances in the same transaction that records the floor's result and
// pays it (a turn-based floor's: when its battle ends, ./turn-battle-store.ts); a call that races a finished floor (two
// tabs, a double tap) is a 409 saying where the run is now, and a floor being fought turn by turn is fought there.
import { dropGear } from '../heroes/worn-gear.ts';
import type { Selectable } from 'kysely';
import type { BattleResult } from '../../api/common.ts';
import { ENGINE_VERSION, startBattle } from '../../game/index.ts';
import type { Ctx } from '../context.ts';
import { conflict, forbidden, MESSAGES } from '../foundation/errors.ts';
import { tierEntryPower, tierOpen, tierReach } from '../../game/data/dungeons.ts';
import { bestTeamPower } from './campaign-progress.ts';
import { fightNow, simulated } from './fights.ts';
import { remainingTeam } from '../heroes/hero-store.ts';
import { newId, newSeed } from '../foundation/ids.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { floorPlan } from './fight-plans.ts';
import { checkShownOdds } from './fight-odds.ts';
import type { BattlesTable, DungeonRunsTable, DungeonsTable } from '../store/tables.ts';
import { idleBefore } from './battle-expiry.ts';
import { economyTransaction } from '../economy/transaction.ts';
import { abandonBattles, openBattle, type OpeningBattle, type Payout } from './turn-battle-store.ts';
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

/** The run's floor battle being fought turn by turn (idle ones past the expiry do not count), if any. */
async function floorBattleOn(db: Db, runId: string): Promise<Selectable<BattlesTable> | undefined> {
  return db
    .selectFrom('battles')
    .selectAll()
    .where('run_id', '=', runId)
    .where('kind', '=', 'turn_based')
    .where('status', '=', 'active')
    .where('updated_at', '>=', idleBefore())
    .executeTakeFirst();
}

/** The 409 for a quick fight of a floor that is being fought turn by turn. */
export const FLOOR_UNDER_WAY = 'This floor is being fought turn by turn: finish that battle first';

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
  const [cleared, power] = await Promise.all([clearedTiers(db, userId), bestTeamPower(db, userId)]);
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

/**
 * Fights the run's current floor with the heroes of its team that remain (a hero deleted since the run began has
 * left it; with none left the run is over, 409). Winning moves the run a floor on, or clears it on the boss floor
 * and pays the clear bonus; losing ends it. `shown`: the odds_key the player was shown (fight-odds.ts).
 */
export async function fightFloor(
  ctx: Ctx,
  run: RunRow,
  dungeon: Selectable<DungeonsTable>,
  shown?: string,
): Promise<{ result: BattleResult & { gear_drop: string | null }; run: RunRow; cleared: boolean }> {
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
  const plan = floorPlan(dungeon, { tier: run.tier, floor, floors: run.floors }, team);
  await checkShownOdds(ctx, run.user_id, plan, shown);
  const bossFloor = plan.floor!.boss;
  const result = await fightNow(ctx, {
    ...plan,
    userId: run.user_id,
    runId: run.id,
    guard: async (trx, won) => {
      if (await floorBattleOn(trx, run.id)) throw conflict(FLOOR_UNDER_WAY);
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
    // A cleared run may drop a piece of gear (heroes/worn-gear.ts dropGear), in the result's transaction.
    settle: async (trx, fight, rewards) => ({
      rewards,
      extra: { gear_drop: fight.won && bossFloor ? await dropGear(trx, run.user_id, fight.battleId) : null },
    }),
  });
  const after = await db
    .selectFrom('dungeon_runs')
    .selectAll()
    .where('id', '=', run.id)
    .executeTakeFirstOrThrow();
  return { result, run: after, cleared: result.status === 'won' && bossFloor };
}

/** A floor battle that was opened, or the one already under way on that floor (a double tap, another tab). */
export type FloorOpening =
  | {
      battleId: string;
      stored: OpeningBattle;
      payout: Payout;
      ended: { battle_id: string; location: string } | null;
    }
  | { underWay: Selectable<BattlesTable> };

class FloorUnderWay extends Error {
  constructor(readonly row: Selectable<BattlesTable>) {
    super('floor under way');
  }
}

/**
 * Opens the run's next floor as a turn-based battle the player steers (the team that remains against the floor's
 * foes, at the odds a quick fight of it would state). The player's other turn-based battle ends first, lost, as any
 * new battle ends it; a floor already being fought turn by turn is answered as it stands instead. The run moves on
 * when the battle ends (./turn-battle-store.ts settle). `shown`: the odds_key the player was shown (fight-odds.ts).
 */
export async function openFloorBattle(
  ctx: Ctx,
  run: RunRow,
  dungeon: Selectable<DungeonsTable>,
  shown?: string,
): Promise<FloorOpening> {
  const { db } = ctx.store;
  const underWay = await floorBattleOn(db, run.id);
  if (underWay) return { underWay };
  const team = await remainingTeam(db, run.team_hero_ids, run.user_id);
  if (team.length === 0) throw conflict(MESSAGES.runHeroesGone);
  const floor = run.floor;
  const plan = floorPlan(dungeon, { tier: run.tier, floor, floors: run.floors }, team);
  await checkShownOdds(ctx, run.user_id, plan, shown);
  const { enemies } = plan;
  const odds = await simulated(() => ctx.odds.estimate(team, enemies));
  const battleId = newId('b');
  const started = startBattle(newSeed(), team, enemies, {
    battleId,
    enemyAi: 'normal',
    allyAi: 'normal',
    auto: false,
  });
  const stored: OpeningBattle = {
    engine: started.state,
    enemyLevel: plan.rewards.enemyLevel,
    probability: odds.probability,
    teams: { allies: team, enemies },
    engine_version: ENGINE_VERSION,
    dungeon: {
      run_id: run.id,
      dungeon_id: dungeon.id,
      floor,
      floors: run.floors,
      difficulty: plan.rewards.difficulty!,
      multiplier: plan.rewards.multiplier!,
      boss_floor: plan.floor!.boss,
    },
  };
  try {
    const { ended, payout } = await openBattle(db, {
      battleId,
      userId: run.user_id,
      teamIds: team.map((h) => h.id),
      location: dungeon.name,
      stored,
      guard: async (trx) => {
        const now = await trx
          .selectFrom('dungeon_runs')
          .selectAll()
          .where('id', '=', run.id)
          .executeTakeFirstOrThrow();
        if (now.status !== 'active' || now.floor !== floor) throw movedOn(now, floor);
        const on = await floorBattleOn(trx, run.id);
        if (on) throw new FloorUnderWay(on);
      },
    });
    return { battleId, stored, payout, ended };
  } catch (err) {
    if (err instanceof FloorUnderWay) return { underWay: err.row };
    throw err;
  }
}
