// /inventory — empty state, Total Items, the five tabs with counts, the item modal with its hint, Use Item
// on a plain item and on a hero-targeted item (hero picker), 'No Items in This Category'.
import { test, expect, shot, createHero, getUser } from './fixtures.ts';

test('empty, then items by tab, then use them', async ({ page, request, player }, testInfo) => {
  await page.goto('/inventory');
  await expect(page.getByText('Inventory Empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit Shop' })).toHaveAttribute('href', '/shop');
  await shot(page, testInfo, 'inventory-empty');

  const hero = await createHero(request, player);
  for (const item_id of ['draught_of_insight', 'flask_of_essence', 'draught_of_insight']) {
    const res = await request.post('/api/shop/purchase', {
      data: { user_id: player.id, item_id, quantity: 1 },
    });
    expect(res.ok()).toBe(true);
  }
  await page.reload();
  // Two draughts and a flask: three items, and every number on the page says three (a tab counts what it holds).
  await expect(page.getByTestId('total-items')).toContainText('3');
  await expect(page.getByRole('tab', { name: /All Items/ }).locator('.count-badge')).toHaveText('3');
  await expect(page.getByRole('tab', { name: /Potions/ }).locator('.count-badge')).toHaveText('3');
  for (const name of ['Upgrades', 'Gear', 'Shards']) {
    await expect(page.getByRole('tab', { name: new RegExp(name) }).locator('.count-badge')).toHaveText('0');
  }
  const draught = page.locator('.inventory-card[data-item-id="draught_of_insight"]');
  await expect(draught).toContainText('×2');
  await expect(draught).toContainText('POTION');
  await shot(page, testInfo, 'inventory');

  await page.getByRole('tab', { name: /Upgrades/ }).click();
  await expect(page.getByText('No Items in This Category')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit Shop' })).toBeVisible();
  await page.getByRole('tab', { name: /All Items/ }).click();

  // A plain item: Use Item, the outcome in an alert, currencies re-read.
  await page.locator('.inventory-card[data-item-id="flask_of_essence"]').click();
  let dialog = page.getByRole('dialog', { name: 'Flask of Essence' });
  // The general hint, then this item's own condition.
  await expect(dialog.getByTestId('item-condition')).toHaveText(
    'Some items require specific conditions to use. This one has none: it is used on your account.',
  );
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Use Item' }).click();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  const essence = (await getUser(request, player.id)).magic_essence;
  expect(essence).toBeGreaterThan(100);
  await expect(page.locator('header [data-currency="magic_essence"]')).toContainText(String(essence));
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('total-items')).toContainText('2');
  await expect(page.getByRole('tab', { name: /All Items/ }).locator('.count-badge')).toHaveText('2');

  // A hero-targeted item: choose the hero first.
  await draught.click();
  dialog = page.getByRole('dialog', { name: 'Draught of Insight' });
  const use = dialog.getByRole('button', { name: 'Use Item' });
  await expect(use).toBeDisabled();
  const condition = dialog.getByTestId('item-condition');
  await expect(condition).toContainText('Some items require specific conditions to use.');
  await expect(condition).toContainText('Choose a hero to use this on.');
  await dialog.locator(`.hero-card[data-hero-id="${hero.id}"]`).getByRole('button').click();
  await expect(use).toBeEnabled();
  await expect(condition).toContainText(`It will be used on ${hero.name}.`);
  await shot(page, testInfo, 'inventory-use');
  await use.click();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  const after = await (await request.get(`/api/heroes/${hero.id}`)).json();
  expect(after.xp + after.level * 1000).toBeGreaterThan(hero.xp + hero.level * 1000);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(draught).toContainText('×1');
});
