// A battle's end in view (issue "Trust, part two"): when a turn-based battle's result shows, its View Heroes and New
// Battle are on screen without scrolling, and on the phone not under the fixed bottom bar: each button's middle is
// the button itself (nothing drawn over it). Screenshots of what the player sees: <project>-battle-result-view.png.
import type { Locator } from '@playwright/test';
import { test, expect, glance } from './fixtures.ts';
import { instantBattleOfFour } from './fight-steps.ts';

/** True when the element at the middle of `button` is the button or inside it: seen, and nothing over it. */
async function uncovered(button: Locator): Promise<boolean> {
  return button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && el.contains(top);
  });
}

test('a battle’s result shows View Heroes and New Battle in view, clear of the bottom bar', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.setTimeout(120_000);
  await instantBattleOfFour(page, request, player);
  const auto = page.getByTestId('auto-switch');
  await auto.click();
  await expect(auto).toHaveAttribute('aria-checked', 'true');
  const result = page.getByTestId('battle-result');
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result.locator('h2')).toHaveText(/Victory!|Defeat|Draw/);

  for (const name of ['View Heroes', 'New Battle']) {
    const button = result.getByRole('link', { name });
    await expect(button).toBeInViewport({ ratio: 1 });
    expect(await uncovered(button), `${name} is covered`).toBe(true);
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  if ((await nav.evaluate((el) => getComputedStyle(el).position)) === 'fixed') {
    const bar = await nav.boundingBox();
    const actions = await result.locator('.battle-result__actions').boundingBox();
    expect(actions!.y + actions!.height).toBeLessThanOrEqual(bar!.y);
  }
  await glance(page, testInfo, 'battle-result-view');
});
