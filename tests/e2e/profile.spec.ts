// /profile — username, joined date, currencies, Credits (game-icons.net, CC BY 3.0), Logout → / with the
// stored session cleared.
import { test, expect, shot } from './fixtures.ts';

test('profile, credits and logout', async ({ page, player }, testInfo) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: player.username })).toBeVisible();
  const joined = new Date(player.created_at * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  await expect(page.getByText(`Joined ${joined}`)).toBeVisible();
  const currencies = page.locator('main .currency-bar');
  await expect(currencies.locator('[data-currency="gold"]')).toContainText('500');
  await expect(currencies.locator('[data-currency="magic_essence"]')).toContainText('100');
  await expect(currencies.locator('[data-currency="summoning_scrolls"]')).toContainText('5');
  await expect(currencies.locator('[data-currency="combat_tokens"]')).toContainText('0');
  await shot(page, testInfo, 'profile');

  await page.getByRole('link', { name: 'Credits' }).click();
  await expect(page.getByRole('heading', { name: 'Credits' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'game-icons.net' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'CC BY 3.0' })).toBeVisible();
  await shot(page, testInfo, 'credits');
  await page.getByRole('link', { name: '← Back' }).click();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('runeborn_user'))).toBeNull();
  await expect(page.getByRole('tab', { name: 'Select User' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
});

test('the header’s balances are the server’s: read again on every load and when the tab returns', async ({
  page,
  request,
  player,
}) => {
  await page.goto('/map');
  const gold = page.locator('.app-header__player [data-currency="gold"] .currency__amount').first();
  await expect(gold).toHaveText('500');
  const shop = (await (await request.get('/api/shop')).json()) as {
    id: string;
    cost: number;
    currency: string;
  }[];
  const item = shop.find((i) => i.currency === 'gold' && i.cost <= 200)!;
  const buy = async () =>
    expect(
      (await request.post('/api/shop/purchase', { data: { user_id: player.id, item_id: item.id } })).ok(),
    ).toBe(true);
  // Spent elsewhere (another tab, another device): a reload shows the server's balance, not the stored copy.
  await buy();
  await page.reload();
  await expect(gold).toHaveText(String(500 - item.cost));
  // Spent again while this tab was in the background: coming back to it shows the change.
  await buy();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(gold).toHaveText(String(500 - 2 * item.cost));
});
