// /shop — item cards (icon, name, type in capitals, description, cost), Buy → 'Purchasing...' → the success
// banner with View Inventory, gold from remaining_gold, 'Not Enough Gold' disabled with 'Insufficient gold'.
import { test, expect, glance, shot, getUser, holdRequests } from './fixtures.ts';

test('buy items until gold runs short', async ({ page, request, player }, testInfo) => {
  await page.goto('/shop');
  await expect(page.getByTestId('shop-gold')).toContainText('500');
  const draught = page.locator('[data-item-id="draught_of_insight"]');
  await expect(draught.getByRole('heading', { name: 'Draught of Insight' })).toBeVisible();
  await expect(draught.locator('.item-type')).toHaveText('POTION');
  await expect(page.locator('[data-item-id="tempered_edge"] .item-type')).toHaveText('UPGRADE MAT');
  await expect(draught.locator('.item-cost')).toContainText('100');
  await expect(draught.locator('img')).toHaveAttribute('src', /^\/api\//);
  await shot(page, testInfo, 'shop');
  // Every card holds its own buttons, the long refusals ('Not Enough Combat Tokens') included.
  const spill = await page.locator('.item-card').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const box = card.getBoundingClientRect();
      return [...card.querySelectorAll('button')]
        .map((b) => b.getBoundingClientRect())
        .filter((b) => b.left < box.left - 0.5 || b.right > box.right + 0.5)
        .map(() => card.getAttribute('data-item-id'));
    }),
  );
  expect(spill).toEqual([]);

  let purchaseBodies: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/shop/purchase')) purchaseBodies.push(JSON.parse(r.postData() ?? '{}'));
  });
  await draught.getByRole('button', { name: 'Buy' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Draught of Insight added to inventory!' });
  await expect(banner).toBeVisible();
  // Where the player is looking: inside the viewport, whatever the page's scroll.
  await expect(banner).toBeInViewport();
  await expect(banner.getByRole('link', { name: 'View Inventory' })).toHaveAttribute('href', '/inventory');
  expect(purchaseBodies).toEqual([{ user_id: player.id, item_id: 'draught_of_insight', quantity: 1 }]);
  await expect(page.getByTestId('shop-gold')).toContainText('400');
  await expect(page.locator('header [data-currency="gold"]')).toContainText('400');
  await shot(page, testInfo, 'shop-bought');

  // The 1,500-gold shard is now out of reach: disabled, says why, and no call is made.
  const shard = page.locator('[data-item-id="shard_of_ascension"]');
  const short = shard.getByRole('button', { name: 'Not Enough Gold' });
  await expect(short).toBeDisabled();
  await expect(short).toHaveAttribute('title', 'Insufficient gold');
  // The error is shown as well, on the card, not only in a title.
  await expect(shard.getByTestId('short-of')).toHaveText('Insufficient gold');
  await expect(shard.getByTestId('short-of')).toBeVisible();

  // A card far down the page, bought on a phone: the message still shows in view.
  const elixir = page.locator('[data-item-id="elixir_of_mastery"]');
  await elixir.scrollIntoViewIfNeeded();
  await elixir.getByRole('button', { name: 'Buy' }).click();
  const second = page.getByRole('status').filter({ hasText: 'Elixir of Mastery added to inventory!' });
  await expect(second).toBeVisible();
  await expect(second).toBeInViewport();
  await glance(page, testInfo, 'shop-bought-in-view');
  // The message leads to the inventory (it fades after a few seconds, so follow it now and come back).
  await second.getByRole('link', { name: 'View Inventory' }).click();
  await expect(page).toHaveURL(/\/inventory$/);
  await page.goBack();
  await expect(page.getByTestId('shop-gold')).toContainText('50');
  expect((await getUser(request, player.id)).gold).toBe(50);
  await expect(draught.getByRole('button', { name: 'Not Enough Gold' })).toBeDisabled();
  purchaseBodies = [];
  await draught.getByRole('button', { name: 'Not Enough Gold' }).click({ force: true });
  expect(purchaseBodies).toHaveLength(0);
});

test('the busy text shows while a purchase runs', async ({ page, player }) => {
  void player;
  const release = await holdRequests(page, '**/api/shop/purchase');
  await page.goto('/shop');
  const draught = page.locator('[data-item-id="draught_of_insight"]');
  await draught.getByRole('button', { name: 'Buy' }).click();
  await expect(draught.getByRole('button', { name: 'Purchasing...' })).toBeDisabled();
  release();
  await expect(page.getByText('Draught of Insight added to inventory!')).toBeVisible();
});
