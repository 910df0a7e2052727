// Nothing paid for twice by accident, in the browser: a double-click (desktop) or two fast taps (phone) on Generate
// Heroes, Buy, Reroll and Use Item is one intent — exactly one charge, read back from the API's balances and ledger
// — and the control is busy until the answer. Two clicks dispatched in one task (before React can draw the disabled
// button) are one intent too, and so is a second tap that lands after a fast answer (presses closer than half a
// second are one press); an answer lost on the way is asked again with the same Idempotency-Key and charged once.
import type { APIRequestContext, Locator, Page, Route, TestInfo } from '@playwright/test';
import { test, expect, createHero, getUser, shot } from './fixtures.ts';

/**
 * A double-click on a desktop, two taps a few ms apart on a phone — as a player's hand does it. Each tap is its own
 * command, so on a loaded machine the second can land hundreds of ms after the first, after a fast answer has freed
 * the control (CI saw 700 ms: a second pair, rightly charged); the requests the first tap sends are held until the
 * second has landed, so it always meets the control busy, as a hand's second tap meets it.
 */
async function pressTwice(page: Page, control: Locator, testInfo: TestInfo): Promise<void> {
  if (testInfo.project.name !== 'phone') return control.dblclick();
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  let release!: () => void;
  const tapped = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    if (route.request().method() === 'POST') await tapped;
    await route.fallback();
  };
  await page.route('**/api/**', hold);
  try {
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
  } finally {
    release();
    await page.unroute('**/api/**', hold);
  }
}

/** Two clicks dispatched in one task: the second lands before React can draw the busy control. */
const clickTwiceInOneTask = (control: Locator) =>
  control.evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });

/** The player's ledger entries of one reason, from the API. */
async function charges(request: APIRequestContext, userId: string, reason: string) {
  const res = await request.get(`/api/users/${userId}/ledger?limit=100`);
  expect(res.ok()).toBe(true);
  const { entries } = (await res.json()) as { entries: { reason: string; delta: number }[] };
  return entries.filter((e) => e.reason === reason);
}

/** Records the Idempotency-Key of every request to `path`. */
function keysSentTo(page: Page, path: string): string[] {
  const keys: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path && r.method() === 'POST')
      keys.push(r.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

test('Generate Heroes pressed twice summons one pair for one scroll', async ({
  page,
  request,
  player,
}, testInfo) => {
  const keys = keysSentTo(page, '/api/characters/generate');
  await page.goto('/create');
  const generate = page.getByRole('button', { name: 'Generate Heroes' });
  await expect(generate).toBeEnabled();
  await pressTwice(page, generate, testInfo);
  const cards = page.locator('.hero-card--large');
  await expect(cards).toHaveCount(2);
  expect((await getUser(request, player.id)).summoning_scrolls).toBe(player.summoning_scrolls - 1);
  expect(await charges(request, player.id, 'summon')).toHaveLength(1);
  // One intent: its two calls, each with a key of its own, and no second press sent.
  expect(keys).toHaveLength(2);
  expect(new Set(keys).size).toBe(2);
  for (const k of keys) expect(k).toMatch(/^[\x21-\x7e]{8,255}$/);
  // What the page shows is the pair the server keeps.
  const pending = await (await request.get(`/api/characters/pending?user_id=${player.id}`)).json();
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-hero-id')))).toEqual(
    pending.candidates.map((c: { id: string }) => c.id),
  );

  // Once the control is free again (half a second after the press at the least), Regenerate pressed twice: one more
  // scroll, one new pair.
  const regenerate = page.getByRole('button', { name: 'Regenerate' });
  await expect(regenerate).toBeEnabled();
  await pressTwice(page, regenerate, testInfo);
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
  await expect(cards).toHaveCount(2);
  expect((await getUser(request, player.id)).summoning_scrolls).toBe(player.summoning_scrolls - 2);
  expect(await charges(request, player.id, 'summon')).toHaveLength(2);
  await shot(page, testInfo, 'paying-once-create');
});

test('Generate Heroes clicked twice in one task is still one intent', async ({ page, request, player }) => {
  await page.goto('/create');
  const generate = page.getByRole('button', { name: 'Generate Heroes' });
  await expect(generate).toBeEnabled();
  await clickTwiceInOneTask(generate);
  await expect(page.locator('.hero-card--large')).toHaveCount(2);
  expect(await charges(request, player.id, 'summon')).toHaveLength(1);
});

test('Buy pressed twice buys one Seal', async ({ page, request, player }, testInfo) => {
  const keys = keysSentTo(page, '/api/shop/purchase');
  await page.goto('/shop');
  const seal = page.locator('[data-item-id="summoners_seal"]');
  const buy = seal.getByRole('button', { name: 'Buy' });
  await expect(buy).toBeEnabled();
  await pressTwice(page, buy, testInfo);
  await expect(page.getByText('Summoner’s Seal added to inventory!')).toBeVisible();
  await expect(seal.getByRole('button', { name: 'Buy' })).toBeEnabled();
  const user = await getUser(request, player.id);
  expect(user.gold).toBe(player.gold - 250);
  expect(await charges(request, player.id, 'purchase')).toHaveLength(1);
  expect(keys).toHaveLength(1);
  await expect(page.getByTestId('shop-gold')).toContainText(String(user.gold));
});

