// When a call fails without a server text (the network drops it — injected here by
// aborting the request), each place shows its fallback text in its own display.
import { test, expect } from './fixtures.ts';
import { battleTeam, heroesFor, openDungeonPicker, pickExactly, screen } from './fight-steps.ts';

test('network failures show the fallback texts', async ({ page, request, player }, testInfo) => {
  const [hero] = await heroesFor(request, player, 1);
  const pick = () => page.locator(`[data-hero-id="${hero!.id}"] .hero-card__action`).click();

  // /battle: creating and quick battles.
  await page.route('**/api/battles', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await page.goto('/battle');
  await pickExactly(battleTeam(page), [hero!.id]);
  await page.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page.locator('.error-box')).toHaveText('Failed to create battle');
  await page.getByRole('button', { name: 'Quick Battle' }).click();
  await expect(page.locator('.error-box')).toHaveText('Failed to start battle');
  await screen(page, testInfo, 'battle-start-error');
  await page.unroute('**/api/battles');

  // /battle/{id} and /combat: reading a battle.
  const battle = await (
    await request.post('/api/battles', {
      data: { user_id: player.id, team_hero_ids: [hero!.id], mode: 'turn_based' },
    })
  ).json();
  await page.route('**/api/battles/*', (route) =>
    route.request().method() === 'GET' ? route.abort() : route.continue(),
  );
  await page.goto(`/battle/${battle.battle_id}`);
  await expect(page.locator('.error-box')).toHaveText('Failed to fetch battle state');
  await page.goto(`/combat?battleId=${battle.battle_id}`);
  await expect(page.getByTestId('battle-error')).toContainText('Failed to fetch battle result');
  await page.unroute('**/api/battles/*');
  await page.route('**/api/battles/*/action', (route) => route.abort());
  await page.goto(`/battle/${battle.battle_id}`);
  await page.locator('[data-option-id]').first().click();
  await expect(page.locator('.error-box')).toHaveText('Failed to submit action');
  await screen(page, testInfo, 'battle-action-error');

  // /arena: a red banner.
  await page.route('**/api/arena/battle', (route) => route.abort());
  await page.goto('/arena');
  await pick();
  await page.getByRole('tab', { name: 'NPCs' }).click();
  await page.locator('[data-hero-id="npc_woods_poacher"] .hero-card__action').click();
  await page.getByRole('button', { name: 'Fight!' }).click();
  await expect(page.locator('.banner--error')).toContainText('Failed to start arena battle');
  await screen(page, testInfo, 'arena-error');

  // Dungeons: starting the run, then its battle; and reading one dungeon.
  await page.route('**/api/dungeons/*/start', (route) => route.abort());
  await page.goto('/dungeons');
  const enter = async () => {
    const dialog = await openDungeonPicker(page, 'whispering_woods');
    // The team chosen on /battle is remembered, so the hero starts out selected.
    const card = dialog.locator(`[data-hero-id="${hero!.id}"]`);
    await expect(card).toHaveAttribute('data-selected', 'true');
    await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  };
  await enter();
  await expect(page.locator('.error-box')).toHaveText('Failed to start dungeon');
  await page.unroute('**/api/dungeons/*/start');
  await page.route('**/api/dungeon-runs/*/battle', (route) => route.abort());
  await page.reload();
  await enter();
  await expect(page.locator('.error-box')).toHaveText('Failed to start dungeon battle');
  await page.route('**/api/dungeons/forgotten_crypt', (route) => route.abort());
  await page.goto('/dungeons/forgotten_crypt');
  await expect(page.locator('.error-box')).toHaveText('Failed to fetch dungeon');
  await expect(page.getByRole('link', { name: 'Back to Dungeons' })).toBeVisible();
});
