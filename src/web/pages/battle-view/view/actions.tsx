// The battle view's action column: the result once the battle is over and its playback done, else the playing
// event with Skip, the options on an ally's turn (aimed or each with its own target, each with its 'i'), or what the
// battle waits for. Renders from the controller (../ctrl.ts).
import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ui.tsx';
import { RewardsList, WatchReplay } from '../../../components/battle-result.tsx';
import { GearDrop } from '../../../components/gear-drop.tsx';
import { stageRewardText } from '../../../components/format.ts';
import { Moment } from '../../../components/moment.tsx';
import { PlayingCaption } from '../../../components/battle-stage-parts.tsx';
import { sameExplained } from '../../../components/battle-explain.tsx';
import type { BattleViewCtrl, Board } from '../ctrl.ts';

const HEADLINE: Record<string, string> = { won: 'Victory!', lost: 'Defeat', draw: 'Draw' };
const TENDENCY_LABEL: Record<string, string> = {
  aggressive: 'Aggressive',
  defensive: 'Defensive',
  supportive: 'Supportive',
  tactical: 'Tactical',
};

/** What a dungeon floor's battle did to its run, in words (a cleared dungeon as a moment). */
function RunOutcome({ state }: { state: Board['state'] }) {
  const d = state.dungeon;
  if (!d) return null;
  if (state.clear_bonus)
    return (
      <Moment kind="cleared" title="Dungeon cleared!">
        {state.location} is conquered: the clear bonus is in your rewards.
      </Moment>
    );
  return (
    <p className="battle-result__run" data-testid="run-outcome">
      {state.status === 'won'
        ? `Floor ${d.floor} of ${d.floors} won: your run waits at floor ${d.floor + 1}.`
        : 'Your team was driven back: the run has ended.'}
    </p>
  );
}

export function BattleResultPanel({ board: { state }, userId }: { board: Board; userId: string }) {
  const actions = useRef<HTMLDivElement>(null);
  // On a phone the panel comes below the battlefield, its buttons under the fixed bottom bar: they are brought into
  // view when the result shows (the page's scroll-padding keeps them clear of the bar; nothing moves if in view).
  useEffect(() => {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    actions.current?.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, []);
  const d = state.dungeon;
  // a campaign stage's drop, or a cleared dungeon run's (a boss floor fought turn by turn)
  const drop = state.campaign?.gear_drop ?? state.gear_drop;
  return (
    <section
      className={`battle-result panel battle-result--${state.status}`}
      data-testid="battle-result"
      aria-live="polite"
    >
      <h2 className="battle-result__headline">{HEADLINE[state.status] ?? 'Draw'}</h2>
      <RunOutcome state={state} />
      {state.status === 'won' && (
        <p className="battle-result__note">Gold and XP rewards have been distributed to your heroes</p>
      )}
      {state.status === 'won' && state.rewards && (
        <RewardsList result={{ status: 'won', rewards: state.rewards, level_ups: state.level_ups }} />
      )}
      {state.campaign?.first_clear && (
        <p className="battle-result__first-clear" data-testid="first-clear">
          First clear: {stageRewardText(state.campaign.first_clear)}
        </p>
      )}
      {drop && <GearDrop itemId={drop} userId={userId} heroId={state.allies[0]?.id} />}
      <WatchReplay battleId={state.battle_id} />
      <div className="battle-result__actions" ref={actions}>
        <ButtonLink to="/heroes" variant="secondary">
          View Heroes
        </ButtonLink>
        {d ? (
          <ButtonLink to={`/dungeons/${encodeURIComponent(d.dungeon_id)}`}>
            Back to {state.location}
          </ButtonLink>
        ) : state.campaign ? (
          // a stage fought turn by turn goes back to the campaign (its next stage shown once this one is cleared),
          // not to the team-battle picker
          <ButtonLink to="/campaign">Back to Campaign</ButtonLink>
        ) : (
          <ButtonLink to="/battle">New Battle</ButtonLink>
        )}
      </div>
    </section>
  );
}

export function BattleOptions({ ctrl, board }: { ctrl: BattleViewCtrl; board: Board }) {
  const { frame, sending, explained } = ctrl;
  const { state, actor, aim, aimedUnit } = board;
  return (
    <section className="battle-options panel" aria-label="Actions">
      {frame.playing ? (
        <PlayingCaption caption={frame.shownEvents.at(-1)?.description} onSkip={ctrl.skip} />
      ) : board.canChoose ? (
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
                      ctrl.send(
                        aimedAt ? { option_id: o.id, target_id: aimedAt.target_id } : { option_id: o.id },
                        o.id,
                      )
                    }
                  >
                    <span className="battle-option__label">{shown.label}</span>
                    <span className="battle-option__tendency">
                      {TENDENCY_LABEL[o.tendency] ?? o.tendency}
                    </span>
                    <span className="battle-option__detail" title={shown.detail}>
                      {shown.detail}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="battle-option__about"
                    aria-label={`About ${o.label.split(' → ')[0]}`}
                    aria-pressed={sameExplained(explained, { kind: 'option', optionId: o.id })}
                    data-testid="explain-option"
                    onClick={() => ctrl.toggleExplained({ kind: 'option', optionId: o.id })}
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
  );
}
