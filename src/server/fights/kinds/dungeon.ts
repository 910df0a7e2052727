// A dungeon floor: the next floor of the player's run (dungeon-runs.ts), fought with the heroes of its team that
// remain, at once or turn by turn (the way to meet a boss; POST /api/dungeon-runs/{id}/battle). A run fights its
// floors in order; the last is the boss (src/game/dungeon-tiers.ts). The run moves on in the transaction that records
// the floor's result and pays it: a win a floor on, or cleared on the boss floor — a clear bonus entered apart
// (dungeon_clear) and perhaps a piece of gear —, a loss ends it. A call that races a finished floor (two tabs, a double
// tap) is a 409 saying where the run is now, and a floor being fought turn by turn is fought there.
import type { Selectable } from 'kysely';
import type { BattleResult } from '../../../api/common.ts';
import type { DungeonRun } from '../../../api/dungeons.ts';
import type { OddsQuery } from '../../../api/odds.ts';
import { clearBonus, type Difficulty } from '../../../game/index.ts';
import { tierOpen, tierPayRate } from '../../../game/data/dungeons.ts';
import type { Hero } from '../../../game/types.ts';
import type { Ctx } from '../../context.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../../foundation/errors.ts';
import { nowSeconds } from '../../foundation/clock.ts';
import type { Db } from '../../economy/wallet.ts';
import { floorFoes } from '../../content/npcs.ts';
import { remainingTeam } from '../../heroes/hero-store.ts';
import { dropGear } from '../../heroes/worn-gear.ts';
import type { BattlesTable, DungeonsTable } from '../../store/tables.ts';
import type { FloorBattle } from '../../store/battle-record.ts';
import { idleBefore } from '../battle-expiry.ts';
import { movedOn, tierLocked, tierReachOf, type RunRow } from '../dungeon-runs.ts';
import { sideKey, teamOf, type FightEnd, type FightPlan } from '../fight-plans.ts';
import { checkShownOdds } from '../fight-odds.ts';
import { fightNow } from '../fights.ts';
import { openTurnBattle, readStoredBattle, type TurnKind } from '../turn-battle-store.ts';
import { openedView, stateView } from '../battle-view.ts';

/** The 409 for a quick fight of a floor that is being fought turn by turn. */
export const FLOOR_UNDER_WAY = 'This floor is being fought turn by turn: finish that battle first';

