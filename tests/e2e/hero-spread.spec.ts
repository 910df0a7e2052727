// Every hero is its own: the detail page shows each stat with the hero's own spread as the percent it is, the
// card on My Heroes marks it beside the numbers where they fit (its title says it on every size), and a reroll (three abilities the hero did not have) keeps it.
import { test, expect, shot, confirmReroll, createHero } from './fixtures.ts';
import type { Hero } from '../../src/game/types.ts';

const percent = (p: number) => (p > 0 ? `+${p}%` : p < 0 ? `\u2212${-p}%` : '\u00b10%');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const STATS = [
  ['max_hp', 'Health'],
  ['atk', 'Attack'],
  ['def', 'Defense'],
  ['spd', 'Speed'],
] as const;

/** A hero whose spread is not zero everywhere (nearly every one; a few tries make it certain). */
async function heroWithSpread(request: Parameters<typeof createHero>[0], player: { id: string }) {
  for (;;) {
    const hero = await createHero(request, player);
    if (Object.values(hero.spread).some((p) => p !== 0)) return hero;
  }
}

test('the detail page and the card show the hero’s own spread; a reroll keeps it and changes all three abilities', async ({
  page,
  request,
  player,
}, testInfo) => {
  const hero: Hero = await heroWithSpread(request, player);
  await page.goto(`/heroes/${hero.id}`);
  await expect(page.getByRole('heading', { name: hero.name })).toBeVisible();
  const tiles = page.locator('.stat-grid > div');
  await expect(tiles).toHaveCount(4);
  for (const [i, [key, name]] of STATS.entries()) {
    const tile = tiles.nth(i);
    await expect(tile.locator('dt')).toContainText(name);
    // the number it fights with (its traits and passives at work), its own below where they differ
    const fights = hero.fighting_stats![key];
    await expect(tile.locator('dd')).toContainText(key === 'max_hp' ? `${fights}/${fights}` : `${fights}`);
    if (fights !== hero[key]) await expect(tile.locator('.stat__own')).toHaveText(`own ${hero[key]}`);
    const chip = tile.locator('.spread-chip');
    await expect(chip).toBeVisible();
    await expect(chip).toHaveText(percent(hero.spread[key]));
    // The chip sits beside the number, inside the tile.
    const [t, c] = [await tile.boundingBox(), await chip.boundingBox()];
    expect(c!.x + c!.width).toBeLessThanOrEqual(t!.x + t!.width);
  }
  await expect(page.locator('.hero-detail__spread-note')).toContainText('between −5% and +5%');
  await expect(page.locator('.hero-detail__cost')).toContainText(
    'three new abilities — none of the three above',
  );
  await shot(page, testInfo, 'hero-spread-detail');

  const before = await page.locator('.ability strong').allTextContents();
  await confirmReroll(page);
  await expect.poll(() => page.locator('.ability strong').allTextContents()).not.toEqual(before);
  const after = await page.locator('.ability strong').allTextContents();
  expect(after).toHaveLength(3);
  expect(after.filter((name) => before.includes(name))).toEqual([]);
  for (const [i, [key]] of STATS.entries())
    await expect(tiles.nth(i).locator('.spread-chip')).toHaveText(percent(hero.spread[key]));

  await page.goto('/heroes');
  const card = page.locator(`.hero-card[data-hero-id="${hero.id}"]`);
  await expect(card).toBeVisible();
  const marks = card.locator('.hero-card__stats [data-spread]');
  const nonZero = STATS.filter(([key]) => hero.spread[key] !== 0);
  // Each stat's title says what its spread is measured against, on every size.
  for (const [i, [key]] of STATS.entries())
    if (hero.spread[key] !== 0)
      await expect(card.locator('.hero-card__stats > div').nth(i)).toHaveAttribute(
        'title',
        new RegExp(
          escapeRegExp(
            `${percent(hero.spread[key])} from the base of its race, class, type, rarity and level`,
          ),
        ),
      );
  // The phone's grid has x-small cards: no room for a number, and no bare arrow instead.
  const xSmall = (await card.getAttribute('data-size')) === 'x-small';
  await expect(card.locator('.hero-card__stats')).not.toContainText(/[\u25b4\u25be]/);
  await expect(marks).toHaveCount(xSmall ? 0 : nonZero.length);
  for (const [i, [key]] of (xSmall ? [] : nonZero).entries()) {
    await expect(marks.nth(i)).toHaveAttribute('data-spread', String(hero.spread[key]));
    await expect(marks.nth(i)).toBeVisible();
    // Inside its own stat cell: never spilling into the next column.
    const cell = await marks.nth(i).locator('xpath=ancestor::div[1]').boundingBox();
    const box = await marks.nth(i).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(cell!.x + cell!.width + 0.5);
  }
  await shot(page, testInfo, 'hero-spread-card');
});