test('Buy clicked twice in one task, then again once it is free: two intents, two Seals, two keys', async ({
  page,
  request,
  player,
}) => {
  const keys = keysSentTo(page, '/api/shop/purchase');
  await page.goto('/shop');
  const buy = page.locator('[data-item-id="summoners_seal"]').getByRole('button', { name: 'Buy' });
  await expect(buy).toBeEnabled();
  await clickTwiceInOneTask(buy);
  await expect.poll(async () => (await charges(request, player.id, 'purchase')).length).toBe(1);
  // Free again (half a second after the press at the least: presses closer than that are one press).
  await expect(buy).toBeEnabled();
  await clickTwiceInOneTask(buy);
  await expect.poll(async () => (await charges(request, player.id, 'purchase')).length).toBe(2);
  // All 500 gold spent: the button now says so.
  await expect(
    page.locator('[data-item-id="summoners_seal"]').getByRole('button', { name: 'Not Enough Gold' }),
  ).toBeDisabled();
  expect((await getUser(request, player.id)).gold).toBe(player.gold - 500);
  expect(keys).toHaveLength(2);
  expect(keys[0]).not.toBe(keys[1]);
});

test('a purchase whose answer is lost is asked again with the same key and charged once', async ({
  page,
  request,
  player,
}) => {
  const keys = keysSentTo(page, '/api/shop/purchase');
  let lost = false;
  await page.route('**/api/shop/purchase', async (route) => {
    if (lost) return route.continue();
    lost = true;
    // The server buys the Seal; its answer never reaches the page.
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.goto('/shop');
  const buy = page.locator('[data-item-id="summoners_seal"]').getByRole('button', { name: 'Buy' });
  await buy.click();
  await expect(page.getByText('Summoner’s Seal added to inventory!')).toBeVisible();
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);
  expect((await getUser(request, player.id)).gold).toBe(player.gold - 250);
  expect(await charges(request, player.id, 'purchase')).toHaveLength(1);
});

test('Reroll pressed twice rerolls once', async ({ page, request, player }, testInfo) => {
  const hero = await createHero(request, player);
  await page.goto(`/heroes/${hero.id}`);
  const question = page.getByRole('dialog', { name: 'Reroll Abilities?' });
  const confirm = question.getByRole('button', { name: /^Reroll for \d+ essence$/ });
  await page.getByRole('button', { name: 'Reroll Abilities' }).click();
  await pressTwice(page, confirm, testInfo);
  await expect(question).toHaveCount(0);
  expect((await getUser(request, player.id)).magic_essence).toBe(player.magic_essence - 50);
  expect(await charges(request, player.id, 'reroll')).toHaveLength(1);
  // Once Reroll Abilities is free again, asked again and confirmed by two clicks in one task: one more reroll.
  await page.getByRole('button', { name: 'Reroll Abilities' }).click();
  await clickTwiceInOneTask(confirm);
  await expect(question).toHaveCount(0);
  expect((await getUser(request, player.id)).magic_essence).toBe(player.magic_essence - 100);
  expect(await charges(request, player.id, 'reroll')).toHaveLength(2);
});

test('Use Item pressed twice uses one', async ({ page, request, player }, testInfo) => {
  for (let i = 0; i < 3; i++)
    expect(
      (
        await request.post('/api/shop/purchase', {
          data: { user_id: player.id, item_id: 'flask_of_essence', quantity: 1 },
        })
      ).ok(),
    ).toBe(true);
  await page.goto('/inventory');
  await page.locator('[data-item-id="flask_of_essence"]').click();
  const dialog = page.getByRole('dialog');
  const use = dialog.getByRole('button', { name: 'Use Item' });
  await expect(dialog.getByText('×3')).toBeVisible();
  await pressTwice(page, use, testInfo);
  await expect(dialog.getByText('You received 50 magic essence.')).toBeVisible();
  await expect(dialog.getByText('×2')).toBeVisible();
  expect((await getUser(request, player.id)).magic_essence).toBe(player.magic_essence + 50);
  expect(await charges(request, player.id, 'item_use')).toHaveLength(1);
  await expect(use).toBeEnabled();
  await shot(page, testInfo, 'paying-once-inventory');
  // Free again, two clicks in one task: one more flask.
  await expect(use).toBeEnabled();
  await clickTwiceInOneTask(use);
  await expect(dialog.getByText('×1')).toBeVisible();
  await expect(use).toBeEnabled();
  expect((await getUser(request, player.id)).magic_essence).toBe(player.magic_essence + 100);
  expect(await charges(request, player.id, 'item_use')).toHaveLength(2);
});
