// The campaign's opening order on a phone (issue 30): a new player's map says which stage opens the arena (1-8) and
// the dungeons (1-2), and /dungeons marks each dungeon with the stage that opens it — none refused meanwhile. After
// stages 1-1 and 1-2 are cleared (through the API, by one mighty hero), Whispering Woods loses its badge and leads
// the list (the ordering itself, with a list out of order, is in src/web/components/unlock-order.test.ts), and the
// map’s Dungeons card says nothing extra. Screens: test-results/screens/phone-unlock-*.png.
import { createHero, expect, test } from './fixtures.ts';
import { screen } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';

test('a new player meets the dungeons and the arena in the campaign’s order', async ({
  page,
  request,
  player,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  test.setTimeout(60_000);
  const hero = await createHero(request, player);
  await setHeroPower(hero.id, 'mighty');

  await page.goto('/map');
  const arena = page.locator('[data-destination="Arena"]');
  const dungeonsPlace = page.locator('[data-destination="Dungeons"]');
  await expect(arena.getByTestId('opens-with')).toHaveText('Opens with stage 1-8');
  await expect(dungeonsPlace.getByTestId('opens-with')).toHaveText('Opens with stage 1-2');
  await expect(page.locator('[data-destination="Shop"]').getByTestId('opens-with')).toHaveCount(0);
  await expect(arena).toContainText('1v1 duels vs players or NPCs');
  await screen(page, info, 'unlock-map-new');
  await arena.scrollIntoViewIfNeeded();
  await arena.screenshot({ path: `test-results/screens/${info.project.name}-unlock-arena-card.png` });

  await page.goto('/dungeons');
  const cards = page.locator('[data-dungeon-id]');
  const badge = (id: string) => page.locator(`[data-dungeon-id="${id}"]`).getByTestId('opens-with');
  await expect(badge('whispering_woods')).toHaveText('Opens with stage 1-2');
  await expect(badge('forgotten_crypt')).toHaveText('Opens with stage 1-5');
  await expect(badge('void_sanctum')).toHaveText('Opens with stage 4-6');
  await expect(page.getByTestId('opens-with')).toHaveCount(await cards.count());
  // Not refused: Enter Dungeon stays as it was.
  await expect(
    page.locator('[data-dungeon-id="forgotten_crypt"]').getByRole('button', { name: 'Enter Dungeon' }),
  ).toBeEnabled();
  await screen(page, info, 'unlock-dungeons-new');
  await page
    .locator('[data-dungeon-id="forgotten_crypt"]')
    .screenshot({ path: `test-results/screens/${info.project.name}-unlock-dungeon-card.png` });

  for (const stage of ['1-1', '1-2']) {
    const res = await request.post(`/api/campaign/stages/${stage}/battle`, {
      data: { user_id: player.id, team_hero_ids: [hero.id], mode: 'auto' },
    });
    expect(res.status(), await res.text()).toBe(201);
    expect((await res.json()).status).toBe('won');
  }

  await page.goto('/dungeons');
  await expect(badge('forgotten_crypt')).toHaveText('Opens with stage 1-5');
  await expect(badge('whispering_woods')).toHaveCount(0);
  await expect(cards.first()).toHaveAttribute('data-dungeon-id', 'whispering_woods');
  await expect(page.getByTestId('opens-with')).toHaveCount((await cards.count()) - 1);
  await screen(page, info, 'unlock-dungeons-woods-open');

  await page.goto('/map');
  await expect(arena.getByTestId('opens-with')).toHaveText('Opens with stage 1-8');
  await expect(dungeonsPlace.getByTestId('opens-with')).toHaveCount(0);
  await screen(page, info, 'unlock-map-woods-open');
});

test('a failed campaign read adds nothing: the dungeons and the map show as before, with no error', async ({
  page,
  player,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  void player;
  let failed = 0;
  await page.route('**/api/campaign?*', async (route) => {
    failed++;
    await route.fulfill({ status: 500, json: { error: 'Internal error' } });
  });
  await page.goto('/dungeons');
  await expect(page.locator('[data-dungeon-id]').first()).toBeVisible();
  await expect.poll(() => failed).toBeGreaterThanOrEqual(2); // the read and its one retry
  await expect(page.locator('[data-dungeon-id]').first()).toHaveAttribute(
    'data-dungeon-id',
    'whispering_woods',
  );
  await expect(page.getByTestId('opens-with')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  failed = 0;
  await page.goto('/map');
  await expect(page.locator('[data-destination="Arena"]')).toContainText('1v1 duels vs players or NPCs');
  await expect.poll(() => failed).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('opens-with')).toHaveCount(0);
});
