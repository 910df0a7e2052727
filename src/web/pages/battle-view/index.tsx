// /battle/{battleId} — the turn-based battle view: Your Team and Enemies, the acting unit, the
// enemy turn labelled, options on an ally's turn, an Auto switch (the ally AI plays), the Battle Log (last 5),
// playback of each call's events at 1× / 2× / instant (components/battle-playback.ts), polling every 3 s
// (api/battle-hooks.ts), and the result panel. Sending an action first ends any playback, so input never waits.
// State and actions: ./ctrl.ts; the head and the action column: ./view/.
import { Navigate } from 'react-router';
import { errorText, isNotFound } from '../../api/client.ts';
import { BattleSide } from '../../components/battle-side.tsx';
import { BattleLog } from '../../components/battle-log.tsx';
import { ExplainToast } from '../../components/battle-explain.tsx';
import { sceneUrl } from '../../components/battle-scene.ts';
import { BattleSkeleton } from '../../components/battle-stage-parts.tsx';
import { Button, ButtonLink, ErrorBox } from '../../components/ui.tsx';
import { useBattleViewCtrl } from './ctrl.ts';
import { BattleOptions, BattleResultPanel } from './view/actions.tsx';
import { BattleHead, EndedNotice, FloorBanner } from './view/head.tsx';
import './battle-view.css';

function NotFound() {
  return (
    <section className="battle-missing panel" data-testid="battle-not-found">
      <p className="battle-missing__text">
        <strong>Battle Not Found</strong> - This battle doesn't exist or has expired
      </p>
      <ButtonLink to="/battle">Start New Battle</ButtonLink>
    </section>
  );
}

export default function BattleViewPage() {
  const ctrl = useBattleViewCtrl();
  const { query, board, stage, frame, explained } = ctrl;

  if (query.isPending) return <BattleSkeleton label="Loading battle" />;
  if (query.isError && !board) {
    if (isNotFound(query.error)) return <NotFound />;
    return (
      <section className="battle-view">
        <ErrorBox>{errorText(query.error, 'Failed to fetch battle state')}</ErrorBox>
        <div className="row">
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Retry
          </Button>
          <ButtonLink to="/battle" variant="ghost">
            Start New Battle
          </ButtonLink>
        </div>
      </section>
    );
  }
  if (ctrl.resolved)
    return <Navigate replace to={ctrl.resolved.url} state={{ result: ctrl.resolved.result }} />;
  if (!board || !stage) return <NotFound />;
  const { state } = board;

  return (
    <div
      className="battle-view"
      style={{ '--scene': `url("${sceneUrl(board.theme)}")` } as React.CSSProperties}
      data-status={state.status}
      data-turn={state.turn}
      data-events={state.events.length}
      data-playing={frame.playing ? 'true' : 'false'}
      data-theme={board.theme}
    >
      <EndedNotice ctrl={ctrl} />
      <BattleHead ctrl={ctrl} board={board} />
      <FloorBanner board={board} />

      <div className="battle-view__layout">
        <div className="battle-field">
          <BattleSide title="Enemies" units={state.enemies} {...stage} />
          <div
            className={`turn-banner turn-banner--${board.turnTone}`}
            data-testid="turn-label"
            aria-live="polite"
          >
            {board.turnLabel}
          </div>
          <BattleSide title="Your Team" units={state.allies} {...stage} />
        </div>

        <div className="battle-side-col">
          {ctrl.actionError && <ErrorBox onDismiss={ctrl.dismissActionError}>{ctrl.actionError}</ErrorBox>}
          {board.showResult ? (
            <BattleResultPanel board={board} userId={ctrl.userId} />
          ) : (
            <BattleOptions ctrl={ctrl} board={board} />
          )}
          <BattleLog events={board.logEvents} />
        </div>
      </div>
      {explained && (
        <ExplainToast
          explained={explained}
          units={board.units}
          options={state.pending_options}
          events={state.events}
          onClose={ctrl.closeExplained}
        />
      )}
    </div>
  );
}
