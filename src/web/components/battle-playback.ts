// Battle playback: turns the events a battle call produced (new_events, or the log's growth between polls)
// into a timed sequence of frames — who acts, who lunges, who is hit, floating numbers, hp and shields as they
// were at that moment, who just fell. The view (components/battle-unit.tsx) draws a frame over the latest state;
// when the sequence ends the state itself shows. Speed 1× / 2× / instant is remembered in localStorage.
// Input is never held: skip() ends the sequence at once (the battle view calls it before sending an action).
// A live match (pages/match) plays its turns through it too, shaped as a PlaybackSource.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { BattleEvent, BattleState, BattleUnit } from '../../api/index.ts';

export type BattleSpeed = '1x' | '2x' | 'instant';
export const BATTLE_SPEEDS: { key: BattleSpeed; label: string }[] = [
  { key: '1x', label: '1×' },
  { key: '2x', label: '2×' },
  { key: 'instant', label: 'Instant' },
];
const SPEED_KEY = 'runeborn_battle_speed';
const speedListeners = new Set<() => void>();

function readSpeed(): BattleSpeed {
  try {
    const v = window.localStorage.getItem(SPEED_KEY);
    return v === '2x' || v === 'instant' ? v : '1x';
  } catch {
    return '1x';
  }
}

/** The chosen playback speed, remembered across visits. */
export function useBattleSpeed(): [BattleSpeed, (s: BattleSpeed) => void] {
  const speed = useSyncExternalStore(
    (l) => {
      speedListeners.add(l);
      return () => speedListeners.delete(l);
    },
    readSpeed,
    () => '1x' as BattleSpeed,
  );
  const set = useCallback((s: BattleSpeed) => {
    try {
      window.localStorage.setItem(SPEED_KEY, s);
    } catch {
      /* not remembered, still applied below */
    }
    for (const l of speedListeners) l();
  }, []);
  return [speed, set];
}

/** How long one event holds the stage at 1× (ms). 2× halves every duration; instant skips them. */
/** How long each kind of event shows at 1×. */
export const STEP_MS: Record<BattleEvent['kind'], number> = {
  turn: 240,
  ability: 420,
  damage: 460,
  heal: 420,
  shield: 340,
  status: 300,
  expire: 180,
  death: 520,
  miss: 380,
  start: 360,
  end: 120,
};
/** A long burst (an Auto turn that plays many units) is compressed to at most this long at 1×. */
const MAX_SEQUENCE_MS = 7000;
const MIN_STEP_MS = 60;

export const speedFactor = (s: BattleSpeed): number => (s === '2x' ? 0.5 : s === 'instant' ? 0 : 1);

export interface UnitShown {
  hp: number;
  shield: number;
  dead: boolean;
}

export type FloaterTone = 'damage' | 'crit' | 'heal' | 'shield' | 'miss' | 'status';
export interface Floater {
  key: number;
  unitId: string;
  text: string;
  tone: FloaterTone;
}

/** A motion applied to one unit; `seq` changes each time so the same motion can play twice in a row. */
export interface UnitMotion {
  kind: 'lunge' | 'hit' | 'heal';
  seq: number;
}

export interface PlaybackFrame {
  /** hp/shield/dead per unit while playing; null when the state shows as is. */
  units: Record<string, UnitShown> | null;
  actorId: string | null;
  motions: Record<string, UnitMotion>;
  floaters: Floater[];
  /** Events already shown of the sequence (the log shows the log before it plus these). */
  shownEvents: BattleEvent[];
  /** How many of the state's logged events came before this sequence. */
  logBase: number;
  playing: boolean;
  /** The stage time of one step at the chosen speed, for CSS transitions (ms). */
  stepMs: number;
}

export const IDLE: PlaybackFrame = {
  units: null,
  actorId: null,
  motions: {},
  floaters: [],
  shownEvents: [],
  logBase: 0,
  playing: false,
  stepMs: 0,
};

type Sides = Pick<BattleState, 'allies' | 'enemies'>;
/** What a playback reads of a battle: a turn-based battle's state, or a live match's as its page shapes it. */
export type PlaybackSource = Pick<
  BattleState,
  'battle_id' | 'allies' | 'enemies' | 'events' | 'new_events' | 'current_actor_id'
