// The turn-based battle's lifecycle, the one place it is written: opening one (odds, the engine's start, the
// stored state; the player's active battle ends first), reading one as the player sees it, acting in it (an option,
// aimed or not, or Auto), and the player's active battle. Storing, moving on and paying are turn-battle-store.ts,
// each in one economy transaction; the idle rule is battle-expiry.ts. Routes (routes/battles.ts, routes/dungeons.ts)
// parse, call one of these and answer.
import type { BattleEvent, BattleState as BattleStateView } from '../../api/battles.ts';
import type { CampaignFight } from '../../api/common.ts';
import { ENGINE_VERSION, chooseOption, setAuto, startBattle, viewBattle } from '../../game/index.ts';
import type { Hero, LevelUp, Rewards } from '../../game/types.ts';
import type { Ctx } from '../context.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import { newId, newSeed } from '../foundation/ids.ts';
import type { Db } from '../economy/wallet.ts';
import { finishedBattle, resultOf } from '../store/battle-record.ts';
import { idleBefore, isIdle } from './battle-expiry.ts';
import { simulated } from './fights.ts';
import type { randomPlan } from './fight-plans.ts';
import type { nextEncounter } from './random-foes.ts';
import {
  moveBattle,
  openBattle,
  readStoredBattle,
  type OpeningBattle,
  type StoredBattle,
} from './turn-battle-store.ts';

export const ABANDONED_TEXT = 'Abandoned when another battle was started: counted as a loss.';

/** A turn-based battle as the player sees it (a dungeon floor's says which, and, once over, if it cleared the dungeon). */
export function stateView(
  id: string,
  stored: Pick<StoredBattle, 'engine' | 'dungeon'>,
  extra: {
    location: string;
    newEvents: BattleEvent[];
    rewards: Rewards | null;
    levelUps: LevelUp[];
    /** the row's status, when it ended without the engine (abandoned for another battle) */
    rowStatus?: string;
    clearBonus?: boolean;
    /** a dungeon floor's battle that has just ended: the piece its cleared run dropped, or null */
    gearDrop?: string | null;
    /** a campaign stage's battle: the stage, and once won what its first clear paid */
    campaign?: CampaignFight;
  },
): BattleStateView {
  const view = viewBattle(stored.engine);
  if (view.status === 'active' && extra.rowStatus === 'lost') {
    view.status = 'lost';
    view.pending_options = [];
    view.current_actor_id = null;
    view.events = [...view.events, { turn: view.turn, kind: 'end', description: ABANDONED_TEXT }];
  }
  return {
    ...view,
    battle_id: id,
    kind: 'turn_based',
    new_events: extra.newEvents,
    location: extra.location,
    rewards: extra.rewards,
    level_ups: extra.levelUps,
    ...(stored.dungeon && {
      dungeon: {
        run_id: stored.dungeon.run_id,
        dungeon_id: stored.dungeon.dungeon_id,
        floor: stored.dungeon.floor,
        floors: stored.dungeon.floors,
        boss_floor: stored.dungeon.boss_floor,
      },
      ...(extra.clearBonus !== undefined && { clear_bonus: extra.clearBonus }),
      ...(extra.gearDrop !== undefined && { gear_drop: extra.gearDrop }),
    }),
    ...(extra.campaign && { campaign: extra.campaign }),
  };
}

