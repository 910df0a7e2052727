// /replay/{battleId}'s controller: the replay record (api/hooks.ts useReplay), whether it plays on its own once loaded
// (unless reduced motion is asked for; a Play pressed while it loads counts), and the player over it — the event it
// stands at, playing or paused, the speed, the frame (the battle view's own playback steps,
// components/battle-playback.ts), the units and their statuses at that point, and Copy link. A jump (to the start,
// one back, the scrubber) shows the fight at rest there; a step forward or play shows each event's motion.
// View: ./index.tsx.
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { BattleEvent, BattleReplay, BattleUnit } from '../../../api/index.ts';
import { useReplay } from '../../api/hooks.ts';
import { useSession } from '../../session.ts';
import { useMediaQuery } from '../../components/use-media.ts';
import {
  IDLE,
  STEP_MS,
  applyEvent,
  type PlaybackFrame,
  type UnitShown,
} from '../../components/battle-playback.ts';
import { sceneTheme } from '../../components/battle-scene.ts';

export const SPEEDS = [1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];
export const HEADLINE: Record<string, string> = { won: 'Victory!', lost: 'Defeat', draw: 'Draw' };

/** The fighters as the battle began. */
function startUnits(r: BattleReplay): Record<string, UnitShown> {
  return Object.fromEntries(r.units.map((u) => [u.id, { hp: u.start_hp, shield: 0, dead: false }]));
}

/** The frame after the first `n` events, at rest (no floating numbers or motions: a jump, not a step). */
export function frameAt(r: BattleReplay, n: number): PlaybackFrame {
  let f: PlaybackFrame = { ...IDLE, units: startUnits(r) };
  for (let k = 0; k < n; k++) f = applyEvent(f, r.events[k]!, 0);
  return { ...f, floaters: [], motions: {} };
}

/**
 * The statuses each unit carries after the first `n` events, from the facts alone: a status or shield event (or a
 * start of battle with one) puts one on, an expire event takes it off (a death is followed by an expire for each status the unit carried).
 */
export function statusesAt(events: BattleEvent[], n: number): Map<string, Map<string, number>> {
  const on = new Map<string, Map<string, number>>();
  for (let k = 0; k < n; k++) {
    const e = events[k]!;
    if (!e.target_id) continue;
    const mine = on.get(e.target_id) ?? new Map<string, number>();
    on.set(e.target_id, mine);
    if ((e.kind === 'status' || e.kind === 'shield' || e.kind === 'start') && e.status_id)
      mine.set(e.status_id, e.turns ?? 1);
    else if (e.kind === 'expire' && e.status_id) mine.delete(e.status_id);
  }
  return on;
}

/** How long an event shows at this speed (the battle view's own pacing, components/battle-playback.ts). */
const stepOf = (e: BattleEvent, speed: Speed): number => Math.round((STEP_MS[e.kind] ?? 300) / speed);

/**
 * The tab's title: who fought whom and where, and how it ended only once the playback has shown it
 * (nothing tells a result before its playback does, the tab title included).
 */
export function replayTitle(r: BattleReplay, shown: boolean): string {
  const names = (side: { name: string }[]) => side.map((h) => h.name.split(' ')[0]).join(', ');
  const fight = `Replay: ${names(r.allies)} vs ${names(r.enemies)} at ${r.location}`;
  return `${shown ? `${fight}: ${HEADLINE[r.status] ?? r.status}` : fight} · Runeborn`;
}

/**
 * The replay page: the record read by the address's battle id, and whether it plays once it is here — on its own,
 * unless the device asks for reduced motion (then it waits for Play, and says why); Play or Pause pressed while the
 * record still loads is kept for when it has.
 */
