// A turn-based battle once it is open, whatever its kind: reading one as the player sees it, acting in it (an
// option, aimed or not, or Auto), and the player's active battle. Opening one is its kind's (kinds/, through
// turn-battle-store.ts openTurnBattle); storing, moving on and paying are turn-battle-store.ts, each in one economy
// transaction; the idle rule is battle-expiry.ts.
import type { BattleEvent } from '../../api/battles.ts';
import { chooseOption, setAuto, viewBattle } from '../../game/index.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import type { Db } from '../economy/wallet.ts';
import { finishedBattle, resultOf } from '../store/battle-record.ts';
import { idleBefore, isIdle } from './battle-expiry.ts';
import { stateView } from './battle-view.ts';
import { turnKindOf } from './kinds/index.ts';
import { moveBattle, readStoredBattle, type StoredBattle } from './turn-battle-store.ts';

/** A battle's row, or 404 for none, an expired one, or a turn-based battle left idle. */
export async function loadBattle(db: Db, id: string) {
  const row = await db.selectFrom('battles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status === 'expired') throw notFound(MESSAGES.battleNotFound);
  if (isIdle(row)) throw notFound(MESSAGES.battleNotFound);
  return row;
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
  const stored = { engine: state, dungeon: record.dungeon };
  return stateView(row.id, stored, {
    location: row.location,
    newEvents: [],
    rewards: record.rewards,
    levelUps: record.level_ups,
    rowStatus: row.status,
    ending: await turnKindOf(stored).ended?.(db, stored, row.status),
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
    ending: paid.extra,
  });
}
