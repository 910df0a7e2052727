// Live matches in the store (the rules: src/game/battle/live.ts). A match is one row: the battle as the rules hold
// it, each side's choice for this turn until both have chosen, the clocks. A choice is one conditional write guarded
// by the row's version; the choice that completes a turn plays it and writes the next state in the same guarded
// write — so whichever instance a player's request reaches, a turn is played once, and every resolved turn is
// stored before anyone is answered. Until both sides have chosen on turn 1 either may leave, and the match is
// aborted; after, leaving is a forfeit.
import type { Selectable } from 'kysely';
import {
  checkChoice,
  liveOptions,
  playLiveTurn,
  startLive,
  type LiveAction,
  type LiveState,
} from '../../game/battle/live.ts';
import { viewBattle } from '../../game/index.ts';
import type { Hero } from '../../game/types.ts';
import type { MatchView } from '../../api/live.ts';
import { nowMs, nowSeconds } from '../foundation/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../foundation/errors.ts';
import { newSeed } from '../foundation/ids.ts';
import type { Db } from '../economy/wallet.ts';
import type { LiveMatchesTable } from '../store/tables.ts';

/** The clocks of live play (LIVE_TURN_SECONDS, LIVE_BANK_SECONDS, LIVE_RECONNECT_SECONDS) and this instance's name. */
export interface LiveSettings {
  turnSeconds: number;
  bankSeconds: number;
  reconnectSeconds: number;
  instance: string;
}

export const DEFAULT_LIVE: Omit<LiveSettings, 'instance'> = {
  turnSeconds: 45,
  bankSeconds: 90,
  reconnectSeconds: 60,
};

type Row = Selectable<LiveMatchesTable>;

