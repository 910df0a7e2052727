// /replay/{battleId} — any finished fight watched again (issue 11), public like /herocard: the battle view's scene,
// unit tiles, floating numbers and log, played from the fight's recorded facts (GET /api/battles/{id}/replay).
// Play / pause, one event back or forward, 1× 2× 4×, a scrubber over the whole fight, the result with its rewards at
// the end, and Copy link. Every control is a button or a range input, so the keyboard alone drives it; motions
// follow prefers-reduced-motion (components/battle-unit.tsx).
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { BattleEvent, BattleReplay, BattleUnit } from '../../../api/index.ts';
import { errorText, getReplay, isNotFound } from '../../api/client.ts';
import {
  IDLE,
  STEP_MS,
  applyEvent,
  type PlaybackFrame,
  type UnitShown,
} from '../../components/battle-playback.ts';
import { BattleSide } from '../../components/battle-side.tsx';
import { BattleLog } from '../../components/battle-log.tsx';
import { RewardsList } from '../../components/battle-result.tsx';
import { sceneTheme, sceneUrl } from '../../components/battle-scene.ts';
import { ButtonLink, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import '../battle-view/battle-view.css';
import './replay.css';

const SPEEDS = [1, 2, 4] as const;
type Speed = (typeof SPEEDS)[number];
const HEADLINE: Record<string, string> = { won: 'Victory!', lost: 'Defeat', draw: 'Draw' };

/** The fighters as the battle began. */
function startUnits(r: BattleReplay): Record<string, UnitShown> {
  return Object.fromEntries(r.units.map((u) => [u.id, { hp: u.start_hp, shield: 0, dead: false }]));
}

/** The frame after the first `n` events, at rest (no floating numbers or motions: a jump, not a step). */
function frameAt(r: BattleReplay, n: number): PlaybackFrame {
  let f: PlaybackFrame = { ...IDLE, units: startUnits(r) };
  for (let k = 0; k < n; k++) f = applyEvent(f, r.events[k]!, 0);
  return { ...f, floaters: [], motions: {} };
}

/** The statuses each unit carries after the first `n` events, from the facts (applied, faded, cleared by death). */
function statusesAt(events: BattleEvent[], n: number): Map<string, Map<string, number>> {
  const on = new Map<string, Map<string, number>>();
  for (let k = 0; k < n; k++) {
    const e = events[k]!;
    if (!e.target_id) continue;
    const mine = on.get(e.target_id) ?? new Map<string, number>();
    on.set(e.target_id, mine);
    if ((e.kind === 'status' || e.kind === 'shield') && e.status_id) mine.set(e.status_id, e.turns ?? 1);
    else if (e.kind === 'expire' && e.status_id) mine.delete(e.status_id);
    else if (e.kind === 'death') mine.clear();
  }
  return on;
}

/** How long an event shows at this speed (the battle view's own pacing, ./battle-playback.ts). */
const stepOf = (e: BattleEvent, speed: Speed): number => Math.round((STEP_MS[e.kind] ?? 300) / speed);

function replayTitle(r: BattleReplay): string {
  const names = (side: { name: string }[]) => side.map((h) => h.name.split(' ')[0]).join(', ');
  return `${names(r.allies)} vs ${names(r.enemies)} at ${r.location}: ${HEADLINE[r.status] ?? r.status}`;
}

function ReplayPlayer({ replay }: { replay: BattleReplay }) {
  const events = replay.events;
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const [frame, setFrame] = useState<PlaybackFrame>(() => frameAt(replay, 0));
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    const before = document.title;
    document.title = `Replay: ${replayTitle(replay)} · Runeborn`;
    return () => {
      document.title = before;
    };
  }, [replay]);

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
  const turn = at > 0 ? events[at - 1]!.turn : 0;
  const theme = sceneTheme(replay.location_type === 'arena' ? 'arena' : 'random', replay.location);
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div
      className="battle-view replay"
      style={{ '--scene': `url("${sceneUrl(theme)}")` } as React.CSSProperties}
      data-at={at}
      data-events={events.length}
      data-playing={playing ? 'true' : 'false'}
    >
      <header className="battle-view__head">
        <div className="battle-view__where">
          <h1 className="battle-view__title">Replay</h1>
          <span className="muted">
            {replay.location} · <span className="tabular">Turn {turn}</span>
          </span>
        </div>
        <button
          type="button"
          className="replay__copy"
          onClick={() => void copyLink()}
          data-testid="copy-link"
        >
          {copied ? 'Link copied' : 'Copy link'}
        </button>
      </header>

      <div className="battle-view__layout">
        <div className="battle-field">
          <BattleSide
            title="Enemies"
            units={units.filter((u) => !u.is_ally)}
            frame={frame}
            actorId={frame.actorId}
          />
          <div className="turn-banner" data-testid="replay-caption" aria-live="polite">
            {at === 0 ? 'The battle begins' : (events[at - 1]!.description ?? '')}
          </div>
          <BattleSide
            title="Allies"
            units={units.filter((u) => u.is_ally)}
            frame={frame}
            actorId={frame.actorId}
          />
        </div>

        <div className="battle-side-col">
          <section className="replay__controls panel" aria-label="Replay controls">
            <div className="replay__buttons">
              <button
                type="button"
                onClick={() => (setPlaying(false), jump(0))}
                aria-label="Back to the start"
              >
                |◀
              </button>
              <button
                type="button"
                onClick={() => (setPlaying(false), jump(at - 1))}
                disabled={at === 0}
                aria-label="One event back"
                data-testid="step-back"
              >
                ◀
              </button>
              <button
                type="button"
                className="replay__play"
                onClick={() => {
                  if (over) jump(0);
                  setPlaying(!playing || over);
                }}
                aria-label={playing ? 'Pause' : 'Play'}
                data-testid="play"
              >
                {playing ? '❚❚' : '▶'}
              </button>
              <button
                type="button"
                onClick={() => (setPlaying(false), forward())}
                disabled={over}
                aria-label="One event forward"
                data-testid="step-forward"
              >
                ▶❙
              </button>
            </div>
            <div className="speed-switch" role="radiogroup" aria-label="Replay speed">
              {SPEEDS.map((s) => (
                <button
                  key={s}
                  type="button"
                  role="radio"
                  aria-checked={speed === s}
                  className="speed-switch__opt"
                  onClick={() => setSpeed(s)}
                  data-speed={s}
                >
                  {s}×
                </button>
              ))}
            </div>
            <input
              className="replay__scrubber"
              type="range"
              min={0}
              max={events.length}
              value={at}
              onChange={(e) => {
                setPlaying(false);
                jump(Number(e.target.value));
              }}
              aria-label="Replay position"
              aria-valuetext={`Turn ${turn}, event ${at} of ${events.length}`}
              data-testid="scrubber"
            />
          </section>
          {over && (
            <section
              className={`battle-result panel battle-result--${replay.status}`}
              data-testid="replay-result"
            >
              <h2 className="battle-result__headline">{HEADLINE[replay.status] ?? replay.status}</h2>
              {events.length === 0 && (
                <p className="muted">
                  No simulated battle went this way: the dice defied the odds, and the story says so instead.
                </p>
              )}
              {replay.status === 'won' && replay.rewards && (
                <RewardsList
                  result={{ status: 'won', rewards: replay.rewards, level_ups: replay.level_ups }}
                />
              )}
            </section>
          )}
          <BattleLog events={events.slice(0, at)} />
        </div>
      </div>
    </div>
  );
}

export default function ReplayPage() {
  const { battleId = '' } = useParams();
  const query = useQuery({
    queryKey: ['replay', battleId],
    queryFn: () => getReplay(battleId),
    staleTime: Infinity,
    retry: false,
  });
  if (query.isPending)
    return (
      <Loading label="Loading replay">
        <Skeleton height={320} radius={12} />
      </Loading>
    );
  if (query.isError)
    return isNotFound(query.error) ? (
      <section className="battle-missing panel" data-testid="replay-not-found">
        <p className="battle-missing__text">
          <strong>Battle Not Found</strong> - This battle doesn't exist or has expired
        </p>
        <ButtonLink to="/">Home</ButtonLink>
      </section>
    ) : (
      <ErrorBox>{errorText(query.error, 'Failed to load the replay')}</ErrorBox>
    );
  return <ReplayPlayer replay={query.data} />;
}
