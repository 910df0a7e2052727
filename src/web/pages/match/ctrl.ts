// /matches/{matchId}'s controller: the live match (api/live-hooks.ts useMatch), kept up to date by the socket's
// messages (api/live-socket.ts: each turn's events and the match as it then stands, who has chosen, the end; read
// again only when one is missed) and polled when no socket carries it (the socket down); who the reader is (a player — their side shown below — or a spectator, side 0
// below); the playback of each new turn's events (components/battle-playback.ts, as the turn-based battle view);
// the player's picks for this turn (an option for each acting hero, aimed where they chose), Confirm turn (sent again
// to change it until the other side has chosen), Forfeit, and Rematch once it is over. View: ./index.tsx.
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { BattleEvent, LiveServerMessage, BattleOption as Option } from '../../../api/index.ts';
import type { LiveAction, Match } from '../../api/client.ts';
import { liveKeys, useChooseInMatch, useForfeit, useMatch, useRematch } from '../../api/live-hooks.ts';
import { sawVersion, useLiveMessages, useLiveStatus, watchMatch } from '../../api/live-socket.ts';
import { useBattlePlayback, useBattleSpeed, type PlaybackSource } from '../../components/battle-playback.ts';
import { useSession } from '../../session.ts';

export type Side = Match['sides'][number];

/** An option's action: its id is `{ability id}:{target id or 'none'}` (game/battle/turn-based.ts listOptions). */
export function actionOfOption(heroId: string, o: Pick<Option, 'id'>, aimAt: string | null): LiveAction {
  const cut = o.id.lastIndexOf(':');
  const abilityId = cut < 0 ? o.id : o.id.slice(0, cut);
  const own = cut < 0 ? 'none' : o.id.slice(cut + 1);
  const target = aimAt ?? (own === 'none' ? null : own);
  return { hero_id: heroId, ability_id: abilityId, ...(target ? { target_id: target } : {}) };
}

/** The option's own target (the AI's pick), or null when it aims itself. */
export const ownTarget = (o: Pick<Option, 'id'>): string | null => {
  const t = o.id.slice(o.id.lastIndexOf(':') + 1);
  return t && t !== 'none' && o.id.includes(':') ? t : null;
};

/** What the server adds to a match as live play grows (the rating, each player's record, rematch), read if there. */
interface SideExtras {
  battle_id?: string | null;
  rating?: { before: { rating: number }; after: { rating: number } } | null;
  rematch?: boolean;
}
interface MatchExtras {
  battle_ids?: Record<string, string> | null;
  rating_change?: Record<string, number> | number | null;
  rematch_id?: string | null;
}
export const sideExtras = (s: Side): SideExtras => s as unknown as SideExtras;
export const matchExtras = (m: Match): MatchExtras => m as unknown as MatchExtras;

/** The reader's record of the match (for its replay), if the server names one. */
export function replayIdOf(m: Match, userId: string | undefined): string | null {
  const mine = m.sides.find((s) => s.user_id === userId) ?? m.sides[0];
  const own = mine ? sideExtras(mine).battle_id : null;
  if (typeof own === 'string') return own;
  const ids = matchExtras(m).battle_ids;
  if (ids && typeof ids === 'object' && userId && typeof ids[userId] === 'string') return ids[userId];
  return null;
}

/** The reader's live rating change, if the server states one: [before, after] or just the change. */
export function ratingChangeOf(
  m: Match,
  userId: string | undefined,
): { before?: number; after?: number; delta: number } | null {
  const mine = m.sides.find((s) => s.user_id === userId);
  if (!mine) return null;
  const r = sideExtras(mine).rating;
  if (r && typeof r.before?.rating === 'number' && typeof r.after?.rating === 'number')
    return { before: r.before.rating, after: r.after.rating, delta: r.after.rating - r.before.rating };
  const c = matchExtras(m).rating_change;
  if (typeof c === 'number') return { delta: c };
  if (c && typeof c === 'object' && userId && typeof c[userId] === 'number') return { delta: c[userId] };
  return null;
}