/** Opens the match of an accepted challenge (in the accept's transaction): turn 1 waits for both sides' choices. */
export async function openMatch(
  trx: Db,
  live: LiveSettings,
  o: {
    matchId: string;
    challengeId: string;
    users: [string, string];
    teams: [Hero[], Hero[]];
    nowMs: number;
  },
): Promise<void> {
  const { state } = startLive(newSeed(), o.teams[0], o.teams[1], { matchId: o.matchId });
  const now = nowSeconds();
  await trx
    .insertInto('live_matches')
    .values({
      id: o.matchId,
      challenge_id: o.challengeId,
      user_a: o.users[0],
      user_b: o.users[1],
      status: 'in_play',
      state: JSON.stringify(state),
      teams: JSON.stringify(o.teams),
      turn: state.live.turn,
      version: 0,
      choice_a: null,
      choice_b: null,
      turn_deadline: o.nowMs + live.turnSeconds * 1000,
      bank_a_ms: live.bankSeconds * 1000,
      bank_b_ms: live.bankSeconds * 1000,
      winner_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function rowOf(db: Db, id: string): Promise<Row> {
  const r = await db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Match not found');
  return r;
}

/** The side (0 or 1) a player plays in the match, or -1. */
const sideOfUser = (r: Row, userId: string | undefined) =>
  userId === r.user_a ? 0 : userId === r.user_b ? 1 : -1;

/** The match as the contract answers it; `userId`, a player of it, also gets their acting heroes' options. */
async function view(db: Db, r: Row, live: LiveSettings, userId?: string): Promise<MatchView> {
  const state = JSON.parse(r.state) as LiveState;
  const battle = viewBattle(state, state.events.length);
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', 'in', [r.user_a, r.user_b])
        .execute()
    ).map((u) => [u.id, u.username]),
  );
  const mySide = sideOfUser(r, userId);
  const inPlay = r.status === 'in_play';
  const side = (k: 0 | 1) => {
    const units = k === 0 ? battle.allies : battle.enemies;
    const userIdOf = k === 0 ? r.user_a : r.user_b;
    return {
      user_id: userIdOf,
      username: users.get(userIdOf) ?? 'a player who left',
      heroes: units.map((u) => ({ ...u, is_ally: mySide === -1 ? k === 0 : mySide === k })),
      acting: inPlay ? state.live.acting[k] : [],
      chosen: inPlay && (k === 0 ? r.choice_a : r.choice_b) !== null,
      clock: { turn_deadline: r.turn_deadline, bank_ms: k === 0 ? r.bank_a_ms : r.bank_b_ms },
      connected: false,
    };
  };
  return {
    id: r.id,
    status: r.status,
    turn: r.turn,
    version: r.version,
    sides: [side(0), side(1)],
    winner_id: r.winner_id,
    spectators: 0,
    host: live.instance,
    options: inPlay && mySide >= 0 ? liveOptions(state, mySide) : [],
    events: state.events,
  };
}

/** GET /api/matches/{id}. */
export async function readMatch(db: Db, live: LiveSettings, id: string, userId?: string): Promise<MatchView> {
  return view(db, await rowOf(db, id), live, userId);
}

/**
 * A player's choice for `turn`: checked against the match as it stands, kept (replacing their earlier one for the
 * turn) until the other side has chosen too — then the turn is played. A choice for a turn already played, or one
 * not yet open, is refused (409); the same choice sent twice counts once.
 */
export async function chooseInMatch(
  db: Db,
  live: LiveSettings,
  q: { id: string; userId: string; turn: number; actions: LiveAction[] },
): Promise<{ turn: number; resolved: boolean; match: MatchView }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const r = await rowOf(db, q.id);
    const side = sideOfUser(r, q.userId);
    if (side < 0) throw forbidden('You are not a player of this match.');
    if (r.status !== 'in_play') throw conflict('The match is over.');
    if (q.turn < r.turn) throw conflict(`Turn ${q.turn} is over: the match is on turn ${r.turn}.`);
    if (q.turn > r.turn) throw conflict(`Turn ${q.turn} has not begun: the match is on turn ${r.turn}.`);
    const state = JSON.parse(r.state) as LiveState;
    const why = checkChoice(state, side, q.actions);
    if (why) throw badRequest(why);
    const mine = JSON.stringify(q.actions);
    const theirs = side === 0 ? r.choice_b : r.choice_a;
    const other = 1 - side;
    // A side with no hero acting this turn has nothing to choose: it has chosen.
    const otherDone = theirs !== null || state.live.acting[other].length === 0;
    let set: Partial<Row>;
    let resolved = false;
    if (!otherDone) set = side === 0 ? { choice_a: mine } : { choice_b: mine };
    else {
      const theirActions = theirs === null ? [] : (JSON.parse(theirs) as LiveAction[]);
      const both = (side === 0 ? [q.actions, theirActions] : [theirActions, q.actions]) as [
        LiveAction[],
        LiveAction[],
      ];
      const played = playLiveTurn(state, both);
      if (!played.ok) throw badRequest(played.error);
      const next = played.state;
      const over = next.status !== 'active';
      const now = nowMs();
      set = {
        state: JSON.stringify(next),
        turn: over ? r.turn : next.live.turn,
        choice_a: null,
        choice_b: null,
        status: over ? 'over' : 'in_play',
        winner_id: !over || next.status === 'draw' ? null : next.status === 'won' ? r.user_a : r.user_b,
        turn_deadline: now + live.turnSeconds * 1000,
      };
      resolved = true;
    }
    const done = await db
      .updateTable('live_matches')
      .set({ ...set, version: resolved ? r.version + 1 : r.version, updated_at: nowSeconds() })
      .where('id', '=', r.id)
      .where('version', '=', r.version)
      .where((eb) =>
        // the other side's choice is as read: a choice arriving meanwhile is not lost under this one
        side === 0
          ? r.choice_b === null
            ? eb('choice_b', 'is', null)
            : eb('choice_b', '=', r.choice_b)
          : r.choice_a === null
            ? eb('choice_a', 'is', null)
            : eb('choice_a', '=', r.choice_a),
      )
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1)
      return { turn: q.turn, resolved, match: await readMatch(db, live, q.id, q.userId) };
  }
  throw conflict('The match changed while your choice was made: send it again.');
}

/**
 * A player leaves the match: before both sides have chosen on turn 1 it is aborted (no winner); after, the other
 * side wins.
 */
export async function forfeitMatch(
  db: Db,
  live: LiveSettings,
  q: { id: string; userId: string },
): Promise<MatchView> {
  const r = await rowOf(db, q.id);
  const side = sideOfUser(r, q.userId);
  if (side < 0) throw forbidden('You are not a player of this match.');
  if (r.status !== 'in_play') throw conflict('The match is over.');
  const early = r.turn === 1 && r.version === 0;
  const done = await db
    .updateTable('live_matches')
    .set({
      status: early ? 'aborted' : 'over',
      winner_id: early ? null : side === 0 ? r.user_b : r.user_a,
      choice_a: null,
      choice_b: null,
      version: r.version + 1,
      updated_at: nowSeconds(),
    })
    .where('id', '=', r.id)
    .where('version', '=', r.version)
    .where('status', '=', 'in_play')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw conflict('The match changed meanwhile: look again.');
  return readMatch(db, live, q.id, q.userId);
}