export function useReplayPageCtrl() {
  const { battleId = '' } = useParams();
  // Public: anyone may watch; a signed-in player watching is named (their daily quest counts it).
  const query = useReplay(battleId, useSession()?.id);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  /** Play (true) or Pause (false) pressed before the record loaded; null: neither */
  const [asked, setAsked] = useState<boolean | null>(null);
  const willPlay = asked ?? !reducedMotion;
  return {
    query,
    /** whether the replay plays as soon as it has loaded */
    willPlay,
    /** it waits for Play only because the device asks for reduced motion (said beside the controls) */
    heldForMotion: asked === null && reducedMotion,
    /** Play / Pause while the record loads */
    playOrPause: () => setAsked(!willPlay),
  };
}

/** The player over one replay; `autoplay`: it starts playing at once. */
export function useReplayCtrl(replay: BattleReplay, autoplay = false) {
  const events = replay.events;
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(autoplay);
  /** Play has been pressed (or the replay played on its own): a note about waiting for it has done its work. */
  const [started, setStarted] = useState(autoplay);
  const [speed, setSpeed] = useState<Speed>(1);
  const [frame, setFrame] = useState<PlaybackFrame>(() => frameAt(replay, 0));
  const [copied, setCopied] = useState(false);

  const jump = (n: number) => {
    const to = Math.max(0, Math.min(events.length, n));
    setAt(to);
    setFrame(frameAt(replay, to));
  };
  const forward = () => {
    if (at >= events.length) return;
    const e = events[at]!;
    setFrame((f) => applyEvent(f, e, stepOf(e, speed)));
    setAt(at + 1);
  };

  // Playing: the next event after its own step's time, until the end.
  useEffect(() => {
    if (!playing) return;
    if (at >= events.length) {
      setPlaying(false);
      return;
    }
    const e = events[at]!;
    const ms = stepOf(e, speed);
    const t = window.setTimeout(() => {
      setFrame((f) => applyEvent(f, e, ms));
      setAt(at + 1);
    }, ms);
    return () => window.clearTimeout(t);
  }, [playing, at, speed, events]);

  const statuses = useMemo(() => statusesAt(events, at), [events, at]);
  const units: BattleUnit[] = replay.units.map((u) => {
    const shown = frame.units?.[u.id] ?? { hp: u.start_hp, shield: 0, dead: false };
    return {
      ...u,
      is_dead: shown.dead,
      stats: { hp: shown.hp, max_hp: u.max_hp, start_hp: u.start_hp, atk: 0, def: 0, spd: 0 },
      shield: shown.shield,
      energy: 0,
      max_energy: 0,
      status_effects: [...(statuses.get(u.id) ?? new Map<string, number>())].flatMap(([id, turns]) => {
        const s = replay.statuses[id];
        return s ? [{ id, turns, ...s }] : [];
      }),
    };
  });
  const over = at >= events.length;
  // Leaving the page leaves the app's own title behind; the server's (the link preview's) names no result either.
  useEffect(() => {
    document.title = replayTitle(replay, over);
  }, [replay, over]);
  useEffect(() => () => void (document.title = 'Runeborn'), []);

  return {
    replay,
    events,
    at,
    playing,
    speed,
    setSpeed,
    frame,
    units,
    over,
    turn: at > 0 ? events[at - 1]!.turn : 0,
    caption: at === 0 ? 'The battle begins' : (events[at - 1]!.description ?? ''),
    theme: sceneTheme(replay.location_type === 'arena' ? 'arena' : 'random', replay.location),
    toStart: () => {
      setPlaying(false);
      jump(0);
    },
    back: () => {
      setPlaying(false);
      jump(at - 1);
    },
    started,
    playOrPause: () => {
      if (over) jump(0);
      setStarted(true);
      setPlaying(!playing || over);
    },
    forward: () => {
      setPlaying(false);
      forward();
    },
    seek: (n: number) => {
      setPlaying(false);
      jump(n);
    },
    copied,
    copyLink: async () => {
      try {
        await navigator.clipboard.writeText(window.location.href);
        setCopied(true);
      } catch {
        setCopied(false);
      }
    },
  };
}
