// Live matches in the store (the rules: src/game/battle/live.ts). A match is one row: the battle as the rules hold
// it, each side's choice for this turn until both have chosen, the clocks. A choice is one conditional write guarded
// by the row's version; the choice that completes a turn plays it and writes the next state in the same guarded
// write — so whichever instance a player's request reaches, a turn is played once, and every resolved turn is
// stored before anyone is answered. Until both sides have chosen on turn 1 either may leave, and the match is
// aborted; after, leaving is a forfeit.
import { type Kysely, type Selectable } from 'kysely';
import {
  checkChoice,
  chooseForSide,
  liveOptions,
  playLiveTurn,
  startLive,
  type LiveAction,
  type LiveState,
} from '../../game/battle/live.ts';
import { viewBattle } from '../../game/index.ts';
import type { Hero, Rewards } from '../../game/types.ts';
import type { LiveServerMessage, MatchView } from '../../api/live.ts';
import { nowMs, nowSeconds } from '../foundation/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../foundation/errors.ts';
import { newSeed } from '../foundation/ids.ts';
import type { Db } from '../economy/wallet.ts';
import type { Database } from '../store/tables.ts';
import { readRecord } from '../store/battle-record.ts';
import type { LiveMatchesTable } from '../store/tables.ts';
import { liveBattleId, settleMatch, type MatchRatings } from './kinds/live.ts';
import type { LiveBus } from './live-bus.ts';

/** The clocks of live play (LIVE_TURN_SECONDS, LIVE_BANK_SECONDS, LIVE_RECONNECT_SECONDS) and this instance's name. */
export interface LiveSettings {
  turnSeconds: number;
  bankSeconds: number;
  reconnectSeconds: number;
  instance: string;
}

/** Live play as the server runs it: its settings, and the bus that tells the sockets (live-bus.ts). */
export interface LivePlay extends LiveSettings {
  bus: LiveBus;
  /** this instance's sockets on each side of each match (`{match id}|{side}`): its rows of live_presence */
  held: Map<string, number>;
  /** this instance's presence writes, one after another */
  presenceWrites: Promise<void>;
  /** when this instance last said it lives (unix ms, the game's clock) */
  beatAt: number;
  /** when it last made its matches' presence what the rows say (performance.now(): a duration, not the game's time) */
  reconciledAt: number;
  /** the server's log, for what goes wrong off a request (a match left to the sweep to settle) */
  warn: (err: unknown, msg: string) => void;
}

/**
 * How long an instance's hold on a match's clock lasts unless renewed (each tick renews it): when the instance dies,
 * another takes the clock over within this.
 */
export const LIVE_LEASE_MS = 10_000;

export const DEFAULT_LIVE: Omit<LiveSettings, 'instance'> = {
  turnSeconds: 45,
  bankSeconds: 90,
  reconnectSeconds: 60,
};

type Row = Selectable<LiveMatchesTable>;
/** The store itself (not a transaction): an ended match is settled in transactions of its own (kinds/live.ts). */
type Store = Kysely<Database>;

/** Opens the match of an accepted challenge (in the accept's transaction): turn 1 waits for both sides' choices. */
export async function openMatch(
  trx: Db,
  live: LivePlay,
  o: {
    matchId: string;
    challengeId: string;
    users: [string, string];
    teams: [Hero[], Hero[]];
    /** side 0's honest chance with these teams */
    probability: number;
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
      auto_a: 0,
      auto_b: 0,
      winner_id: null,
      created_at: now,
      updated_at: now,
      probability: o.probability,
      host: live.instance,
      host_until: o.nowMs + LIVE_LEASE_MS,
    })
    .execute();
}

async function rowOf(db: Db, id: string): Promise<Row> {
  const r = await db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Match not found');
  return r;
}

/** The side (0 or 1) a player plays in the match, or -1. */
const sideOfUser = (r: Row, userId: string | undefined): 0 | 1 | -1 =>
  userId === r.user_a ? 0 : userId === r.user_b ? 1 : -1;

