// Accessibility without exceptions (issue 14): axe-core on every screen of the game, logged in, with real data
// (heroes, items, a fight and its replay, a dungeon run), on the phone and the desktop project alike. No serious or
// critical finding is allowed anywhere; a finding names the screen, the rule and the elements.
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';
import { everyScreen } from './every-screen.ts';

async function findings(page: Page): Promise<string[]> {
  // axe's default rules, and label-content-name-mismatch (WCAG 2.5.3: a control's name holds its visible text),
  // which axe counts as experimental and leaves off unless asked
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('every screen passes axe: no serious or critical findings', async ({ page, request, player }) => {
  test.setTimeout(540_000); // 24 screens, each analysed by axe: minutes on a loaded two-core machine
  const { screens } = await everyScreen(request, player);
  const all: string[] = [];
  for (const [name, url, ready] of screens) {
    await page.goto(url);
    await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    for (const f of await findings(page)) all.push(`${name} (${url}): ${f}`);
  }
  expect(all).toEqual([]);
});
