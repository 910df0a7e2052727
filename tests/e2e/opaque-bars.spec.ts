// The bars the page scrolls under are opaque (play-test: page text showed through the sticky header's title and
// balances): on every page, scrolled, the header — and on a phone the bottom navigation — is painted in a solid colour
// and is what lies on top wherever it is; so are the bars that stick over a page's content (Arena's Selected bar,
// the team picker's count). Screens: <project>-opaque-header-*.png.
import type { Page } from '@playwright/test';
import { createHero, expect, glance, test } from './fixtures.ts';
import { openDungeonPicker } from './fight-steps.ts';

/** What is wrong with the bar `selector` as it stands: a see-through background, or something painted over it. */
function barFaults(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const faults: string[] = [];
    for (const bar of document.querySelectorAll<HTMLElement>(sel)) {
      const box = bar.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(bar);
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(style.backgroundColor)?.[1];
      if (style.backgroundColor === 'transparent' || (alpha !== undefined && Number(alpha) < 1))
        faults.push(`${sel}: background ${style.backgroundColor}`);
      for (let el: HTMLElement | null = bar; el; el = el.parentElement)
        if (Number(getComputedStyle(el).opacity) < 1) faults.push(`${sel}: opacity on ${el.className}`);
      // whatever lies at a grid of points inside it is its own
      for (const fx of [0.05, 0.3, 0.5, 0.7, 0.95])
        for (const fy of [0.15, 0.5, 0.85]) {
          const x = box.left + box.width * fx;
          const y = box.top + box.height * fy;
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
          const top = document.elementFromPoint(x, y);
          if (top && !bar.contains(top))
            faults.push(
              `${sel}: ${top.tagName}.${String(top.className)} over it at ${Math.round(x)},${Math.round(y)}`,
            );
        }
    }
    return faults;
  }, selector);
}

test('the header and the bottom navigation are opaque on every page, scrolled', async ({
  page,
  request,
  player,
}, info) => {
  test.setTimeout(120_000);
  const hero = await createHero(request, player);
  const pages = [
    '/map',
    '/daily',
    '/campaign',
    '/heroes',
    `/heroes/${hero.id}`,
    '/heroes?tab=npcs',
    '/create',
    '/inventory',
    '/shop',
    '/profile',
    '/profile/credits',
    '/battle',
    '/arena',
    '/arena/leaderboard',
    '/dungeons',
    '/dungeons/whispering_woods',
    '/fairness',
    '/herocard',
  ];
  const phone = info.project.name === 'phone';
  const all: string[] = [];
  for (const url of pages) {
    await page.goto(url);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, Math.min(240, document.body.scrollHeight)));
    for (const bar of ['.app-header', ...(phone ? ['.app-nav'] : [])])
      for (const f of await barFaults(page, bar)) all.push(`${url}: ${f}`);
    if (url === '/shop') await glance(page, info, 'opaque-header-shop');
  }
  expect(all).toEqual([]);
});

test('the bars that stick over a page’s content are opaque: Arena’s Selected, the team picker’s count', async ({
  page,
  request,
  player,
}) => {
  for (let i = 0; i < 5; i++) await createHero(request, player);
  await page.goto('/arena');
  await expect(page.getByRole('region', { name: 'Selected' })).toBeVisible();
  expect(await barFaults(page, '.action-bar')).toEqual([]);

  await page.goto('/dungeons');
  const picker = await openDungeonPicker(page, 'whispering_woods');
  await expect(picker.locator('[data-hero-id]')).toHaveCount(5);
  await picker.locator('.modal__body').evaluate((b) => b.scrollBy(0, 160));
  const status = await picker
    .locator('.team-picker__status')
    .evaluate((s) => getComputedStyle(s).backgroundColor);
  expect(status).toMatch(/^rgb\(/);
});