>;
const allUnits = (s: Sides): BattleUnit[] => [...s.allies, ...s.enemies];

/** The units as a state shows them. */
export function snapshot(s: Sides): Record<string, UnitShown> {
  const out: Record<string, UnitShown> = {};
  for (const u of allUnits(s)) out[u.id] = { hp: u.stats.hp, shield: u.shield, dead: u.is_dead };
  return out;
}

/** The answer that started the battle: every event in its log is new (enemies faster than the team act first). */
export const isOpening = (s: PlaybackSource): boolean =>
  s.new_events.length > 0 && s.new_events.length === s.events.length;

/** The units as the battle began, before its opening events: starting health, no shields, nobody fallen. */
export function openingSnapshot(s: PlaybackSource): Record<string, UnitShown> {
  const out: Record<string, UnitShown> = {};
  for (const u of allUnits(s)) out[u.id] = { hp: u.stats.start_hp, shield: 0, dead: false };
  return out;
}

/**
 * The events of `next` not yet seen in `prev`: the call's own new_events, else the log's growth (a poll). With
 * no `prev`, only a battle's opening plays (a battle opened again later shows as it stands).
 */
export function eventsToPlay(prev: PlaybackSource | null, next: PlaybackSource): BattleEvent[] {
  if (!prev) return isOpening(next) ? next.new_events : [];
  if (prev.battle_id !== next.battle_id) return [];
  if (next.new_events.length > 0) return next.new_events;
  return next.events.length > prev.events.length ? next.events.slice(prev.events.length) : [];
}

/** Per-event durations at this speed, compressed so one sequence never runs longer than MAX_SEQUENCE_MS×factor. */
export function stepDurations(events: BattleEvent[], speed: BattleSpeed): number[] {
  const f = speedFactor(speed);
  if (f === 0) return events.map(() => 0);
  const base = events.map((e) => STEP_MS[e.kind] ?? 300);
  const total = base.reduce((a, b) => a + b, 0);
  const squeeze = total > MAX_SEQUENCE_MS ? MAX_SEQUENCE_MS / total : 1;
  let steps = base.map((ms) => Math.max(MIN_STEP_MS, ms * squeeze));
  // Very long bursts (a whole battle under Auto) go below the floor rather than past the cap.
  const floored = steps.reduce((a, b) => a + b, 0);
  if (floored > MAX_SEQUENCE_MS) steps = steps.map((ms) => (ms * MAX_SEQUENCE_MS) / floored);
  return steps.map((ms) => Math.floor(ms) * f);
}

let floaterSeq = 0;

/**
 * Applies one event to the shown units and the stage; returns the next frame. No game rule here: each event
 * states how it leaves its target (hp_after, shield_after), so the units are set, never computed.
 */
export function applyEvent(frame: PlaybackFrame, e: BattleEvent, step: number): PlaybackFrame {
  const units = { ...frame.units! };
  const motions = { ...frame.motions };
  let floaters = frame.floaters;
  let actorId = frame.actorId;
  const addFloater = (unitId: string | undefined, text: string, tone: FloaterTone) => {
    if (!unitId) return;
    floaters = [...floaters.slice(-7), { key: ++floaterSeq, unitId, text, tone }];
  };
  const motion = (unitId: string | undefined, kind: UnitMotion['kind']) => {
    if (!unitId) return;
    motions[unitId] = { kind, seq: (motions[unitId]?.seq ?? 0) + 1 };
  };
  const t = e.target_id ? units[e.target_id] : undefined;
  if (t && e.target_id)
    units[e.target_id] = {
      hp: e.hp_after ?? t.hp,
      shield: e.shield_after ?? t.shield,
      dead: t.dead || e.kind === 'death',
    };
  const amount = Math.max(0, Math.round(e.amount ?? 0));
  switch (e.kind) {
    case 'turn':
      actorId = e.actor_id ?? actorId;
      break;
    case 'ability':
      actorId = e.actor_id ?? actorId;
      motion(e.actor_id, 'lunge');
      break;
    case 'damage':
      motion(e.target_id, 'hit');
      addFloater(e.target_id, e.crit ? `-${amount}!` : `-${amount}`, e.crit ? 'crit' : 'damage');
      break;
    case 'heal':
      motion(e.target_id, 'heal');
      addFloater(e.target_id, `+${amount}`, 'heal');
      break;
    case 'shield':
      addFloater(e.target_id, `+${amount} shield`, 'shield');
      break;
    case 'status':
      addFloater(e.target_id, e.status_id ? e.status_id.replace(/_/g, ' ') : 'status', 'status');
      break;
    case 'miss':
      addFloater(e.target_id ?? e.actor_id, 'Miss', 'miss');
      break;
    case 'start':
      // What a unit begins with from its traits and gear: a shield or a status shows as it lands.
      if (e.effect === 'shield') addFloater(e.target_id, `+${amount} shield`, 'shield');
      else if (e.effect === 'status' && e.status_id)
        addFloater(e.target_id, e.status_id.replace(/_/g, ' '), 'status');
      break;
    default:
      break;
  }
  return {
    ...frame,
    units,
    motions,
    floaters,
    actorId,
    shownEvents: [...frame.shownEvents, e],
    stepMs: step,
  };
}

