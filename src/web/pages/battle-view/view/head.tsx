// The battle view's head: the notice of a battle this one ended, where and which turn, the playback speed and the
// Auto switch, and a dungeon floor's banner (the boss as a moment). Renders from the controller (../ctrl.ts).
import { SpeedSwitch } from '../../../components/battle-stage-parts.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Moment } from '../../../components/moment.tsx';
import type { BattleViewCtrl, Board } from '../ctrl.ts';

export function EndedNotice({ ctrl }: { ctrl: BattleViewCtrl }) {
  if (!ctrl.endedNotice) return null;
  return (
    <div className="banner battle-view__ended" role="status" data-testid="ended-battle-notice">
      <div className="banner__text">Your battle at {ctrl.endedNotice} ended as a loss, with no rewards.</div>
      <button type="button" className="icon-btn" onClick={ctrl.dismissEnded} aria-label="Dismiss notice">
        <Icon name="cross" size={16} />
      </button>
    </div>
  );
}

/** A dungeon floor fought turn by turn: which floor of which run, and the boss as a moment. */
export function FloorBanner({ board: { state } }: { board: Board }) {
  const d = state.dungeon;
  if (!d) return null;
  const where = `Floor ${d.floor} of ${d.floors}`;
  if (!d.boss_floor)
    return (
      <p className="battle-view__floor muted" data-testid="floor-banner">
        {state.location}: {where}
      </p>
    );
  return (
    <div className="battle-view__floor" data-testid="floor-banner">
      <Moment kind="boss" title={`The boss of ${state.location}`}>
        {where}: every turn is yours to command, and every minute of it is paid.
      </Moment>
    </div>
  );
}

export function BattleHead({ ctrl, board }: { ctrl: BattleViewCtrl; board: Board }) {
  const { state } = board;
  // A battle that ended while its playback still runs looks as it did until the result shows: the switch then only
  // ends the playback (there is nothing left to choose), and nothing greys out ahead of the ending.
  const ended = state.status !== 'active';
  return (
    <header className="battle-view__head row row--spread">
      <div className="battle-view__where">
        <h1 className="battle-view__title">{state.dungeon?.boss_floor ? 'Boss Battle' : 'Battle'}</h1>
        <span className="muted">
          {state.location} · <span className="tabular">Turn {board.turn}</span>
        </span>
      </div>
      <div className="battle-view__controls">
        <SpeedSwitch speed={ctrl.speed} setSpeed={ctrl.setSpeed} />
        <button
          type="button"
          role="switch"
          aria-checked={state.auto}
          className="auto-switch"
          disabled={board.showResult || ctrl.sending !== null}
          onClick={ended ? ctrl.skip : () => ctrl.send({ auto: !state.auto }, 'auto')}
          title={
            board.showResult
              ? 'The battle is over'
              : state.auto
                ? 'The AI commands your heroes — switch off to choose yourself'
                : 'Let the AI command your heroes'
          }
          data-testid="auto-switch"
        >
          <span className="auto-switch__track" aria-hidden="true">
            <span className="auto-switch__thumb" />
          </span>
          Auto
        </button>
      </div>
    </header>
  );
}
