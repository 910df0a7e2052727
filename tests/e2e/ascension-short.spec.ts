// The Ascension panel of a new player's hero, on a phone: with no Star Shards and a hundred essence they are short of
// both, and the panel names both (it named only the shards, so buying shards would have met a second wall).
// Screen: phone-ascension-short.png.
import { test, expect, shot, createHero } from './fixtures.ts';

test('a new player’s Ascension panel says every reason the star is out of reach', async ({
  page,
  request,
  player,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  // One hero: a second of the same rarity is a copy the star may spend instead of shards (then only essence is short).
  const hero = await createHero(request, player);
  test.skip(hero.rarity >= 5, 'the summon was 5★: nothing to ascend');

  await page.goto(`/heroes/${hero.id}`);
  const panel = page.getByTestId('ascension');
  await expect(panel.getByRole('button', { name: `Ascend to ${hero.rarity + 1}★` })).toBeDisabled();
  const why = panel.locator('.ascension__why');
  await expect(why).toHaveCount(2);
  await expect(why.nth(0)).toHaveText(/^Not enough Star Shards: [\d,]+ needed, you have 0$/);
  await expect(why.nth(1)).toHaveText(/^Not enough magic essence: [\d,]+ needed, you have 100$/);
  await panel.scrollIntoViewIfNeeded();
  await shot(page, info, 'ascension-short');
});
