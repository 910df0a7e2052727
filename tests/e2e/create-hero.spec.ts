// /create — two candidates from one generation (1 scroll), the first selected, pick the other, Regenerate,
// Cancel, Create Hero → /heroes; the insufficient-scrolls title, disabled button and message.
import {
  test,
  expect,
  shot,
  getUser,
  spendAllScrolls,
  signIn,
  createUser,
  holdRequests,
} from './fixtures.ts';

test('generate two heroes, pick the second and create it', async ({ page, request, player }, testInfo) => {
  await page.goto('/create');
  await expect(page.locator('.currency--highlight[data-currency="summoning_scrolls"]')).toContainText('5');
  const generate = page.getByRole('button', { name: 'Generate Heroes' });
  await expect(generate).toHaveAttribute('title', 'Costs 1 scroll');
  await shot(page, testInfo, 'create');

  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/characters/generate')) calls.push(r.postData() ?? '');
  });
  await generate.click();
  // The generating text may be brief on a fast server; the result is two large cards.
  const cards = page.locator('.hero-card--large');
  await expect(cards).toHaveCount(2);
  expect(calls).toHaveLength(2);
  const bodies = calls.map((c) => JSON.parse(c));
  expect(bodies[0].user_id).toBe(player.id);
  expect(bodies[0].generation_id).toBe(bodies[1].generation_id);

  // The rarer is chosen at first, the first of two alike.
  const rarities = (await cards.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-rarity'))),
  )) as [number, number];
  const preselected = rarities[1] > rarities[0] ? 1 : 0;
  await expect(cards.nth(preselected)).toHaveAttribute('data-selected', 'true');
  await expect(cards.nth(1 - preselected)).toHaveAttribute('data-selected', 'false');
  // One scroll for the pair.
  await expect(page.locator('.currency--highlight[data-currency="summoning_scrolls"]')).toContainText('4');
  await shot(page, testInfo, 'create-candidates');

  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.locator('.currency--highlight[data-currency="summoning_scrolls"]')).toContainText('3');
  await expect(cards).toHaveCount(2);
  const second = await cards.nth(1).getAttribute('data-hero-id');
  await cards.nth(1).getByRole('button').click();
  await expect(cards.nth(1)).toHaveAttribute('data-selected', 'true');
  await expect(cards.nth(0)).toHaveAttribute('data-selected', 'false');

  await page.getByRole('button', { name: 'Create Hero' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
  await expect(page.locator(`.hero-card[data-hero-id="${second}"]`)).toBeVisible();
  expect((await getUser(request, player.id)).summoning_scrolls).toBe(3);
});

test('a paid pair survives a reload and Cancel, is never paid twice, and is kept', async ({
  page,
  request,
  player,
}, testInfo) => {
  await page.goto('/create');
  await page.getByRole('button', { name: 'Generate Heroes' }).click();
  const cards = page.locator('.hero-card--large');
  await expect(cards).toHaveCount(2);
  const pair = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-hero-id')));
  await expect(page.getByText('Regenerate costs 1 summoning scroll and replaces both heroes.')).toBeVisible();
  expect((await getUser(request, player.id)).summoning_scrolls).toBe(4);

  // A reload shows the same pair, the rarer selected (the first of two alike), without another scroll.
  await page.reload();
  await expect(cards).toHaveCount(2);
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-hero-id')))).toEqual(pair);
  const [r0, r1] = await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-rarity'))));
  await expect(cards.nth(r1! > r0! ? 1 : 0)).toHaveAttribute('data-selected', 'true');
  await expect(
    page.getByText('Your summoned heroes are still waiting: the scroll is already spent.'),
  ).toBeVisible();
  await shot(page, testInfo, 'create-restored');

  // Cancel goes to /heroes; coming back by the page's own link shows the pair again.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
  await expect(page.getByText('Your summoned heroes are waiting: choose the one to keep.')).toBeVisible();
  await shot(page, testInfo, 'heroes-pair-waiting');
  await page.getByRole('link', { name: 'Choose a Hero' }).click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(cards).toHaveCount(2);
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-hero-id')))).toEqual(pair);
  expect((await getUser(request, player.id)).summoning_scrolls).toBe(4);

  await cards.nth(1).getByRole('button').click();
  await page.getByRole('button', { name: 'Create Hero' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
  await expect(page.locator(`.hero-card[data-hero-id="${pair[1]}"]`)).toBeVisible();
  await expect(page.getByText('Your summoned heroes are waiting: choose the one to keep.')).toHaveCount(0);
  // Kept: nothing waits any more, and the next visit starts a fresh summoning.
  await page.goto('/create');
  await expect(page.getByRole('button', { name: 'Generate Heroes' })).toBeEnabled();
  await expect(cards).toHaveCount(0);
  expect((await getUser(request, player.id)).summoning_scrolls).toBe(4);
});

test('the generating state shows its text, and the pair drawn comes into view', async ({ page, player }) => {
  void player;
  // The generate call is held until the in-between state has been seen, then let through.
  const release = await holdRequests(page, '**/api/characters/generate');
  await page.goto('/create');
  // Pressed where it stands, as a finger would (a locator's click first scrolls the page to the button): once the
  // altar's counters are in (the page no longer moves), and in view where the page does not keep it so (desktop).
  await expect(page.getByText(/^Pairs since your last 5★/)).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate Heroes' });
  const sticks = await generate.evaluate((b) => b.getBoundingClientRect().bottom <= innerHeight);
  if (!sticks) await generate.scrollIntoViewIfNeeded();
  const box = (await generate.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // On a phone the pair sits below the altar's odds: what is being drawn, then what was drawn, comes into view.
  await expect(page.getByText('Creating 2 unique heroes (30-40 seconds)')).toBeInViewport();
  release();
  await expect(page.locator('.hero-card--large')).toHaveCount(2);
  await expect(page.getByText('Choose the hero you want to keep.')).toBeInViewport();
  await expect(page.locator('.hero-card--large').first()).toBeInViewport({ ratio: 0.5 });
});

test('Cancel goes to /heroes', async ({ page, player }) => {
  void player;
  await page.goto('/create');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
});

test('without scrolls the button is disabled and says why', async ({ page, request }, testInfo) => {
  const user = await createUser(request);
  await spendAllScrolls(request, user);
  await signIn(page, await getUser(request, user.id));
  await page.goto('/create');
  const generate = page.getByRole('button', { name: 'Generate Heroes' });
  await expect(generate).toBeDisabled();
  await expect(generate).toHaveAttribute('title', 'Insufficient summoning scrolls');
  // It does not look pressable: no gold on a primary button that cannot be pressed.
  await expect(generate).toHaveCSS('background-image', 'none');
  await expect(page.getByRole('alert')).toHaveText(
    'Insufficient summoning scrolls! You need 1 scroll(s) to generate heroes. You have 0 scroll(s).',
  );
  await shot(page, testInfo, 'create-no-scrolls');
});
