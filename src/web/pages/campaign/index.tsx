// /campaign — the long climb (issue 30): idle income at the top (components/idle-income.tsx), then the chapter of
// the stage shown, its eight stages as a road (cleared ✓, open, locked), and the stage: its scene, story, recommended
// power beside the team's, its foes, what its first clear pays and what it opens. Pick up to four heroes (the team
// /battle remembers too) to see the win chance and what a win pays each way (GET /api/odds: at once, and turn by
// turn from its least, more the longer it is played), then Fight (turn by turn, on the battle view; a battle in play
// is offered for Resume, and Fight says it ends it) or Quick Battle (the result shown here and brought into view, with
// its replay). State and actions: ./ctrl.ts.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { OddsResponse, StageView } from '../../../api/index.ts';
import { errorText } from '../../api/client.ts';
import { HeroCard, RarityStars } from '../../components/hero-card.tsx';
import { GearDrop } from '../../components/gear-drop.tsx';
import { formatNumber, stageRewardText, wholePercent } from '../../components/format.ts';
import { Icon } from '../../components/icon.tsx';
import { IdleIncome } from '../../components/idle-income.tsx';
import { LockMark } from '../../components/lock-mark.tsx';
import { useInView } from '../../components/use-in-view.ts';
import { Button, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import { WinChance, WinPays } from '../../components/win-chance.tsx';
import { BattleInPlay, endsInPlayTitle } from '../../components/battle-in-play.tsx';
import { useCampaignCtrl, type QuickResult } from './ctrl.ts';
import './campaign.css';

const fmt = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** The chapters' tabs; where they scroll sideways (a phone), the shown chapter's tab is kept in view. */
function ChapterTabs({ shown, children }: { shown: number | undefined; children: React.ReactNode }) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = nav.current;
    const tab = el?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!el || !tab || el.scrollWidth <= el.clientWidth) return;
    el.scrollLeft = tab.offsetLeft - el.offsetLeft - (el.clientWidth - tab.offsetWidth) / 2;
  }, [shown]);
  return (
    <nav ref={nav} className="campaign__chapters" aria-label="Chapters">
      {children}
    </nav>
  );
}

export default function CampaignPage() {
  const ctrl = useCampaignCtrl();
  const { campaign, stage, chapter } = ctrl;
  if (campaign.isPending)
    return (
      <Loading label="Loading the campaign">
        <div className="campaign">
          <Skeleton height={34} width="40%" />
          <Skeleton height={120} radius={12} />
          <Skeleton height={260} radius={12} />
        </div>
      </Loading>
    );
  if (campaign.isError)
    return (
      <section className="campaign">
        <h1>Campaign</h1>
        <ErrorBox>{errorText(campaign.error, 'Failed to load the campaign')}</ErrorBox>
        <Button variant="secondary" onClick={() => void campaign.refetch()}>
          Retry
        </Button>
      </section>
    );
  const data = campaign.data;
  return (
    <section className="campaign">
      <header className="page-head">
        <div>
          <h1>Campaign</h1>
          <p className="muted">
            {data.cleared} of {data.chapters.reduce((n, c) => n + c.stages.length, 0)} stages cleared ·{' '}
            {data.team_power > 0 ? (
              <>
                your strongest four: <strong className="tabular">{fmt(data.team_power)}</strong> power
              </>
            ) : (
              'no heroes to field yet'
            )}
          </p>
        </div>
      </header>
      <IdleIncome idle={data.idle} userId={ctrl.user.id} readAt={ctrl.readAt} />
      <ChapterTabs shown={chapter?.id}>
        {data.chapters.map((c) => {
          const open = c.stages.some((s) => s.status !== 'locked');
          const first = c.stages.find((s) => s.status === 'open') ?? c.stages[0]!;
          return (
            <button
              key={c.id}
              type="button"
              className="campaign__chapter-tab"
              aria-pressed={chapter?.id === c.id}
              disabled={!open}
              title={open ? c.name : 'Clear the chapter before to open it'}
              onClick={() => ctrl.choose(first.id)}
            >
              {c.id}
            </button>
          );
        })}
      </ChapterTabs>
      {chapter && stage && (
        <>
          <div
            className="campaign__chapter"
            style={{ '--scene': `url("${chapter.scene_url}")` } as React.CSSProperties}
          >
            <h2>
              Chapter {chapter.id}: {chapter.name}
            </h2>
            <p>{chapter.story}</p>
          </div>
          <ol className="campaign__road" aria-label={`Stages of chapter ${chapter.id}`}>
            {chapter.stages.map((s) => (
              <li key={s.id}>
                <StageNode s={s} current={s.id === stage.id} onPick={() => ctrl.choose(s.id)} />
              </li>
            ))}
          </ol>
          <StagePanel ctrl={ctrl} stage={stage} />
        </>
      )}
    </section>
  );
}

