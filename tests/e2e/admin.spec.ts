// The operator's console (/admin, issue 45): a visitor with no session is told it is for operators only; an
// operator (ADMIN_USERNAMES in playwright.config.ts, one a project) locks their account with a passkey in Chromium's
// virtual authenticator, finds a player, grants gold, suspends the account (the player's requests then 403) and
// reads both actions in the audit trail. Screenshots of each, and axe with no serious finding. Served at
// http://localhost, as passkeys.spec.ts is (a name that can be the passkeys' rpID).
import {
  test,
  expect,
  createUser,
  signIn,
  shot,
  axeFindings,
  uniqueName,
  virtualAuthenticator,
} from './fixtures.ts';

const origin = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3123}`;
test.use({ baseURL: origin });

test('a visitor without an operator’s session is refused plainly', async ({ page }, testInfo) => {
  await page.goto('/admin');
  await expect(page.getByTestId('admin-refused')).toContainText('Operators only');
  await expect(page.getByTestId('admin-refused')).toContainText('passkey');
  await shot(page, testInfo, 'admin-refused');
  expect(await axeFindings(page, 'admin-refused')).toEqual([]);
});

test('an operator finds a player, grants, suspends and reads the audit trail', async ({
  page,
  request,
}, testInfo) => {
  const operator = await createUser(request, `e2e_op_${testInfo.project.name}`);
  const target = await createUser(request, uniqueName('mark'));
  await signIn(page, operator);
  await virtualAuthenticator(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Lock this account with a passkey' }).click();
  await expect(page.getByText('This account is locked')).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Operator’s console' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Name or id' }).fill(target.username.slice(0, 10));
  await page
    .getByRole('list', { name: 'Players found' })
    .getByRole('button', { name: new RegExp(target.username) })
    .click();
  const panel = page.getByTestId('admin-player');
  await expect(panel.getByRole('heading', { name: target.username })).toBeVisible();
  await expect(panel.getByTestId('admin-balance-gold')).toHaveText(String(target.gold));

  await panel.getByLabel('Currency').selectOption('gold');
  await panel.getByLabel('Amount').fill('250');
  await panel.getByLabel('Reason', { exact: true }).first().fill('Goodwill for a lost fight');
  await panel.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(panel.getByTestId('admin-balance-gold')).toHaveText(String(target.gold + 250));
  // the phone and desktop projects share one server: this player's rows, newest first
  const rows = page.getByTestId('admin-audit-row').filter({ hasText: target.id });
  await expect(rows.first()).toContainText('Granted');
  await shot(page, testInfo, 'admin-granted');

  const suspend = panel.getByRole('form', { name: 'Suspend the account' });
  await suspend.getByLabel('Reason').fill('Chargeback under review');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(panel.getByTestId('admin-suspended')).toContainText('Chargeback under review');
  expect((await page.request.get(`/api/users/${target.id}`)).status()).toBe(403);

  await expect(rows.first()).toContainText('Suspended');
  await expect(rows.first()).toContainText(operator.username);
  await expect(rows.nth(1)).toContainText('Granted');
  await expect(rows.nth(1)).toContainText('Goodwill for a lost fight');
  await shot(page, testInfo, 'admin-console');
  expect(await axeFindings(page, 'admin')).toEqual([]);
});
