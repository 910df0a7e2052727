// The interface icons come from one sprite file (scripts/vite-icon-sprite.ts), not from the scripts: every icon on
// a screen full of them (the header's balances, the navigation, the map's places) is drawn, each a shape of its own
// size, and the first screen's scripts hold no icon path data.
import { test, expect } from './fixtures.ts';

test('every interface icon is drawn from the sprite; the scripts carry none of their paths', async ({
  page,
  player,
}) => {
  expect(player.id).toBeTruthy();
  const scripts: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.text());
  });
  await page.goto('/map');
  await expect(page.getByRole('heading', { name: 'World Map' })).toBeVisible();
  const icons = page.locator('svg.icon');
  expect(await icons.count()).toBeGreaterThan(8);
  // Drawn: each icon's <use> has a box (an unknown id or a sprite that never came draws nothing).
  await expect
    .poll(() =>
      icons.evaluateAll(
        (all) =>
          all.filter((svg) => {
            const use = svg.querySelector('use');
            return !use || use.getBBox().width === 0;
          }).length,
      ),
    )
    .toBe(0);
  // The gold coins' path (the first icon's) is in no script the page loaded.
  for (const text of await Promise.all(scripts)) expect(text).not.toContain('M264.4 95.01c-35.6-.06');
});