/** Each side's columns of the match row: side 0's end in `_a`, side 1's in `_b`. */
const SIDE_COLUMNS = [
  {
    user: 'user_a',
    choice: 'choice_a',
    bank: 'bank_a_ms',
    auto: 'auto_a',
    online: 'online_a',
    away: 'away_a',
    rematch: 'rematch_a',
  },
  {
    user: 'user_b',
    choice: 'choice_b',
    bank: 'bank_b_ms',
    auto: 'auto_b',
    online: 'online_b',
    away: 'away_b',
    rematch: 'rematch_b',
  },
] as const;

/** One side of the match as its row holds it. */
function sideOf(r: Row, k: 0 | 1) {
  const c = SIDE_COLUMNS[k];
  return {
    user: r[c.user],
    choice: r[c.choice],
    bank: r[c.bank],
    auto: r[c.auto],
    online: r[c.online],
    away: r[c.away],
    rematch: r[c.rematch],
  };
}

/** Each side's record of an ended match, by its id, with what it paid (none yet while it is being settled). */
async function recordsOf(db: Db, r: Row): Promise<Map<string, Rewards | null>> {
  const rows = await db
    .selectFrom('battles')
    .select(['id', 'record'])
    .where('id', 'in', [liveBattleId(r.id, 0), liveBattleId(r.id, 1)])
    .execute();
  return new Map(rows.map((b) => [b.id, b.record ? readRecord(b).rewards : null]));
}

/** The match as the contract answers it; `userId`, a player of it, also gets their acting heroes' options. */
async function view(
  db: Db,
  r: Row,
  live: LivePlay,
  userId?: string,
  state: LiveState = JSON.parse(r.state) as LiveState,
): Promise<MatchView> {
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
  const ratings = r.ratings === null ? null : (JSON.parse(r.ratings) as MatchRatings);
  const records = r.status === 'over' ? await recordsOf(db, r) : new Map<string, Rewards | null>();
  const side = (k: 0 | 1) => {
    const units = k === 0 ? battle.allies : battle.enemies;
    const s = sideOf(r, k);
    return {
      user_id: s.user,
      username: users.get(s.user) ?? 'a player who left',
      heroes: units.map((u) => ({ ...u, is_ally: mySide === -1 ? k === 0 : mySide === k })),
      acting: inPlay ? state.live.acting[k] : [],
      chosen: inPlay && s.choice !== null,
      clock: { turn_deadline: r.turn_deadline, bank_ms: s.bank },
      chosen_for: s.auto,
      connected: s.online > 0,
      forfeits_at: inPlay && s.away !== null ? s.away + live.reconnectSeconds * 1000 : null,
      rematch: s.rematch === 1,
      battle_id: records.has(liveBattleId(r.id, k)) ? liveBattleId(r.id, k) : null,
      rewards: records.get(liveBattleId(r.id, k)) ?? null,
      rating: ratings?.[k] ?? null,
    };
  };
  return {
    id: r.id,
    status: r.status,
    turn: r.turn,
    version: r.version,
    sides: [side(0), side(1)],
    winner_id: r.winner_id,
    spectators: await live.bus.watching(r.id),
    host: r.host ?? live.instance,
    probability: r.probability,
    pays: r.pays === null ? null : r.pays === 1,
    rematch_id: r.rematch_id,
    options: inPlay && mySide >= 0 ? liveOptions(state, mySide) : [],
    events: state.events,
  };
}

/** GET /api/matches/{id}. */
export async function readMatch(db: Db, live: LivePlay, id: string, userId?: string): Promise<MatchView> {
  return view(db, await rowOf(db, id), live, userId);
}

/** Turns in a row the AI may choose for a player whose time ran out; the next such turn forfeits the match. */
export const AUTO_TURNS_FORFEIT = 3;

/**
 * Writes `side`'s choice for the match's current turn, as read in `r` (already checked): kept until the other side
 * has chosen too, or — when it has, or has no hero acting — the turn played with both. The bank pays for the time
 * past the turn's own; an AI choice (`auto`: the player's time ran out) empties it and counts toward a forfeit, the
 * third in a row forfeiting instead. One write, guarded by the version and the other side's choice as read: false
 * when the match moved meanwhile (nothing written).
 */
