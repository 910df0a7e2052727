// The daily layer's pieces shared by the map's strip (DailyStrip) and the /daily screen: the countdown to the reset
// ('Resets in 5 h 12 min, at 04:00 Europe/Berlin', counted from the server's own instant so a wrong device clock
// cannot skew it), the 7-day login calendar and reward chips. Words: ./daily-text.ts; data: GET /api/daily.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { DailyResponse, DailyReward } from '../../api/daily.ts';
import { queryKeys, useDaily } from '../api/hooks.ts';
import { Icon } from './icon.tsx';
import { formatCompact, formatNumber } from './format.ts';
import { claimable, dayLabel, localResetTime, rewardLongText, rewardParts, untilText } from './daily-text.ts';
import './daily.css';

/**
 * Milliseconds to the day's reset, kept current (every 15 s, and at the reset itself), from the server's instant
 * (`day.now`, read at `fetchedAt` on this device's clock). At the reset the day is read again.
 */
export function useUntilReset(
  userId: string,
  day: DailyResponse | undefined,
  fetchedAt: number,
): number | null {
  const client = useQueryClient();
  const [clientNow, setClientNow] = useState(() => Date.now());
  const left = day ? Date.parse(day.resets_at) - (clientNow + Date.parse(day.now) - fetchedAt) : null;
  useEffect(() => {
    const tick = setInterval(() => setClientNow(Date.now()), 15_000);
    return () => clearInterval(tick);
  }, []);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      void client.invalidateQueries({ queryKey: queryKeys.daily(userId) });
      return;
    }
    // Wake at the reset itself, not up to a tick after it.
    const atReset = setTimeout(() => setClientNow(Date.now()), left + 250);
    return () => clearTimeout(atReset);
  }, [left, client, userId]);
  return left === null ? null : Math.max(0, left);
}

/** 'Resets in 5 h 12 min, at 04:00 Europe/Berlin' — the countdown and the local time, in one line. */
export function ResetLine({ day, left }: { day: DailyResponse; left: number }) {
  return (
    <p className="reset-line" data-testid="daily-reset">
      <Icon name="hourglass" size={16} />
      <span>
        Resets in{' '}
        <strong className="tabular" data-testid="daily-countdown">
          {untilText(left)}
        </strong>
        , at{' '}
        <time dateTime={day.resets_at} className="tabular">
          {localResetTime(day)}
        </time>{' '}
        <span className="reset-line__zone">{day.time_zone.replaceAll('_', ' ')}</span>
      </span>
    </p>
  );
}

/** A reward as chips of currency icon and amount. */
export function RewardChips({ reward, small }: { reward: DailyReward; small?: boolean }) {
  return (
    <span className={`reward-chips${small ? ' reward-chips--small' : ''}`} title={rewardLongText(reward)}>
      {rewardParts(reward).map((p) => (
        <span key={p.currency} className={`reward-chip reward-chip--${p.currency}`}>
          <Icon name={p.currency} size={small ? 14 : 16} />
          <span className="tabular">+{formatNumber(p.amount)}</span>
          <span className="visually-hidden"> {p.label}</span>
        </span>
      ))}
    </span>
  );
}

/** The seven rewards of the login calendar, claimed ones ticked with the day they were claimed on, the next marked. */
export function CalendarDays({ calendar }: { calendar: DailyResponse['calendar'] }) {
  return (
    <ol className="calendar-days" aria-label="Login calendar: seven rewards" data-testid="calendar-days">
      {calendar.days.map((d) => {
        const next = !d.claimed && d.day === calendar.next_day;
        const state = d.claimed ? 'claimed' : next ? (calendar.available ? 'ready' : 'tomorrow') : 'later';
        const words = { claimed: 'claimed', ready: 'ready to claim', tomorrow: 'next', later: '' }[state];
        return (
          <li key={d.day} className={`calendar-day calendar-day--${state}`} data-day={d.day}>
            <span className="calendar-day__name">Day {d.day}</span>
            <span className="calendar-day__reward" aria-hidden="true">
              {rewardParts(d.reward).map((p) => (
                <span key={p.currency} className={`calendar-day__part reward-chip--${p.currency}`}>
                  <Icon name={p.currency} size={14} />
                  <span className="tabular">{formatCompact(p.amount)}</span>
                </span>
              ))}
            </span>
            {d.claimed_on && (
              <time className="calendar-day__date" dateTime={d.claimed_on} aria-hidden="true">
                {dayLabel(d.claimed_on)}
              </time>
            )}
            {d.claimed && <Icon name="check" size={12} className="calendar-day__tick" />}
            <span className="visually-hidden">
              : {rewardLongText(d.reward)}
              {words && `, ${words}`}
              {d.claimed_on && ` on ${dayLabel(d.claimed_on)}`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The map's way into the day: the countdown and local reset time, the calendar, the quests done and what waits
 * to be claimed — one link to /daily, drawn to fit above the fold on a phone.
 */
export function DailyStrip({ userId }: { userId: string }) {
  const daily = useDaily(userId);
  const day = daily.data;
  const left = useUntilReset(userId, day, daily.dataUpdatedAt);
  if (!day || left === null)
    return (
      <div className="daily-strip daily-strip--loading" aria-busy="true">
        <span className="muted">
          {daily.isError ? 'Daily quests are unavailable right now' : 'Loading your day…'}
        </span>
      </div>
    );
  const done = day.quests.filter((q) => q.progress >= q.goal).length;
  const waiting = claimable(day);
  return (
    <Link to="/daily" className="daily-strip" data-testid="daily-strip">
      <span className="daily-strip__top">
        <Icon name="quest" size={22} />
        <span className="daily-strip__title">Daily</span>
        <span className="daily-strip__quests tabular">
          {done}/{day.quests.length} quests
        </span>
        {waiting > 0 && (
          <span className="daily-strip__badge" data-testid="daily-claimable">
            {waiting} to claim
          </span>
        )}
        <span className="daily-strip__go" aria-hidden="true">
          ›
        </span>
      </span>
      <ResetLine day={day} left={left} />
      <CalendarDays calendar={day.calendar} />
    </Link>
  );
}
