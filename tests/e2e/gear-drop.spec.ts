// A dropped piece of gear on the result screens, on a phone (issue 30): stage 1-2's first clear gives chapter 1's
// set's weapon for certain (src/game/gear-drops.ts stageFirstClearPiece: Verdant Staff). Fought at once from
// /campaign, the result panel shows the piece — name, slot, set — with Equip (the hero's page, where its Gear panel
// offers it) and the inventory, where it is held. Fought turn by turn, the battle view's result shows it alike.
// Screens: test-results/screens/phone-gear-drop-*.png.
import type { APIRequestContext } from '@playwright/test';
import type { User } from '../../src/api/index.ts';
import { createHero, createUser, expect, signIn, test } from './fixtures.ts';
import {
  dungeonTeam,
  fightStageToItsEnd,
  openDungeonPicker,
  pickExactly,
  screen,
  stageWithHero,
} from './fight-steps.ts';
import { setHeroPower, setStock } from './store-setup.ts';

/** A player whose one mighty hero has cleared stage 1-1 (through the API): 1-2's first clear is next. */
async function atStageTwo(request: APIRequestContext): Promise<{ user: User; heroId: string }> {
  const user = await createUser(request);
  const hero = await createHero(request, user);
  await setHeroPower(hero.id, 'mighty');
  const first = await request.post('/api/campaign/stages/1-1/battle', {
    data: { user_id: user.id, team_hero_ids: [hero.id], mode: 'auto' },
  });
  expect(first.status(), await first.text()).toBe(201);
  expect((await first.json()).status).toBe('won');
  return { user, heroId: hero.id };
}

test('stage 1-2’s first clear shows its piece of gear, then found in the inventory and on the hero page', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  test.setTimeout(60_000);
  const { user, heroId } = await atStageTwo(request);
  await signIn(page, user);
  const stage = await stageWithHero(page, /^1-2 · /, heroId);
  await stage.getByRole('button', { name: 'Quick Battle' }).click();

  const result = page.getByTestId('stage-result');
  await expect(result.locator('.stage__result-title')).toHaveText('VICTORY!');
  const drop = result.getByTestId('gear-drop');
  await expect(drop).toHaveAttribute('data-item', 'verdant_weapon');
  await expect(drop.getByTestId('gear-drop-name')).toHaveText('Verdant Staff');
  await expect(drop.getByTestId('gear-drop-meta')).toHaveText('Weapon · Verdant set');
  await drop.scrollIntoViewIfNeeded();
  await expect(drop.locator('.item-icon img')).toBeVisible();
  await screen(page, info, 'gear-drop-campaign');
  await drop.screenshot({ path: `test-results/screens/${info.project.name}-gear-drop-card.png` });

  // In the inventory: the piece, its dialog opened by the result's link.
  await drop.getByRole('link', { name: 'Inventory', exact: true }).click();
  await expect(page).toHaveURL(/\/inventory\?item=verdant_weapon$/);
  await expect(page.getByRole('dialog', { name: 'Verdant Staff' })).toBeVisible();
  await expect(page.locator('[data-item-id="verdant_weapon"]')).toBeVisible();
  await screen(page, info, 'gear-drop-inventory');
});

test('a stage won turn by turn shows its dropped piece on the battle’s result, and Equip leads to the hero', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  test.setTimeout(60_000);
  const { user, heroId } = await atStageTwo(request);
  await signIn(page, user);
  const result = await fightStageToItsEnd(page, await stageWithHero(page, /^1-2 · /, heroId));
  await expect(result.getByRole('heading', { name: 'Victory!' })).toBeVisible();
  const drop = result.getByTestId('gear-drop');
  await expect(drop.getByTestId('gear-drop-name')).toHaveText('Verdant Staff');
  await expect(drop.getByTestId('gear-drop-meta')).toHaveText('Weapon · Verdant set');
  await drop.scrollIntoViewIfNeeded();
  await screen(page, info, 'gear-drop-battle');

  await drop.getByTestId('gear-drop-equip').click();
  await expect(page).toHaveURL(new RegExp(`/heroes/${heroId}$`));
  const gear = page.getByTestId('gear');
  await gear.getByRole('button', { name: 'Put on Verdant Staff' }).click();
  await expect(gear.locator('[data-slot="weapon"]')).toContainText('Verdant Staff');
});

/**
 * A cleared run's drop is a 2% roll drawn from the battle's id (tests/api/gear-drops.test.ts forces it on the server);
 * here the floor's real answer names a piece the player holds, so the result screens can be seen showing one.
 */
async function answerWithDrop(page: import('@playwright/test').Page, itemId: string): Promise<void> {
  await page.route('**/api/dungeon-runs/*/battle', async (route) => {
    const real = await route.fetch();
    route.fulfill({ response: real, json: { ...(await real.json()), gear_drop: itemId } });
  });
}

/** A player with one mighty hero holding the piece the dungeon floors' answers will name, signed in on `page`. */
async function droppingPlayer(
  page: import('@playwright/test').Page,
  request: APIRequestContext,
): Promise<string> {
  const user = await createUser(request);
  const hero = await createHero(request, user);
  await setHeroPower(hero.id, 'mighty');
  await setStock(user.id, 'ember_weapon', 1);
  await signIn(page, user);
  await answerWithDrop(page, 'ember_weapon');
  return hero.id;
}

test('a dungeon floor’s result on the dungeon’s page shows a dropped piece', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  const heroId = await droppingPlayer(page, request);
  await page.goto('/dungeons/whispering_woods');
  await page.getByRole('button', { name: 'Enter Dungeon' }).click();
  const dialog = dungeonTeam(page);
  await pickExactly(dialog, [heroId]);
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  const result = page.getByTestId('fight-result');
  await expect(result.locator('.fight-result__headline')).toHaveText('VICTORY!');
  const drop = result.getByTestId('gear-drop');
  await expect(drop.getByTestId('gear-drop-name')).toHaveText('Ember Blade');
  await expect(drop.getByTestId('gear-drop-meta')).toHaveText('Weapon · Ember set');
  await expect(drop.getByTestId('gear-drop-equip')).toHaveAttribute('href', `/heroes/${heroId}`);
  await drop.scrollIntoViewIfNeeded();
  await screen(page, info, 'gear-drop-dungeon');
});

test('a dungeon floor’s result on /combat shows a dropped piece', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  const heroId = await droppingPlayer(page, request);
  await page.goto('/dungeons');
  const dialog = await openDungeonPicker(page, 'whispering_woods');
  await pickExactly(dialog, [heroId]);
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  await expect(page).toHaveURL(/\/combat\?/);
  await expect(page.locator('.combat__headline')).toHaveText('VICTORY!');
  const drop = page.getByTestId('gear-drop');
  await expect(drop.getByTestId('gear-drop-name')).toHaveText('Ember Blade');
  await expect(drop.getByTestId('gear-drop-equip')).toHaveAttribute('href', `/heroes/${heroId}`);
  await drop.scrollIntoViewIfNeeded();
  await screen(page, info, 'gear-drop-combat');
});
