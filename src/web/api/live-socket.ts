// The live socket (GET /api/live, docs/api.md "Live play"): one WebSocket a tab, shared by every screen, opened for
// the signed-in player by the layout (useLiveSocket) and opened again with a growing pause when it closes. It keeps
// the last version seen of each match watched and, on reopening, watches each again from there (since_version), so
// nothing is missed or played twice. Screens listen with useLiveMessages; a challenge made to the player becomes a
// notice (useLiveNotices: components/live-notice.tsx shows it on any page) and re-reads the challenge lists. A guild's
// board watches its guild (watchGuild, again on reopening): a message written there comes as guild_message.
// The match page: pages/match; the challenge screens: pages/duel, pages/live, components/challenge-dialog.tsx.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Challenge, LiveServerMessage } from '../../api/index.ts';

export type LiveStatus = 'off' | 'connecting' | 'open' | 'closed';
type Listener = (m: LiveServerMessage) => void;

/** The pause before reopening after the n-th close in a row: 0.5 s doubling to 15 s. */
export const reconnectDelay = (attempt: number): number => Math.min(15_000, 500 * 2 ** attempt);

/** The last version seen of a match: a later message raises it, an earlier one (or none) leaves it. */
export function raiseVersion(seen: Map<string, number>, matchId: string, version: number): void {
  const before = seen.get(matchId);
  if (before === undefined || version > before) seen.set(matchId, version);
}

const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
/** matches watched → how many screens watch each */
const watchers = new Map<string, number>();
const versions = new Map<string, number>();
/** guilds whose boards are shown → how many screens show each */
const guildWatchers = new Map<string, number>();
let socket: WebSocket | null = null;
let socketUser: string | null = null;
let status: LiveStatus = 'off';
let attempt = 0;
let retry: number | null = null;

function setStatus(s: LiveStatus) {
  status = s;
  for (const l of statusListeners) l();
}

function send(message: object): boolean {
  if (socket?.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

function sendWatch(matchId: string) {
  const since = versions.get(matchId);
  send({ type: 'watch', match_id: matchId, ...(since !== undefined ? { since_version: since } : {}) });
}

/** Opens the socket: the player's (`userId`), or — '' — a visitor's, which only watches (a spectator). */
function open(userId: string) {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const player = userId === '' ? '' : `?user_id=${encodeURIComponent(userId)}`;
  const ws = new WebSocket(`${scheme}://${window.location.host}/api/live${player}`);
  socket = ws;
  setStatus('connecting');
  ws.onopen = () => {
    attempt = 0;
    setStatus('open');
    for (const id of watchers.keys()) sendWatch(id);
    for (const id of guildWatchers.keys()) send({ type: 'watch_guild', guild_id: id });
  };
  ws.onmessage = (e) => {
    let m: LiveServerMessage;
    try {
      m = JSON.parse(String(e.data)) as LiveServerMessage;
    } catch {
      return;
    }
    if ((m.type === 'state' || m.type === 'turn' || m.type === 'over') && typeof m.version === 'number')
      raiseVersion(versions, m.match_id, m.version);
    for (const l of listeners) l(m);
  };
  ws.onclose = () => {
    if (socket !== ws) return; // replaced or stopped on purpose
    socket = null;
    setStatus('closed');
    retry = window.setTimeout(() => {
      retry = null;
      if (socketUser === userId) open(userId);
    }, reconnectDelay(attempt++));
  };
}

/**
 * Opens the socket for `userId` (closing one for another player); signed out (null), a visitor's socket, opened
 * only while a match is watched.
 */
export function connectLive(userId: string | null): void {
  const who = userId ?? '';
  if (who === socketUser) return;
  if (retry !== null) window.clearTimeout(retry);
  retry = null;
  const old = socket;
  socket = null;
  old?.close();
  socketUser = who;
  attempt = 0;
  versions.clear();
  if (typeof WebSocket !== 'undefined' && (who !== '' || watchers.size > 0)) open(who);
  else setStatus('off');
}

/** Follows a match over the socket (each version after the last seen, once); answers the way to stop. */
export function watchMatch(matchId: string): () => void {
  watchers.set(matchId, (watchers.get(matchId) ?? 0) + 1);
  // a visitor's socket opens with the first match watched (it watches on opening)
  if (!socket && !socketUser && retry === null && typeof WebSocket !== 'undefined') {
    socketUser = '';
    open('');
  }
  sendWatch(matchId);
  return () => {
    const n = (watchers.get(matchId) ?? 1) - 1;
    if (n <= 0) watchers.delete(matchId);
    else watchers.set(matchId, n);
  };
}

/**
 * Hears of new messages on a guild's board over the player's socket (guild_message; the server tells only its
 * members); answers the way to stop. The board polls besides: a note is a hint, the board's read the truth.
 */
export function watchGuild(guildId: string): () => void {
  guildWatchers.set(guildId, (guildWatchers.get(guildId) ?? 0) + 1);
  send({ type: 'watch_guild', guild_id: guildId });
  return () => {
    const n = (guildWatchers.get(guildId) ?? 1) - 1;
    if (n <= 0) guildWatchers.delete(guildId);
    else guildWatchers.set(guildId, n);
  };
}

/** A version of the match read another way (its page's GET): the socket need not send what came before it. */
export function sawVersion(matchId: string, version: number): void {
  raiseVersion(versions, matchId, version);
}

/** Every message the socket receives, while the calling screen is open. */
export function useLiveMessages(listener: Listener): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => {
    const l: Listener = (m) => ref.current(m);
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
}

/** Whether the socket is open now ('off' when no player is signed in). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    () => status,
    () => 'off' as LiveStatus,
  );
}

// --- Notices of challenges made to the player ------------------------------------------------------------------
export interface LiveNotice {
  challenge: Challenge;
  at: number;
}
let notices: LiveNotice[] = [];
const noticeListeners = new Set<() => void>();
function setNotices(next: LiveNotice[]) {
  notices = next;
  for (const l of noticeListeners) l();
}
export function dismissNotice(challengeId: string): void {
  setNotices(notices.filter((n) => n.challenge.id !== challengeId));
}
export function useLiveNotices(): LiveNotice[] {
  return useSyncExternalStore(
    (l) => {
      noticeListeners.add(l);
      return () => noticeListeners.delete(l);
    },
    () => notices,
    () => notices,
  );
}

/**
 * The layout's hook: the socket for the signed-in player (none signed out), and what every page does with its
 * messages — a challenge made to the player becomes a notice and re-reads the challenge lists.
 */
export function useLiveSocket(userId: string | undefined): LiveStatus {
  const client = useQueryClient();
  useEffect(() => {
    connectLive(userId ?? null);
  }, [userId]);
  useEffect(() => {
    if (!userId) setNotices([]);
  }, [userId]);
  useLiveMessages((m) => {
    if (m.type !== 'challenge') return;
    void client.invalidateQueries({ queryKey: ['challenges'] });
    client.setQueryData(['challenge', m.challenge.id], m.challenge);
    const toMe = m.challenge.challenger.id !== userId && m.challenge.status === 'open';
    if (toMe)
      setNotices([
        ...notices.filter((n) => n.challenge.id !== m.challenge.id).slice(-2),
        { challenge: m.challenge, at: Date.now() },
      ]);
  });
  return useLiveStatus();
}
