// A hero that begins a battle changed by its own traits or gear says why (a play-test saw a hero start at 411 of 484
// health with nothing saying so): the battle log names the effect and its source — 'starts at 85% health (Old
// Wounds)' — and so does the fight's replay, from the same facts. Phone and desktop. Screens: <project>-start-*.png.
import { test, expect } from './fixtures.ts';
import { fightFromBattlePage, heroesFor, screen } from './fight-steps.ts';
import { setHeroBane, setHeroPower } from './store-setup.ts';

test('the battle log and the replay name what a hero starts with, and why', async ({
  page,
  request,
  player,
}, testInfo) => {
  const [hero] = await heroesFor(request, player, 1);
  // Quick enough to act first: the battle waits for it with the start of battle in the log.
  await setHeroPower(hero!.id, 'mighty');
  await setHeroBane(hero!.id, 'old_wounds');
  await fightFromBattlePage(page, [hero!]);
  await page.locator('[data-speed="instant"]').click();
  await expect(page.locator('[data-option-id]').first()).toBeEnabled();

  const said = `${hero!.name} starts at 85% health (Old Wounds).`;
  const log = page.getByTestId('battle-log');
  // (its boon may give it something at the start too, told beside it)
  await expect(log.locator('[data-kind="start"]').filter({ hasText: said })).toHaveText(`T0${said}`);
  await screen(page, testInfo, 'start-battle-log');

  // Played out, then watched again: the replay's first step is the same sentence.
  await page.getByRole('switch', { name: 'Auto' }).click();
  const result = page.getByTestId('battle-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await result.getByTestId('watch-replay').click();
  await expect(page).toHaveURL(/\/replay\/b_[0-9a-f]+$/);
  const caption = page.getByTestId('replay-caption');
  const captions: string[] = [];
  for (let step = 0; step < 4 && !captions.includes(said); step++) {
    await page.getByTestId('step-forward').click();
    await expect(page.locator('.replay')).toHaveAttribute('data-at', String(step + 1));
    captions.push((await caption.textContent()) ?? '');
  }
  expect(captions).toContain(said);
  await expect(
    page.getByTestId('battle-log').locator('[data-kind="start"]').filter({ hasText: said }),
  ).toHaveText(`T0${said}`);
  await screen(page, testInfo, 'start-replay');
});
