// A dungeon's buttons say what they do: after a won floor of a run that goes on, Next floor fights the run's next
// floor, and Fight Again reopens the team picker for a new run from floor 1 (a play-test pressed 'Fight Again' and was
// taken on to the next floor). On the dungeon's page and on /combat, phone and desktop. Screens: <project>-next-floor-*.png.
import { test, expect } from './fixtures.ts';
import { dungeonTeam, heroesFor, pickExactly, screen } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';
import type { Dungeon } from '../../src/api/index.ts';

test('Next floor goes on with the run; Fight Again starts a new one through the picker', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.slow(); // several fights, each simulated thousands of times for its odds
  const [hero] = await heroesFor(request, player, 1);
  await setHeroPower(hero!.id, 'mighty');
  const woods = (await (await request.get('/api/dungeons/whispering_woods')).json()) as Dungeon;
  const of = `of ${woods.floors}`;

  // The dungeon's page: a run's first floor won.
  await page.goto('/dungeons/whispering_woods');
  await page.getByRole('button', { name: 'Enter Dungeon' }).click();
  const dialog = dungeonTeam(page);
  await pickExactly(dialog, [hero!.id]);
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  const result = page.getByTestId('fight-result');
  await expect(result.locator('.dungeon-detail__floor')).toHaveText(`Floor 1 ${of} won`);
  const next = result.getByRole('button', { name: 'Next floor' });
  const again = result.getByRole('button', { name: 'Fight Again' });
  await expect(next).toHaveAccessibleDescription(`Floor 2 ${of}`);
  await expect(again).toHaveAccessibleDescription(
    `New run from floor 1 Your run in ${woods.name}, floor 2 ${of}, will end`,
  );
  await screen(page, testInfo, 'next-floor-detail');

  // Next floor: the same run's floor 2, no picker.
  await next.click();
  await expect(result.locator('.dungeon-detail__floor')).toHaveText(`Floor 2 ${of} won`);
  await expect(dialog).toHaveCount(0);

  // Fight Again: the picker, saying the run under way ends; not a fight.
  const fights: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/dungeon/.test(r.url())) fights.push(r.url());
  });
  await again.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('run-warning')).toHaveText(
    `Your run in ${woods.name}, floor 3 ${of}, will end`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(fights).toEqual([]);
  await expect(result.locator('.dungeon-detail__floor')).toHaveText(`Floor 2 ${of} won`);

  // /combat, from the list: the same names.
  await page.goto('/dungeons');
  await page
    .locator('[data-dungeon-id="whispering_woods"]')
    .getByRole('button', { name: 'Enter Dungeon' })
    .click();
  // (the team is remembered from the run before)
  await expect(dialog.locator(`[data-hero-id="${hero!.id}"]`)).toHaveAttribute('data-selected', 'true');
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  await expect(page).toHaveURL(/\/combat\?/);
  await expect(page.getByTestId('run-state')).toHaveText(`Next: floor 2 ${of}`);
  await expect(page.getByRole('button', { name: 'Fight Again' })).toHaveCount(0);
  const onward = page.getByRole('button', { name: 'Next floor' });
  await expect(onward).toHaveAccessibleDescription(`Floor 2 ${of}`);
  await screen(page, testInfo, 'next-floor-combat');
  await onward.click();
  await expect(page.getByTestId('next-fight').getByTestId('next-fight-where')).toContainText(`floor 2 ${of}`);
});
