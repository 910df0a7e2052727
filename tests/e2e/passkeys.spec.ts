// Locking an account with a passkey, in Chromium with its virtual authenticator (CDP WebAuthn.*): lock on
// /profile, Logout, the landing list's lock without gold, Continue with the passkey; a second browser without it
// is refused (its prompt fails, a forged stored player is signed out); the same passkey on another device signs in
// there, and 'Sign out everywhere' ends both. Served at http://localhost (a secure context whose name can be the
// passkeys' rpID; an address like 127.0.0.1 cannot).
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, createUser, shot, virtualAuthenticator, type Authenticator } from './fixtures.ts';

const origin = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3123}`;
test.use({ baseURL: origin });

async function credentials(a: Authenticator) {
  return (await a.cdp.send('WebAuthn.getCredentials', { authenticatorId: a.id })).credentials;
}

async function chooseAccount(page: Page, username: string) {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Find your account' }).fill(username);
  const select = page.locator('select');
  await expect(select.locator('option', { hasText: username })).toHaveCount(1);
  const value = await select.locator('option', { hasText: username }).getAttribute('value');
  await select.selectOption(value!);
}

async function secondDevice(
  browserContext: BrowserContext,
): Promise<{ context: BrowserContext; page: Page; auth: Authenticator }> {
  const browser = browserContext.browser()!;
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
  const page = await context.newPage();
  return { context, page, auth: await virtualAuthenticator(page) };
}

test('lock with a passkey, continue with it, refused without it, sign out everywhere', async ({
  page,
  request,
}, testInfo) => {
  const user = await createUser(request);
  const auth = await virtualAuthenticator(page);

  // An open account: Continue needs nothing.
  await chooseAccount(page, user.username);
  await expect(page.locator('select option', { hasText: user.username })).toHaveText(
    `${user.username} — 500 gold`,
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/heroes$/);

  // Lock it on /profile.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Lock this account with a passkey' }).click();
  await expect(page.getByText('This account is locked')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Remove / })).toBeDisabled(); // never the last
  expect(await credentials(auth)).toHaveLength(1);
  await shot(page, testInfo, 'profile-locked');
  // The same device cannot add its passkey twice (the options exclude it).
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('That passkey is already one of this account’s')).toBeVisible();
  expect(await credentials(auth)).toHaveLength(1);

  // Logout ends this browser's session: the account answers no one without its passkey.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get(`/api/users/${user.id}`)).status()).toBe(401);
  await chooseAccount(page, user.username);
  const option = page.locator('select option', { hasText: user.username });
  await expect(option).toHaveText(`${user.username} — locked`);
  await expect(option).not.toContainText('gold');
  await expect(page.getByText('Locked: Continue asks for this account’s passkey.')).toBeVisible();
  await shot(page, testInfo, 'landing-locked');

  // Continue asks for the passkey, and it opens the account.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
  await expect(page.locator('.app-header [data-currency="gold"]').first()).toContainText('500');

  // Another browser, without the passkey: Continue is refused, and a stored player it forged is signed out.
  const other = await secondDevice(page.context());
  await chooseAccount(other.page, user.username);
  await other.page.getByRole('button', { name: 'Continue' }).click();
  await expect(other.page.getByText('No passkey was given')).toBeVisible();
  await expect(other.page).toHaveURL(/\/$/);
  await shot(other.page, testInfo, 'landing-no-passkey');
  await other.page.evaluate((u) => localStorage.setItem('runeborn_user', JSON.stringify(u)), user);
  await other.page.goto('/heroes');
  await expect(other.page).toHaveURL(/\/$/);
  expect(await other.page.evaluate(() => localStorage.getItem('runeborn_user'))).toBeNull();
  const spend = await other.page.request.post('/api/shop/purchase', {
    data: { user_id: user.id, item_id: 'draught_of_insight', quantity: 1 },
  });
  expect(spend.status()).toBe(401);

  // The same passkey on the other device (a synced passkey): it signs in there too.
  const [credential] = await credentials(auth);
  await other.auth.cdp.send('WebAuthn.addCredential', { authenticatorId: other.auth.id, credential });
  await chooseAccount(other.page, user.username);
  await other.page.getByRole('button', { name: 'Continue' }).click();
  await expect(other.page).toHaveURL(/\/heroes$/);

  // Sign out everywhere, from the first: both browsers are out.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get(`/api/users/${user.id}`)).status()).toBe(401);
  await other.page.goto('/profile');
  await expect(other.page).toHaveURL(/\/$/);
  expect((await other.page.request.get(`/api/users/${user.id}`)).status()).toBe(401);
  await other.context.close();
});