/** The time a side has left this turn: its own time first, then its bank (ms, never below 0). */
export function clockOf(clock: Side['clock'], now: number): { phase: 'turn' | 'bank'; left: number } {
  const turnLeft = clock.turn_deadline - now;
  if (turnLeft > 0) return { phase: 'turn', left: turnLeft };
  return { phase: 'bank', left: Math.max(0, clock.bank_ms + turnLeft) };
}

/** m:ss */
export const formatClock = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The wall clock, ticking every `ms` while `on`. */
export function useNow(on: boolean, ms = 500): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const t = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(t);
  }, [on, ms]);
  return now;
}

/**
 * The log as a live match tells it: the engine's closing line speaks for the first side ('Victory! The enemy is
 * defeated.'), so it is told by the winner's name, the same for both players and spectators.
 */
export function liveLog(events: BattleEvent[], m: Pick<Match, 'sides'>): BattleEvent[] {
  return events.map((e) => {
    if (e.kind !== 'end' || !e.outcome) return e;
    const winner = e.outcome === 'won' ? m.sides[0] : e.outcome === 'lost' ? m.sides[1] : null;
    return { ...e, description: winner ? `${winner.username} wins the match.` : 'Both teams fell: a draw.' };
  });
}

/**
 * A socket's message about the match applied to the match shown: the match it makes, or null when it cannot be
 * applied (a version missed, nothing shown yet, an end told without the match) and the match is to be read again.
 * A `turn` carries its events, and — the last of a catch-up — the match as it then stands; `chosen` marks a side.
 */
export function applyLiveMessage(shown: Match | undefined, m: LiveServerMessage): Match | null {
  if (m.type === 'state') return m.match as Match;
  if (m.type !== 'turn' && m.type !== 'over' && m.type !== 'chosen') return shown ?? null;
  if (!shown) return null;
  if (m.type === 'chosen')
    return m.turn !== shown.turn
      ? shown
      : { ...shown, sides: shown.sides.map((s) => (s.user_id === m.user_id ? { ...s, chosen: true } : s)) };
  if (m.version <= shown.version) return shown;
  if (m.version !== shown.version + 1) return null;
  const events = m.type === 'turn' ? [...shown.events, ...m.events] : shown.events;
  if (m.match) return { ...(m.match as Omit<Match, 'events'>), events };
  // a step of a catch-up: its events now, the match as it stands with the last one
  return m.type === 'turn' ? { ...shown, version: m.version, events } : null;
}

type Pick_ = { optionId: string; aimAt: string | null };

