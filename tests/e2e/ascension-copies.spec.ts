// The heroes a star may spend (play-test: a 5★ was offered as fodder for a 2★'s star): the Ascension panel offers those
// of the rarity the star needs first, least valuable first, and picks them at first; a rarer hero comes after, under a
// note saying it gives up more than the star asks, is never picked for the player, and the confirmation says so when
// the player picks one. Screens: <project>-ascension-copies.png.
import { createHero, expect, test } from './fixtures.ts';
import { setBalances, setHeroRarity } from './store-setup.ts';

test('a 2★’s star offers the 2★ copies first and picks them; the 5★ comes after, never picked', async ({
  page,
  request,
  player,
}, info) => {
  const [hero, five] = [await createHero(request, player), await createHero(request, player)];
  await setHeroRarity(hero.id, 2);
  await setHeroRarity(five.id, 5);
  await setBalances(player.id, { magic_essence: 5000 });

  // only a 5★ about: offered apart, not picked — Star Shards stand in
  await page.goto(`/heroes/${hero.id}`);
  const panel = page.getByTestId('ascension');
  const copies = panel.locator('.ascension__copy');
  await expect(copies).toHaveCount(1);
  await expect(panel.getByTestId('rarer-copies')).toBeVisible();
  await expect(copies.first().getByRole('checkbox')).not.toBeChecked();
  await expect(panel.getByRole('group', { name: /Heroes to spend \(0\/2\)/ })).toBeVisible();

  // two 2★ copies and a 3★ join: the 2★s first, picked; then the rarer, unpicked
  const more = [
    await createHero(request, player),
    await createHero(request, player),
    await createHero(request, player),
  ];
  await setHeroRarity(more[0]!.id, 2);
  await setHeroRarity(more[1]!.id, 2);
  await setHeroRarity(more[2]!.id, 3);
  await page.reload();
  await expect(copies).toHaveCount(4);
  const order = await copies.evaluateAll((els) => els.map((e) => e.getAttribute('data-copy-id')));
  expect(order.slice(0, 2).sort()).toEqual([more[0]!.id, more[1]!.id].sort());
  expect(order.slice(2)).toEqual([more[2]!.id, five.id]);
  for (const i of [0, 1]) await expect(copies.nth(i).getByRole('checkbox')).toBeChecked();
  for (const i of [2, 3]) await expect(copies.nth(i).getByRole('checkbox')).not.toBeChecked();
  // the rarer note sits between them
  const note = await panel.getByTestId('rarer-copies').boundingBox();
  expect(note!.y).toBeGreaterThan((await copies.nth(1).boundingBox())!.y);
  expect(note!.y).toBeLessThan((await copies.nth(2).boundingBox())!.y);
  await panel.locator('.ascension__copies').screenshot({
    path: `test-results/screens/${info.project.name}-ascension-copies.png`,
  });

  // the player may still pick the 5★: the confirmation says it is rarer than the star needs
  await copies.nth(1).getByRole('checkbox').uncheck();
  await copies.nth(3).getByRole('checkbox').check();
  await panel.getByRole('button', { name: 'Ascend to 3★' }).click();
  const dialog = page.getByRole('dialog', { name: /Ascend .* to 3★\?/ });
  await expect(dialog.getByTestId('rarer-warning')).toHaveText(`${five.name} is rarer than this star needs.`);
});
