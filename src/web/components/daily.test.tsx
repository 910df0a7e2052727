// @vitest-environment happy-dom
// The daily layer's words and countdown: time left as a player reads it, the reset's local time in the player's
// zone, rewards as chips, what waits to be claimed — and a countdown taken from the server's instant, so a device
// whose clock is hours off (or a server run at another instant) still counts down to the real reset, and reads
// the day again when it comes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DailyResponse } from '../../api/daily.ts';
import {
  claimable,
  dayLabel,
  dayTitle,
  earlierDay,
  localResetTime,
  rewardParts,
  rewardText,
  untilText,
} from './daily-text.ts';
import { ResetLine, useUntilReset } from './daily.tsx';

const NONE = { gold: 0, magic_essence: 0, summoning_scrolls: 0, combat_tokens: 0 };
const reward = (r: Partial<typeof NONE>) => ({ ...NONE, ...r });

function day(over: Partial<DailyResponse> = {}): DailyResponse {
  return {
    period: '2026-11-27',
    now: '2026-11-27T12:00:00.000Z',
    resets_at: '2026-11-28T03:00:00.000Z',
    time_zone: 'Europe/Berlin',
    reset_hour: 4,
    rule_starts_at: null,
    first_day: false,
    quests: [
      {
        id: 'a',
        kind: 'arena_win',
        text: 'Win 3 arena duels',
        unit: 'arena wins',
        progress: 3,
        goal: 3,
        reward: reward({ gold: 60 }),
        claimed: false,
      },
      {
        id: 'b',
        kind: 'battle_win',
        text: 'Win 2 team battles',
        unit: 'team battles won',
        progress: 1,
        goal: 2,
        reward: reward({ gold: 60 }),
        claimed: false,
      },
      {
        id: 'c',
        kind: 'summon',
        text: 'Summon',
        unit: 'summon',
        progress: 1,
        goal: 1,
        reward: reward({ gold: 40 }),
        claimed: true,
      },
    ],
    bonus: { reward: reward({ gold: 100, summoning_scrolls: 1 }), claimed: false, available: false },
    calendar: {
      days: Array.from({ length: 7 }, (_, i) => ({
        day: i + 1,
        reward: reward({ gold: 50 }),
        claimed: i < 2,
        claimed_on: i < 2 ? `2026-11-2${5 + i}` : null,
      })),
      next_day: 3,
      available: true,
    },
    waiting: [],
    ...over,
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the daily layer in words', () => {
  it('time left: hours and minutes, minutes, under a minute', () => {
    expect(untilText(5 * 3_600_000 + 12 * 60_000 + 59_000)).toBe('5 h 12 min');
    expect(untilText(3 * 3_600_000)).toBe('3 h');
    expect(untilText(12 * 60_000)).toBe('12 min');
    expect(untilText(59_000)).toBe('under a minute');
  });

  it('the reset in the player’s zone, whatever the device’s; the hour alone for a zone the browser lacks', () => {
    expect(localResetTime(day())).toBe('04:00');
    expect(localResetTime(day({ resets_at: '2026-03-29T01:00:00.000Z', reset_hour: 2 }))).toBe('03:00');
    expect(localResetTime(day({ time_zone: 'Mars/Olympus', reset_hour: 6 }))).toBe('06:00');
  });

  it('rewards as chips in the header’s order, and what waits to be claimed', () => {
    expect(rewardParts(reward({ summoning_scrolls: 1, gold: 200 })).map((p) => p.currency)).toEqual([
      'gold',
      'summoning_scrolls',
    ]);
    expect(rewardText(reward({ gold: 60, magic_essence: 10 }))).toBe('+60 gold, +10 essence');
    // One finished quest unclaimed and today's calendar day; and a reward waiting from an earlier day.
    expect(claimable(day())).toBe(2);
    const earlier = {
      id: '2026-11-26.bonus',
      period: '2026-11-26',
      text: 'Bonus',
      reward: reward({ gold: 800 }),
    };
    expect(claimable(day({ waiting: [earlier] }))).toBe(3);
  });
});

describe("a day's name", () => {
  it('is the date the server names, read as written: never through the device’s zone or UTC’s clock', () => {
    // Whatever zone this process runs in, '2026-12-01' is Dec 1 (a Tuesday), and the day before it yesterday.
    expect(dayLabel('2026-12-01')).toBe('Dec 1');
    expect(dayTitle('2026-12-01')).toBe('Tue, Dec 1');
    expect(dayTitle('2027-01-01')).toBe('Fri, Jan 1');
    expect(earlierDay('2026-11-30', '2026-12-01')).toBe('yesterday');
    expect(earlierDay('2026-11-24', '2026-12-01')).toBe('Nov 24');
    expect(earlierDay('2026-12-31', '2027-01-01')).toBe('yesterday');
  });
});

describe('the countdown', () => {
  function Countdown({ d, fetchedAt }: { d: DailyResponse; fetchedAt: number }) {
    const left = useUntilReset('u_1', d, fetchedAt);
    return left === null ? null : <ResetLine day={d} left={left} />;
  }

  it('counts from the server’s instant, not the device’s clock, and reads the day again at the reset', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // The device's clock says 2031; the server says it is 12:00 UTC, 15 h before the reset.
    vi.setSystemTime(Date.parse('2031-06-01T08:00:00Z'));
    const client = new QueryClient();
    const refetch = vi.spyOn(client, 'invalidateQueries');
    const view = render(
      <QueryClientProvider client={client}>
        <Countdown d={day()} fetchedAt={Date.now()} />
      </QueryClientProvider>,
    );
    expect(view.getByTestId('daily-countdown').textContent).toBe('15 h');
    expect(view.getByTestId('daily-reset').textContent).toContain('at 04:00 Europe/Berlin');
    await act(async () => {
      vi.advanceTimersByTime(75 * 60_000);
    });
    expect(view.getByTestId('daily-countdown').textContent).toBe('13 h 45 min');
    expect(refetch).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(14 * 3_600_000);
    });
    expect(refetch).toHaveBeenCalledWith({ queryKey: ['daily', 'u_1'] });
  });
});