/** Floor `floor` of a run of `floors` floors of `tier` in `dungeon`, fought by `team`. */
export function floorPlan(
  dungeon: Selectable<DungeonsTable>,
  at: { tier: number; floor: number; floors: number },
  team: Hero[],
) {
  const { tier, floor, floors } = at;
  const { enemies, bossFloor, payLevel } = floorFoes(dungeon.id, tier, floor, team.length);
  const pay = tierPayRate(
    { difficulty: dungeon.difficulty as Difficulty, multiplier: dungeon.rewards_multiplier },
    tier,
  );
  const clear = bossFloor ? { floors, multiplier: pay.multiplier } : undefined;
  return {
    kind: 'dungeon',
    team,
    enemies,
    location: dungeon.name,
    rewards: { difficulty: pay.difficulty, multiplier: pay.multiplier, enemyLevel: payLevel },
    clear,
    key: `dungeon:${dungeon.id} tier ${tier} floor ${floor} of ${floors}:${sideKey(team)}`,
    keyed: team,
    steered: true,
    explain: async (_db, _userId, { bonus }) => ({
      clear_bonus: bonus,
      floor,
      floors,
      boss_floor: bossFloor,
      tier,
    }),
    boss: bossFloor,
  } satisfies FightPlan & { boss: boolean };
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

/** The run as it is now, inside a fight's transaction. */
const runNow = (trx: Db, runId: string) =>
  trx.selectFrom('dungeon_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();

/**
 * A finished floor moves its run: a win a floor on (its team now `teamIds`, when given), or cleared on the boss
 * floor; a loss ends it. Answers whether it moved: not when another call fought the floor or ended the run first.
 */
async function moveRun(
  trx: Db,
  d: Pick<FloorBattle, 'run_id' | 'floor' | 'boss_floor'>,
  won: boolean,
  teamIds?: string[],
): Promise<boolean> {
  const moved = await trx
    .updateTable('dungeon_runs')
    .set({
      ...(teamIds && { team_hero_ids: JSON.stringify(teamIds) }),
      floor: won && !d.boss_floor ? d.floor + 1 : d.floor,
      status: won ? (d.boss_floor ? 'cleared' : 'active') : 'failed',
      updated_at: nowSeconds(),
    })
    .where('id', '=', d.run_id)
    .where('floor', '=', d.floor)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** A boss floor won: its clear bonus (entered apart) and the piece of gear the cleared run may drop. */
async function clearPay(
  trx: Db,
  e: { userId: string; battleId: string; probability: number },
  clear: FightPlan['clear'],
) {
  return {
    bonus: {
      rewards: clearBonus(clear!, e.probability),
      entry: { reason: 'dungeon_clear' as const, ref: e.battleId },
    },
    gear_drop: await dropGear(trx, e.userId, e.battleId),
  };
}

/**
 * How a floor fought at once ends: refused while the floor is fought turn by turn or once the run moved on (409
 * saying where it is), else the run moves; a won boss floor pays its clear bonus and may drop gear.
 */
function quickFloorEnd(
  run: RunRow,
  plan: ReturnType<typeof floorPlan>,
): FightEnd<{ gear_drop: string | null }> {
  const teamIds = plan.team.map((h) => h.id);
  return {
    reason: 'dungeon_reward',
    guard: async (trx, won) => {
      if (await floorBattleOn(trx, run.id)) throw conflict(FLOOR_UNDER_WAY);
      const at = { run_id: run.id, floor: run.floor, boss_floor: plan.boss };
      if (!(await moveRun(trx, at, won, teamIds))) throw movedOn(await runNow(trx, run.id), run.floor);
    },
    settle: async (trx, e, rewards) => {
      if (!e.won || !plan.boss) return { rewards, extra: { gear_drop: null } };
      const { bonus, gear_drop } = await clearPay(trx, e, plan.clear);
      return { rewards, bonus, extra: { gear_drop } };
    },
  };
}

/** The team of a run that remains; with none left the run is over (409). */
async function teamLeft(db: Db, run: RunRow): Promise<Hero[]> {
  const team = await remainingTeam(db, run.team_hero_ids, run.user_id);
  if (team.length > 0) return team;
  await db
    .updateTable('dungeon_runs')
    .set({ status: 'failed', updated_at: nowSeconds() })
    .where('id', '=', run.id)
    .where('status', '=', 'active')
    .execute();
  throw conflict(MESSAGES.runHeroesGone);
}

/**
 * Fights the run's next floor (`floor`, when given, is the one the player meant: another is a 409 saying where the
 * run is): at once — the result, the run as it is after and whether it was cleared — or opened to be steered, its
 * first view (a floor already being fought turn by turn is answered as it stands). `shown`: the odds_key shown.
 */
export async function fightDungeonFloor(
  ctx: Ctx,
  run: RunRow,
  o: { mode?: 'quick' | 'turn_based'; floor?: number; shown?: string },
): Promise<
  | { opened: ReturnType<typeof openedView> }
  | { fought: { result: BattleResult & { gear_drop: string | null }; run: RunRow; cleared: boolean } }
> {
  if (run.status !== 'active') throw movedOn(run, run.floor);
  if (o.floor !== undefined && o.floor !== run.floor) throw movedOn(run, o.floor);
  const dungeon = ctx.dungeonsById.get(run.dungeon_id);
  if (!dungeon) throw notFound(MESSAGES.dungeonNotFound);
  const { db } = ctx.store;
  if (o.mode === 'turn_based') {
    const underWay = await floorBattleOn(db, run.id);
    if (underWay) return { opened: underWayView(underWay) };
  }
  const team = await teamLeft(db, run);
  const plan = floorPlan(dungeon, run, team);
  await checkShownOdds(ctx, run.user_id, plan, o.shown);
  if (o.mode !== 'turn_based') {
    const result: BattleResult & { gear_drop: string | null } = await fightNow(
      ctx,
      plan,
      run.user_id,
      quickFloorEnd(run, plan),
      run.id,
    );
    return {
      fought: { result, run: await runNow(db, run.id), cleared: result.status === 'won' && plan.boss },
    };
  }
  try {
    const opened = await openTurnBattle(ctx, plan, run.user_id, {
      runId: run.id,
      keeps: {
        dungeon: {
          run_id: run.id,
          dungeon_id: dungeon.id,
          floor: run.floor,
          floors: run.floors,
          difficulty: plan.rewards.difficulty,
          multiplier: plan.rewards.multiplier,
          boss_floor: plan.boss,
        },
      },
      guard: async (trx) => {
        const now = await runNow(trx, run.id);
        if (now.status !== 'active' || now.floor !== run.floor) throw movedOn(now, run.floor);
        const on = await floorBattleOn(trx, run.id);
        if (on) throw new FloorUnderWay(on);
      },
    });
    return { opened: openedView(opened, dungeon.name) };
  } catch (err) {
    if (err instanceof FloorUnderWay) return { opened: underWayView(err.row) };
    throw err;
  }
}

/** The floor's battle already under way (a double tap, another tab), as it stands. */
function underWayView(row: Selectable<BattlesTable>) {
  const view = stateView(row.id, readStoredBattle(row.state!), {
    location: row.location,
    newEvents: [],
    rewards: null,
    levelUps: [],
  });
  return { ...view, ended_battle: null };
}

class FloorUnderWay extends Error {
  constructor(readonly row: Selectable<BattlesTable>) {
    super('floor under way');
  }
}

/**
 * GET /api/odds?kind=dungeon: the next floor of a run of the player's (its team and tier), or floor 1 of a new run
 * of `tier` with `team` (a tier the player has not opened: 403, as the start would answer). A run that is over has no
 * next floor: what comes next is a new run of its dungeon and tier with its team, floor 1 (run_status says so), so a
 * page that still holds the run reads what it would fight now, not a refusal.
 */
export async function oddsPlan(ctx: Ctx, q: OddsQuery): Promise<FightPlan> {
  if (!q.run_id === !q.dungeon_id) throw badRequest('Give either dungeon_id (with team) or run_id');
  const { db } = ctx.store;
  if (q.run_id) {
    const run = await db.selectFrom('dungeon_runs').selectAll().where('id', '=', q.run_id).executeTakeFirst();
    if (!run) throw notFound(MESSAGES.runNotFound);
    if (run.user_id !== q.user_id) throw forbidden('That dungeon run belongs to another player');
    const team = await remainingTeam(db, run.team_hero_ids, run.user_id);
    if (team.length === 0) throw conflict(MESSAGES.runHeroesGone);
    const d = ctx.dungeonsById.get(run.dungeon_id);
    if (!d) throw notFound(MESSAGES.dungeonNotFound);
    const status = run.status as DungeonRun['status'];
    const floor = status === 'active' ? run.floor : 1;
    const plan = floorPlan(
      d,
      { tier: run.tier, floor, floors: status === 'active' ? run.floors : d.floors },
      team,
    );
    return { ...plan, explain: async (...a) => ({ ...(await plan.explain(...a)), run_status: status }) };
  }
  const d = ctx.dungeonsById.get(q.dungeon_id!);
  if (!d) throw notFound(MESSAGES.dungeonNotFound);
  const tier = q.tier ?? 1;
  if (!tierOpen(tier, (await tierReachOf(db, q.user_id)).reach)) throw tierLocked(tier);
  return floorPlan(d, { tier, floor: 1, floors: d.floors }, await teamOf(ctx, q));
}

/** Whether a finished floor's battle cleared its dungeon: a won boss floor of a run now cleared. */
async function cleared(db: Db, d: FloorBattle, status: string): Promise<boolean> {
  if (!d.boss_floor || status !== 'won') return false;
  const run = await db
    .selectFrom('dungeon_runs')
    .select('status')
    .where('id', '=', d.run_id)
    .executeTakeFirst();
  return run?.status === 'cleared';
}

/**
 * A floor fought turn by turn: the battle keeps its floor and what it pays by. When it ends the run moves (unless
 * another call moved it first), and a cleared run pays its bonus and may drop gear; left for another battle, the
 * floor is lost and its run ends.
 */
export const dungeonTurn: TurnKind = {
  kind: 'dungeon',
  owns: (stored) => !!stored.dungeon,
  pay: (stored) => ({ difficulty: stored.dungeon!.difficulty, multiplier: stored.dungeon!.multiplier }),
  end: (stored, userId) => {
    const d = stored.dungeon!;
    return {
      reason: 'dungeon_reward',
      settle: async (trx, e, rewards) => {
        const clears = (await moveRun(trx, d, e.won)) && e.won && d.boss_floor;
        if (!clears) return { rewards, extra: { clear_bonus: false, gear_drop: null } };
        const { bonus, gear_drop } = await clearPay(
          trx,
          { ...e, userId },
          { floors: d.floors, multiplier: d.multiplier },
        );
        return { rewards, bonus, extra: { clear_bonus: true, gear_drop } };
      },
    };
  },
  abandoned: async (trx, stored) => {
    await moveRun(trx, stored.dungeon!, false);
  },
  view: (stored) => {
    const d = stored.dungeon!;
    return {
      dungeon: {
        run_id: d.run_id,
        dungeon_id: d.dungeon_id,
        floor: d.floor,
        floors: d.floors,
        boss_floor: d.boss_floor,
      },
    };
  },
  ended: async (db, stored, status) => ({ clear_bonus: await cleared(db, stored.dungeon!, status) }),
};
