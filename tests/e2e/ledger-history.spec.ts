// /profile History — the ledger as a player reads it: a purchase, a summon and a won fight appear newest first with
// readable reasons and what they moved; the currency filter keeps one currency and states the balance after each
// change; each row leads to its cause (the hero kept, the item in the inventory, the fight's replay); Load more
// pages back through older changes.
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, glance, shot } from './fixtures.ts';
import { setBalances, setHeroPower } from './store-setup.ts';

/**
 * The History as the player sees it: on a phone the screen scrolled to it, just under the sticky header (a
 * full-page shot would paint the fixed bottom bar mid-page); on a desktop the whole page.
 */
async function showHistory(page: Page, testInfo: TestInfo, screen: string) {
  if (testInfo.project.name === 'phone') {
    await page.evaluate(() => {
      const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
      const top = document.getElementById('history')!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - header - 8);
    });
    await page.evaluate(() => document.fonts.ready);
    await glance(page, testInfo, screen);
  } else {
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, testInfo, screen);
  }
}

test('History: reasons in words, a currency filter, and links to what caused each change', async ({
  page,
  request,
  player,
}, testInfo) => {
  // Bought in the shop …
  await page.goto('/shop');
  await page.locator('[data-item-id="flask_of_essence"]').getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText('Flask of Essence added to inventory!')).toBeVisible();
  // … a hero summoned and kept …
  await page.goto('/create');
  await page.getByRole('button', { name: 'Generate Heroes' }).click();
  const cards = page.locator('.hero-card--large');
  await expect(cards).toHaveCount(2);
  const chosen = page.locator('.hero-card--large[data-selected="true"]');
  const heroId = (await chosen.getAttribute('data-hero-id'))!;
  const heroName = (await chosen.locator('.hero-card__name').textContent())!.trim();
  await page.getByRole('button', { name: 'Create Hero' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
  // … and a quick battle won with it (made mighty, so it wins).
  await setHeroPower(heroId, 'mighty');
  const fought = await request.post('/api/battles', {
    data: { user_id: player.id, team_hero_ids: [heroId], mode: 'auto' },
  });
  expect(fought.status()).toBe(201);
  const battle = (await fought.json()) as { battle_id: string; status: string; location: string };
  expect(battle.status).toBe('won');

  await page.goto('/profile');
  const history = page.getByRole('region', { name: 'History', exact: true });
  const rows = history.getByTestId('ledger').locator('.ledger__item');
  await expect(rows.locator('.ledger__reason')).toHaveText([
    'Battle victory',
    'Summoned heroes',
    'Bought Flask of Essence',
    'Starting purse',
  ]);
  const summon = rows.filter({ hasText: 'Summoned heroes' });
  await expect(summon.locator('[data-currency="summoning_scrolls"] .ledger__delta')).toHaveText(
    '−1 Summoning Scrolls',
  );
  await expect(summon.getByRole('link')).toContainText(heroName);
  const bought = rows.filter({ hasText: 'Bought Flask of Essence' });
  await expect(bought.locator('[data-currency="gold"] .ledger__delta')).toHaveText('−150 Gold');
  await expect(bought.getByRole('link')).toContainText('In inventory');
  const start = rows.filter({ hasText: 'Starting purse' });
  await expect(start.locator('.ledger__change')).toHaveCount(3);
  await expect(start.locator('[data-currency="gold"] .ledger__delta')).toHaveText('+500 Gold');
  const victory = rows.filter({ hasText: 'Battle victory' });
  await expect(victory.getByRole('link')).toContainText('Watch replay');
  await expect(victory.locator('.ledger__meta')).toContainText(battle.location);
  await expect(victory.locator('[data-currency="gold"] .ledger__delta')).toHaveText(/^\+\d+ Gold$/);
  await showHistory(page, testInfo, 'profile-history');

  // Gold only: the changes of gold, each with the balance after it.
  await history.getByRole('tab', { name: 'Gold' }).click();
  await expect(history.getByRole('tab', { name: 'Gold' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows.locator('.ledger__reason')).toHaveText([
    'Battle victory',
    'Bought Flask of Essence',
    'Starting purse',
  ]);
  await expect(rows.locator('.ledger__change')).toHaveCount(3);
  await expect(bought.locator('.ledger__after')).toHaveText('Balance 350');
  await expect(start.locator('.ledger__after')).toHaveText('Balance 500');
  const gold = (await (await request.get(`/api/users/${player.id}`)).json()).gold as number;
  await expect(victory.locator('.ledger__after')).toHaveText(`Balance ${gold.toLocaleString('en-US')}`);
  await showHistory(page, testInfo, 'profile-history-gold');
  await history.getByRole('tab', { name: 'Scrolls' }).click();
  await expect(rows.locator('.ledger__reason')).toHaveText(['Summoned heroes', 'Starting purse']);
  await expect(rows.first().locator('.ledger__after')).toHaveText('Balance 4');

  // Each row leads to its cause: the hero kept from the summon …
  await rows.filter({ hasText: 'Summoned heroes' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/heroes/${heroId}$`));
  await expect(page.getByRole('heading', { name: heroName })).toBeVisible();
  // … the item in the inventory, opened …
  await page.goBack();
  await history.getByRole('tab', { name: 'All' }).click();
  await rows.filter({ hasText: 'Bought Flask of Essence' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/inventory\?item=flask_of_essence$/);
  await expect(page.getByRole('dialog', { name: 'Flask of Essence' })).toBeVisible();
  await shot(page, testInfo, 'profile-history-item');
  // … and the fight's replay.
  await page.goBack();
  await rows.filter({ hasText: 'Battle victory' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/replay/${battle.battle_id}$`));
  await expect(page.getByRole('heading', { name: 'Replay' })).toBeVisible();
});

test('History: Load more pages back to the oldest change', async ({ page, request, player }, testInfo) => {
  await setBalances(player.id, { gold: 5_000 });
  for (let i = 0; i < 22; i++)
    expect(
      (
        await request.post('/api/shop/purchase', {
          data: { user_id: player.id, item_id: 'draught_of_insight', quantity: 1 },
        })
      ).ok(),
    ).toBe(true);
  await page.goto('/profile');
  const history = page.getByRole('region', { name: 'History', exact: true });
  const rows = history.getByTestId('ledger').locator('.ledger__item');
  // 22 purchases, the adjustment and the starting grant's 3 entries: 26 entries, the first page 20 of them.
  await expect(rows).toHaveCount(20);
  await expect(rows.first().locator('.ledger__reason')).toHaveText('Bought Draught of Insight');
  await expect(rows.first().locator('[data-currency="gold"] .ledger__delta')).toHaveText('−100 Gold');
  await showHistory(page, testInfo, 'profile-history-pages');
  await history.getByRole('button', { name: 'Load more' }).click();
  await expect(rows.last().locator('.ledger__reason')).toHaveText('Starting purse');
  await expect(rows.nth(-2).locator('.ledger__reason')).toHaveText('Balance adjusted');
  await expect(rows).toHaveCount(24);
  await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await history.getByRole('tab', { name: 'Tokens' }).click();
  await expect(history.getByText('Nothing here yet: no change to your combat tokens.')).toBeVisible();
  await showHistory(page, testInfo, 'profile-history-empty-filter');
});
