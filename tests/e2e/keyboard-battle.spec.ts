// Accessibility beyond axe (issue 14): a whole turn-based battle played by keyboard alone — choosing the team,
// starting it, every turn's option — with the log announced politely, and focus placed on the new page's heading
// after each navigation.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { heroesFor } from './fight-steps.ts';

/**
 * Presses Tab until the focused element matches the CSS `selector` (and reads `text`, when given), at most `max`
 * times; fails otherwise.
 */
async function tabTo(page: Page, selector: string, text?: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    const there = await page.evaluate(
      ([s, t]) => {
        const el = document.activeElement;
        return !!el?.matches(s) && (t === undefined || el.textContent?.trim() === t);
      },
      [selector, text] as const,
    );
    if (there) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}${text ? ` reading ${text}` : ''}`);
}

test('a turn-based battle played by keyboard alone, its log announced politely', async ({
  page,
  request,
  player,
}) => {
  test.setTimeout(120_000);
  const heroes = await heroesFor(request, player, 2);
  await page.goto('/battle');
  // The team: each hero's pick button, reached by Tab, Enter putting it down and picking it again (a new player's
  // heroes are picked already: their strongest four).
  const card = (id: string) => page.locator(`.battle-start__grid [data-hero-id="${id}"]`);
  for (const h of heroes) await expect(card(h.id)).toHaveAttribute('data-selected', 'true');
  for (const h of heroes) {
    await tabTo(page, `[data-hero-id="${h.id}"] .hero-card__action`);
    for (const selected of ['false', 'true']) {
      await page.keyboard.press('Enter');
      await expect(card(h.id)).toHaveAttribute('data-selected', selected);
    }
  }
  await tabTo(page, 'button', 'Fight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  // The log speaks politely: new lines are read without interrupting.
  await expect(page.getByTestId('battle-log')).toHaveAttribute('aria-live', 'polite');
  // Instant playback, set by keyboard: the speed control is a radio group.
  await tabTo(page, '[data-speed="instant"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-speed="instant"]')).toHaveAttribute('aria-checked', 'true');

  const result = page.getByTestId('battle-result');
  for (let turn = 0; turn < 150 && !(await result.isVisible()); turn++) {
    // The enemy's turns play back until an option is offered again or the battle ends.
    await expect(page.locator('[data-option-id]:enabled').or(result).first()).toBeVisible();
    if (await result.isVisible()) break;
    // an option lands on its default target unless the player aims first
    await tabTo(page, '[data-option-id]:enabled');
    await page.keyboard.press('Enter');
    await expect(page.locator('.battle-option[aria-busy="true"]')).toHaveCount(0);
  }
  await expect(result).toBeVisible();
  expect(['Victory!', 'Defeat', 'Draw']).toContain(await result.locator('h2').first().textContent());
  // Out of the result by keyboard too.
  await tabTo(page, 'a', 'New Battle');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/battle$/);
});

test('after a navigation, focus is on the new page’s heading', async ({ page, player }) => {
  void player;
  await page.goto('/heroes');
  await expect(page.locator('h1').first()).toBeVisible();
  for (const [link, path] of [
    ['Map', /\/map$/],
    ['Inventory', /\/inventory$/],
    ['Profile', /\/profile$/],
    ['Heroes', /\/heroes$/],
  ] as const) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(path);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('#main') !== null))
      .toBe(true);
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    expect(['H1', 'MAIN']).toContain(focused);
  }
});
