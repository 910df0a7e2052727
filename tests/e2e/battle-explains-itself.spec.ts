// Everything on the battle screen explains itself on tap (issue 18): an option's action (its rules text, without
// playing it), a unit that is not a target (full name, figures, statuses and who put them there), and a status
// badge (what it does, for how long, from whom). Phone and desktop; screenshots <project>-battle-explain-*.png.
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { instantBattleOfFour, playUntilAStatusShows, screen } from './fight-steps.ts';

test('an option’s action, a unit and a status explain themselves on tap, in view, without playing', async ({
  page,
  request,
  player,
}, testInfo) => {
  const team = await instantBattleOfFour(page, request, player);
  const first = page.locator('.battle-option-slot').first();
  await expect(first).toBeVisible();
  const turn = await page.locator('.battle-view').getAttribute('data-turn');
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().includes('/action') && r.method() === 'POST') posted++;
  });

  // The option's 'i': its label, its figures and its rules text; nothing is played.
  const label = (await first.locator('.battle-option__label').textContent())!;
  await first.getByTestId('explain-option').click();
  const option = page.getByTestId('option-explain');
  await expect(option).toBeInViewport();
  await expect(option).toContainText(label);
  await expect(option.locator('.muted')).not.toBeEmpty();
  await screen(page, testInfo, 'battle-explain-option');
  await option.getByRole('button', { name: 'Close' }).click();
  await expect(option).toHaveCount(0);
  expect(posted).toBe(0);
  await expect(page.locator('.battle-view')).toHaveAttribute('data-turn', turn!);

  // A unit: one some option can aim at says who it is as it is aimed at; any other opens its whole card.
  const aimable = page.getByTestId('aim-unit').first();
  const aimName = (await aimable.getAttribute('aria-label'))!.replace('Aim at ', '');
  await aimable.click();
  await expect(page.getByTestId('aim-hint')).toContainText(
    new RegExp(`Aiming at ${aimName} \\(Lv \\d+ \\w+, \\d+/\\d+ HP\\)`),
  );
  await aimable.click();
  // Every unit can be aimed at by something this turn: play on until one cannot (or the battle ends).
  const unitButton = page.getByTestId('explain-unit').first();
  for (let k = 0; k < 20 && (await unitButton.count()) === 0; k++) {
    await page.locator('[data-option-id]').first().click();
    await expect(page.locator('.battle-view')).not.toHaveAttribute('data-playing', 'true');
  }
  await expect(unitButton).toBeVisible();
  const name = (await unitButton.getAttribute('aria-label'))!.replace('About ', '');
  await unitButton.click();
  const unit = page.getByTestId('unit-explain');
  await expect(unit).toBeInViewport();
  await expect(unit).toContainText(name);
  await expect(unit).toContainText(/\d+\/\d+ HP|Defeated/);
  await expect(unit).toContainText(/energy \d+\/100|Defeated/);
  await screen(page, testInfo, 'battle-explain-unit');
  await unit.getByRole('button', { name: 'Close' }).click();
  await expect(unit).toHaveCount(0);

  // Play until some unit carries a status put there by someone, then tap its badge: from whom.
  const badges = await playUntilAStatusShows(page, team);
  await badges.first().click();
  const status = page.getByTestId('status-explain');
  await expect(status).toBeInViewport();
  await expect(status).toContainText(/\d+ turns? left · from \S/);
  await screen(page, testInfo, 'battle-explain-status');
  await status.getByRole('button', { name: 'Close' }).click();

  // Every badge takes its own tap, however close its neighbours sit: their touch reach lies under it (on a phone a
  // Shield beside a Poison once took every tap meant for the Poison).
  for (const badge of await badges.all()) {
    const what = (await badge.getAttribute('aria-label'))!.split(',')[0];
    await badge.click();
    await expect(status).toContainText(what);
    await status.getByRole('button', { name: 'Close' }).click();
    await expect(status).toHaveCount(0);
  }
});
