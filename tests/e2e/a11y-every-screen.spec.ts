// Accessibility without exceptions (issue 14): axe-core on every screen of the game, logged in, with real data
// (heroes, items, a fight and its replay, a dungeon run), on the phone and the desktop project alike. No serious or
// critical finding is allowed anywhere; a finding names the screen, the rule and the elements.
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';
import { heroesFor } from './part2-support.ts';
import { setBalances } from './store-setup.ts';

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
  test.setTimeout(480_000); // 21 screens, each analysed by axe: minutes on a loaded two-core machine
  const heroes = await heroesFor(request, player, 2);
  await setBalances(player.id, { gold: 5000 });
  for (const item_id of ['heroic_tonic', 'rune_dust', 'draught_of_insight'])
    expect(
      (await request.post('/api/shop/purchase', { data: { user_id: player.id, item_id, quantity: 1 } })).ok(),
    ).toBe(true);
  const fight = await (
    await request.post('/api/battles', {
      data: { user_id: player.id, team_hero_ids: heroes.map((h) => h.id), mode: 'auto' },
    })
  ).json();
  const dungeons = (await (await request.get('/api/dungeons')).json()) as { id: string }[];
  const turnBased = await (
    await request.post('/api/battles', { data: { user_id: player.id, team_hero_ids: [heroes[0].id] } })
  ).json();

  const screens: [string, string, string][] = [
    ['map', '/map', 'main h1, main h2'],
    ['my heroes', '/heroes', 'main h1'],
    ['a hero', `/heroes/${heroes[0].id}`, 'main h1'],
    ['summon', '/create', 'main h1'],
    ['other heroes', '/heroes?tab=others', 'main h1'],
    ['inventory', '/inventory', '[data-item-id], main h1'],
    ['shop', '/shop', '[data-item-id]'],
    ['profile', '/profile', 'main h1'],
    ['credits', '/profile/credits', 'main h1'],
    ['team battle', '/battle', 'main h1'],
    [
      'a turn-based battle',
      `/battle/${turnBased.battle_id}`,
      '[data-option-id], [data-testid="battle-result"]',
    ],
    ['combat', `/combat?battleId=${fight.battle_id}`, 'main h1, main h2'],
    ['arena', '/arena', 'main h1'],
    ['leaderboard', '/arena/leaderboard', 'main h1'],
    ['dungeons', '/dungeons', 'main h1'],
    ['a dungeon', `/dungeons/${dungeons[0].id}`, 'main h1'],
    ['a replay', `/replay/${fight.battle_id}`, 'main h1, main h2'],
    ['hero card demo', '/herocard', 'main'],
    ['fairness', '/fairness', '[data-testid="chart-balance-type"] svg'],
    ['a missing hero', '/heroes/h_no_such_hero', 'main'],
    ['a missing page', '/no/such/page', 'main'],
  ];
  const all: string[] = [];
  for (const [name, url, ready] of screens) {
    await page.goto(url);
    await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    for (const f of await findings(page)) all.push(`${name} (${url}): ${f}`);
  }
  expect(all).toEqual([]);
});
