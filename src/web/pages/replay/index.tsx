// /replay/{battleId} — any finished fight watched again (issue 11), public like /herocard: the battle view's scene,
// unit tiles, floating numbers and log, played from the fight's recorded facts (GET /api/battles/{id}/replay).
// It plays on open (unless the device asks for reduced motion: then it waits for Play and says why; a Play pressed
// while it loads plays it once loaded). Play / pause, one event back or forward, 1× 2× 4×, a scrubber over the whole
// fight, the result with its rewards at the end, and Copy link. Every control is a button or a range input, so the keyboard alone drives it; motions
// follow prefers-reduced-motion (components/battle-unit.tsx). State and controls: ./ctrl.ts.
import type { BattleReplay } from '../../../api/index.ts';
import { errorText, isNotFound } from '../../api/client.ts';
import { BattleSide } from '../../components/battle-side.tsx';
import { BattleLog } from '../../components/battle-log.tsx';
import { RewardsList } from '../../components/battle-result.tsx';
import { sceneUrl } from '../../components/battle-scene.ts';
import { ButtonLink, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import { HEADLINE, SPEEDS, useReplayCtrl, useReplayPageCtrl } from './ctrl.ts';
import '../battle-view/battle-view.css';
import './replay.css';

function ReplayPlayer({
  replay,
  autoplay,
  heldForMotion,
}: {
  replay: BattleReplay;
  autoplay: boolean;
  heldForMotion: boolean;
}) {
  const ctrl = useReplayCtrl(replay, autoplay);
  const { events, at, playing, speed, frame, units, over, turn } = ctrl;
  // a live match names its two players: this record's first, their heroes the allies
  const players = replay.players;

  return (
    <div
      className="battle-view replay"
      style={{ '--scene': `url("${sceneUrl(ctrl.theme)}")` } as React.CSSProperties}
      data-at={at}
      data-events={events.length}
      data-playing={playing ? 'true' : 'false'}
    >
      <header className="battle-view__head row row--spread">
        <div className="battle-view__where">
          <h1 className="battle-view__title">Replay</h1>
          <span className="muted">
            {players ? (
              <span data-testid="replay-players">
                {players[0]} vs {players[1]}
              </span>
            ) : (
              replay.location
            )}{' '}
            · <span className="tabular">Turn {turn}</span>
          </span>
        </div>
        <button
          type="button"
          className="replay__copy"
          onClick={() => void ctrl.copyLink()}
          data-testid="copy-link"
        >
          {ctrl.copied ? 'Link copied' : 'Copy link'}
        </button>
      </header>

      <div className="battle-view__layout">
        <div className="battle-field">
          <BattleSide
            title={players ? `${players[1]}’s team` : 'Enemies'}
            units={units.filter((u) => !u.is_ally)}
            frame={frame}
            actorId={frame.actorId}
          />
          <div className="turn-banner" data-testid="replay-caption" aria-live="polite">
            {ctrl.caption}
          </div>
          <BattleSide
            title={players ? `${players[0]}’s team` : 'Allies'}
            units={units.filter((u) => u.is_ally)}
            frame={frame}
            actorId={frame.actorId}
          />
        </div>

        <div className="battle-side-col">
          <section className="replay__controls panel" aria-label="Replay controls">
            <div className="replay__buttons">
              <button type="button" onClick={ctrl.toStart} aria-label="Back to the start">
                |◀
              </button>
              <button
                type="button"
                onClick={ctrl.back}
                disabled={at === 0}
                aria-label="One event back"
                data-testid="step-back"
              >
                ◀
              </button>
              <button
                type="button"
                className="replay__play"
                onClick={ctrl.playOrPause}
                aria-label={playing ? 'Pause' : 'Play'}
                data-testid="play"
              >
                {playing ? '❚❚' : '▶'}
              </button>
              <button
                type="button"
                onClick={ctrl.forward}
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
                  onClick={() => ctrl.setSpeed(s)}
                  data-speed={s}
                >
                  {s}×
                </button>
              ))}
            </div>
            {heldForMotion && !ctrl.started && at === 0 && (
              <p className="replay__held muted" role="status" data-testid="replay-held">
                Paused: your device asks for reduced motion. Press Play to watch the fight.
              </p>
            )}
            <input
              className="replay__scrubber"
              type="range"
              min={0}
              max={events.length}
              value={at}
              onChange={(e) => ctrl.seek(Number(e.target.value))}
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

/** The page while the fight loads: its place, and Play (or Pause), which the player keeps once it has loaded. */
function ReplayLoading({ page }: { page: ReturnType<typeof useReplayPageCtrl> }) {
  return (
    <div className="battle-view replay-loading" data-will-play={page.willPlay ? 'true' : 'false'}>
      <Loading label="Loading replay">
        <Skeleton height={320} radius={12} />
      </Loading>
      <section className="replay__controls panel" aria-label="Replay controls">
        <div className="replay__buttons">
          <button
            type="button"
            className="replay__play"
            onClick={page.playOrPause}
            aria-label={page.willPlay ? 'Pause' : 'Play'}
            data-testid="play"
          >
            {page.willPlay ? '❚❚' : '▶'}
          </button>
        </div>
        <span className="muted">
          {page.willPlay ? 'The fight plays once it has loaded…' : 'Loading the fight…'}
        </span>
      </section>
    </div>
  );
}

export default function ReplayPage() {
  const page = useReplayPageCtrl();
  const { query } = page;
  if (query.isPending) return <ReplayLoading page={page} />;
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
  return <ReplayPlayer replay={query.data} autoplay={page.willPlay} heldForMotion={page.heldForMotion} />;
}