function StageNode({ s, current, onPick }: { s: StageView; current: boolean; onPick: () => void }) {
  return (
    <button
      type="button"
      className={`stage-node stage-node--${s.status}`}
      aria-current={current ? 'step' : undefined}
      onClick={onPick}
      data-stage={s.id}
      aria-label={`Stage ${s.id} ${s.name}: ${s.status}`}
    >
      <span className="stage-node__id">{s.id}</span>
      <span className="stage-node__mark" aria-hidden="true">
        {s.status === 'cleared' ? (
          <Icon name="check" size={14} />
        ) : s.status === 'locked' ? (
          <LockMark size={14} />
        ) : (
          <Icon name="atk" size={14} />
        )}
      </span>
    </button>
  );
}

/** After a turn-based win's least pay: that it is paid for the time played, and what a minute of play adds. */
const longerPlayNote = (a: OddsResponse) => (
  <span className="win-pays__note muted">
    , more the longer you play
    {a.turn_based_per_minute && ` (+${formatNumber(a.turn_based_per_minute.gold)} gold a minute)`}
  </span>
);

/** Under this chance a stage is a long shot for the team: the stage says how a team grows. */
const GROW_BELOW = 0.4;

/** How a team grows when a stage is out of its reach: more heroes, their training and levels, and gear. */
function GrowHint() {
  return (
    <p className="stage__grow muted" data-testid="grow-hint">
      This stage is beyond your team for now. Make it stronger: <Link to="/create">summon heroes</Link>, train
      and level them on <Link to="/heroes">your heroes</Link>, and buy gear in{' '}
      <Link to="/shop">the shop</Link>.
    </p>
  );
}