async function record(
  db: Store,
  live: LivePlay,
  r: Row,
  side: 0 | 1,
  actions: LiveAction[],
  auto: boolean,
): Promise<{ written: boolean; resolved: boolean }> {
  const state = JSON.parse(r.state) as LiveState;
  const now = nowMs();
  const me = sideOf(r, side);
  const them = sideOf(r, side === 0 ? 1 : 0);
  const cols = SIDE_COLUMNS[side];
  const autos = me.auto + (auto ? 1 : 0);
  const mine: Partial<Row> = {
    [cols.choice]: JSON.stringify(actions),
    [cols.bank]: auto ? 0 : Math.max(0, me.bank - Math.max(0, now - r.turn_deadline)),
    [cols.auto]: auto ? autos : 0,
  };
  const theirs = them.choice;
  let set: Partial<Row> = mine;
  let resolved = false;
  if (auto && autos >= AUTO_TURNS_FORFEIT)
    set = {
      ...mine,
      status: 'over',
      winner_id: them.user,
      choice_a: null,
      choice_b: null,
      ended_at: now,
    };
  else if (theirs !== null || state.live.acting[1 - side].length === 0) {
    // A side with no hero acting this turn has nothing to choose: it has chosen.
    const theirActions = theirs === null ? [] : (JSON.parse(theirs) as LiveAction[]);
    const played = playLiveTurn(state, side === 0 ? [actions, theirActions] : [theirActions, actions]);
    if (!played.ok) throw badRequest(played.error);
    const next = played.state;
    const over = next.status !== 'active';
    set = {
      ...mine,
      state: JSON.stringify(next),
      turn: over ? r.turn : next.live.turn,
      choice_a: null,
      choice_b: null,
      status: over ? 'over' : 'in_play',
      winner_id: !over || next.status === 'draw' ? null : next.status === 'won' ? r.user_a : r.user_b,
      turn_deadline: now + live.turnSeconds * 1000,
      ...(over && { ended_at: now }),
    };
    resolved = true;
  }
  // A turn played raises the version by one, the match's end by one more (docs/api.md: turn and over messages).
  const ends = set.status !== undefined && set.status !== 'in_play';
  const version = r.version + (resolved ? 1 : 0) + (ends ? 1 : 0);
  const done = await db
    .updateTable('live_matches')
    .set({ ...set, version, updated_at: nowSeconds() })
    .where('id', '=', r.id)
    .where('version', '=', r.version)
    .where('status', '=', 'in_play')
    .where((eb) => {
      const other = side === 0 ? 'choice_b' : 'choice_a';
      return theirs === null ? eb(other, 'is', null) : eb(other, '=', theirs);
    })
    .executeTakeFirst();
  const written = Number(done.numUpdatedRows) === 1;
  if (written && ends) await settled(db, live, r.id);
  if (written)
    live.bus.publish(
      version > r.version
        ? { kind: 'match', match_id: r.id, version }
        : { kind: 'chosen', match_id: r.id, turn: r.turn, user_id: me.user },
    );
  return { written, resolved };
}

/**
 * Settles a match that has just ended (kinds/live.ts: ratings, records, pay — each once), before anyone is told of
 * its end. A failure leaves it to the next sweep (settleLeftOver), which settles what is left.
 */
async function settled(db: Store, live: LivePlay, id: string): Promise<void> {
  await settleMatch(db, id).catch((err: unknown) =>
    live.warn(err, `live match ${id} not settled at its end: the sweep will settle it`),
  );
}

/**
 * A player's choice for `turn`: checked against the match as it stands, kept (replacing their earlier one for the
 * turn) until the other side has chosen too — then the turn is played. A choice for a turn already played, or one
 * not yet open, is refused (409); the same choice sent twice counts once.
 */
