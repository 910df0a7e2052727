// The daily layer in the browser: a new player (account made on the landing page, in the browser's zone) plays
// today's errand quest through the screens, sees the countdown and the calendar on the map above the fold, and claims
// the quest and the calendar's first day on /daily; the profile moves the day's zone and hour, from the next reset.
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, shot, uniqueName, getUser, confirmReroll } from './fixtures.ts';
import type { DailyResponse } from '../../src/api/daily.ts';
import type { QuestKind } from '../../src/game/data/quests.ts';
import { dayName, parseDayName } from '../../src/game/day-clock.ts';
import { finishDay } from './store-setup.ts';
import { claimable } from '../../src/web/components/daily-text.ts';

test.use({ timezoneId: 'Europe/Berlin' });

/** The new player's first hero, summoned on /create (where a new account lands). */
async function summonOnCreate(page: Page) {
  await page.goto('/create');
  await page.getByRole('button', { name: 'Generate Heroes' }).click();
  await expect(page.locator('.hero-card--large')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create Hero' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
}

async function buyOnShop(page: Page, itemId: string) {
  await page.goto('/shop');
  await page.locator(`[data-item-id="${itemId}"]`).getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added to inventory!' })).toBeVisible();
}

/** Today's errand, played through the screens as a new player would. */
const ERRANDS: Partial<Record<QuestKind, (page: Page) => Promise<void>>> = {
  summon: summonOnCreate,
  buy_item: (page) => buyOnShop(page, 'draught_of_insight'),
  async use_item(page) {
    await buyOnShop(page, 'flask_of_essence');
    await page.goto('/inventory');
    await page.locator('.inventory-card[data-item-id="flask_of_essence"]').click();
    const dialog = page.getByRole('dialog', { name: 'Flask of Essence' });
    await dialog.getByRole('button', { name: 'Use Item' }).click();
    await expect(dialog.getByRole('alert')).not.toBeEmpty();
  },
  async reroll(page) {
    await summonOnCreate(page);
    await page.locator('.hero-card[data-hero-id]').first().click();
    await expect(page).toHaveURL(/\/heroes\/h_/);
    await confirmReroll(page);
    await expect(page.getByRole('button', { name: 'Reroll Abilities' })).toBeEnabled();
  },
  async watch_replay(page) {
    await summonOnCreate(page);
    await page.goto('/battle');
    // the hero just summoned is the team already (a new player's strongest four)
    await expect(page.getByTestId('team-count')).toHaveText('1/4');
    await page.getByRole('button', { name: 'Quick Battle' }).click();
    await expect(page.locator('.combat__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
    await page.goto('/profile');
    await page.getByTestId('battle-history').locator('a').first().click();
    await expect(page).toHaveURL(/\/replay\/b_/);
    await expect(page.locator('.replay')).toBeVisible();
  },
};

/** The bottom of `selector`'s box is on the first screen, above the fixed bottom navigation (on phones). */
async function aboveTheFold(page: Page, selector: string) {
  const viewport = page.viewportSize()!;
  const nav = await page.locator('.app-nav').boundingBox();
  const fold = nav && nav.y > viewport.height / 2 ? nav.y : viewport.height;
  const box = (await page.locator(selector).boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(
    box.y + box.height,
    `${selector} ends at ${box.y + box.height}, the fold is at ${fold}`,
  ).toBeLessThanOrEqual(fold);
}

test('a new player plays today’s errand quest, sees the day on the map and claims it on /daily', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // The account, made on the landing page: the browser's zone is the day's.
  const username = uniqueName('day');
  await page.goto('/');
  await page.getByRole('tab', { name: 'Create New' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/create$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('runeborn_user')!));
  const user = await getUser(request, stored.id);
  expect(user).toMatchObject({ time_zone: 'Europe/Berlin', reset_hour: 4 });

  const day = (await (await request.get(`/api/daily?user_id=${user.id}`)).json()) as DailyResponse;
  const errand = day.quests[2]!;
  await ERRANDS[errand.kind]!(page);

  // The map: the countdown, the local reset time and the calendar, above the fold.
  await page.goto('/map');
  const strip = page.getByTestId('daily-strip');
  await expect(strip.getByTestId('daily-countdown')).toHaveText(
    /^(\d+ h( \d+ min)?|\d+ min|under a minute)$/,
  );
  await expect(strip.getByTestId('daily-reset')).toContainText(/at 04:00 Europe\/Berlin/);
  await expect(strip.getByTestId('calendar-days').locator('li')).toHaveCount(7);
  // the errand and calendar day 1 — and any other of the day's quests the errand did too (a reroll summons first)
  const after = (await (await request.get(`/api/daily?user_id=${user.id}`)).json()) as DailyResponse;
  const waiting = claimable(after);
  expect(waiting).toBeGreaterThanOrEqual(2);
  await expect(strip.getByTestId('daily-claimable')).toHaveText(`${waiting} to claim`);
  await aboveTheFold(page, '[data-testid="daily-reset"]');
  await aboveTheFold(page, '[data-testid="calendar-days"]');
  await shot(page, testInfo, 'map-daily');

  await strip.click();
  await expect(page).toHaveURL(/\/daily$/);
  const row = page.locator(`.quest[data-kind="${errand.kind}"]`);
  await expect(row.getByTestId('quest-progress')).toHaveText(
    `${errand.goal} / ${errand.goal} ${errand.unit}`,
  );
  // The whole day fits the first screen: the last thing on it, the calendar's Claim, above the fold.
  await aboveTheFold(page, '.calendar-claim');
  await shot(page, testInfo, 'daily');

  const goldBefore = (await getUser(request, user.id)).gold;
  const claimed = page.waitForRequest((r) => r.url().endsWith('/api/daily/claim'));
  await row.getByRole('button', { name: `Claim ${errand.text}` }).click();
  // A press is one intent with its own Idempotency-Key: a lost answer is asked again under it, never paid twice.
  expect((await claimed).headers()['idempotency-key']).toMatch(/^.{8,}$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${errand.text}: +${errand.reward.gold.toLocaleString('en-US')} gold` }),
  ).toBeVisible();
  await expect(row.getByTestId('claimed')).toBeVisible();
  await expect.poll(async () => (await getUser(request, user.id)).gold).toBe(goldBefore + errand.reward.gold);
  // The header shows the server's new balance.
  await expect(page.locator('.app-header [data-currency="gold"]')).toHaveAttribute(
    'title',
    `Gold: ${new Intl.NumberFormat('en-US').format(goldBefore + errand.reward.gold)}`,
  );

  await page.getByRole('button', { name: 'Claim day 1' }).click();
  await expect(page.locator('.calendar-day[data-day="1"]')).toHaveClass(/calendar-day--claimed/);
  await expect(page.locator('.calendar-day[data-day="2"]')).toHaveClass(/calendar-day--tomorrow/);
  await expect(page.getByText('Day 2 unlocks at the next reset.')).toBeVisible();
  await shot(page, testInfo, 'daily-claimed');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // The ledger on the profile says what each reward was for.
  await page.goto('/profile');
  await expect(page.getByText(`Daily quest: ${errand.text}`)).toBeVisible();
  await expect(page.getByText('Login calendar: day 1')).toBeVisible();
});

test('the profile moves the day to another zone and hour, from the next reset', async ({
  page,
  request,
  player,
}, testInfo) => {
  await page.goto('/profile');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your day' }) });
  await expect(section).toContainText('reset at 04:00 in UTC');
  await section.getByRole('button', { name: 'Use this device’s zone (Europe/Berlin)' }).click();
  await expect(section.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
  await section.getByLabel('Resets at').selectOption({ label: '06:00' });
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section).toContainText('reset at 06:00 in Europe/Berlin');
  await expect(section.getByTestId('rule-pending')).toContainText('Applies from the next reset');
  expect(await getUser(request, player.id)).toMatchObject({ time_zone: 'Europe/Berlin', reset_hour: 6 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, 'profile-day');

  // A zone the server does not know is refused with its reason, and nothing changes.
  await section.getByLabel('Time zone').fill('Mars/Olympus');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('alert')).toContainText('must be an IANA time zone name');
  expect(await getUser(request, player.id)).toMatchObject({ time_zone: 'Europe/Berlin', reset_hour: 6 });
});

test('what yesterday earned and nobody claimed waits on /daily, and is claimed there', async ({
  page,
  request,
  player,
}, testInfo) => {
  const today = ((await (await request.get(`/api/daily?user_id=${player.id}`)).json()) as DailyResponse)
    .period;
  const yesterday = dayName(parseDayName(today)! - 1);
  await finishDay(player.id, yesterday);
  await page.goto('/map');
  // Three quests and the bonus from yesterday, and today's calendar day.
  await expect(page.getByTestId('daily-claimable')).toHaveText('5 to claim');
  await page.goto('/daily');
  const waiting = page.getByTestId('daily-waiting');
  await expect(waiting.locator('li')).toHaveCount(4);
  await expect(waiting).toContainText('Done yesterday');
  await shot(page, testInfo, 'daily-waiting');
  await waiting.getByRole('button', { name: /^Claim Bonus: all 3 quests, from yesterday$/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Bonus: all 3 quests: +1,350 gold' }),
  ).toBeVisible();
  await expect(waiting.locator('li')).toHaveCount(3);
  expect((await getUser(request, player.id)).summoning_scrolls).toBe(player.summoning_scrolls + 2);
});
