// /dungeons and /dungeons/{id} — the cards (badge, ≤4 portraits then +N, level, count,
// 'Nx'), the team picker (titles, count, 'Maximum reached', numbered order, empty texts, the at-least-one check),
// entering from the list (→ /combat, Next floor fights the run's next floor) and from the detail page (inline
// result, Fight Again on a lost run reopens the picker), 'Dungeon not found', and the list's Retry.
import { test, expect, holdRequests } from './fixtures.ts';
import {
  dungeonTeam,
  fightAgainOnCombat,
  heroesFor,
  openDungeonPicker,
  pickExactly,
  screen,
} from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';

test('dungeon list: cards, the picker with no heroes, a failed list with Retry, and the empty list', async ({
  page,
  player,
}, testInfo) => {
  void player;
  await page.goto('/dungeons');
  const cards = page.locator('[data-dungeon-id]');
  await expect(cards.first()).toBeVisible();
  const voidCard = page.locator('[data-dungeon-id="void_sanctum"]');
  await expect(voidCard.locator('.difficulty')).toHaveText('HARD');
  await expect(page.locator('[data-dungeon-id="whispering_woods"] .difficulty')).toHaveText('EASY');
  await expect(page.locator('[data-dungeon-id="sunken_mines"] .difficulty')).toHaveText('MEDIUM');
  await expect(voidCard.locator('.npc-portraits__one')).toHaveCount(4);
  await expect(voidCard.getByTestId('npc-overflow')).toHaveText(/^\+\d+$/);
  await expect(voidCard.locator('.dungeon-card__mult')).toHaveText(/^\d+(\.\d+)?x$/);
  await expect(voidCard).toContainText(/Level \d+/);
  await expect(voidCard).toContainText(/\d+ NPCs/);
  await expect(voidCard.locator('img').first()).toHaveAttribute('src', /^\/api\/art\//);
  await screen(page, testInfo, 'dungeons');

  const dialog = await openDungeonPicker(page, 'whispering_woods');
  await expect(dialog).toContainText('Choose up to 4 heroes');
  await expect(dialog).toContainText('No heroes available');
  await expect(dialog).toContainText('Create a hero first to enter dungeons');
  // Both buttons always: with no heroes, Confirm Team (0) shows, disabled.
  await expect(dialog.getByRole('button', { name: 'Confirm Team (0)' })).toBeDisabled();
  await screen(page, testInfo, 'team-picker-empty');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // A failed fetch shows the panel with Retry; Retry loads the list. (Fault injected by aborting the call.)
  let fail = true;
  await page.route('**/api/dungeons', (route) => (fail ? route.abort() : route.continue()));
  await page.reload();
  await expect(page.getByText('Failed to fetch dungeons')).toBeVisible();
  await screen(page, testInfo, 'dungeons-error');
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-dungeon-id]').first()).toBeVisible();

  // No dungeons at all (the server always seeds some, so the empty answer is injected).
  await page.unroute('**/api/dungeons');
  await page.route('**/api/dungeons', (route) => route.fulfill({ json: [] }));
  await page.reload();
  await expect(page.getByText('No Dungeons Available')).toBeVisible();
  await expect(page.getByText('Check back soon!')).toBeVisible();
});

