// A campaign stage fought turn by turn, on a phone: the battle view's result says what the first clear paid (as
// Quick Battle's does on /campaign) and leads back to the campaign — its next stage now shown — not to the
// team-battle picker (/battle), which knows nothing of the campaign. Screen: phone-campaign-turn-by-turn-result.png.
import { createHero, createUser, expect, signIn, test } from './fixtures.ts';
import { fightStageToItsEnd, screen, stageWithHero } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';
import { STAGES } from '../../src/game/data/campaign.ts';

/** What stage 1-1's first clear pays, as the page says it. */
const { gold, magic_essence } = STAGES[0].firstClear;
const FIRST_CLEAR = `First clear: ${gold} gold, ${magic_essence} essence`;

test('a stage won turn by turn shows its first clear and goes back to the campaign’s next stage', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  const user = await createUser(request);
  const hero = await createHero(request, user);
  await setHeroPower(hero.id, 'mighty');
  await signIn(page, user);

  const result = await fightStageToItsEnd(page, await stageWithHero(page, '1-1 · The Toll Gate', hero.id));
  await expect(result.getByRole('heading', { name: 'Victory!' })).toBeVisible();
  await expect(result.getByTestId('first-clear')).toHaveText(FIRST_CLEAR);
  await expect(result.getByRole('link', { name: 'New Battle' })).toHaveCount(0);
  await screen(page, info, 'campaign-turn-by-turn-result');

  await result.getByRole('link', { name: 'Back to Campaign' }).click();
  await expect(page).toHaveURL(/\/campaign$/);
  await expect(page.getByTestId('stage').getByRole('heading', { name: '1-2 · Broken Wagons' })).toBeVisible();
  await expect(page.locator('[data-stage="1-1"]')).toHaveClass(/stage-node--cleared/);
});