export async function chooseInMatch(
  db: Store,
  live: LivePlay,
  q: { id: string; userId: string; turn: number; actions: LiveAction[] },
): Promise<{ turn: number; resolved: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const r = await rowOf(db, q.id);
    const side = sideOfUser(r, q.userId);
    if (side === -1) throw forbidden('You are not a player of this match.');
    if (r.status !== 'in_play') throw conflict('The match is over.');
    if (q.turn < r.turn) throw conflict(`Turn ${q.turn} is over: the match is on turn ${r.turn}.`);
    if (q.turn > r.turn) throw conflict(`Turn ${q.turn} has not begun: the match is on turn ${r.turn}.`);
    const why = checkChoice(JSON.parse(r.state) as LiveState, side, q.actions);
    if (why) throw badRequest(why);
    const w = await record(db, live, r, side, q.actions, false);
    if (w.written) return { turn: q.turn, resolved: w.resolved };
  }
  throw conflict('The match changed while your choice was made: send it again.');
}

/**
 * The clocks of every match whose turn's own time is up: a side that has not chosen by the end of its bank too is
 * chosen for by the AI (AUTO_TURNS_FORFEIT in a row forfeit); a player away past LIVE_RECONNECT_SECONDS leaves it.
 * Run every LIVE_TICK_MS by each instance (sweep.ts) over the matches whose clock it holds (LIVE_LEASE_MS); two
 * instances at once write one choice (record's guard). Answers how many sides were chosen for or left.
 */
export async function runLiveClocks(db: Store, live: LivePlay): Promise<number> {
  const now = nowMs();
  // This instance's clocks held on (each when half its lease is gone); the clocks of an instance gone quiet taken over.
  await db
    .updateTable('live_matches')
    .set({ host_until: now + LIVE_LEASE_MS })
    .where('status', '=', 'in_play')
    .where('host', '=', live.instance)
    .where('host_until', '<', now + LIVE_LEASE_MS / 2)
    .execute();
  await db
    .updateTable('live_matches')
    .set({ host: live.instance, host_until: now + LIVE_LEASE_MS })
    .where('status', '=', 'in_play')
    .where((eb) => eb.or([eb('host', 'is', null), eb('host_until', '<', now)]))
    .execute();
  const due = await db
    .selectFrom('live_matches')
    .selectAll()
    .where('status', '=', 'in_play')
    .where('host', '=', live.instance)
    .where('turn_deadline', '<=', now)
    .limit(500)
    .execute();
  let chosen = 0;
  for (const r of due) {
    const state = JSON.parse(r.state) as LiveState;
    for (const side of [0, 1] as const) {
      const s = sideOf(r, side);
      const waiting = s.choice === null && state.live.acting[side].length > 0;
      if (!waiting || now < r.turn_deadline + s.bank) continue;
      if ((await record(db, live, r, side, chooseForSide(state, side), true)).written) chosen++;
      break; // the row moved on: the next tick reads it again
    }
  }
  // This instance lives; once a second, its matches' presence is what the living instances' rows say (the sockets
  // of an instance that died stop counting).
  await beat(db, live);
  if (performance.now() - live.reconciledAt >= 1000) {
    live.reconciledAt = performance.now(); // (a duration: the monotonic clock, not the game's)
    await reconcilePresence(db, live);
  }
  // A player whose every socket left the match longer ago than LIVE_RECONNECT_SECONDS leaves it.
  const gone = now - live.reconnectSeconds * 1000;
  const away = await db
    .selectFrom('live_matches')
    .selectAll()
    .where('status', '=', 'in_play')
    .where('host', '=', live.instance)
    .where((eb) => eb.or([eb('away_a', '<=', gone), eb('away_b', '<=', gone)]))
    .limit(500)
    .execute();
  for (const r of away) {
    const side = r.away_a !== null && r.away_a <= gone ? 0 : 1;
    if (await leave(db, live, r, side)) chosen++;
  }
  return chosen;
}

/**
 * `side` leaves the match as read in `r`: before both sides have chosen on turn 1 it is aborted (no winner, nothing
 * rated or paid); after, the other side wins. One write guarded by the version: false when the match moved meanwhile.
 */
