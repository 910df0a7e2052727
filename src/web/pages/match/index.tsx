// /matches/{matchId} — a live match. Both players' names, whether each has chosen this turn (never what) and their
// clocks (the turn's own time counting down, then the bank); the battlefield as the turn-based battle view draws it
// (components/battle-side.tsx, its playback of each new turn, the Battle Log); for each of the player's heroes acting
// this turn its options (and where to aim one that can be aimed), Confirm turn — changeable until the other side has
// chosen —, Forfeit (asked first); when it is over, the winner, the rating change, Rematch and the replay. Anyone else
// watches it read-only, with the count of spectators. State and actions: ./ctrl.ts.
import type { BattleOption as Option } from '../../../api/index.ts';
import { errorText, isNotFound } from '../../api/client.ts';
import { BattleLog } from '../../components/battle-log.tsx';
import { BattleSkeleton, PlayingCaption, SpeedSwitch } from '../../components/battle-stage-parts.tsx';
import { BattleSide } from '../../components/battle-side.tsx';
import { sceneUrl } from '../../components/battle-scene.ts';
import { counted, formatRatingChange } from '../../components/format.ts';
import { Button, ButtonLink, ErrorBox, Modal } from '../../components/ui.tsx';
import {
  clockOf,
  formatClock,
  ownTarget,
  ratingChangeOf,
  replayIdOf,
  sideExtras,
  useMatchCtrl,
  type MatchCtrl,
  type Side,
} from './ctrl.ts';
import '../battle-view/battle-view.css';
import './match.css';

const TENDENCY_LABEL: Record<string, string> = {
  aggressive: 'Aggressive',
  defensive: 'Defensive',
  supportive: 'Supportive',
  tactical: 'Tactical',
};

function PlayerBar({ ctrl, side, you }: { ctrl: MatchCtrl; side: Side; you: boolean }) {
  const clock = clockOf(side.clock, ctrl.now);
  const needs = ctrl.inPlay && side.acting.length > 0;
  const low = clock.phase === 'bank' || clock.left < 10_000;
  return (
    <div
      className={`live-player${you ? ' live-player--you' : ''}`}
      data-testid="live-player"
      data-user={side.username}
      data-chosen={side.chosen ? 'true' : 'false'}
    >
      <span className="live-player__name">
        {side.username}
        {you && <span className="muted"> (you)</span>}
      </span>
      {ctrl.inPlay && (
        <span
          className={`live-player__chosen${side.chosen ? ' live-player__chosen--yes' : ''}`}
          data-testid="chosen-indicator"
        >
          {!needs ? 'Nothing to choose' : side.chosen ? 'Chosen ✓' : 'Choosing...'}
        </span>
      )}
      {ctrl.inPlay && needs && !side.chosen && (
        <span
          className={`live-player__clock tabular${low ? ' live-player__clock--low' : ''}`}
          data-testid="clock"
          aria-label={`${clock.phase === 'turn' ? 'Turn time' : 'Bank'} ${formatClock(clock.left)}`}
        >
          {clock.phase === 'bank' ? 'Bank ' : ''}
          {formatClock(clock.left)}
          {clock.phase === 'turn' && (
            <span className="muted live-player__bank"> +{formatClock(side.clock.bank_ms)} bank</span>
          )}
        </span>
      )}
      {side.chosen_for > 0 && ctrl.inPlay && (
        <span className="live-player__auto" title="Their time ran out: the AI chose for them">
          AI chose {counted(side.chosen_for, 'turn')} in a row
        </span>
      )}
    </div>
  );
}

function OptionButton({
  o,
  picked,
  onPick,
  disabled,
}: {
  o: Option;
  picked: boolean;
  onPick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      className={`battle-option battle-option--${o.tendency} live-option`}
      aria-pressed={picked}
      data-option-id={o.id}
      disabled={disabled}
      onClick={onPick}
    >
      <span className="battle-option__label">{o.label}</span>
      <span className="battle-option__tendency">{TENDENCY_LABEL[o.tendency] ?? o.tendency}</span>
      <span className="battle-option__detail" title={o.detail}>
        {o.detail}
      </span>
    </button>
  );
}