test('entering a dungeon from the list: picker rules, /combat, Next floor fights on', async ({
  page,
  request,
  player,
}, testInfo) => {
  const heroes = await heroesFor(request, player, 5);
  await page.goto('/dungeons');
  const dialog = await openDungeonPicker(page, 'whispering_woods');
  // (a new player starts with their strongest four: tests/e2e/strongest-four.spec.ts) — put down, none is picked
  await pickExactly(dialog, []);
  await expect(dialog.getByTestId('team-count')).toHaveText('0/4 selected');
  await dialog.getByRole('button', { name: 'Confirm Team (0)' }).click();
  await expect(dialog).toContainText('Please select at least one hero');
  for (const h of heroes) await dialog.locator(`[data-hero-id="${h.id}"] .hero-card__action`).click();
  await expect(dialog.getByTestId('team-count')).toHaveText('4/4 selected');
  await expect(dialog).toContainText('Maximum reached');
  await expect(dialog.locator(`[data-hero-id="${heroes[4]!.id}"]`)).toHaveAttribute('data-selected', 'false');
  // Numbered in the order picked.
  for (let i = 0; i < 4; i++)
    await expect(dialog.locator(`[data-hero-id="${heroes[i]!.id}"] .hero-card__check`)).toHaveText(
      String(i + 1),
    );
  await dialog.locator(`[data-hero-id="${heroes[0]!.id}"] .hero-card__action`).click();
  await expect(dialog.locator(`[data-hero-id="${heroes[1]!.id}"] .hero-card__check`)).toHaveText('1');
  await expect(dialog).not.toContainText('Maximum reached');
  await screen(page, testInfo, 'team-picker');
  await dialog.getByRole('button', { name: 'Confirm Team (3)' }).click();

  await expect(page).toHaveURL(/\/combat\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('locationType')).toBe('dungeon');
  expect(url.searchParams.get('location')).toBe('Whispering Woods');
  expect(url.searchParams.get('returnTo')).toBe('/dungeons');
  expect(url.searchParams.get('dungeonRunId')).toMatch(/^r_/);
  await expect(page.locator('.combat__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
  await expect(page.getByTestId('combat-location')).toHaveText('Whispering Woods');
  await expect(page.locator('.combat')).toHaveAttribute('data-theme', 'forest');
  await screen(page, testInfo, 'combat-dungeon');

  // Next floor (the run's next floor), or Fight Again (a new run) when the first one ended.
  const first = url.searchParams.get('battleId');
  await fightAgainOnCombat(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('battleId')).not.toBe(first);
  await expect(page.locator('.combat__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
  const stored = await page.evaluate(
    (key) => window.localStorage.getItem(key),
    `runeborn_active_team_${player.id}`,
  );
  expect(JSON.parse(stored!)).toEqual([heroes[1]!.id, heroes[2]!.id, heroes[3]!.id]);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/dungeons$/);
});

test('dungeon detail: facts, enemies, entering shows the result inline, Fight Again on a lost run reopens the picker', async ({
  page,
  request,
  player,
}, testInfo) => {
  const heroes = await heroesFor(request, player, 2);
  // Feeble heroes lose: the run ends on floor 1, so Fight Again starts a new one (a won floor fights on:
  // fight-paths.spec.ts).
  for (const h of heroes) await setHeroPower(h.id, 'feeble');
  await page.goto('/dungeons');
  await page.locator('[data-dungeon-id="forgotten_crypt"] .dungeon-card__name a').click();
  await expect(page).toHaveURL(/\/dungeons\/forgotten_crypt$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Forgotten Crypt');
  await expect(page.getByText(/^Level \d+ Recommended$/)).toBeVisible();
  await expect(page.getByText(/^\d+(\.\d+)?x Gold$/)).toBeVisible();
  await expect(page.getByText(/^\d+ Enem(y|ies)$/)).toBeVisible();
  await expect(page.locator('.dungeon-hero .difficulty')).toHaveText('EASY');
  await expect(page.getByRole('heading', { name: 'Dungeon Enemies' })).toBeVisible();
  const enemy = page.locator('.dungeon-enemies [data-hero-id^="npc_"]').first();
  const npcId = await enemy.getAttribute('data-hero-id');
  await expect(enemy.locator('.hero-card__name')).toHaveText(/^NPC: /);
  await expect(enemy.locator('a.hero-card__action')).toHaveAttribute('href', `/heroes/${npcId}`);
  await screen(page, testInfo, 'dungeon-detail');

  await page.getByRole('button', { name: 'Enter Dungeon' }).click();
  const dialog = dungeonTeam(page);
  await pickExactly(
    dialog,
    heroes.map((h) => h.id),
  );
  // The detail variant shows check marks, not numbers.
  await expect(dialog.locator(`[data-hero-id="${heroes[1]!.id}"] .hero-card__check`)).not.toHaveText('2');
  // The run's battle is held until the busy text has been seen.
  const release = await holdRequests(page, '**/api/dungeon-runs/*/battle');
  await dialog.getByRole('button', { name: 'Confirm Team (2)' }).click();
  await expect(page.getByRole('button', { name: 'Battling...' })).toBeVisible();
  release();
  const result = page.getByTestId('fight-result');
  await expect(result.locator('.fight-result__headline')).toHaveText('DEFEAT');
  await expect(page).toHaveURL(/\/dungeons\/forgotten_crypt$/);
  await expect(result).toContainText('Win Chance');
  await expect(result).toContainText('Dice Roll');
  await screen(page, testInfo, 'dungeon-detail-result');

  const again = result.getByRole('button', { name: 'Fight Again' });
  await expect(again).toHaveAccessibleDescription('New run from floor 1');
  await again.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-selected="true"]')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Confirm Team (2)' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('fight-result').locator('.fight-result__headline')).toHaveText('DEFEAT');
  await page.getByRole('link', { name: 'Back to Dungeons' }).click();
  await expect(page).toHaveURL(/\/dungeons$/);

  // A dungeon without enemies says so (every seeded dungeon has some, so its list is emptied in the answer).
  await page.route('**/api/dungeons/forgotten_crypt', async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, json: { ...(await real.json()), npcs: [], npc_count: 0 } });
  });
  await page.goto('/dungeons/forgotten_crypt');
  await expect(page.getByText('No enemies in this dungeon')).toBeVisible();

  await page.goto('/dungeons/no_such_dungeon');
  await expect(page.getByText('Dungeon not found')).toBeVisible();
  await screen(page, testInfo, 'dungeon-not-found');
  await page.getByRole('link', { name: 'Back to Dungeons' }).click();
  await expect(page).toHaveURL(/\/dungeons$/);
});