async function leave(db: Store, live: LivePlay, r: Row, side: 0 | 1): Promise<boolean> {
  const early = r.turn === 1 && r.version === 0;
  const done = await db
    .updateTable('live_matches')
    .set({
      status: early ? 'aborted' : 'over',
      winner_id: early ? null : sideOf(r, side === 0 ? 1 : 0).user,
      choice_a: null,
      choice_b: null,
      version: r.version + 1,
      ended_at: nowMs(),
      updated_at: nowSeconds(),
    })
    .where('id', '=', r.id)
    .where('version', '=', r.version)
    .where('status', '=', 'in_play')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  if (!early) await settled(db, live, r.id);
  live.bus.publish({ kind: 'match', match_id: r.id, version: r.version + 1 });
  return true;
}

/** A player leaves the match (leave: aborted before both chose on turn 1, lost after). */
export async function forfeitMatch(
  db: Store,
  live: LivePlay,
  q: { id: string; userId: string },
): Promise<MatchView> {
  const r = await rowOf(db, q.id);
  const side = sideOfUser(r, q.userId);
  if (side === -1) throw forbidden('You are not a player of this match.');
  if (r.status !== 'in_play') throw conflict('The match is over.');
  if (!(await leave(db, live, r, side))) throw conflict('The match changed meanwhile: look again.');
  return readMatch(db, live, q.id, q.userId);
}

// ---- presence: whether each player has a socket on the match, over every instance ---------------------------------

