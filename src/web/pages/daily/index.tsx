// /daily — the day's layer (issue "Every day worth a visit"): the day's name (the date it began on in the player's
// zone; a new account's first day said so), when it resets (a countdown and the local time),
// the three quests with their progress and Claim, the bonus for all three, and the 7-day login calendar, all shown
// in advance and drawn to fit a phone's first screen. Unfinished quests lapse at the reset with nothing lost; the
// calendar never goes back. Controller: ./ctrl.ts; shared pieces: components/daily.tsx.
import { Link } from 'react-router';
import type { DailyQuest } from '../../../api/daily.ts';
import { CalendarDays, ResetLine, RewardChips } from '../../components/daily.tsx';
import { dayTitle, earlierDay } from '../../components/daily-text.ts';
import { Icon } from '../../components/icon.tsx';
import { Button, ErrorBanner, RetryPanel, Skeleton, SuccessBanner } from '../../components/ui.tsx';
import { errorText } from '../../api/client.ts';
import { useDailyCtrl } from './ctrl.ts';
import './daily.css';

export default function DailyPage() {
  const c = useDailyCtrl();
  const { day } = c;
  if (c.daily.isError && !day)
    return (
      <div className="daily">
        <h1>Daily</h1>
        <RetryPanel
          message={errorText(c.daily.error, 'Failed to load your day')}
          onRetry={() => void c.daily.refetch()}
        />
      </div>
    );
  if (!day || c.left === null)
    return (
      <div className="daily" aria-busy="true">
        <h1>Daily</h1>
        <Skeleton height={240} />
        <Skeleton height={150} />
      </div>
    );
  const done = day.quests.filter((q) => q.progress >= q.goal).length;
  const nextReward = day.calendar.days[day.calendar.next_day - 1]!;
  return (
    <div className="daily">
      <header className="daily__head">
        <div className="daily__name">
          <h1>Daily</h1>
          {/* The day's name: the local date it began on in the player's zone, as the server names it. */}
          <time className="daily__day" dateTime={day.period} data-testid="daily-day">
            {dayTitle(day.period)}
            {day.first_day && <span className="daily__first">· your first day</span>}
          </time>
        </div>
        <ResetLine day={day} left={c.left} />
      </header>
      {c.error && <ErrorBanner onDismiss={c.dismissError}>{c.error}</ErrorBanner>}
      {c.paid && (
        <SuccessBanner key={c.paid.key} onDone={c.paidShown} toast>
          {c.paid.text}
        </SuccessBanner>
      )}

      {day.waiting.length > 0 && (
        <section
          className="daily__panel daily__waiting"
          aria-labelledby="waiting-title"
          data-testid="daily-waiting"
        >
          <h2 id="waiting-title" className="daily__title">
            <Icon name="chest" size={18} /> Earned earlier
            <span className="daily__count">kept 7 days</span>
          </h2>
          <ul className="plain-list">
            {day.waiting.map((w) => (
              <li key={w.id} className="raised-row quest quest--complete" data-waiting={w.id}>
                <div className="quest__body">
                  <span className="quest__text">{w.text}</span>
                  <span className="quest__progress">Done {earlierDay(w.period, day.period)}</span>
                  <RewardChips reward={w.reward} small />
                </div>
                <ClaimButton
                  claimed={false}
                  ready
                  pending={c.pending === w.id}
                  busy={c.busy}
                  why=""
                  label="Claim"
                  name={`Claim ${w.text}, from ${earlierDay(w.period, day.period)}`}
                  onClaim={() => c.claim(w.id, w.text)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="daily__panel" aria-labelledby="quests-title">
        <h2 id="quests-title" className="daily__title">
          <Icon name="quest" size={18} /> Today's quests
          <span className="daily__count tabular">
            {done}/{day.quests.length}
          </span>
        </h2>
        <ul className="plain-list" data-testid="daily-quests">
          {day.quests.map((q) => (
            <QuestRow
              key={q.id}
              quest={q}
              pending={c.pending === q.id}
              busy={c.busy}
              onClaim={() => c.claim(q.id, q.text)}
            />
          ))}
        </ul>
        <div className={`bonus${day.bonus.claimed ? ' bonus--claimed' : ''}`} data-testid="daily-bonus">
          <Icon name="chest" size={22} className="bonus__icon" />
          <span className="bonus__text">
            <span>All three done</span>
            <RewardChips reward={day.bonus.reward} small />
          </span>
          <ClaimButton
            claimed={day.bonus.claimed}
            ready={day.bonus.available}
            pending={c.pending === 'bonus'}
            busy={c.busy}
            why={`Finish all ${day.quests.length} quests first`}
            label="Claim bonus"
            onClaim={() => c.claim('bonus', 'Daily bonus')}
          />
        </div>
      </section>

      <section className="daily__panel" aria-labelledby="calendar-title">
        <h2 id="calendar-title" className="daily__title">
          <Icon name="calendar" size={18} /> Login calendar
        </h2>
        <CalendarDays calendar={day.calendar} />
        <div className="calendar-claim">
          <p className="calendar-claim__note muted">
            {day.calendar.available
              ? `Day ${day.calendar.next_day} is ready. A missed day never resets it.`
              : `Day ${day.calendar.next_day} unlocks at the next reset. A missed day never resets it.`}
          </p>
          <ClaimButton
            claimed={!day.calendar.available}
            ready={day.calendar.available}
            pending={c.pending === 'calendar'}
            busy={c.busy}
            why="Claimed today"
            label={`Claim day ${day.calendar.next_day}`}
            claimedLabel="Claimed"
            onClaim={() => c.claim('calendar', `Calendar day ${nextReward.day}`)}
          />
        </div>
      </section>
      <p className="daily__more muted">
        Unfinished quests lapse at the reset; a finished one waits 7 days to be claimed. Nothing is lost by
        skipping a day. Change when your day starts on your <Link to="/profile">profile</Link>.
      </p>
    </div>
  );
}

function QuestRow({
  quest: q,
  pending,
  busy,
  onClaim,
}: {
  quest: DailyQuest;
  pending: boolean;
  busy: boolean;
  onClaim: () => void;
}) {
  const complete = q.progress >= q.goal;
  return (
    <li
      className={`raised-row quest${complete ? ' quest--complete' : ''}${q.claimed ? ' quest--claimed' : ''}`}
      data-kind={q.kind}
    >
      <div className="quest__body">
        <span className="quest__text">{q.text}</span>
        <span className="quest__meter">
          <progress
            className="quest__bar"
            max={q.goal}
            value={q.progress}
            aria-label={`${q.text}: progress`}
          />
          <span className="quest__progress tabular" data-testid="quest-progress">
            {q.progress} / {q.goal} {q.unit}
          </span>
        </span>
        <RewardChips reward={q.reward} small />
      </div>
      <ClaimButton
        claimed={q.claimed}
        ready={complete}
        pending={pending}
        busy={busy}
        why={`${q.progress} / ${q.goal} ${q.unit}: not done yet`}
        label="Claim"
        onClaim={onClaim}
        name={`Claim ${q.text}`}
      />
    </li>
  );
}

function ClaimButton(p: {
  claimed: boolean;
  ready: boolean;
  pending: boolean;
  /** another claim is under way */
  busy: boolean;
  why: string;
  label: string;
  claimedLabel?: string;
  name?: string;
  onClaim: () => void;
}) {
  if (p.claimed)
    return (
      <span className="claimed" data-testid="claimed">
        <Icon name="check" size={16} /> {p.claimedLabel ?? 'Claimed'}
      </span>
    );
  return (
    <Button
      className="claim-btn"
      variant={p.ready ? 'primary' : 'secondary'}
      disabled={!p.ready || (p.busy && !p.pending)}
      title={!p.ready ? p.why : p.busy && !p.pending ? 'Another claim is under way' : undefined}
      aria-label={p.name}
      busy={p.pending}
      busyText="Claiming..."
      onClick={p.onClaim}
    >
      {p.label}
    </Button>
  );
}
