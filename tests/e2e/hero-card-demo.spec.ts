// /herocard — the public demo: no login, the demo hero in every size at its fixed dimensions, the sizes
// table, the features list, stars, abilities with tooltips on large only, data-hero-id on every card.
import { test, expect, shot } from './fixtures.ts';

const SIZES: [string, number, number][] = [
  ['tiny', 180, 260],
  ['x-small', 150, 215],
  ['small', 220, 300],
  ['medium', 260, 370],
  ['large', 280, 400],
];

test('hero card demo', async ({ page }, testInfo) => {
  await page.goto('/herocard');
  await expect(page).toHaveURL(/\/herocard$/);
  await expect(page.getByRole('heading', { name: 'Hero Cards' })).toBeVisible();

  const table = page.locator('table.sizes-table');
  for (const [name, w, h] of SIZES) {
    await expect(
      table.locator('tr').filter({ has: page.getByRole('cell', { name, exact: true }) }),
    ).toContainText(`${w}x${h}`);
    const card = page.locator(`[data-demo-size="${name}"] .hero-card`);
    await expect(card).toHaveAttribute('data-hero-id', 'demo_hero');
    const box = await card.boundingBox();
    expect(Math.round(box!.width)).toBe(w);
    expect(Math.round(box!.height)).toBe(h);
    await expect(card).toContainText('Lv 5 Elf Sorcerer');
    await expect(card.locator('[data-stars="4"]')).toBeVisible();
    await expect(card.locator('.hero-card__stats')).toContainText('850');
    await expect(card.locator('.hero-card__stats')).toContainText('95');
    await expect(card.locator('.hero-card__stats')).toContainText('72');
    await expect(card.locator('.hero-card__stats')).toContainText('88');
    // Abilities only on large: 2 normal + 1 ultimate.
    await expect(card.locator('.ability-chip')).toHaveCount(name === 'large' ? 3 : 0);
  }
  for (const feature of [
    'Hover zoom',
    "Role display 'Lv X Race Class'",
    '1-5 rarity stars',
    'Tooltips',
    'Mobile-first',
  ]) {
    await expect(page.locator('.features')).toContainText(feature);
  }
  // Every rendered hero card carries data-hero-id.
  const cards = page.locator('.hero-card');
  const count = await cards.count();
  for (let i = 0; i < count; i++) await expect(cards.nth(i)).toHaveAttribute('data-hero-id', /.+/);

  // Tooltip of an ability on the large card, by keyboard focus.
  const large = page.locator('[data-demo-size="large"] .hero-card');
  await large.locator('.ability-chip__trigger').last().focus();
  await expect(large.getByRole('tooltip').last()).toBeVisible();
  await expect(large.getByRole('tooltip').last()).toContainText('Meteor');

  // The selectable variant toggles its check mark.
  const selectable = page.locator('.hero-card--selectable');
  await expect(selectable).toHaveAttribute('data-selected', 'true');
  await selectable.getByRole('button').click();
  await expect(selectable).toHaveAttribute('data-selected', 'false');
  await shot(page, testInfo, 'herocard');
});
