// A piece of gear opened in the inventory, on a phone: Use Item puts it on the chosen hero (as the hero page's Gear
// panel does) instead of answering with an error that sends the player to that page. The piece leaves the
// inventory and the hero's Gear panel shows it worn. Screen: phone-inventory-gear-worn.png.
import { test, expect, shot, createHero } from './fixtures.ts';
import { setStock } from './store-setup.ts';

test('Use Item on a piece of gear puts it on the chosen hero', async ({ page, request, player }, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  const hero = await createHero(request, player);
  await setStock(player.id, 'verdant_weapon', 1);

  await page.goto('/inventory');
  await page.locator('[data-item-id="verdant_weapon"]').click();
  const dialog = page.getByRole('dialog', { name: 'Verdant Staff' });
  const condition = dialog.getByTestId('item-condition');
  await expect(condition).toContainText('Choose a hero to wear it.');
  await dialog.locator(`.hero-card[data-hero-id="${hero.id}"]`).getByRole('button').click();
  await expect(condition).toContainText(`${hero.name} will wear it.`);
  await dialog.getByRole('button', { name: 'Use Item' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`${hero.name} now wears Verdant Staff.`);
  await shot(page, info, 'inventory-gear-worn');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('[data-item-id="verdant_weapon"]')).toHaveCount(0);

  await page.goto(`/heroes/${hero.id}`);
  await expect(page.getByTestId('gear').locator('[data-slot="weapon"]')).toContainText('Verdant Staff');
});
