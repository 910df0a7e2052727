// Nothing scrolls sideways (issue "Trust, part two"): every screen and every dialog of the game, signed in with real
// data and signed out, on the phone (390 px) and the desktop project: the page's and each open dialog's scrollWidth
// stay within their clientWidth (a dialog's scrolling body included). The item dialog's hero picker, which once
// widened its dialog past a phone's screen and sent Use Item's outcome to x = −328 px, shows every hero and the
// outcome in view. Screenshots: test-results/screens/<project>-item-dialog*.png.
import type { Locator, Page } from '@playwright/test';
import { test, expect, shot } from './fixtures.ts';
import { everyScreen } from './every-screen.ts';

/** Whatever scrolls sideways now: the page, and any open dialog or scrolling box inside one. */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) found.push(`the page: ${doc.scrollWidth} > ${doc.clientWidth} px`);
    for (const dialog of document.querySelectorAll<HTMLElement>('dialog[open], [role="alertdialog"]')) {
      const name = dialog.querySelector('h2')?.textContent ?? dialog.getAttribute('aria-label');
      for (const el of [dialog, ...dialog.querySelectorAll<HTMLElement>('*')]) {
        if (el !== dialog && !/auto|scroll/.test(getComputedStyle(el).overflowX)) continue;
        if (el.scrollWidth > el.clientWidth)
          found.push(`dialog '${name}' (${el.className}): ${el.scrollWidth} > ${el.clientWidth} px`);
      }
    }
    return found;
  });
}

/** Opens a dialog with `open`, records what scrolls sideways in it, and closes it (Cancel, or the item's Close). */
async function checkDialog(
  page: Page,
  where: string,
  name: string,
  open: () => Promise<void>,
  all: string[],
) {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  for (const f of await sideways(page)) all.push(`${where}: ${f}`);
  await dialog.getByRole('button', { name: /^(Cancel|Close)$/ }).click();
  await expect(dialog).toBeHidden();
}

/** True when `inner` lies wholly inside `outer`, left to right. */
async function withinWidth(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return !!a && !!b && a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

test('no screen and no dialog scrolls sideways, signed in or out', async ({ page, request, player }) => {
  test.setTimeout(300_000); // 24 screens and five dialogs with real data, on a loaded two-core machine
  const world = await everyScreen(request, player);
  const all: string[] = [];
  for (const [name, url, ready] of world.screens) {
    await page.goto(url);
    await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    for (const f of await sideways(page)) all.push(`${name} (${url}): ${f}`);
  }

  await page.goto('/inventory');
  await checkDialog(
    page,
    'an item',
    'Draught of Insight',
    () => page.locator('.inventory-card[data-item-id="draught_of_insight"]').click(),
    all,
  );
  await page.goto(`/heroes/${world.heroes[0].id}`);
  await checkDialog(
    page,
    'a hero',
    'Reroll Abilities?',
    () => page.getByRole('button', { name: 'Reroll Abilities' }).click(),
    all,
  );
  await checkDialog(
    page,
    'a hero',
    'Delete Hero?',
    () => page.getByRole('button', { name: 'Delete Hero' }).click(),
    all,
  );
  await page.goto('/dungeons');
  await checkDialog(
    page,
    'dungeons',
    'Select Your Team',
    () => page.getByRole('button', { name: 'Enter Dungeon' }).first().click(),
    all,
  );
  await page.goto(`/dungeons/${world.dungeonIds[0]}`);
  await checkDialog(
    page,
    'a dungeon',
    'Select Your Team',
    () => page.getByRole('button', { name: 'Enter Dungeon' }).click(),
    all,
  );

  // Signed out: the landing page and the public pages.
  await page.evaluate(() => localStorage.removeItem('runeborn_user'));
  for (const [name, url, ready] of [
    ['landing', '/', 'main h1'],
    ['hero card demo', '/herocard', 'main h1'],
    ['fairness', '/fairness', 'main h1'],
    ['a live match, watched', world.screens.find(([name]) => name === 'a live match')![1], '.live-match'],
  ]) {
    await page.goto(url);
    await expect(page.locator(ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const f of await sideways(page)) all.push(`${name} signed out (${url}): ${f}`);
  }
  expect(all).toEqual([]);
});

test('the item dialog shows every hero to choose from, and Use Item’s outcome in view', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.setTimeout(120_000);
  const { heroes } = await everyScreen(request, player, 4);
  await page.goto('/inventory');
  await page.locator('.inventory-card[data-item-id="draught_of_insight"]').click();
  const dialog = page.getByRole('dialog', { name: 'Draught of Insight' });
  const picker = dialog.locator('.hero-picker');
  await expect(picker.locator('.hero-card')).toHaveCount(heroes.length);
  // Every hero lies inside the dialog, left to right: none cut off at its edge, none off a phone's screen.
  for (const card of await picker.locator('.hero-card').all()) {
    await card.scrollIntoViewIfNeeded();
    expect(await withinWidth(card, dialog)).toBe(true);
  }
  expect(await withinWidth(dialog, page.locator('body'))).toBe(true);
  expect(await sideways(page)).toEqual([]);

  const last = heroes[heroes.length - 1];
  await picker.locator(`.hero-card[data-hero-id="${last.id}"]`).getByRole('button').click();
  await expect(dialog.getByTestId('item-condition')).toContainText(`It will be used on ${last.name}.`);
  await shot(page, testInfo, 'item-dialog');
  await dialog.getByRole('button', { name: 'Use Item' }).click();
  const outcome = dialog.getByRole('alert');
  await expect(outcome).toContainText(`${last.name} gained 60 XP`);
  await expect(outcome).toBeInViewport();
  expect(await withinWidth(outcome, dialog)).toBe(true);
  expect(await sideways(page)).toEqual([]);
  await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-item-dialog-used.png` });
});