function Choices({ ctrl }: { ctrl: MatchCtrl }) {
  const name = (id: string) => ctrl.units.find((u) => u.id === id)?.name ?? 'Hero';
  const { acting, options, byHero } = ctrl;
  return (
    <section
      className="battle-options panel live-choices"
      aria-label="Your choices"
      data-testid="live-choices"
    >
      <h2 className="battle-options__title">
        Turn {ctrl.match?.turn}: choose for {counted(acting.length, 'hero', 'heroes')}
      </h2>
      {ctrl.chooseError && <ErrorBox onDismiss={ctrl.dismissChooseError}>{ctrl.chooseError}</ErrorBox>}
      {acting.map((heroId) => {
        const list = options.find((x) => x.hero_id === heroId)?.options ?? [];
        const p = byHero[heroId];
        const o = list.find((x) => x.id === p?.optionId);
        const aims = o && o.aims.length > 1 ? o.aims : [];
        const aimed = o ? (p?.aimAt ?? ownTarget(o)) : null;
        return (
          <fieldset key={heroId} className="live-hero" data-testid="live-hero" data-hero={heroId}>
            <legend className="live-hero__name">{name(heroId)}</legend>
            <div className="battle-options__list">
              {list.map((x) => (
                <OptionButton
                  key={x.id}
                  o={x}
                  picked={p?.optionId === x.id}
                  onPick={() => ctrl.pick(heroId, x.id)}
                  disabled={ctrl.confirming}
                />
              ))}
            </div>
            {aims.length > 0 && (
              <div className="live-aims" role="group" aria-label={`Target for ${name(heroId)}`}>
                <span className="muted">Target:</span>
                {aims.map((a) => (
                  <button
                    key={a.target_id}
                    type="button"
                    className="live-aim"
                    aria-pressed={aimed === a.target_id}
                    title={a.detail}
                    onClick={() => ctrl.aim(heroId, a.target_id)}
                  >
                    {name(a.target_id)}
                  </button>
                ))}
              </div>
            )}
          </fieldset>
        );
      })}
      <Button
        onClick={ctrl.confirm}
        disabled={!ctrl.complete}
        busy={ctrl.confirming}
        busyText="Sending..."
        title={ctrl.complete ? undefined : 'Choose an action for every hero first'}
        data-testid="confirm-turn"
        block
      >
        Confirm turn
      </Button>
    </section>
  );
}

function Waiting({ ctrl }: { ctrl: MatchCtrl }) {
  const { me, them, match } = ctrl;
  if (!match) return null;
  let text: string;
  if (!ctrl.player)
    text = `You are watching: ${match.sides[0]?.username} and ${match.sides[1]?.username} choose each turn.`;
  else if (me && me.acting.length === 0)
    text = `None of your heroes acts this turn: waiting for ${them?.username}.`;
  else text = `Your choice is in. Waiting for ${them?.username}...`;
  return (
    <section className="battle-options panel" aria-label="Turn">
      <p className="battle-options__wait" aria-live="polite" data-testid="live-wait">
        {text}
      </p>
      {ctrl.player && ctrl.chosen && them && !them.chosen && (
        <Button variant="secondary" onClick={ctrl.change}>
          Change my choice
        </Button>
      )}
    </section>
  );
}

function Result({ ctrl }: { ctrl: MatchCtrl }) {
  const m = ctrl.match!;
  const winner = m.sides.find((s) => s.user_id === m.winner_id);
  const aborted = m.status === 'aborted';
  const headline = aborted
    ? 'Match aborted'
    : !winner
      ? 'Draw'
      : ctrl.player
        ? winner.user_id === ctrl.userId
          ? 'Victory!'
          : 'Defeat'
        : `${winner.username} wins`;
  const tone =
    aborted || !winner ? 'draw' : ctrl.player ? (winner.user_id === ctrl.userId ? 'won' : 'lost') : 'won';
  const rating = ratingChangeOf(m, ctrl.userId);
  const replay = replayIdOf(m, ctrl.userId);
  const otherAsked = ctrl.them ? sideExtras(ctrl.them).rematch === true : false;
  return (
    <section
      className={`battle-result panel battle-result--${tone}`}
      data-testid="match-result"
      aria-live="polite"
    >
      <h2 className="battle-result__headline">{headline}</h2>
      <p className="battle-result__note live-result__who">
        {aborted
          ? 'A player left before the first turn was played: nobody wins.'
          : winner
            ? m.events.at(-1)?.kind === 'end'
              ? `${winner.username} won the match.`
              : `${winner.username} won: ${m.sides.find((s) => s !== winner)?.username ?? 'the other player'} left the match.`
            : 'Both teams fell together.'}
      </p>
      {rating && (
        <p className="live-result__rating" data-testid="rating-change">
          Live rating{' '}
          {rating.before !== undefined && rating.after !== undefined && (
            <span className="tabular">
              {rating.before} → {rating.after}{' '}
            </span>
          )}
          <strong className={rating.delta >= 0 ? 'live-up' : 'live-down'}>
            ({formatRatingChange(rating.delta)})
          </strong>
        </p>
      )}
      {ctrl.rematchError && <ErrorBox>{ctrl.rematchError}</ErrorBox>}
      {ctrl.waitingRematch && (
        <p className="muted" role="status">
          Waiting for {ctrl.them?.username} to accept the rematch...
        </p>
      )}
      {ctrl.player && otherAsked && !ctrl.waitingRematch && (
        <p role="status">{ctrl.them?.username} asks for a rematch.</p>
      )}
      <div className="battle-result__actions">
        {replay && (
          <ButtonLink to={`/replay/${encodeURIComponent(replay)}`} variant="secondary">
            Watch replay
          </ButtonLink>
        )}
        {ctrl.player && !aborted && ctrl.rematchId && !ctrl.waitingRematch ? (
          <ButtonLink to={`/matches/${encodeURIComponent(ctrl.rematchId)}`}>Go to rematch</ButtonLink>
        ) : (
          ctrl.player &&
          !aborted && (
            <Button
              onClick={ctrl.rematch}
              busy={ctrl.rematching}
              busyText="Asking..."
              disabled={ctrl.waitingRematch}
            >
              Rematch
            </Button>
          )
        )}
        <ButtonLink to={ctrl.userId ? '/live' : '/'} variant="secondary">
          {ctrl.userId ? 'Live play' : 'Play Runeborn'}
        </ButtonLink>
      </div>
    </section>
  );
}