function StagePanel({ ctrl, stage }: { ctrl: ReturnType<typeof useCampaignCtrl>; stage: StageView }) {
  const busy = ctrl.starting != null;
  const locked = stage.status === 'locked';
  const why = locked
    ? 'Clear the stage before it first'
    : ctrl.team.length === 0
      ? 'Pick at least one hero'
      : undefined;
  return (
    <article className="stage panel" aria-labelledby="stage-title" data-testid="stage">
      <div className="stage__scene" style={{ backgroundImage: `url("${stage.scene_url}")` }}>
        <div className="stage__scene-text">
          <h2 id="stage-title">
            {stage.id} · {stage.name}
          </h2>
          <p>{stage.story}</p>
        </div>
      </div>
      <dl className="stage__facts">
        <div>
          <dt>Recommended power</dt>
          <dd className="tabular">{fmt(stage.recommended_power)}</dd>
        </div>
        <div>
          <dt>Foes</dt>
          <dd className="stage__foes">
            {stage.enemies.map((e, i) => (
              <span key={i} className="stage__foe">
                Lv {e.level} <RarityStars rarity={e.rarity} size={11} />
                {e.training > 0 && <span className="stage__foe-training"> · trained {e.training}</span>}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>First clear</dt>
          <dd>
            {stage.first_clear_paid ? (
              <span className="muted">Paid ✓</span>
            ) : (
              stageRewardText(stage.first_clear)
            )}
          </dd>
        </div>
        {stage.unlocks.length > 0 && (
          <div>
            <dt>Opens</dt>
            <dd>{stage.unlocks.map((u) => u.name).join(', ')}</dd>
          </div>
        )}
      </dl>
      {locked ? (
        <p className="stage__locked" role="status">
          {why}
        </p>
      ) : (
        <>
          <h3 className="stage__team-title">Your team</h3>
          {ctrl.heroes.data && ctrl.heroes.data.length === 0 ? (
            <p className="muted">
              You have no heroes yet: <Link to="/create">summon one</Link>.
            </p>
          ) : (
            <div className="stage__team" role="group" aria-label="Your heroes">
              {(ctrl.heroes.data ?? []).map((h) => (
                <HeroCard
                  key={h.id}
                  hero={h}
                  size="x-small"
                  selected={ctrl.team.includes(h.id)}
                  onClick={() => ctrl.toggle(h.id)}
                />
              ))}
            </div>
          )}
          <div className="stage__odds">
            <WinChance odds={ctrl.odds} idle="Pick your team to see your chance" />
            {ctrl.oddsQuery && (
              <div className="stage__pays">
                <WinPays odds={ctrl.odds} label="Quick Battle, at once:" name="quick" />
                <WinPays
                  odds={ctrl.odds}
                  label="Fight, turn by turn: from"
                  rewards={(a) => a.win_rewards_turn_based}
                  note={longerPlayNote}
                  name="turn_based"
                />
              </div>
            )}
          </div>
          {ctrl.odds.answer && ctrl.odds.answer.probability < GROW_BELOW && <GrowHint />}
          <BattleInPlay inPlay={ctrl.inPlay} action="Fight" className="stage__in-play" />
          <div className="stage__actions">
            <Button
              onClick={() => ctrl.begin('turn_based')}
              disabled={busy || !!why}
              busy={ctrl.starting === 'turn_based'}
              busyText="Starting..."
              title={why ?? endsInPlayTitle(ctrl.inPlay) ?? 'Command your heroes turn by turn'}
            >
              Fight
            </Button>
            <Button
              variant="secondary"
              onClick={() => ctrl.begin('auto')}
              disabled={busy || !!why}
              busy={ctrl.starting === 'auto'}
              busyText="Battling..."
              title={why ?? 'Resolve the battle at once'}
            >
              Quick Battle
            </Button>
          </div>
        </>
      )}
      {ctrl.error && <ErrorBox onDismiss={ctrl.dismissError}>{ctrl.error}</ErrorBox>}
      {ctrl.result && (
        <QuickOutcome
          r={ctrl.result}
          userId={ctrl.user.id}
          heroId={ctrl.team[0]}
          next={ctrl.nextOpen && { id: ctrl.nextOpen.id, go: () => ctrl.choose(ctrl.nextOpen!.id) }}
        />
      )}
    </article>
  );
}

function QuickOutcome({
  r,
  userId,
  heroId,
  next,
}: {
  r: QuickResult;
  userId: string;
  heroId: string | undefined;
  next: { id: string; go: () => void } | null;
}) {
  const won = r.status === 'won';
  // Brought into view as it lands: it shows below the buttons, on a phone below the fold.
  const ref = useRef<HTMLElement>(null);
  useInView(ref, r.battle_id);
  return (
    <section
      ref={ref}
      className={`stage__result stage__result--${r.status}`}
      role="status"
      data-testid="stage-result"
    >
      <h3 className="stage__result-title">{won ? 'VICTORY!' : 'DEFEAT'}</h3>
      <p className="muted">
        Win chance {wholePercent(r.probability)}% · {r.location}
      </p>
      {won && (
        <p>
          Rewards: {fmt(r.rewards.gold)} gold, {fmt(r.rewards.xp_per_hero)} xp per hero,{' '}
          {fmt(r.rewards.magic_essence)} essence
        </p>
      )}
      {r.campaign?.first_clear && (
        <p className="stage__first-clear" data-testid="first-clear">
          First clear: {stageRewardText(r.campaign.first_clear)}
        </p>
      )}
      {r.campaign?.gear_drop && <GearDrop itemId={r.campaign.gear_drop} userId={userId} heroId={heroId} />}
      <div className="stage__result-actions">
        {next && <Button onClick={next.go}>Next stage: {next.id}</Button>}
        <Link to={`/replay/${encodeURIComponent(r.battle_id)}`}>Watch replay</Link>
      </div>
    </section>
  );
}
