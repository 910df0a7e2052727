// The battle fits one phone screen (issue 18): at 390×844 both teams (portrait, name, HP, energy, statuses) and
// every option of the acting hero are inside the viewport at once, above the bottom nav, without scrolling; every
// option and aiming target is a touch target of at least 44 px. The desktop keeps its roomy layout (same
// components). Screenshots: <project>-battle-fits.png.
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { instantBattleOfFour, screen } from './fight-steps.ts';

/** Boxes (CSS px) of what must be in view, and where the view ends (the nav's top on a phone). */
async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width };
    };
    const nav = document.querySelector('.app-nav');
    const navTop =
      nav && getComputedStyle(nav).position === 'fixed' ? nav.getBoundingClientRect().top : innerHeight;
    return {
      scrollY,
      bottom: Math.min(innerHeight, navTop),
      width: innerWidth,
      units: [...document.querySelectorAll('.battle-unit')].map(box),
      parts: [
        ...document.querySelectorAll(
          '.battle-unit__portrait, .battle-unit__name, .battle-bar, .battle-unit__statuses',
        ),
      ].map(box),
      options: [...document.querySelectorAll('[data-option-id]')].map(box),
      log: [...document.querySelectorAll('.battle-log__event')].map(box),
    };
  });
}

test('a 4v4 battle fits one screen: all eight units and every option in view, touch targets ≥ 44 px', async ({
  page,
  request,
  player,
}, testInfo) => {
  await instantBattleOfFour(page, request, player);
  await expect(page.locator('[data-option-id]').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const l = await layout(page);
  expect(l.units).toHaveLength(8);
  expect(l.options.length).toBeGreaterThanOrEqual(3);
  for (const b of [...l.units, ...l.parts, ...l.options]) {
    expect(b.top, 'below the top of the screen').toBeGreaterThanOrEqual(0);
    expect(b.bottom, 'above the bottom nav').toBeLessThanOrEqual(l.bottom + 0.5);
    expect(b.right).toBeLessThanOrEqual(l.width + 0.5);
  }
  for (const o of l.options) expect(o.height, 'option touch target').toBeGreaterThanOrEqual(44);
  expect(l.scrollY).toBe(0);
  if (testInfo.project.name === 'phone') {
    // The last events stay readable: the log follows right under the options.
    expect(l.log.length).toBeGreaterThan(0);
  }
  await screen(page, testInfo, 'battle-fits');
});
