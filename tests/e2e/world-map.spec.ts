// /map — three destinations, all available.
import { test, expect, shot } from './fixtures.ts';

test('the world map leads to the arena, the shop and the dungeons', async ({ page, player }, testInfo) => {
  void player;
  await page.goto('/map');
  const places = [
    ['Arena', '1v1 duels vs players or NPCs', '/arena'],
    ['Shop', 'Purchase items and upgrades', '/shop'],
    ['Dungeons', 'Explore dangerous dungeons for rare rewards', '/dungeons'],
  ];
  for (const [name, blurb, href] of places) {
    const card = page.locator(`[data-destination="${name}"]`);
    await expect(card).toContainText(blurb);
    await expect(card).toHaveAttribute('href', href);
  }
  await expect(page.getByText('Coming Soon')).toHaveCount(0);
  await shot(page, testInfo, 'map');
  await page.locator('[data-destination="Shop"]').click();
  await expect(page).toHaveURL(/\/shop$/);
});