/** Whether `userId` plays the match or only watches it; null when there is no such match. */
export async function matchRole(db: Db, id: string, userId?: string): Promise<'player' | 'spectator' | null> {
  const r = await db
    .selectFrom('live_matches')
    .select(['user_a', 'user_b'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return userId === r.user_a || userId === r.user_b ? 'player' : 'spectator';
}

/**
 * A player's socket starts (+1) or stops (−1) watching their match. This instance counts its own sockets on each side
 * (`live.held`) and writes that count whole to its own row of live_presence, one write at a time, so sockets coming
 * and going at once leave the row as the instance counts them; then the match's presence follows (reconcilePresence)
 * and the other side is told (a state without a new version).
 */
export async function playerPresence(
  db: Store,
  live: LivePlay,
  q: { id: string; userId: string; delta: 1 | -1 },
): Promise<void> {
  const r = await db
    .selectFrom('live_matches')
    .select(['user_a', 'user_b', 'status'])
    .where('id', '=', q.id)
    .executeTakeFirst();
  const side = !r ? -1 : q.userId === r.user_a ? 0 : q.userId === r.user_b ? 1 : -1;
  if (!r || side < 0) return;
  const key = `${q.id}|${side}`;
  const sockets = Math.max(0, (live.held.get(key) ?? 0) + q.delta);
  if (sockets > 0) live.held.set(key, sockets);
  else live.held.delete(key);
  if (r.status !== 'in_play') return;
  await beat(db, live);
  live.presenceWrites = live.presenceWrites
    .then(async () => {
      const now = live.held.get(key) ?? 0; // the count as it stands when this write runs
      const row = { match_id: q.id, side, instance: live.instance };
      if (now === 0)
        await db
          .deleteFrom('live_presence')
          .where('match_id', '=', q.id)
          .where('side', '=', side)
          .where('instance', '=', live.instance)
          .execute();
      else
        await db
          .insertInto('live_presence')
          .values({ ...row, sockets: now })
          .onConflict((oc) => oc.columns(['match_id', 'side', 'instance']).doUpdateSet({ sockets: now }))
          .execute();
    })
    .catch((err: unknown) => live.warn(err, `presence on live match ${q.id} not written`));
  await live.presenceWrites;
  await reconcilePresence(db, live, [q.id]);
}

/** This instance says it lives (live_instances), at most every half lease: its presence rows count while it does. */
async function beat(db: Db, live: LivePlay): Promise<void> {
  const now = nowMs();
  if (now - live.beatAt < LIVE_LEASE_MS / 2) return;
  live.beatAt = now;
  await db
    .insertInto('live_instances')
    .values({ instance: live.instance, renewed_at: now })
    .onConflict((oc) => oc.column('instance').doUpdateSet({ renewed_at: now }))
    .execute();
}

/**
 * Each side's presence on the matches `ids` (or, without them, those whose clock this instance runs) made what the
 * living instances' rows say: its sockets counted (`online_`), and, when none is left, the time it went (`away_`,
 * kept if already set) — so the sockets of an instance that died stop counting once its beat lapses, and the clocks
 * forfeit a player who does not come back. Each side moved is told (a state without a new version).
 */
export async function reconcilePresence(db: Db, live: LivePlay, ids?: string[], tries = 3): Promise<void> {
  const now = nowMs();
  let q = db
    .selectFrom('live_matches')
    .select(['id', 'online_a', 'online_b', 'away_a', 'away_b'])
    .where('status', '=', 'in_play');
  q = ids ? q.where('id', 'in', ids) : q.where('host', '=', live.instance).limit(1000);
  const matches = await q.execute();
  if (matches.length === 0) return;
  const counted = await db
    .selectFrom('live_presence as p')
    .innerJoin('live_instances as i', 'i.instance', 'p.instance')
    .select(['p.match_id', 'p.side', (eb) => eb.fn.sum<number>('p.sockets').as('sockets')])
    .where(
      'p.match_id',
      'in',
      matches.map((m) => m.id),
    )
    .where('i.renewed_at', '>=', now - LIVE_LEASE_MS)
    .groupBy(['p.match_id', 'p.side'])
    .execute();
  const socketsOf = new Map(counted.map((c) => [`${c.match_id}|${c.side}`, Number(c.sockets)]));
  const moved: string[] = []; // matches another reconcile changed meanwhile: counted again
  for (const m of matches) {
    const set: Partial<Row> = {};
    for (const side of [0, 1] as const) {
      const { online, away } = SIDE_COLUMNS[side];
      const sockets = socketsOf.get(`${m.id}|${side}`) ?? 0;
      if (sockets === m[online]) continue;
      set[online] = sockets;
      set[away] = sockets > 0 ? null : (m[away] ?? now); // gone since now, unless already away
    }
    if (Object.keys(set).length === 0) continue;
    const done = await db
      .updateTable('live_matches')
      .set(set)
      .where('id', '=', m.id)
      .where('status', '=', 'in_play')
      .where('online_a', '=', m.online_a)
      .where('online_b', '=', m.online_b)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) live.bus.publish({ kind: 'refresh', match_id: m.id });
    else moved.push(m.id);
  }
  if (moved.length > 0 && tries > 1) await reconcilePresence(db, live, moved, tries - 1);
}

/** Past this many missed versions a socket is sent the whole state instead of each one. */
const CATCH_UP_MAX = 50;

/**
 * What brings a socket that has seen the match up to version `since` (null: none of it) up to date: each version
 * after it in order — a `turn` with that turn's events, or the `over` at the end, the last of them carrying the
 * match as it now stands for `userId` without its log (so a screen needs no read a turn) — or, when it saw none or
 * is too far behind, the whole match as a `state`. Answers the version it brings the socket to.
 */
export async function catchUp(
  db: Db,
  live: LivePlay,
  id: string,
  since: number | null,
  userId?: string,
): Promise<{ version: number; messages: LiveServerMessage[] }> {
  const r = await rowOf(db, id);
  if (since !== null && since >= r.version) return { version: since, messages: [] };
  if (since === null || r.version - since > CATCH_UP_MAX)
    return {
      version: r.version,
      messages: [
        { type: 'state', match_id: r.id, version: r.version, match: await view(db, r, live, userId) },
      ],
    };
  const state = JSON.parse(r.state) as LiveState;
  const played = state.live.played;
  const messages: LiveServerMessage[] = [];
  for (let v = since + 1; v <= r.version; v++)
    messages.push(
      v < played.length
        ? {
            type: 'turn',
            match_id: r.id,
            version: v,
            turn: played[v].turn,
            events: state.events.slice(played[v - 1].end, played[v].end),
          }
        : { type: 'over', match_id: r.id, version: v, winner_id: r.winner_id },
    );
  const { events: _log, ...now } = await view(db, r, live, userId, state);
  messages[messages.length - 1] = { ...messages[messages.length - 1], match: now } as LiveServerMessage;
  return { version: r.version, messages };
}
