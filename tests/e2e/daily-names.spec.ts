// A day's name in the browser: /daily, the login calendar and the profile's History name the player's day by the
// local date it began on in the player's zone — here a zone whose date differs from the browser's (UTC) — never
// the browser's date nor UTC's; a new account's first day says so. The zone is picked when the test runs, so the
// two dates differ whatever the hour: Kiritimati (UTC+14) from 10:00 UTC, when its date is the next; Niue (UTC−11)
// before 11:00 UTC, when its date is the one before. Screens: daily-day-name, history-day-name.
import type { APIRequestContext } from '@playwright/test';
import { test, expect, shot, signIn, uniqueName } from './fixtures.ts';
import type { DailyResponse } from '../../src/api/daily.ts';
import type { User } from '../../src/api/index.ts';
import { dayName, dayUnder, localDate } from '../../src/game/day-clock.ts';
import { ageAccount } from './store-setup.ts';

test.use({ timezoneId: 'UTC' });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** '2026-12-01' as the screens write it: 'Dec 1', and with its weekday 'Tue, Dec 1'. */
const label = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} ${Number(period.slice(8))}`;
const title = (period: string) =>
  `${WEEKDAYS[new Date(`${period}T00:00:00Z`).getUTCDay()]}, ${label(period)}`;

/** A zone whose local date now is not UTC's. */
const zoneOffUtc = () => (new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Niue');

async function playerIn(request: APIRequestContext, time_zone: string): Promise<User> {
  const res = await request.post('/api/users', { data: { username: uniqueName('dn'), time_zone } });
  expect(res.status()).toBe(201);
  return (await res.json()) as User;
}
const dailyOf = async (request: APIRequestContext, userId: string) =>
  (await (await request.get(`/api/daily?user_id=${userId}`)).json()) as DailyResponse;

test('a new account’s first day is named by its own zone’s date, on /daily, the calendar and the History', async ({
  page,
  request,
}, info) => {
  const zone = zoneOffUtc();
  const user = await playerIn(request, zone);
  const day = await dailyOf(request, user.id);
  // The first day began now: its name is today's date in the player's zone, which is not the browser's (UTC) date.
  const opened = user.created_at * 1000;
  expect(day.period).toBe(dayName(localDate(opened, zone)));
  const utcDate = new Date(opened).toISOString().slice(0, 10);
  expect(day.period).not.toBe(utcDate);
  expect(day.first_day).toBe(true);

  await signIn(page, user);
  await page.goto('/daily');
  await expect(page.getByTestId('daily-day')).toHaveText(`${title(day.period)}· your first day`);
  await expect(page.getByTestId('daily-day')).toHaveAttribute('datetime', day.period);
  await page.getByRole('button', { name: 'Claim day 1' }).click();
  const first = page.locator('main .calendar-day[data-day="1"]');
  await expect(first).toHaveClass(/calendar-day--claimed/);
  await expect(first.locator('.calendar-day__date')).toHaveText(label(day.period));
  await expect(first).toContainText(`on ${label(day.period)}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, info, 'daily-day-name');

  // The profile: joined on the first day's date; the History names the day each reward was for, and tells the
  // time on the player's clock.
  await page.goto('/profile');
  const year = day.period.slice(0, 4);
  const month = new Date(`${day.period}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  await expect(page.getByText(/^Joined /)).toHaveText(
    `Joined ${month} ${Number(day.period.slice(8))}, ${year}`,
  );
  const row = page.locator('.ledger__item[data-reason="daily_calendar"]');
  await expect(row.locator('.ledger__reason')).toHaveText(`Login calendar: day 1 (${label(day.period)})`);
  const entries = (await (await request.get(`/api/users/${user.id}/ledger?limit=5`)).json()).entries as {
    reason: string;
    created_at: number;
  }[];
  const paid = entries.find((e) => e.reason === 'daily_calendar')!;
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(paid.created_at * 1000);
  await expect(row.locator('time')).toHaveText(`Today ${clock}`);
  await row.scrollIntoViewIfNeeded();
  await shot(page, info, 'history-day-name');
});

test('a later day is named by the date it began on in the player’s zone, and is no first day', async ({
  page,
  request,
}) => {
  const zone = zoneOffUtc();
  const user = await playerIn(request, zone);
  await ageAccount(user.id, 72);
  const day = await dailyOf(request, user.id);
  const expected = dayName(dayUnder(Date.parse(day.now), { timeZone: zone, resetHour: 4 }).day);
  expect(day.period).toBe(expected);
  expect(day.first_day).toBe(false);
  await signIn(page, user);
  await page.goto('/daily');
  await expect(page.getByTestId('daily-day')).toHaveText(title(expected));
});
