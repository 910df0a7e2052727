// The last of an item used (play-test: its dialog stayed open at ×0 with Use Item and the hero picker): the dialog
// keeps what came of it, says none are left and offers Close alone, and the item has left the list behind it. One
// of two used leaves the other to use. Screens: <project>-last-item.png.
import { createHero, expect, glance, test } from './fixtures.ts';
import { setStock } from './store-setup.ts';

test('using the last of an item: none left said, nothing more offered, the item gone from the list', async ({
  page,
  request,
  player,
}, info) => {
  const hero = await createHero(request, player);
  await setStock(player.id, 'draught_of_insight', 1);
  await setStock(player.id, 'flask_of_essence', 2);
  await page.goto('/inventory');

  // two flasks: one used, one left to use
  await page.locator('.inventory-card[data-item-id="flask_of_essence"]').click();
  let dialog = page.getByRole('dialog', { name: 'Flask of Essence' });
  await dialog.getByRole('button', { name: 'Use Item' }).click();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await expect(dialog.locator('.item-modal__qty')).toHaveText('×1');
  await expect(dialog.getByRole('button', { name: 'Use Item' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // the one draught, used on the hero
  await page.locator('.inventory-card[data-item-id="draught_of_insight"]').click();
  dialog = page.getByRole('dialog', { name: 'Draught of Insight' });
  await dialog.locator(`.hero-card[data-hero-id="${hero.id}"]`).getByRole('button').click();
  await dialog.getByRole('button', { name: 'Use Item' }).click();
  await expect(dialog.getByRole('alert')).toContainText(hero.name.split(' ')[0]);
  await expect(dialog.locator('.item-modal__qty')).toHaveText('None left: that was the last one.');
  await expect(dialog).not.toContainText('×0');
  await expect(dialog.getByRole('button', { name: 'Use Item' })).toHaveCount(0);
  await expect(dialog.locator('.hero-card')).toHaveCount(0);
  await expect(page.locator('.inventory-card[data-item-id="draught_of_insight"]')).toHaveCount(0);
  await glance(page, info, 'last-item');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.inventory-card[data-item-id="draught_of_insight"]')).toHaveCount(0);
  await expect(page.locator('.inventory-card[data-item-id="flask_of_essence"]')).toContainText('×1');
});
