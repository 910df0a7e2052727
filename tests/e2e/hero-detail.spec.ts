// /heroes/{heroId} — details, XP bar below level 10, traits, reroll (50 essence, the user re-read after, and
// the refusal text without essence), delete with the 'Delete Hero?' dialog, 'Hero not found'.
import { test, expect, shot, confirmDeleteHero, createHero, getUser } from './fixtures.ts';

test('detail, reroll twice, then the essence message; delete with confirmation', async ({
  page,
  request,
  player,
}, testInfo) => {
  const hero = await createHero(request, player);
  await page.goto(`/heroes/${hero.id}`);
  const detail = page.locator(`article[data-hero-id="${hero.id}"]`);
  await expect(detail.getByRole('heading', { name: hero.name })).toBeVisible();
  await expect(detail).toContainText(hero.race);
  await expect(detail).toContainText(hero.class);
  await expect(detail).toContainText(hero.type);
  // The role shown is the hero's type itself, not invented text.
  expect(['Tank', 'Damage', 'Support']).toContain(hero.type);
  await expect(page.getByTestId('hero-role')).toHaveText(hero.type);
  // health as hp/max_hp, of the health it fights with (its traits and passives at work)
  const health = hero.fighting_stats!.max_hp;
  await expect(page.getByText(`${health}/${health}`)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Experience to next level' })).toBeVisible();
  await expect(page.locator('[data-trait="boon"]')).toContainText(hero.boon.name);
  await expect(page.locator('[data-trait="bane"]')).toContainText(hero.bane.name);
  await expect(page.locator('.ability')).toHaveCount(3);
  await shot(page, testInfo, 'hero-detail');

  const before = await page.locator('.ability strong').allTextContents();
  // Reroll asks first and states its cost; cancelling changes nothing.
  await page.getByRole('button', { name: 'Reroll Abilities' }).click();
  const ask = page.getByRole('dialog', { name: 'Reroll Abilities?' });
  await expect(ask).toContainText('50 magic essence');
  await shot(page, testInfo, 'hero-detail-reroll-confirm');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect(await page.locator('.ability strong').allTextContents()).toEqual(before);
  expect((await getUser(request, player.id)).magic_essence).toBe(100);
  await page.getByRole('button', { name: 'Reroll Abilities' }).click();
  await ask.getByRole('button', { name: 'Reroll for 50 essence' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.locator('[data-currency="magic_essence"]').first()).toContainText('50');
  await expect.poll(() => page.locator('.ability strong').allTextContents()).not.toEqual(before);
  await page.getByRole('button', { name: 'Reroll Abilities' }).click();
  await ask.getByRole('button', { name: 'Reroll for 50 essence' }).click();
  await expect(page.locator('[data-currency="magic_essence"]').first()).toContainText(/: 0$/);
  expect((await getUser(request, player.id)).magic_essence).toBe(0);
  await page.getByRole('button', { name: 'Reroll Abilities' }).click();
  await expect(page.getByRole('alert')).toHaveText('Insufficient magic essence (requires 50)');

  await page.getByRole('button', { name: 'Delete Hero' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Hero?' });
  await expect(dialog).toBeVisible();
  await shot(page, testInfo, 'hero-detail-delete');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await confirmDeleteHero(page);
  await expect(page).toHaveURL(/\/heroes$/);
  await expect(page.locator(`.hero-card[data-hero-id="${hero.id}"]`)).toHaveCount(0);
  expect((await request.get(`/api/heroes/${hero.id}`)).status()).toBe(404);
});

test('after a delete nothing reads the deleted hero: no request for it, no 404, no console error', async ({
  page,
  request,
  player,
}) => {
  const hero = await createHero(request, player);
  await page.goto(`/heroes/${hero.id}`);
  await expect(page.getByRole('heading', { name: hero.name })).toBeVisible();
  const trouble: string[] = [];
  let deleted = false;
  page.on('console', (m) => {
    if (m.type() === 'error') trouble.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => trouble.push(`page error: ${e.message}`));
  page.on('console', (m) => m.text().startsWith('DBG') && trouble.push(m.text()));
  page.on('response', (r) => {
    if (r.status() === 404) trouble.push(`404: ${r.request().method()} ${r.url()}`);
    if (r.request().method() === 'DELETE' && r.url().includes(hero.id)) deleted = true;
  });
  page.on('request', (r) => {
    if (deleted && r.url().includes(hero.id)) trouble.push(`after the delete: ${r.method()} ${r.url()}`);
  });
  await confirmDeleteHero(page);
  await expect(page).toHaveURL(/\/heroes$/);
  await expect(page.getByText("You don't have any heroes yet")).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(deleted).toBe(true);
  expect(trouble).toEqual([]);
  // Back to its address: the hero is gone, not shown again from memory.
  await page.goBack();
  await expect(page.getByText('Hero not found')).toBeVisible();
});

test("deleting someone else's hero fails: the dialog closes and the error shows", async ({
  page,
  request,
  player,
}) => {
  const { createUser } = await import('./fixtures.ts');
  const other = await createUser(request);
  const theirs = await createHero(request, other);
  void player;
  await page.goto(`/heroes/${theirs.id}`);
  await confirmDeleteHero(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/heroes/${theirs.id}$`));
});

test('an unknown hero shows Hero not found with Return to Heroes', async ({ page, player }, testInfo) => {
  void player;
  await page.goto('/heroes/h_does_not_exist');
  await expect(page.getByText('Hero not found')).toBeVisible();
  await shot(page, testInfo, 'hero-not-found');
  await page.getByRole('link', { name: 'Return to Heroes' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
});

test('an id longer than any the server holds shows the same Hero not found screen, never a schema error', async ({
  page,
  player,
}) => {
  void player;
  await page.goto(`/heroes/${'h'.repeat(80)}`);
  await expect(page.getByText('Hero not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Heroes' })).toBeVisible();
  await expect(page.getByText(/Invalid|not a valid id/)).toHaveCount(0);
});