/** A battle's row, or 404 for none, an expired one, or a turn-based battle left idle. */
export async function loadBattle(db: Db, id: string) {
  const row = await db.selectFrom('battles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status === 'expired') throw notFound(MESSAGES.battleNotFound);
  if (isIdle(row)) throw notFound(MESSAGES.battleNotFound);
  return row;
}

/** Whether a finished dungeon floor's battle cleared its dungeon: a won boss floor of a run now cleared. */
async function cleared(db: Db, stored: Pick<StoredBattle, 'dungeon'>, status: string): Promise<boolean> {
  const d = stored.dungeon!;
  if (!d.boss_floor || status !== 'won') return false;
  const run = await db
    .selectFrom('dungeon_runs')
    .select('status')
    .where('id', '=', d.run_id)
    .executeTakeFirst();
  return run?.status === 'cleared';
}

/**
 * Opens a turn-based random battle of `team` against the planned encounter `band` (the one GET /api/odds showed),
 * ending the player's active battle first; answers its first view, and the battle it ended.
 */
export async function openTurnBattle(
  ctx: Ctx,
  userId: string,
  team: Hero[],
  plan: ReturnType<typeof randomPlan>,
  band: Awaited<ReturnType<typeof nextEncounter>>,
) {
  const { enemies, location } = plan;
  const battleId = newId('b');
  const odds = await simulated(() => ctx.odds.estimate(team, enemies));
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
  };
  const view = stateView(battleId, stored, {
    location,
    newEvents: started.events,
    rewards: null,
    levelUps: [],
  });
  const { ended, payout } = await openBattle(ctx.store.db, {
    battleId,
    userId,
    teamIds: team.map((h) => h.id),
    location,
    stored,
    band,
  });
  if (payout.rewards) Object.assign(view, payout);
  return { ...view, ended_battle: ended };
}

/** The player's turn-based battle still being fought (an idle one is not), or null. */
export async function activeBattle(db: Db, userId: string) {
  const row = await db
    .selectFrom('battles')
    .select(['id', 'location', 'state', 'created_at', 'run_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'turn_based')
    .where('status', '=', 'active')
    .where('updated_at', '>=', idleBefore())
    .executeTakeFirst();
  if (!row) return { battle: null };
  const stored = JSON.parse(row.state!) as StoredBattle;
  return {
    battle: {
      battle_id: row.id,
      location: row.location,
      turn: viewBattle(stored.engine).turn,
      started_at: Number(row.created_at),
      run_id: row.run_id ?? null,
    },
  };
}

/** A battle as its player reads it: a turn-based battle as it stands, or an auto fight's result. */
export async function readBattle(db: Db, id: string) {
  const row = await loadBattle(db, id);
  if (row.kind !== 'turn_based') return { ...resultOf(row), kind: 'auto' as const };
  if (row.status === 'active')
    return stateView(row.id, readStoredBattle(row.state!), {
      location: row.location,
      newEvents: [],
      rewards: null,
      levelUps: [],
    });
  // Over: its record, played again.
  const { record, state } = finishedBattle(row);
  const stored = { engine: state, ...(record.dungeon && { dungeon: record.dungeon }) };
  return stateView(row.id, stored, {
    location: row.location,
    newEvents: [],
    rewards: record.rewards,
    levelUps: record.level_ups,
    rowStatus: row.status,
    clearBonus: stored.dungeon ? await cleared(db, stored, row.status) : undefined,
  });
}

/** Acts in a turn-based battle: switches Auto and/or plays an option (aimed or not); answers the new view. */
export async function actInBattle(
  db: Db,
  id: string,
  act: { option_id?: string; target_id?: string; auto?: boolean; user_id?: string },
) {
  const { option_id, target_id, auto, user_id } = act;
  const row = await loadBattle(db, id);
  if (user_id !== undefined && user_id !== row.user_id)
    throw forbidden('That battle belongs to another player');
  if (row.kind !== 'turn_based')
    throw conflict('This battle was resolved at once: there is nothing to choose');
  if (row.status !== 'active') throw conflict('This battle is already over');
  if (option_id === undefined && auto === undefined) throw badRequest('Choose an option');
  const stored = readStoredBattle(row.state!);
  let engine = stored.engine;
  const events: BattleEvent[] = [];
  if (auto !== undefined) {
    const r = setAuto(engine, auto);
    engine = r.state;
    events.push(...r.events);
  }
  if (option_id !== undefined && viewBattle(engine).status === 'active') {
    const r = chooseOption(engine, option_id, target_id);
    if (!r.ok) throw badRequest(r.error);
    engine = r.state;
    events.push(...r.events);
  }
  const next: StoredBattle = { ...stored, engine };
  const paid = await moveBattle(db, row, next);
  return stateView(row.id, next, {
    location: row.location,
    newEvents: events,
    rewards: paid.rewards,
    levelUps: paid.level_ups,
    clearBonus: paid.clear_bonus,
    gearDrop: paid.gear_drop,
    campaign: paid.campaign,
  });
}