export default function MatchPage() {
  const ctrl = useMatchCtrl();
  const { query, match, bottom, them, frame } = ctrl;
  if (query.isPending) return <BattleSkeleton label="Loading match" />;
  if (!match || !bottom || !them)
    return (
      <section className="battle-missing panel" data-testid="match-not-found">
        <p className="battle-missing__text">
          <strong>{isNotFound(query.error) ? 'Match not found' : 'Something went wrong'}</strong> -{' '}
          {isNotFound(query.error)
            ? 'This match does not exist.'
            : errorText(query.error, 'Failed to fetch the match')}
        </p>
        <ButtonLink to={ctrl.userId ? '/live' : '/'}>
          {ctrl.userId ? 'Live play' : 'Play Runeborn'}
        </ButtonLink>
      </section>
    );

  const stage = { frame, actorId: ctrl.actorId };
  const banner = ctrl.over
    ? ctrl.playing
      ? `Turn ${match.turn}`
      : 'Match over'
    : ctrl.player
      ? ctrl.canChoose
        ? `Turn ${match.turn}: your move`
        : `Turn ${match.turn}`
      : `Turn ${match.turn}`;
  return (
    <div
      className="battle-view live-match"
      style={{ '--scene': `url("${sceneUrl('arena')}")` } as React.CSSProperties}
      data-status={match.status}
      data-turn={match.turn}
      data-version={match.version}
      data-events={match.events.length}
      data-playing={frame.playing ? 'true' : 'false'}
      data-role={ctrl.player ? 'player' : 'spectator'}
    >
      <header className="live-match__head">
        <div>
          <h1 className="battle-view__title">
            {match.sides[0]?.username} vs {match.sides[1]?.username}
          </h1>
          <p className="muted live-match__sub">
            Live match · <span data-testid="spectators">{counted(match.spectators, 'spectator')}</span>
            {!ctrl.player && ' · you are watching'}
          </p>
        </div>
        <div className="battle-view__controls">
          <SpeedSwitch speed={ctrl.speed} setSpeed={ctrl.setSpeed} />
          {ctrl.player && ctrl.inPlay && (
            <Button variant="danger" onClick={() => ctrl.setAskForfeit(true)} data-testid="forfeit">
              Forfeit
            </Button>
          )}
        </div>
      </header>

      <div className="battle-view__layout">
        <div className="battle-field">
          <PlayerBar ctrl={ctrl} side={them} you={false} />
          <BattleSide
            title={ctrl.player ? `${them.username}\u2019s team` : them.username}
            units={them.heroes}
            {...stage}
          />
          <div
            className={`turn-banner turn-banner--${ctrl.canChoose ? 'ally' : 'neutral'}`}
            data-testid="turn-label"
            aria-live="polite"
          >
            {banner}
          </div>
          <BattleSide title={ctrl.player ? 'Your team' : bottom.username} units={bottom.heroes} {...stage} />
          <PlayerBar ctrl={ctrl} side={bottom} you={ctrl.player} />
        </div>

        <div className="battle-side-col">
          {ctrl.forfeitError && <ErrorBox>{ctrl.forfeitError}</ErrorBox>}
          {ctrl.showResult ? (
            <Result ctrl={ctrl} />
          ) : frame.playing ? (
            <section className="battle-options panel" aria-label="Playback">
              <PlayingCaption caption={frame.shownEvents.at(-1)?.description} onSkip={ctrl.skip} />
            </section>
          ) : ctrl.canChoose ? (
            <Choices ctrl={ctrl} />
          ) : (
            <Waiting ctrl={ctrl} />
          )}
          <BattleLog events={ctrl.logEvents} />
        </div>
      </div>

      {ctrl.askForfeit && (
        <Modal
          title="Forfeit the match?"
          onClose={() => ctrl.setAskForfeit(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => ctrl.setAskForfeit(false)}>
                Keep playing
              </Button>
              <Button variant="danger" onClick={ctrl.forfeit} busy={ctrl.forfeiting} busyText="Leaving...">
                Forfeit
              </Button>
            </>
          }
        >
          <p>
            {match.turn === 1 && match.version === 0
              ? 'No turn has been played yet: the match ends with no winner.'
              : `${them.username} wins the match.`}
          </p>
        </Modal>
      )}
    </div>
  );
}
