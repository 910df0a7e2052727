// /battle/{battleId} — the turn-based battle view (spec §2, §4): Your Team and Enemies, the acting unit, the
// enemy turn labelled, options on an ally's turn, an Auto switch (the ally AI plays), the Battle Log (last 5),
// playback of each call's events at 1× / 2× / instant (components/battle-playback.ts), polling every 3 s
// (api/battle-hooks.ts), and the result panel. Sending an action first ends any playback, so input never waits.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { errorText, isNotFound, submitBattleAction } from '../../api/client.ts';
import { afterFight, queryKeys } from '../../api/hooks.ts';
import { combatUrl, isTurnBased, useBattleState } from '../../api/battle-hooks.ts';
import { BATTLE_SPEEDS, useBattlePlayback, useBattleSpeed } from '../../components/battle-playback.ts';
import { BattleSide, type Aiming } from '../../components/battle-side.tsx';
import { BattleLog } from '../../components/battle-log.tsx';
import { Icon } from '../../components/icon.tsx';
import { RewardsList, WatchReplay } from '../../components/battle-result.tsx';
import { ExplainToast, sameExplained, type Explained } from '../../components/battle-explain.tsx';
import { sceneTheme, sceneUrl } from '../../components/battle-scene.ts';
import { Button, ButtonLink, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import { useSignedInUser } from '../../session.ts';
import './battle-view.css';

const HEADLINE: Record<string, string> = { won: 'Victory!', lost: 'Defeat', draw: 'Draw' };
const TENDENCY_LABEL: Record<string, string> = {
  aggressive: 'Aggressive',
  defensive: 'Defensive',
  supportive: 'Supportive',
  tactical: 'Tactical',
};

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

function BattleSkeleton() {
  return (
    <Loading label="Loading battle">
      <div className="battle-view">
        <Skeleton height={28} width="40%" />
        {[0, 1].map((k) => (
          <div key={k} className="battle-side">
            <Skeleton height={20} width="30%" />
            <div className="battle-side__units">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} height={150} radius={10} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </Loading>
  );
}

export default function BattleViewPage() {
  const { battleId = '' } = useParams();
  const user = useSignedInUser();
  const client = useQueryClient();
  const query = useBattleState(battleId);
  const state = isTurnBased(query.data) ? query.data : undefined;
  const [speed, setSpeed] = useBattleSpeed();
  const { frame, skip, playing } = useBattlePlayback(state, speed);
  const [sending, setSending] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // Set by /battle when starting this battle ended the one that was in play (one at a time, as a loss).
  const endedBattle = (useLocation().state as { endedBattle?: { location: string } } | null)?.endedBattle;
  const [endedSeen, setEndedSeen] = useState(false);
  /** The unit the player aims at for this decision (null: each option's preselected target). */
  const [aimAt, setAimAt] = useState<{ turn: number; unitId: string } | null>(null);
  /** What the player tapped to read about (a status, an option's action, a unit): shown until closed or tapped again. */
  const [explained, setExplained] = useState<Explained | null>(null);
  const toggleExplained = useCallback(
    (what: Explained) => setExplained((e) => (sameExplained(e, what) ? null : what)),
    [],
  );
  const explain = useCallback(
    (unitId: string, statusId: string) => toggleExplained({ kind: 'status', unitId, statusId }),
    [toggleExplained],
  );
  const explainUnit = useCallback(
    (unitId: string) => toggleExplained({ kind: 'unit', unitId }),
    [toggleExplained],
  );

  // Rewards were paid when the battle ended: refresh the header's currencies and the hero lists once — when the
  // result shows, not while the battle still plays back (the header must not tell the ending first).
  const over = state ? state.status !== 'active' && !playing : false;
  const refreshed = useRef(false);
  useEffect(() => {
    if (over && !refreshed.current) {
      refreshed.current = true;
      afterFight(client, user.id);
    }
  }, [over, user.id, client]);

  if (query.isPending) return <BattleSkeleton />;
  if (query.isError && !state) {
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
  // A battle resolved at once (Quick Battle) has a result, not a battlefield: show it on the result screen.
  if (query.data && query.data.kind === 'auto') {
    const r = query.data;
    return (
      <Navigate
        replace
        to={combatUrl({
          battleId: r.battle_id,
          location: r.location || 'Unknown',
          locationType: r.location_type,
          returnTo: '/battle',
        })}
        state={{ result: r }}
      />
    );
  }
  if (!state) return <NotFound />;

  const send = async (action: { option_id?: string; target_id?: string; auto?: boolean }, key: string) => {
    skip();
    setSending(key);
    setActionError(null);
    try {
      const key = queryKeys.battle(state.battle_id);
      await client.cancelQueries({ queryKey: key });
      const next = await submitBattleAction(state.battle_id, action, user.id);
      // A poll that began before this answer would bring back the older state: drop it.
      await client.cancelQueries({ queryKey: key });
      client.setQueryData(key, next);
    } catch (err) {
      setActionError(errorText(err, 'Failed to submit action'));
      // The battle may have moved on (another tab, a poll in flight): show where it stands now.
      void query.refetch();
    } finally {
      setSending(null);
    }
  };

  const units = [...state.allies, ...state.enemies];
  const actorId = frame.playing ? frame.actorId : state.current_actor_id;
  const actor = units.find((u) => u.id === actorId) ?? null;
  const canChoose =
    state.status === 'active' &&
    state.pending_options.length > 0 &&
    !!actor?.is_ally &&
    !state.auto &&
    !playing;
  // Aiming: tap a unit, then an option that can reach it; an option that cannot keeps its own target.
  const aimable = new Set(canChoose ? state.pending_options.flatMap((o) => o.targets) : []);
  const aim = aimAt && aimAt.turn === state.turn && aimable.has(aimAt.unitId) ? aimAt.unitId : null;
  const aimedUnit = aim ? units.find((u) => u.id === aim) : undefined;
  const aiming: Aiming = {
    aimable,
    aim,
    onAim: (unitId) =>
      setAimAt((a) => (a?.turn === state.turn && a.unitId === unitId ? null : { turn: state.turn, unitId })),
  };
  /** What both sides show alike: the playback's frame, who acts, aiming and explaining. */
  const stage = { frame, actorId, aiming, onExplain: explain, onExplainUnit: explainUnit };
  const showResult = state.status !== 'active' && !playing;
  const logEvents = frame.playing
    ? [...state.events.slice(0, frame.logBase), ...frame.shownEvents]
    : state.events;
  const theme = sceneTheme(
    state.location.toLowerCase().includes('arena') ? 'arena' : 'random',
    state.location,
  );

  let turnLabel: string;
  let turnTone: 'ally' | 'enemy' | 'neutral' = 'neutral';
  if (state.status !== 'active' && !playing) turnLabel = 'Battle over';
  else if (actor && !actor.is_ally) {
    turnLabel = 'Enemy turn';
    turnTone = 'enemy';
  } else if (actor) {
    turnLabel = state.auto ? `Auto: ${actor.name}` : `Your turn: ${actor.name}`;
    turnTone = 'ally';
  } else turnLabel = 'Waiting...';

  return (
    <div
      className="battle-view"
      style={{ '--scene': `url("${sceneUrl(theme)}")` } as React.CSSProperties}
      data-status={state.status}
      data-turn={state.turn}
      data-events={state.events.length}
      data-playing={frame.playing ? 'true' : 'false'}
    >
      {endedBattle && !endedSeen && (
        <div className="banner battle-view__ended" role="status" data-testid="ended-battle-notice">
          <div className="banner__text">
            Your battle at {endedBattle.location} ended as a loss, with no rewards.
          </div>
          <button
            type="button"
            className="icon-btn"
            onClick={() => setEndedSeen(true)}
            aria-label="Dismiss notice"
          >
            <Icon name="cross" size={16} />
          </button>
        </div>
      )}
      <header className="battle-view__head">
        <div className="battle-view__where">
          <h1 className="battle-view__title">Battle</h1>
          <span className="muted">
            {state.location} · <span className="tabular">Turn {state.turn}</span>
          </span>
        </div>
        <div className="battle-view__controls">
          <div className="speed-switch" role="radiogroup" aria-label="Playback speed">
            {BATTLE_SPEEDS.map((s) => (
              <button
                key={s.key}
                type="button"
                role="radio"
                aria-checked={speed === s.key}
                className="speed-switch__opt"
                onClick={() => setSpeed(s.key)}
                data-speed={s.key}
              >
                {s.label}
              </button>
            ))}
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={state.auto}
            className="auto-switch"
            disabled={state.status !== 'active' || sending !== null}
            onClick={() => void send({ auto: !state.auto }, 'auto')}
            title={
              state.status !== 'active'
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

      <div className="battle-view__layout">
        <div className="battle-field">
          <BattleSide title="Enemies" units={state.enemies} {...stage} />
          <div className={`turn-banner turn-banner--${turnTone}`} data-testid="turn-label" aria-live="polite">
            {turnLabel}
          </div>
          <BattleSide title="Your Team" units={state.allies} {...stage} />
        </div>

        <div className="battle-side-col">
          {actionError && <ErrorBox onDismiss={() => setActionError(null)}>{actionError}</ErrorBox>}
          {showResult ? (
            <section
              className={`battle-result panel battle-result--${state.status}`}
              data-testid="battle-result"
              aria-live="polite"
            >
              <h2 className="battle-result__headline">{HEADLINE[state.status] ?? 'Draw'}</h2>
              {state.status === 'won' && (
                <p className="battle-result__note">
                  Gold and XP rewards have been distributed to your heroes
                </p>
              )}
              {state.status === 'won' && state.rewards && (
                <RewardsList result={{ status: 'won', rewards: state.rewards, level_ups: state.level_ups }} />
              )}
              <WatchReplay battleId={state.battle_id} />
              <div className="battle-result__actions">
                <ButtonLink to="/heroes" variant="secondary">
                  View Heroes
                </ButtonLink>
                <ButtonLink to="/battle">New Battle</ButtonLink>
              </div>
            </section>
          ) : (
            <section className="battle-options panel" aria-label="Actions">
              {frame.playing ? (
                <div className="battle-options__playing">
                  <p className="battle-options__caption" aria-live="polite">
                    {frame.shownEvents.at(-1)?.description ?? '…'}
                  </p>
                  <Button variant="ghost" onClick={skip} data-testid="skip-playback">
                    Skip
                  </Button>
                </div>
              ) : canChoose ? (
                <>
                  <h2 className="battle-options__title">Choose an action</h2>
                  <p className="battle-options__aim muted" data-testid="aim-hint">
                    {aimedUnit
                      ? `Aiming at ${aimedUnit.name} (Lv ${aimedUnit.level} ${aimedUnit.class}, ${aimedUnit.stats.hp}/${aimedUnit.stats.max_hp} HP): tap them again to let each action pick.`
                      : 'Tap a unit to aim at it.'}
                  </p>
                  <div className="battle-options__list">
                    {state.pending_options.map((o) => {
                      // Aimed elsewhere than its own pick: the option as it reads aimed there (the server's figures).
                      const aimedAt =
                        aim !== null && !o.id.endsWith(`:${aim}`)
                          ? o.aims.find((a) => a.target_id === aim)
                          : undefined;
                      const shown = aimedAt ?? o;
                      return (
                        <div key={o.id} className="battle-option-slot">
                          <button
                            type="button"
                            className={`battle-option battle-option--${o.tendency}`}
                            data-option-id={o.id}
                            data-aimed={aimedAt ? true : undefined}
                            disabled={sending !== null}
                            aria-busy={sending === o.id || undefined}
                            onClick={() =>
                              void send(
                                aimedAt
                                  ? { option_id: o.id, target_id: aimedAt.target_id }
                                  : { option_id: o.id },
                                o.id,
                              )
                            }
                          >
                            <span className="battle-option__label">{shown.label}</span>
                            <span className="battle-option__tendency">
                              {TENDENCY_LABEL[o.tendency] ?? o.tendency}
                            </span>
                            <span className="battle-option__detail">{shown.detail}</span>
                          </button>
                          <button
                            type="button"
                            className="battle-option__about"
                            aria-label={`About ${o.label.split(' → ')[0]}`}
                            aria-pressed={sameExplained(explained, { kind: 'option', optionId: o.id })}
                            data-testid="explain-option"
                            onClick={() => toggleExplained({ kind: 'option', optionId: o.id })}
                          >
                            i
                          </button>
                        </div>
                      );
                    })}
                  </div>
                </>
              ) : (
                <p className="battle-options__wait muted" aria-live="polite">
                  {state.auto
                    ? 'Auto is on: the AI commands your heroes.'
                    : actor && !actor.is_ally
                      ? 'The enemy is acting...'
                      : 'Waiting for the next turn...'}
                </p>
              )}
            </section>
          )}
          <BattleLog events={logEvents} />
        </div>
      </div>
      {explained && (
        <ExplainToast
          explained={explained}
          units={units}
          options={state.pending_options}
          events={state.events}
          onClose={() => setExplained(null)}
        />
      )}
    </div>
  );
}
