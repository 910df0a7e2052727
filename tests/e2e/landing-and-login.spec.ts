// / — landing and login: tabs, the note, searchable accounts with gold, validation texts, server errors,
// Continue → /heroes, Create → /create, logged-in / → /map, protected routes → /.
import { test, expect, createUser, uniqueName, shot, signIn } from './fixtures.ts';

test.describe('landing', () => {
  test('select an existing account and continue to /heroes', async ({ page, request }, testInfo) => {
    const user = await createUser(request);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Runeborn' })).toBeVisible();
    await expect(
      page.getByText('No password required. Your progress is saved to the database.'),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Select User' })).toHaveAttribute('aria-selected', 'true');
    await shot(page, testInfo, 'landing');

    await page.getByLabel('Find your account').fill(user.username);
    const account = page.getByLabel('Account', { exact: true });
    await expect(account.locator('option', { hasText: user.username })).toHaveText(
      `${user.username} — 500 gold`,
    );
    await account.selectOption({ label: `${user.username} — 500 gold` });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/heroes$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('runeborn_user') ?? 'null'));
    expect(stored.id).toBe(user.id);
    await expect(page.getByTestId('header-username')).toHaveText(user.username);

    // Logged in, / goes to /map.
    await page.goto('/');
    await expect(page).toHaveURL(/\/map$/);
  });

  test('Continue with no account chosen says so; switching tabs clears the error', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select a user');
    await page.getByRole('tab', { name: 'Create New' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('an unknown search shows the empty text', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByLabel('Find your account').fill('zzzz_nobody_here');
    await expect(page.getByText('No users found. Create a new account to get started.')).toBeVisible();
    await shot(page, testInfo, 'landing-empty');
  });

  test('create a new account: validation, server refusal, then /create', async ({
    page,
    request,
  }, testInfo) => {
    const taken = await createUser(request);
    await page.goto('/');
    await page.getByRole('tab', { name: 'Create New' }).click();
    const username = page.getByLabel('Username');
    const submit = page.getByRole('button', { name: 'Create Account' });

    await username.fill('ab');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Username must be 3-20 characters');
    await username.fill('a'.repeat(21));
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Username must be 3-20 characters');
    await username.fill('bad name!');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Username can only contain letters, numbers, and underscores',
    );
    await shot(page, testInfo, 'landing-create-error');

    // The server's own text is shown as-is.
    await username.fill(taken.username);
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Username already taken');

    // Switching tabs clears the error.
    await page.getByRole('tab', { name: 'Select User' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Create New' }).click();

    const name = uniqueName('new');
    await page.getByLabel('Username').fill(name);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/create$/);
    await expect(page.getByTestId('header-username')).toHaveText(name);
  });

  test('protected routes send logged-out visitors to /; an invalid stored user is discarded', async ({
    page,
  }) => {
    for (const path of [
      '/heroes',
      '/map',
      '/shop',
      '/inventory',
      '/profile',
      '/create',
      '/heroes/whatever',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    await page.evaluate(() => localStorage.setItem('runeborn_user', '{"nope":true}'));
    await page.goto('/heroes');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('runeborn_user'))).toBeNull();
  });

  test('the header shows the title, compact currencies and the username', async ({
    page,
    request,
  }, testInfo) => {
    const user = await createUser(request);
    await signIn(page, user);
    await page.goto('/map');
    const header = page.locator('header.app-header');
    await expect(header.getByRole('link', { name: /Runeborn/ })).toHaveAttribute('href', '/');
    await expect(header.locator('[data-currency="gold"]')).toContainText('500');
    await expect(header.locator('[data-currency="magic_essence"]')).toContainText('100');
    await expect(header.locator('[data-currency="summoning_scrolls"]')).toContainText('5');
    await expect(header.locator('[data-currency="combat_tokens"]')).toContainText('0');
    for (const name of ['Heroes', 'Map', 'Inventory', 'Guild', 'Profile']) {
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).toBeVisible();
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await shot(page, testInfo, 'layout');
  });
});
