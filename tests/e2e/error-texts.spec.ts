// Errors on the account, hero, shop and inventory screens: each failed call shows its fallback text word for word (or the server's own
// `error` text as-is) in its place — a red box (account, hero), a red banner (shop), a panel with
// Retry (inventory), an alert (item use) — and a failed user list is only logged. Failures are injected with
// page.route; everything else is the real server.
import type { Page, Route } from '@playwright/test';
import {
  test,
  expect,
  confirmDeleteHero,
  confirmReroll,
  createHero,
  createUser,
  signIn,
} from './fixtures.ts';

/** A failure with no server text (plain 500), or one carrying the server's `{ error }`. */
const fail = (route: Route, error?: string) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: error ? JSON.stringify({ error }) : '',
  });

/** Fails every `method` call whose path matches `path` (a string for an exact path, or a RegExp). */
async function failCalls(page: Page, method: string, path: string | RegExp, error?: string): Promise<void> {
  await page.route(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    (route) => (route.request().method() === method ? fail(route, error) : route.fallback()),
  );
}

test.describe('account errors (red box)', () => {
  test('a failed user list is only logged and the list stays empty', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await failCalls(page, 'GET', '/api/users', 'should never be shown');
    await page.goto('/');
    await expect(page.getByText('No users found. Create a new account to get started.')).toBeVisible();
    await expect(page.getByText('should never be shown')).toHaveCount(0);
    await expect(page.locator('.error-box')).toHaveCount(0);
    await expect.poll(() => logged.some((t) => t.includes('Failed to load users'))).toBe(true);
  });

  test("Continue: 'Failed to load user'; Create New: 'Failed to create account', or the server's text", async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await failCalls(page, 'GET', `/api/users/${user.id}`);
    await page.goto('/');
    await page.getByLabel('Find your account').fill(user.username);
    await page.getByLabel('Account', { exact: true }).selectOption(user.id);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('.error-box')).toHaveText('Failed to load user');
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('tab', { name: 'Create New' }).click();
    await expect(page.locator('.error-box')).toHaveCount(0);
    await failCalls(page, 'POST', '/api/users');
    await page.getByLabel('Username').fill('fresh_name');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('.error-box')).toHaveText('Failed to create account');

    await page.unrouteAll();
    await failCalls(page, 'POST', '/api/users', 'The account office is closed');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('.error-box')).toHaveText('The account office is closed');
  });
});

test.describe('hero errors (red box)', () => {
  test('the three lists of /heroes name what failed; the NPC tab counts 0', async ({ page, player }) => {
    await failCalls(page, 'GET', '/api/heroes');
    await failCalls(page, 'GET', '/api/heroes/browse/all');
    await failCalls(page, 'GET', '/api/npcs');
    await page.goto('/heroes');
    await expect(page.locator('.error-box')).toHaveText('Failed to fetch your heroes');
    await page.getByRole('tab', { name: /Other Heroes/ }).click();
    await expect(page.locator('.error-box')).toHaveText('Failed to fetch other heroes');
    await page.getByRole('tab', { name: /NPCs/ }).click();
    await expect(page.locator('.error-box')).toHaveText('Failed to fetch NPCs');
    await expect(page.getByRole('tab', { name: /NPCs/ }).locator('.count-badge')).toHaveText('0');
    void player;
  });

  test("the NPC tab shows the server's text as-is", async ({ page, player }) => {
    await failCalls(page, 'GET', '/api/npcs', 'The dungeons are sealed');
    await page.goto('/heroes?tab=npcs');
    await expect(page.locator('.error-box')).toHaveText('The dungeons are sealed');
    void player;
  });

  test("detail: 'Failed to fetch hero details'", async ({ page, request, player }) => {
    const hero = await createHero(request, player);
    await failCalls(page, 'GET', `/api/heroes/${hero.id}`);
    await page.goto(`/heroes/${hero.id}`);
    await expect(page.locator('.error-box')).toHaveText('Failed to fetch hero details');
  });

  test("reroll and delete failures: 'Failed to reroll abilities', 'Failed to delete hero' (the dialog closes)", async ({
    page,
    request,
    player,
  }) => {
    const hero = await createHero(request, player);
    await failCalls(page, 'POST', `/api/heroes/${hero.id}/reroll-abilities`);
    await failCalls(page, 'DELETE', `/api/heroes/${hero.id}`);
    await page.goto(`/heroes/${hero.id}`);
    await confirmReroll(page);
    await expect(page.locator('.error-box')).toHaveText('Failed to reroll abilities');

    await confirmDeleteHero(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('.error-box')).toHaveText('Failed to delete hero');
    await expect(page).toHaveURL(new RegExp(`/heroes/${hero.id}$`));
  });

  test("create: 'Failed to create hero'; generation errors as received", async ({ page, player }) => {
    await failCalls(page, 'POST', '/api/heroes');
    await page.goto('/create');
    await page.getByRole('button', { name: 'Generate Heroes' }).click();
    await expect(page.locator('.hero-card--large')).toHaveCount(2);
    await page.getByRole('button', { name: 'Create Hero' }).click();
    await expect(page.locator('.error-box')).toHaveText('Failed to create hero');
    await expect(page).toHaveURL(/\/create$/);

    await failCalls(page, 'POST', '/api/characters/generate', 'The summoning circle is cracked');
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.locator('.error-box')).toHaveText('The summoning circle is cracked');
    void player;
  });
});

