// The login calendar's claimed day on a phone: its tick sits on the cell's corner and leaves the day's name whole
// ('Day 1', not 'Day ✓' with the number under the tick), on /daily and on the map's strip.
// Screen: phone-calendar-tick-map.png.
import type { Locator, Page } from '@playwright/test';
import { test, expect, shot, createUser, signIn } from './fixtures.ts';

async function tickClearOfName(page: Page, root: Locator): Promise<void> {
  const day = root.locator('.calendar-day[data-day="1"]');
  await expect(day).toHaveClass(/calendar-day--claimed/);
  const name = await day.locator('.calendar-day__name').boundingBox();
  const tick = await day.locator('.calendar-day__tick').boundingBox();
  if (!name || !tick) throw new Error('the day or its tick is not shown');
  const overlapX = Math.min(name.x + name.width, tick.x + tick.width) - Math.max(name.x, tick.x);
  const overlapY = Math.min(name.y + name.height, tick.y + tick.height) - Math.max(name.y, tick.y);
  expect(overlapX > 0 && overlapY > 0, `tick ${JSON.stringify(tick)} over name ${JSON.stringify(name)}`).toBe(
    false,
  );
}

test('a claimed calendar day keeps its name readable beside its tick', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/daily');
  await page.getByRole('button', { name: 'Claim day 1' }).click();
  await tickClearOfName(page, page.locator('main'));

  await page.goto('/map');
  await tickClearOfName(page, page.getByTestId('calendar-days'));
  await shot(page, info, 'calendar-tick-map');
});
