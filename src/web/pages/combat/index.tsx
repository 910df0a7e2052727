// /combat — the battle result screen: query battleId, location ('Unknown'), locationType (dungeon |
// arena | random, default random), returnTo (/map), dungeonRunId, attackerId, opponentId, teamHeroIds (JSON
// list); without a battleId, the result passed in navigation state; without either, 'No battle data provided'.
// Shows VICTORY!/DEFEAT, Win Chance, Roll Needed, You Rolled, the chance bar, the story, rewards and level-ups;
// Back and Fight Again (the page's own checks first), each saying under it what it does. Fight Again first shows the next fight
// — who, their levels, its win chance and what a win pays (GET /api/odds) — and fights on a second tap (Fight): a
// dungeon run that goes on names it Next floor ('Floor 5 of 5 — the boss'), a finished one Fight Again ('New run
// from floor 1');
// a floor fought meanwhile elsewhere shows the run as it is now (components/dungeon-run.tsx); before the boss, it may
// be fought turn by turn instead (components/boss-floor.tsx).
// Scene art by location (components/battle-scene.ts). State and Fight Again: ./ctrl.ts.
import {
  BattleNarrative,
  ChanceBar,
  RewardsList,
  StakeLost,
  WatchReplay,
} from '../../components/battle-result.tsx';
import { sceneUrl } from '../../components/battle-scene.ts';
import { BossTurnByTurn } from '../../components/boss-floor.tsx';
import { CaptionedAction, RunNotice, RunMoment, runStateText } from '../../components/dungeon-run.tsx';
import { useEffect, useRef } from 'react';
import { errorText } from '../../api/client.ts';
import type { OddsView } from '../../api/hooks.ts';
import { wholePercent } from '../../components/format.ts';
import { GearDrop } from '../../components/gear-drop.tsx';
import { HeroCard } from '../../components/hero-card.tsx';
import { Button, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import {
  clearBonusNote,
  LONG_SHOT,
  repeatWinNote,
  WinChance,
  WinPays,
} from '../../components/win-chance.tsx';
import { useCombatCtrl, type CombatCtrl } from './ctrl.ts';
import '../../components/battle-result.css';
import './combat.css';

function BattleError({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <section className="combat-error panel" data-testid="battle-error">
      <h1>Battle Error</h1>
      <ErrorBox>{message}</ErrorBox>
      <Button onClick={onBack}>Go Back</Button>
    </section>
  );
}

/**
 * The fight Fight Again would fight, shown before it is: where, who (their cards, levels on them), the chance and
 * what a win pays — the server's, for the heroes as they are now, or 'computing…' — then Fight (Fight anyway for a
 * long shot) or Not now. Fight never waits for the numbers.
 */
function NextFight({ ctrl, odds }: { ctrl: CombatCtrl; odds: OddsView }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const a = odds.answer;
  const longShot = a !== null && a.probability < LONG_SHOT;
  return (
    <section className="next-fight" ref={ref} aria-labelledby="next-fight-title" data-testid="next-fight">
      <h2 id="next-fight-title" className="next-fight__title">
        Next fight{' '}
        <span className="muted" data-testid="next-fight-where">
          · {a ? a.location : ctrl.nextTitle}
          {a?.tier !== undefined && ` · tier ${a.tier}`}
          {a?.floor !== undefined && ` · floor ${a.floor} of ${a.floors}${a.boss_floor ? ', the boss' : ''}`}
        </span>
      </h2>
      <div className="next-fight__foes" role="group" aria-label="Who you will face">
        {a ? (
          a.enemies.map((e) => (
            <HeroCard
              key={e.id}
              hero={e}
              size="x-small"
              label={e.id.startsWith('npc_') ? `NPC: ${e.name}` : undefined}
            />
          ))
        ) : odds.state === 'failed' ? (
          <p className="muted">{errorText(odds.error, 'Could not read the next fight')}</p>
        ) : (
          [0, 1].map((i) => <Skeleton key={i} width={150} height={215} radius={12} />)
        )}
      </div>
      <div className="next-fight__numbers">
        <WinChance odds={odds} />
        <WinPays odds={odds} note={(x) => (x.kind === 'arena' ? repeatWinNote(x) : clearBonusNote(x))} />
      </div>
      <div className="next-fight__actions">
        <Button variant="secondary" onClick={ctrl.closeNext}>
          Not now
        </Button>
        <Button
          variant={longShot ? 'danger' : 'primary'}
          onClick={ctrl.fight}
          busy={ctrl.fighting}
          busyText="Battling..."
          data-testid="fight-confirm"
          title={
            a
              ? `Fight at ${wholePercent(a.probability)}% to win`
              : 'Fight now: the chance is still being computed'
          }
        >
          {longShot ? 'Fight anyway' : 'Fight'}
        </Button>
      </div>
    </section>
  );
}

export default function CombatPage() {
  const ctrl = useCombatCtrl();
  const { p, result, run, won, figures, shownFigures, goBack } = ctrl;
  const sceneStyle = { '--scene': `url("${sceneUrl(ctrl.theme)}")` } as React.CSSProperties;

  if (ctrl.battleError) return <BattleError message={ctrl.battleError} onBack={goBack} />;
  if (!result || !figures || !shownFigures) {
    return (
      <Loading label="Loading battle result">
        <div className="combat" style={sceneStyle}>
          <Skeleton height={220} radius={16} />
          <Skeleton height={90} />
          <Skeleton height={120} />
        </div>
      </Loading>
    );
  }
  const [chance, needed, rolled] = shownFigures;
  const { text: fightAgainText, ends } = ctrl.fightAgainCaption;

  return (
    <div
      className={`combat combat--${won ? 'won' : 'lost'}`}
      style={sceneStyle}
      data-theme={ctrl.theme}
      data-location-type={p.locationType}
      data-outcome={won ? 'won' : 'lost'}
    >
      <header className="combat__hero">
        <p className="combat__location" data-testid="combat-location">
          {p.location}
        </p>
        {run && (
          <p className="combat__tier" data-testid="run-tier">
            Tier {run.tier}
          </p>
        )}
        <h1 className="combat__headline">{won ? 'VICTORY!' : 'DEFEAT'}</h1>
        {run && (
          <p className="combat__run" data-testid="run-state">
            {runStateText(run)}
          </p>
        )}
      </header>
      <section className="combat__body panel">
        <dl className="combat-stats tabular">
          <div>
            <dt>Win Chance</dt>
            <dd data-testid="win-chance">{chance}%</dd>
          </div>
          <div>
            <dt>Roll Needed</dt>
            <dd data-testid="roll-needed">&gt;{needed}</dd>
          </div>
          <div>
            <dt>You Rolled</dt>
            <dd data-testid="you-rolled">{rolled}</dd>
          </div>
        </dl>
        <ChanceBar figures={figures} won={won} />
        {run && <RunMoment run={run} won={won} place={p.location} />}
        <BattleNarrative result={result} />
        <WatchReplay battleId={result.battle_id} />
        {won && (
          <RewardsList
            result={{
              ...result,
              rewards: { gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0, ...result.rewards },
            }}
            title="Rewards"
            all
          />
        )}
        <StakeLost result={result} />
        {won && result.gear_drop && (
          <GearDrop itemId={result.gear_drop} userId={ctrl.userId} heroId={run?.team_hero_ids[0]} />
        )}
        {ctrl.notice && <RunNotice onDismiss={ctrl.dismissNotice}>{ctrl.notice}</RunNotice>}
        {run && <BossTurnByTurn run={run} userId={ctrl.userId} />}
        {ctrl.next ? (
          <NextFight ctrl={ctrl} odds={ctrl.next} />
        ) : (
          <div className="combat__actions">
            <CaptionedAction caption={ctrl.backCaption}>
              {(describedBy) => (
                <Button variant="secondary" onClick={goBack} aria-describedby={describedBy}>
                  Back
                </Button>
              )}
            </CaptionedAction>
            <CaptionedAction
              caption={
                ends ? (
                  <>
                    {fightAgainText}
                    <span className="captioned__warn">{ends}</span>
                  </>
                ) : (
                  fightAgainText
                )
              }
            >
              {(describedBy) => (
                <Button
                  onClick={ctrl.fightAgain}
                  busy={ctrl.fighting}
                  busyText="Battling..."
                  disabled={ctrl.readingRun}
                  aria-describedby={describedBy}
                  data-testid="fight-again"
                >
                  {ctrl.fightAgainLabel}
                </Button>
              )}
            </CaptionedAction>
          </div>
        )}
      </section>
    </div>
  );
}
