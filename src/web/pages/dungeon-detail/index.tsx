// /dungeons/{dungeonId} — one dungeon: art and difficulty, name, 'Level N Recommended', the enemy
// count, 'Nx Gold', description; Enter Dungeon opens the team picker, starts a run and shows its first battle
// inline (components/battle-result.tsx) with Next floor (while the run goes on), Fight Again (reopens the picker
// for a new run from floor 1) and Back to Dungeons, each saying under it what it does; an active run in this
// dungeon offers Continue Run. The picker says
// which run a new start ends; a floor fought meanwhile elsewhere shows the run as it is now
// (components/dungeon-run.tsx). Before the boss the run also offers to fight it turn by turn
// (components/boss-floor.tsx). The Dungeon Enemies list links to /heroes/{npcId}. State and fights: ./ctrl.ts.
// List page: pages/dungeons.
import { Link } from 'react-router';
import { errorText, isNotFound } from '../../api/client.ts';
import { isWin } from '../../api/battle-hooks.ts';
import { FightResultPanel } from '../../components/battle-result.tsx';
import { BossTurnByTurn } from '../../components/boss-floor.tsx';
import {
  CaptionedAction,
  NEW_RUN_TEXT,
  RunMoment,
  RunNotice,
  nextFloorText,
  runEndsText,
  runPlaceText,
} from '../../components/dungeon-run.tsx';
import { TierChooser } from './tiers.tsx';
import { GearDrop } from '../../components/gear-drop.tsx';
import { HeroCard } from '../../components/hero-card.tsx';
import { TeamPicker } from '../../components/team-picker.tsx';
import { clearBonusNote, LongShotPrompt, WinChance, WinPays } from '../../components/win-chance.tsx';
import { Button, ButtonLink, DifficultyBadge, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import { usePhone } from '../../components/use-media.ts';
import { multiplierText } from '../dungeons/index.tsx';
import { useDungeonDetailCtrl } from './ctrl.ts';
import '../dungeons/dungeons.css';
import './dungeon-detail.css';

export default function DungeonDetailPage() {
  const ctrl = useDungeonDetailCtrl();
  const { dungeon, result, runNow, activeHere, nextOdds, longShot, entering, fightOn, openPicker } = ctrl;
  const phone = usePhone();

  if (dungeon.isPending) {
    return (
      <Loading label="Loading dungeon">
        <div className="dungeon-detail">
          <Skeleton height={220} radius={16} />
          <Skeleton height={28} width="50%" />
          <Skeleton height={60} />
        </div>
      </Loading>
    );
  }
  if (dungeon.isError) {
    return (
      <section className="dungeon-detail">
        <Link to="/dungeons" className="back-link">
          ← Dungeons
        </Link>
        <ErrorBox>
          {isNotFound(dungeon.error)
            ? 'Dungeon not found'
            : errorText(dungeon.error, 'Failed to fetch dungeon')}
        </ErrorBox>
        <ButtonLink to="/dungeons" variant="secondary">
          Back to Dungeons
        </ButtonLink>
      </section>
    );
  }
  const d = dungeon.data;

  return (
    <section className="dungeon-detail" data-dungeon-id={d.id}>
      <Link to="/dungeons" className="back-link">
        ← Dungeons
      </Link>
      <header className={`dungeon-hero dungeon-card--${d.difficulty}`}>
        <img className="dungeon-hero__art" src={d.image_url} alt="" />
        <div className="dungeon-hero__text">
          <DifficultyBadge difficulty={d.difficulty} />
          <h1 className="dungeon-hero__name">{d.name}</h1>
          <p className="dungeon-hero__facts tabular">
            <span>Level {d.level_recommendation} Recommended</span>
            <span aria-hidden="true">·</span>
            <span>
              {d.npc_count} {d.npc_count === 1 ? 'Enemy' : 'Enemies'}
            </span>
            <span aria-hidden="true">·</span>
            <span className="dungeon-hero__gold">{multiplierText(d.rewards_multiplier)} Gold</span>
          </p>
        </div>
      </header>
      <p className="dungeon-detail__desc">{d.description}</p>
      {ctrl.error && <ErrorBox onDismiss={ctrl.dismissError}>{ctrl.error}</ErrorBox>}
      {ctrl.notice && <RunNotice onDismiss={ctrl.dismissNotice}>{ctrl.notice}</RunNotice>}

      {!runNow && (
        <TierChooser
          tiers={d.tiers}
          mine={ctrl.mine}
          chosen={ctrl.tier}
          onChoose={ctrl.chooseTier}
          odds={ctrl.tierOdds}
        />
      )}

      <div ref={ctrl.resultRef}>
        {result && runNow ? (
          <FightResultPanel
            result={result}
            heading={
              <>
                <p className="dungeon-detail__place" data-testid="run-place">
                  {runPlaceText(runNow)}
                </p>
                <p className="dungeon-detail__floor muted">
                  {result.run.status === 'cleared'
                    ? 'Dungeon cleared!'
                    : result.run.status === 'failed'
                      ? 'Your team was driven back.'
                      : `Floor ${result.run.floor - 1} of ${result.run.floors} won`}
                </p>
              </>
            }
            moment={<RunMoment run={result.run} won={isWin(result.status)} place={d.name} />}
            details={
              result.gear_drop && (
                <GearDrop
                  itemId={result.gear_drop}
                  userId={ctrl.userId}
                  heroId={result.run.team_hero_ids[0]}
                />
              )
            }
          >
            <LongShotPrompt longShot={longShot} />
            {runNow.status === 'active' && <WinChance odds={nextOdds} className="dungeon-detail__odds" />}
            {runNow.status === 'active' && <WinPays odds={nextOdds} note={clearBonusNote} />}
            <BossTurnByTurn run={runNow} userId={ctrl.userId} />
            {runNow.status === 'active' && (
              <CaptionedAction caption={nextFloorText(runNow)}>
                {(describedBy) => (
                  <Button
                    onClick={() => void fightOn(runNow)}
                    busy={entering === 'fight'}
                    busyText="Battling..."
                    disabled={!!entering}
                    aria-describedby={describedBy}
                    data-testid="next-floor"
                  >
                    Next floor
                  </Button>
                )}
              </CaptionedAction>
            )}
            <CaptionedAction
              caption={
                runNow.status === 'active' ? (
                  <>
                    {NEW_RUN_TEXT}
                    <span className="captioned__warn">{runEndsText(runNow)}</span>
                  </>
                ) : (
                  NEW_RUN_TEXT
                )
              }
            >
              {(describedBy) => (
                <Button
                  variant={runNow.status === 'active' ? 'secondary' : 'primary'}
                  onClick={openPicker}
                  busy={entering === 'enter'}
                  busyText="Battling..."
                  disabled={!!entering}
                  aria-describedby={describedBy}
                  data-testid="fight-again"
                >
                  Fight Again
                </Button>
              )}
            </CaptionedAction>
            <CaptionedAction
              caption={
                runNow.status === 'active'
                  ? `Your run waits at floor ${runNow.floor} of ${runNow.floors}`
                  : 'Choose another dungeon'
              }
            >
              {(describedBy) => (
                <ButtonLink to="/dungeons" variant="secondary" aria-describedby={describedBy}>
                  Back to Dungeons
                </ButtonLink>
              )}
            </CaptionedAction>
          </FightResultPanel>
        ) : activeHere ? (
          <section className="dungeon-run-panel panel" data-testid="active-run">
            <p className="dungeon-detail__place" data-testid="run-place">
              {runPlaceText(activeHere)}
            </p>
            <p className="dungeon-run-panel__state">
              Your run is under way:{' '}
              <strong className="tabular">
                {activeHere.floor - 1} of {activeHere.floors} floors won
              </strong>
              .
            </p>
            <WinChance odds={nextOdds} className="dungeon-detail__odds" />
            <WinPays odds={nextOdds} note={clearBonusNote} />
            <LongShotPrompt longShot={longShot} />
            <BossTurnByTurn run={activeHere} userId={ctrl.userId} />
            <div className="dungeon-run-panel__actions">
              <CaptionedAction caption={nextFloorText(activeHere)}>
                {(describedBy) => (
                  <Button
                    onClick={() => void fightOn(activeHere)}
                    busy={entering === 'fight'}
                    disabled={!!entering}
                    busyText="Battling..."
                    aria-describedby={describedBy}
                  >
                    Continue Run
                  </Button>
                )}
              </CaptionedAction>
              <CaptionedAction caption={NEW_RUN_TEXT}>
                {(describedBy) => (
                  <Button
                    variant="secondary"
                    onClick={openPicker}
                    busy={entering === 'enter'}
                    busyText="Battling..."
                    disabled={!!entering}
                    aria-describedby={describedBy}
                  >
                    Enter Dungeon
                  </Button>
                )}
              </CaptionedAction>
            </div>
          </section>
        ) : (
          <CaptionedAction caption={`A run of ${d.floors} floors, the boss last`}>
            {(describedBy) => (
              <Button
                block
                onClick={openPicker}
                busy={!!entering}
                busyText="Battling..."
                className="dungeon-detail__enter"
                aria-describedby={describedBy}
              >
                Enter Dungeon
              </Button>
            )}
          </CaptionedAction>
        )}
      </div>

      <section className="dungeon-enemies" aria-labelledby="dungeon-enemies">
        <h2 id="dungeon-enemies">Dungeon Enemies</h2>
        {d.npcs.length === 0 ? (
          <p className="empty-state panel">No enemies in this dungeon</p>
        ) : (
          <div className="card-grid">
            {d.npcs.map((n) => (
              <HeroCard
                key={n.id}
                hero={n}
                size={phone ? 'x-small' : 'tiny'}
                label={`NPC: ${n.name}`}
                to={`/heroes/${encodeURIComponent(n.id)}`}
              />
            ))}
          </div>
        )}
      </section>

      {ctrl.picking && (
        <TeamPicker
          variant="detail"
          {...ctrl.picker}
          onCancel={ctrl.stopPicking}
          odds={{ userId: ctrl.userId, dungeonId: d.id, tier: ctrl.tier }}
          onConfirm={ctrl.enter}
        />
      )}
    </section>
  );
}
