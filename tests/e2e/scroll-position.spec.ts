// Where a page opens (issue "Trust, part two"): a new page starts at its top, its title in view below the sticky
// header, whatever the page before was scrolled to; Back returns to where the player was on the page before.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

/**
 * A click where the player's finger is, as the page stands: Playwright's own click first scrolls its target into
 * view past the page's scroll-padding, which moved the page before the navigation began.
 */
async function tapInPlace(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a new page opens at its top, its title below the header; Back returns to the list where it was', async ({
  page,
  player,
}) => {
  expect(player.id).toBeTruthy();
  await page.goto('/heroes?tab=npcs');
  const card = page.locator('.hero-card').nth(12);
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
  const was = await scrollY(page);
  const npcId = await card.getAttribute('data-hero-id');

  // The first visit of a hero's page, then Back to the list as it was left.
  await tapInPlace(page, card.locator('a.hero-card__action'));
  await expect(page).toHaveURL(`/heroes/${npcId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL('/heroes?tab=npcs');
  await expect.poll(() => scrollY(page)).toBe(was);

  // Again, now that the hero's page is known and as tall as it will be at once: it still opens at its top.
  await tapInPlace(page, card.locator('a.hero-card__action'));
  await expect(page).toHaveURL(`/heroes/${npcId}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  const header = await page.locator('.app-header').boundingBox();
  const heading = await title.boundingBox();
  expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  await page.goBack();
  await expect.poll(() => scrollY(page)).toBe(was);
});

test('a page loaded afresh (an address typed, a link opened) opens at its top, whatever the last one loaded was scrolled to', async ({
  page,
  player,
}) => {
  expect(player.id).toBeTruthy();
  await page.goto('/heroes?tab=npcs');
  await page.locator('.hero-card').nth(12).scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
  // Every first load of a tab's entry carries the same history key; the position kept for the list is not the map's.
  await page.goto('/map');
  await expect(page.getByRole('heading', { level: 1, name: 'World Map' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});