test.describe('shop errors (red banner)', () => {
  test("'Failed to fetch shop items'", async ({ page, player }) => {
    await failCalls(page, 'GET', '/api/shop');
    await page.goto('/shop');
    await expect(page.locator('.banner--error')).toHaveText('Failed to fetch shop items');
    void player;
  });

  test("'Purchase failed', then the server's text", async ({ page, player }) => {
    await failCalls(page, 'POST', '/api/shop/purchase');
    await page.goto('/shop');
    const draught = page.locator('[data-item-id="draught_of_insight"]');
    await draught.getByRole('button', { name: 'Buy' }).click();
    await expect(page.locator('.banner--error')).toHaveText('Purchase failed');

    await page.unrouteAll();
    await failCalls(page, 'POST', '/api/shop/purchase', 'Insufficient gold');
    await draught.getByRole('button', { name: 'Buy' }).click();
    await expect(page.locator('.banner--error')).toHaveText('Insufficient gold');
    void player;
  });
});

test.describe('inventory errors', () => {
  test("'Failed to fetch inventory' in a panel with Retry, which loads it", async ({ page, player }) => {
    await failCalls(page, 'GET', '/api/inventory');
    await page.goto('/inventory');
    const panel = page.locator('.retry-panel');
    await expect(panel).toContainText('Failed to fetch inventory');
    await page.unrouteAll();
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Inventory Empty')).toBeVisible();
    await expect(page.locator('.retry-panel')).toHaveCount(0);
    void player;
  });

  test("item use: 'Failed to use item' in an alert", async ({ page, request, player }) => {
    const res = await request.post('/api/shop/purchase', {
      data: { user_id: player.id, item_id: 'flask_of_essence', quantity: 1 },
    });
    expect(res.ok()).toBe(true);
    await failCalls(page, 'POST', '/api/inventory/use');
    await page.goto('/inventory');
    await page.locator('.inventory-card[data-item-id="flask_of_essence"]').click();
    const dialog = page.getByRole('dialog', { name: 'Flask of Essence' });
    await dialog.getByRole('button', { name: 'Use Item' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to use item');
  });
});

test('a signed-in player is never shown the logged-out landing', async ({ page, request }) => {
  // Guards the fixtures used above: signIn stores runeborn_user, and / then opens /map.
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/');
  await expect(page).toHaveURL(/\/map$/);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('runeborn_user'))) ?? 'null')?.id).toBe(
    user.id,
  );
});
