// The summon preselects the better candidate (play-test: the first card was chosen over a rarer second): the rarer
// of the pair is selected when the pair shows, wherever it was drawn; of two alike, the first. Screens:
// <project>-summon-preselect.png.
import { randomUUID } from 'node:crypto';
import type { Summons } from '../../src/api/index.ts';
import { expect, glance, test } from './fixtures.ts';
import { setCandidateRarity } from './store-setup.ts';

test('the rarer candidate is chosen at first, the first of two alike', async ({
  page,
  request,
  player,
}, info) => {
  const pair = async () =>
    (
      (await (
        await request.post('/api/characters/generate', {
          data: { user_id: player.id, generation_id: randomUUID() },
        })
      ).json()) as Summons
    ).candidates;
  const [first, second] = await pair();
  await setCandidateRarity(first.id, 2);
  await setCandidateRarity(second.id, 4);

  // the pending pair, shown again on /create: the 4★ second is the one chosen
  await page.goto('/create');
  const cards = page.locator('.hero-card--large');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-hero-id', first.id);
  await expect(cards.nth(1)).toHaveAttribute('data-selected', 'true');
  await expect(cards.nth(0)).toHaveAttribute('data-selected', 'false');
  await cards.nth(1).scrollIntoViewIfNeeded();
  await glance(page, info, 'summon-preselect');
  // the player may still take the other
  await cards.nth(0).getByRole('button').click();
  await expect(cards.nth(0)).toHaveAttribute('data-selected', 'true');

  // two alike: the first
  await setCandidateRarity(first.id, 3);
  await setCandidateRarity(second.id, 3);
  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-selected', 'true');
  await expect(cards.nth(1)).toHaveAttribute('data-selected', 'false');
});
