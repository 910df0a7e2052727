// A fight's figures as the rest of the game shows odds: the win chance in whole percent — never '100.0%' for a
// chance that is not sure (a play-test read 'WIN CHANCE 100.0% · ROLL NEEDED >0.0 · YOU ROLLED 0.1') — and the line
// and the roll to as many decimals as tell them apart (components/format.ts rollFigures). Results are handed to
// /combat in navigation state, as a fight's answer is. Screenshots: <project>-roll-figures-*.png.
import type { Page } from '@playwright/test';
import { test, expect, glance } from './fixtures.ts';

/** Opens /combat showing `result` as a fight's answer would hand it over. */
async function showResult(page: Page, result: object): Promise<void> {
  await page.goto('/combat?location=Old%20Mill&returnTo=/battle');
  await page.evaluate((r) => {
    window.history.replaceState({ usr: { result: r }, key: 'e2e', idx: 0 }, '', window.location.href);
  }, result);
  await page.reload();
  await expect(page.locator('.combat__headline')).toBeVisible();
}

test('a near-sure win reads 99%, the line and the roll told apart', async ({ page, player }, testInfo) => {
  expect(player.id).toBeTruthy();
  await showResult(page, {
    status: 'won',
    probability: 0.9995,
    roll: 0.001,
    description: 'The mill is yours.',
    rewards: { gold: 3, xp_per_hero: 7, magic_essence: 1, combat_tokens: 0 },
    level_ups: [],
  });
  await expect(page.locator('.combat__headline')).toHaveText('VICTORY!');
  await expect(page.getByTestId('win-chance')).toHaveText('99%');
  await expect(page.getByTestId('roll-needed')).toHaveText('>0.05');
  await expect(page.getByTestId('you-rolled')).toHaveText('0.10');
  await expect(page.locator('.chance-bar')).toHaveAttribute(
    'aria-label',
    'Win chance 99%, roll needed above 0.05, rolled 0.10',
  );
  await glance(page, testInfo, 'roll-figures-near-sure');

  // A roll close to the line: the chance stays whole, the line and the roll take a decimal.
  await showResult(page, {
    status: 'won',
    probability: 0.554,
    roll: 0.4465,
    description: 'A close one.',
    rewards: { gold: 3, xp_per_hero: 7, magic_essence: 1, combat_tokens: 0 },
    level_ups: [],
  });
  await expect(page.getByTestId('win-chance')).toHaveText('55%');
  await expect(page.getByTestId('roll-needed')).toHaveText('>44.6');
  await expect(page.getByTestId('you-rolled')).toHaveText('44.7');
  await glance(page, testInfo, 'roll-figures-close');
});