/** The units after `events`, from `start`: where a playback's last frame leaves them. */
export function replayUnits(
  start: Record<string, UnitShown>,
  events: BattleEvent[],
): Record<string, UnitShown> {
  let frame: PlaybackFrame = { ...IDLE, units: start };
  for (const e of events) frame = applyEvent(frame, e, 0);
  return frame.units!;
}

/**
 * Plays the events each new state brings (and a battle's opening, when the view first gets it). Returns the frame to draw and skip(), which jumps to the end.
 * A state with nothing new (a poll that found no change) leaves a running sequence alone.
 */
export function useBattlePlayback(state: PlaybackSource | undefined, speed: BattleSpeed) {
  const [frame, setFrame] = useState<PlaybackFrame>(IDLE);
  const [, settled] = useState(0);
  const prevRef = useRef<PlaybackSource | null>(null);
  const timers = useRef<number[]>([]);
  const speedRef = useRef(speed);
  speedRef.current = speed;

  const clearTimers = () => {
    for (const t of timers.current) window.clearTimeout(t);
    timers.current = [];
  };

  const skip = useCallback(() => {
    clearTimers();
    setFrame(IDLE);
  }, []);

  // A layout effect: the sequence's first frame replaces the new state before the browser paints, so the
  // outcome never flashes on screen ahead of its playback.
  useLayoutEffect(() => {
    if (!state) return;
    const prev = prevRef.current;
    prevRef.current = state;
    if (prev === state) return;
    const events = eventsToPlay(prev, state);
    const durations = stepDurations(events, speedRef.current);
    if (events.length === 0 || durations.every((d) => d === 0)) {
      if (events.length > 0) skip();
      settled((n) => n + 1); // render once more: this state is now as shown (see `playing` below)
      return;
    }
    clearTimers();
    // Start from what the player last saw: the previous state's units (plus any new ones from this state), or
    // for the opening the units as the battle began.
    const start: PlaybackFrame = {
      ...IDLE,
      units: prev ? { ...snapshot(state), ...snapshot(prev) } : openingSnapshot(state),
      actorId: prev?.current_actor_id ?? null,
      logBase: Math.max(0, state.events.length - events.length),
      playing: true,
      stepMs: durations[0] ?? 0,
    };
    setFrame(start);
    let at = 0;
    events.forEach((e, i) => {
      timers.current.push(
        window.setTimeout(() => setFrame((f) => (f.units ? applyEvent(f, e, durations[i]!) : f)), at),
      );
      at += durations[i]!;
    });
    timers.current.push(window.setTimeout(() => setFrame(IDLE), at));
  }, [state, skip]);

  useEffect(() => clearTimers, []);

  // Switching to instant mid-sequence ends it.
  useEffect(() => {
    if (speed === 'instant') skip();
  }, [speed, skip]);

  // A state that has just arrived is not yet shown: its playback starts in the layout effect after this render, so
  // until then it counts as playing — nothing (a result, the header's balances) may run ahead of it.
  const playing = frame.playing || (state !== undefined && prevRef.current !== state);
  return { frame, skip, playing };
}