export function useMatchCtrl() {
  const { matchId = '' } = useParams();
  const user = useSession();
  const userId = user?.id;
  const navigate = useNavigate();
  const socket = useLiveStatus();
  const socketUp = socket === 'open';
  const query = useMatch(matchId, userId, !socketUp);
  const match = query.data;

  // Follow the match over the socket (a visitor's watches only): each message applied to the match shown (this
  // reader's options come with it), and the match read again only when one cannot be.
  const client = useQueryClient();
  useEffect(() => watchMatch(matchId), [matchId]);
  useLiveMessages((m) => {
    if (m.type === 'error' || m.type === 'challenge' || m.type === 'guild_message' || m.match_id !== matchId)
      return;
    const key = liveKeys.match(matchId, userId);
    const next = applyLiveMessage(client.getQueryData<Match>(key), m);
    if (!next) return void query.refetch();
    client.setQueryData(key, next);
    // a read sent before this message may answer after it with less (a spectator not yet counted): it is sent again
    if (client.isFetching({ queryKey: key, exact: true }) > 0) void query.refetch();
  });
  useEffect(() => {
    if (match) sawVersion(matchId, match.version);
  }, [matchId, match]);

  const mine = match ? match.sides.findIndex((s) => s.user_id === userId) : -1;
  const player = mine >= 0;
  const me = match && player ? match.sides[mine] : null;
  const them = match ? (match.sides[player ? 1 - mine : 1] ?? null) : null;
  const bottom = match ? (match.sides[player ? mine : 0] ?? null) : null;

  const source: PlaybackSource | undefined = useMemo(
    () =>
      match && bottom && them
        ? {
            battle_id: match.id,
            allies: bottom.heroes,
            enemies: them.heroes,
            events: match.events,
            new_events: [],
            current_actor_id: null,
          }
        : undefined,
    [match, bottom, them],
  );
  const [speed, setSpeed] = useBattleSpeed();
  const { frame, skip, playing } = useBattlePlayback(source, speed);

  // The player's picks for this turn (forgotten when the turn changes).
  const [picks, setPicks] = useState<{ turn: number; byHero: Record<string, Pick_> }>({
    turn: 0,
    byHero: {},
  });
  const turn = match?.turn ?? 0;
  const byHero = picks.turn === turn ? picks.byHero : {};
  const [editing, setEditing] = useState<number | null>(null);
  const choose = useChooseInMatch(matchId, userId ?? '');
  const forfeit = useForfeit(matchId, userId ?? '');
  const rematch = useRematch(matchId, userId ?? '');
  const [askForfeit, setAskForfeit] = useState(false);

  const inPlay = match?.status === 'in_play';
  const over = !!match && (match.status === 'over' || match.status === 'aborted');
  const acting = inPlay && me ? me.acting : [];
  const options = match?.options ?? [];
  const actions = acting
    .map((heroId) => {
      const p = byHero[heroId];
      const o = options.find((x) => x.hero_id === heroId)?.options.find((x) => x.id === p?.optionId);
      return o && p ? actionOfOption(heroId, o, p.aimAt) : null;
    })
    .filter((a): a is LiveAction => a !== null);
  const complete = acting.length > 0 && actions.length === acting.length;
  const chosen = !!me?.chosen;
  // Choosing: the player's turn to choose, or changing a choice already sent (until the other side has chosen).
  const canChoose = inPlay && player && acting.length > 0 && (!chosen || editing === turn);

  // A rematch both asked for: the asker goes to it.
  const rematchId = match ? (matchExtras(match).rematch_id ?? rematch.data?.match_id ?? null) : null;
  useEffect(() => {
    if (rematchId && rematch.isSuccess) void navigate(`/matches/${encodeURIComponent(rematchId)}`);
  }, [rematchId, rematch.isSuccess, navigate]);
  // Waiting for the other player's rematch answer: the match is read again every 2 s.
  const waitingRematch = !!rematch.data?.waiting && !rematchId;
  useEffect(() => {
    if (!waitingRematch) return;
    const t = window.setInterval(() => void query.refetch(), 2000);
    return () => window.clearInterval(t);
  }, [waitingRematch, query]);

  const now = useNow(inPlay);
  const units = match ? match.sides.flatMap((s) => s.heroes) : [];
  // The hero being chosen for: the first acting one without a pick (shown as acting on the field).
  const focus = canChoose ? (acting.find((id) => !byHero[id]) ?? null) : null;

  return {
    matchId,
    userId,
    query,
    match,
    player,
    me,
    them,
    bottom,
    units,
    frame,
    playing,
    skip,
    speed,
    setSpeed,
    actorId: frame.playing ? frame.actorId : focus,
    now,
    inPlay,
    over,
    showResult: over && !playing,
    logEvents: match
      ? liveLog(
          frame.playing ? [...match.events.slice(0, frame.logBase), ...frame.shownEvents] : match.events,
          match,
        )
      : [],
    acting,
    options,
    byHero,
    pick: (heroId: string, optionId: string) => {
      choose.reset();
      setPicks({ turn, byHero: { ...byHero, [heroId]: { optionId, aimAt: null } } });
    },
    aim: (heroId: string, target: string) => {
      const p = byHero[heroId];
      if (!p) return;
      setPicks({ turn, byHero: { ...byHero, [heroId]: { ...p, aimAt: target } } });
    },
    complete,
    chosen,
    canChoose,
    change: () => setEditing(turn),
    confirm: () => {
      skip();
      choose.mutate({ turn, actions }, { onSuccess: () => setEditing(null) });
    },
    confirming: choose.isPending,
    chooseError: choose.failure,
    dismissChooseError: choose.reset,
    askForfeit,
    setAskForfeit,
    forfeit: () => forfeit.mutate(undefined, { onSuccess: () => setAskForfeit(false) }),
    forfeiting: forfeit.isPending,
    forfeitError: forfeit.failure,
    rematch: () => rematch.mutate(),
    rematching: rematch.isPending,
    rematchError: rematch.failure,
    waitingRematch,
    rematchId,
  };
}
export type MatchCtrl = ReturnType<typeof useMatchCtrl>;
