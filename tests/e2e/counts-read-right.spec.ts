// Numbers and counts as a player reads them (play-test): a compact amount rounds, it does not cut (1,194 gold reads
// "1.2k", not "1.1k", the exact amount in its title), and a count agrees with its noun wherever it is read aloud —
// a 1★ hero's card is "1 star", a 2★'s "2 stars", the fairness page's rarity rows likewise. Screen:
// <project>-counts-compact.png, <project>-counts-stars.png.
import { createHero, expect, glance, test } from './fixtures.ts';
import { setBalances, setHeroRarity } from './store-setup.ts';

test('1,194 gold reads 1.2k, the exact amount in its title', async ({ page, player }, info) => {
  await setBalances(player.id, { gold: 1194 });
  await page.goto('/heroes');
  const gold = page.locator('.app-header [data-currency="gold"]').first();
  await expect(gold.locator('.currency__amount')).toHaveText('1.2k');
  await expect(gold).toHaveAttribute('title', 'Gold: 1,194');
  await glance(page, info, 'counts-compact');
});

test('one star is "1 star", two are "2 stars": on the cards and the fairness page', async ({
  page,
  request,
  player,
}, info) => {
  const [one, two] = [await createHero(request, player), await createHero(request, player)];
  await setHeroRarity(one.id, 1);
  await setHeroRarity(two.id, 2);
  await page.goto('/heroes');
  const named = (id: string) =>
    page.locator(`.hero-card[data-hero-id="${id}"] .hero-card__action`).getAttribute('aria-label');
  await expect.poll(() => named(one.id)).toMatch(/, 1 star$/);
  await expect.poll(() => named(two.id)).toMatch(/, 2 stars$/);
  await expect(page.getByRole('link', { name: /, 1 star$/ })).toHaveCount(1);
  await glance(page, info, 'counts-stars');

  await page.goto('/fairness');
  const rows = page.getByRole('table', { name: /Summon rarity/ }).getByRole('rowheader');
  await expect(rows.first()).toHaveText(/1 star$/);
  await expect(rows.nth(1)).toHaveText(/2 stars$/);
});

test('one scroll left reads "1 scroll" under a summoned pair', async ({ page, request, player }) => {
  await setBalances(player.id, { summoning_scrolls: 2 });
  expect((await request.post('/api/characters/generate', { data: { user_id: player.id } })).status()).toBe(
    200,
  );
  await page.goto('/create');
  await expect(page.locator('.create__cost')).toHaveText(
    'Regenerate costs 1 summoning scroll and replaces both heroes. You have 1 scroll.',
  );
});
