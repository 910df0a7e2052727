// Every fight has one clear path (issue 17): /battle reached by clicks from the map and from My Heroes; a dungeon
// run followed from its detail page floor by floor to the boss with Next floor, each button saying what it does;
// the team picker warning that a new start ends the active run; and a floor fought meanwhile in another tab answered
// with a readable notice and the run as it is now, on /combat (whose Next floor shows the run's next floor as it now
// is before fighting it) and on the detail page.
// Heroes are made mighty (or feeble) in the store (store-setup.ts), so every outcome is known in advance.
import type { APIRequestContext } from '@playwright/test';
import { test, expect, signIn } from './fixtures.ts';
import { dungeonTeam, heroesFor, openDungeonPicker, pickExactly, screen } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';
import type { Dungeon, DungeonRun } from '../../src/api/index.ts';

async function dungeon(request: APIRequestContext, id: string): Promise<Dungeon> {
  return (await (await request.get(`/api/dungeons/${id}`)).json()) as Dungeon;
}

async function activeRun(request: APIRequestContext, userId: string): Promise<DungeonRun | null> {
  return (
    (await (await request.get(`/api/dungeon-runs/active?user_id=${userId}`)).json()) as {
      run: DungeonRun | null;
    }
  ).run;
}

test('Team Battle is reached by clicks from the map and from My Heroes', async ({
  page,
  request,
  player,
}, testInfo) => {
  await heroesFor(request, player, 1);
  await page.goto('/heroes');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveCount(5);
  await nav.getByRole('link', { name: 'Map' }).click();
  await expect(page).toHaveURL(/\/map$/);
  // The three cards stay; the way into a team battle sits below them.
  await expect(page.locator('[data-destination]')).toHaveCount(3);
  const entry = page.getByTestId('team-battle-entry');
  await expect(entry).toContainText('Team Battle');
  await screen(page, testInfo, 'map-team-battle');
  await entry.click();
  await expect(page).toHaveURL(/\/battle$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start a Battle');

  await nav.getByRole('link', { name: 'Heroes' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
  await screen(page, testInfo, 'heroes-team-battle');
  await page.getByRole('link', { name: 'Team Battle' }).click();
  await expect(page).toHaveURL(/\/battle$/);
  await expect(page.getByRole('button', { name: 'Quick Battle' })).toBeVisible();
});

test('a dungeon run from its detail page to the boss, floor by floor; the picker warns of the run it ends', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.slow(); // several fights in a row, each simulated thousands of times for its odds
  const heroes = await heroesFor(request, player, 2);
  for (const h of heroes) await setHeroPower(h.id, 'mighty');
  const woods = await dungeon(request, 'whispering_woods');
  const sanctum = await dungeon(request, 'void_sanctum');
  // A run already under way elsewhere (started in the Void Sanctum, floor 1 still ahead).
  const other = await request.post('/api/dungeons/void_sanctum/start', {
    data: { user_id: player.id, team_hero_ids: [heroes[0]!.id] },
  });
  expect(other.status()).toBe(201);

  await page.goto('/dungeons');
  const continueRun = page.locator('[data-dungeon-id="void_sanctum"]').getByTestId('continue-run');
  await expect(continueRun).toContainText(`Your run: Floor 1 of ${sanctum.floors}`);
  await page.locator('[data-dungeon-id="void_sanctum"]').screenshot({
    path: `test-results/screens/${testInfo.project.name}-dungeon-card-run-under-way.png`,
  });
  await page.locator('[data-dungeon-id="whispering_woods"] .dungeon-card__name a').click();
  await expect(page).toHaveURL(/\/dungeons\/whispering_woods$/);
  const enter = page.getByRole('button', { name: 'Enter Dungeon' });
  await expect(enter).toHaveAccessibleDescription(`A run of ${woods.floors} floors, the boss last`);
  await enter.click();

  const dialog = dungeonTeam(page);
  await pickExactly(
    dialog,
    heroes.map((h) => h.id),
  );
  await expect(dialog.getByTestId('run-warning')).toHaveText(
    `Your run in ${sanctum.name}, floor 1 of ${sanctum.floors}, will end`,
  );
  await screen(page, testInfo, 'team-picker-run-warning');
  await dialog.getByRole('button', { name: 'Confirm Team (2)' }).click();

  const result = page.getByTestId('fight-result');
  const nextFloor = result.getByRole('button', { name: 'Next floor' });
  const fightAgain = result.getByRole('button', { name: 'Fight Again' });
  const back = result.getByRole('link', { name: 'Back to Dungeons' });
  for (let floor = 1; floor < woods.floors; floor++) {
    await expect(result.locator('.dungeon-detail__floor')).toHaveText(
      `Floor ${floor} of ${woods.floors} won`,
    );
    await expect(result.locator('.fight-result__headline')).toHaveText('VICTORY!');
    const next = floor + 1;
    await expect(nextFloor).toHaveAccessibleDescription(
      `Floor ${next} of ${woods.floors}${next === woods.floors ? ' — the boss' : ''}`,
    );
    await expect(back).toHaveAccessibleDescription(`Your run waits at floor ${next} of ${woods.floors}`);
    if (floor === 1) await screen(page, testInfo, 'dungeon-detail-floor-won');
    // The floor before the boss: a moment says the boss awaits.
    if (next === woods.floors) {
      await expect(result.getByTestId('moment')).toHaveAttribute('data-moment', 'boss');
      await expect(result.getByTestId('moment')).toHaveAttribute('role', 'status');
    } else await expect(result.getByTestId('moment')).toHaveCount(0);
    // The next floor's win chance is shown before it is fought, and is the number that fight states.
    const odds = result.getByTestId('odds');
    await expect(odds).toHaveAttribute('data-probability', /^[01](\.\d+)?$/);
    const shown = Number(await odds.getAttribute('data-probability'));
    const fought = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/dungeon-runs\/[^/]+\/battle$/.test(r.url()),
    );
    // The next floor of the same run: no picker, no new run.
    await nextFloor.click();
    expect(((await (await fought).json()) as { probability: number }).probability).toBe(shown);
    await expect(dialog).toHaveCount(0);
    await expect(result.locator('.dungeon-detail__floor')).not.toHaveText(
      `Floor ${floor} of ${woods.floors} won`,
    );
  }
  await expect(result.locator('.dungeon-detail__floor')).toHaveText('Dungeon cleared!');
  await expect(result.locator('.fight-result__headline')).toHaveText('VICTORY!');
  await expect(result.getByTestId('moment')).toHaveAttribute('data-moment', 'cleared');
  await expect(result.getByTestId('moment')).toContainText('Dungeon cleared!');
  await expect(nextFloor).toHaveCount(0);
  await expect(fightAgain).toHaveAccessibleDescription('New run from floor 1');
  await expect(back).toHaveAccessibleDescription('Choose another dungeon');
  await expect(page).toHaveURL(/\/dungeons\/whispering_woods$/);
  await screen(page, testInfo, 'dungeon-detail-cleared');
  // The Void Sanctum run ended when this one began; this one is cleared: nothing is under way.
  expect(await activeRun(request, player.id)).toBeNull();

  // On a finished run Fight Again reopens the picker for a new run, with nothing to warn about.
  await fightAgain.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('run-warning')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('a floor fought meanwhile in another tab: a readable notice, then the run as it is now', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.slow(); // several fights in a row, each simulated thousands of times for its odds
  const [hero] = await heroesFor(request, player, 1);
  await setHeroPower(hero!.id, 'mighty');
  const mines = await dungeon(request, 'sunken_mines');
  const of = `of ${mines.floors}`;

  // Tab one: the run starts from the list and shows its first floor on /combat.
  await page.goto('/dungeons');
  const dialog = await openDungeonPicker(page, 'sunken_mines');
  await pickExactly(dialog, [hero!.id]);
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  await expect(page).toHaveURL(/\/combat\?/);
  await expect(page.locator('.combat__headline')).toHaveText('VICTORY!');
  await expect(page.getByTestId('run-state')).toHaveText(`Next: floor 2 ${of}`);
  // (Next floor while the run goes on, Fight Again once it is over: the same button)
  const fightAgain = page.getByTestId('fight-again');
  await expect(fightAgain).toHaveText('Next floor');
  await expect(fightAgain).toHaveAccessibleDescription(`Floor 2 ${of}`);
  await expect(page.getByRole('button', { name: 'Back' })).toHaveAccessibleDescription(
    `To Dungeons: your run waits at floor 2 ${of}`,
  );
  await screen(page, testInfo, 'combat-dungeon-next-floor');

  // Tab two: the detail page offers to continue the same run, and fights floor 2.
  const tab2 = await page.context().newPage();
  await signIn(tab2, player);
  await tab2.goto('/dungeons/sunken_mines');
  const panel = tab2.getByTestId('active-run');
  await expect(panel).toContainText(`Your run is under way: 1 ${of} floors won.`);
  await expect(panel.getByRole('button', { name: 'Continue Run' })).toHaveAccessibleDescription(
    `Floor 2 ${of}`,
  );
  await screen(tab2, testInfo, 'dungeon-detail-continue-run');
  await panel.getByRole('button', { name: 'Continue Run' }).click();
  const result2 = tab2.getByTestId('fight-result');
  await expect(result2.locator('.dungeon-detail__floor')).toHaveText(`Floor 2 ${of} won`);

  // Back in tab one, still showing floor 1's result: Next floor shows the run as it is now, floor 3.
  await fightAgain.click();
  const next = page.getByTestId('next-fight');
  await expect(next.getByTestId('next-fight-where')).toContainText(`floor 3 ${of}`);
  await expect(page.getByTestId('run-state')).toHaveText(`Next: floor 3 ${of}`);
  await expect(page.getByTestId('run-notice')).toHaveCount(0);

  // Tab two fights floor 3 meanwhile.
  const nextFloor2 = result2.getByRole('button', { name: 'Next floor' });
  await expect(nextFloor2).toHaveAccessibleDescription(`Floor 3 ${of}`);
  await nextFloor2.click();
  await expect(result2.locator('.dungeon-detail__floor')).toHaveText(`Floor 3 ${of} won`);

  // Tab one's Fight meant floor 3: a readable notice, the run as it is now, and the boss shown next.
  await next.getByTestId('fight-confirm').click();
  await expect(page.getByTestId('run-notice-text')).toHaveText(
    `Floor 3 has already been fought: your run is now at floor 4 ${of}`,
  );
  await expect(page.getByTestId('run-state')).toHaveText(`Next: floor 4 ${of} — the boss`);
  await expect(next.getByTestId('next-fight-where')).toContainText(`floor 4 ${of}, the boss`);
  await screen(page, testInfo, 'combat-floor-fought-elsewhere');
  const before = new URL(page.url()).searchParams.get('battleId');
  await next.getByTestId('fight-confirm').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('battleId')).not.toBe(before);
  await expect(page.getByTestId('run-notice')).toHaveCount(0);
  await expect(page.getByTestId('run-state')).toHaveText('Dungeon cleared!');

  // Tab two now lags: its Next floor meant the boss; the run is over, and it says so — Fight Again is what is left.
  await expect(nextFloor2).toHaveAccessibleDescription(`Floor 4 ${of} — the boss`);
  await nextFloor2.click();
  await expect(tab2.getByTestId('run-notice-text')).toHaveText(
    'This dungeon run is over (cleared): start a new one',
  );
  await expect(nextFloor2).toHaveCount(0);
  await expect(result2.getByRole('button', { name: 'Fight Again' })).toHaveAccessibleDescription(
    'New run from floor 1',
  );
  await screen(tab2, testInfo, 'dungeon-detail-floor-fought-elsewhere');

  // Tab one: Fight Again on the cleared run shows a new run's first floor, and fights it on Fight.
  await expect(fightAgain).toHaveText('Fight Again');
  await expect(fightAgain).toHaveAccessibleDescription('New run from floor 1');
  await fightAgain.click();
  await expect(next.getByTestId('next-fight-where')).toContainText(`floor 1 ${of}`);
  await next.getByTestId('fight-confirm').click();
  await expect(page.getByTestId('run-state')).toHaveText(`Next: floor 2 ${of}`);
  await tab2.close();
});
