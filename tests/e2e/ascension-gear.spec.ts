// Ascension and gear on a phone (issue 30): on a hero's page the player reads the next star's cost and what the
// hero gains, ascends it with Star Shards after a confirmation naming what is spent, fuses spare shards into a
// summoning scroll, and puts on a piece of gear
// bought with combat tokens; the set bonus text and the card's gear badge follow. Screenshots of each screen.
import { createHero, createUser, expect, signIn, test } from './fixtures.ts';
import { setBalances, setStock } from './store-setup.ts';

test('a hero ascends one star with Star Shards and puts on a piece of gear', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  const user = await createUser(request);
  const heroes = [await createHero(request, user), await createHero(request, user)];
  const hero = heroes.reduce((a, b) => (b.rarity < a.rarity ? b : a));
  test.skip(hero.rarity >= 5, 'both summons were 5★: nothing to ascend');
  await setBalances(user.id, { magic_essence: 50_000, combat_tokens: 300 });
  await setStock(user.id, 'star_shard', 2_000);
  expect(
    (
      await request.post('/api/shop/purchase', { data: { user_id: user.id, item_id: 'ember_weapon' } })
    ).status(),
  ).toBe(200);

  await signIn(page, user);
  await page.goto(`/heroes/${hero.id}`);
  const panel = page.getByTestId('ascension');
  await expect(panel.getByRole('heading', { name: 'Ascension' })).toBeVisible();
  await expect(panel.getByTestId('ascension-cost')).toContainText('magic essence');
  await expect(panel.getByRole('table', { name: new RegExp(`gains at ${hero.rarity + 1}★`) })).toBeVisible();
  await panel.screenshot({ path: info.outputPath('ascension-before.png') });

  // Star Shards pay for this star: the copy the panel may have picked at first is let go.
  for (const picked of await panel.locator('.ascension__copy input:checked').all()) await picked.uncheck();
  await panel.getByRole('button', { name: `Ascend to ${hero.rarity + 1}★` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Ascend .* to ${hero.rarity + 1}★\\?`) });
  await expect(dialog).toContainText('Star Shards');
  await page.screenshot({ path: info.outputPath('ascension-confirm.png') });
  await dialog.getByRole('button', { name: 'Ascend', exact: true }).click();
  await expect(panel.getByRole('status')).toContainText(`rose to ${hero.rarity + 1}★`);
  const after = await (await request.get(`/api/heroes/${hero.id}`)).json();
  expect(after.rarity).toBe(hero.rarity + 1);
  expect(after.level).toBe(hero.level);
  await panel.screenshot({ path: info.outputPath('ascension-after.png') });

  // Star Shards past what the stars need: fused a hundred into a summoning scroll from the same panel.
  const scrolls = (await (await request.get(`/api/users/${user.id}`)).json()).summoning_scrolls;
  const fuse = panel.getByRole('button', { name: 'Fuse 100 shards' });
  const held = Number(
    (await panel.getByTestId('ascension-cost').innerText()).match(/hold ([\d,]+) Star/)![1].replace(/,/g, ''),
  );
  await fuse.click();
  await expect(panel.getByRole('status')).toContainText('You fused 100 Star Shards into 1 summoning scroll.');
  await expect(panel.getByTestId('ascension-cost')).toContainText(
    `You hold ${(held - 100).toLocaleString('en-US')} Star Shards`,
  );
  await expect(fuse).toBeEnabled();
  expect((await (await request.get(`/api/users/${user.id}`)).json()).summoning_scrolls).toBe(scrolls + 1);
  await panel.screenshot({ path: info.outputPath('ascension-fused.png') });

  const gear = page.getByTestId('gear');
  await gear.scrollIntoViewIfNeeded();
  await gear.getByRole('button', { name: 'Put on Ember Blade' }).click();
  const weapon = gear.locator('[data-slot="weapon"]');
  await expect(weapon).toContainText('Ember Blade');
  await expect(weapon).toContainText('Attack is 8% higher.');
  await expect(gear.getByRole('button', { name: 'Take off' })).toBeVisible();
  await gear.screenshot({ path: info.outputPath('gear-on.png') });

  await page.goto('/heroes');
  const card = page.locator(`[data-hero-id="${hero.id}"]`).first();
  await expect(card.getByLabel('Gear: Ember Blade')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('heroes-card-gear.png') });
});
