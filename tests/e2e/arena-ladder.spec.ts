// The arena ladder in the browser (issue 12): the leaderboard reached from the arena (the player's standing, the
// ranked list, more a page at a time), a hero's rating and record on its page, the opponent picker's ratings and
// win chance bands (from the honest odds), and an arena result moving both ratings — with the repeat-win rule shown
// on a second win over the same opponent. Find a fair match: fair-match.spec.ts.
import { test, expect } from './fixtures.ts';
import { heroesFor, screen } from './fight-steps.ts';
import { setHeroPower, setRating } from './store-setup.ts';
import { chanceBand } from '../../src/web/components/format.ts';

/** The band the page names for a chance (its thresholds: src/web/components/format.ts, held by format.test.ts). */
const bandOf = (p: number) => chanceBand(p).label;

test('leaderboard: reached from the arena, the player’s standing, ranked and paged; a hero’s rating on its page', async ({
  page,
  player,
}, testInfo) => {
  const [star, rookie] = await heroesFor(page.request, player, 2);
  await setRating(star!.id, {
    rating: 2900 + (testInfo.project.name === 'phone' ? 7 : 0),
    rd: 45,
    wins: 14,
    losses: 3,
  });

  await page.goto('/arena');
  await page.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/arena\/leaderboard$/);
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();

  // Your heroes: both, best first, each with its rank.
  const mine = page.getByTestId('ladder-mine');
  await expect(mine.locator('.ladder-row')).toHaveCount(2);
  await expect(mine.locator('.ladder-row').first()).toHaveAttribute('data-hero-id', star!.id);
  await expect(mine.locator('.ladder-row').nth(1)).toHaveAttribute('data-hero-id', rookie!.id);
  const starRank = Number(await mine.locator('.ladder-row').first().getAttribute('data-rank'));
  expect(starRank).toBeGreaterThanOrEqual(1);
  expect(starRank).toBeLessThanOrEqual(3);
  await expect(mine.locator('.ladder-row').first()).toContainText(`#${starRank}`);
  await expect(mine.locator('.ladder-row').first().getByTestId('ladder-score')).toHaveText(
    (2900 + (testInfo.project.name === 'phone' ? 7 : 0) - 90).toLocaleString('en-US'),
  );
  await expect(mine.locator('.ladder-row').first().getByTestId('ladder-rating')).toContainText('±45');
  await expect(mine.locator('.ladder-row').first()).toContainText('14–3');

  // Top heroes: ranked 1, 2, 3 … by score, the star among them at the same rank, NPCs marked.
  const top = page.getByTestId('ladder-top');
  await expect(top.locator('.ladder-row')).toHaveCount(20);
  await expect(top.locator(`[data-hero-id="${star!.id}"]`)).toHaveAttribute('data-rank', String(starRank));
  const scores = (await top.getByTestId('ladder-score').allTextContents()).map((t) =>
    Number(t.replace(/,/g, '')),
  );
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  expect(
    await top.locator('.ladder-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rank'))),
  ).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
  await expect(top.locator('.ladder-row__npc').first()).toHaveText('NPC');
  await screen(page, testInfo, 'leaderboard');

  // More heroes: the next page continues the order and the ranks (another test running beside this one may move a
  // hero above meanwhile, so the ranks are checked to rise, not to be exactly 21 on).
  await page.getByRole('button', { name: 'More heroes' }).click();
  await expect.poll(() => top.locator('.ladder-row').count()).toBeGreaterThan(20);
  const ranks = await top
    .locator('.ladder-row')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-rank'))));
  for (let i = 1; i < ranks.length; i++) expect(ranks[i]).toBeGreaterThan(ranks[i - 1]);
  const ids = await top
    .locator('.ladder-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-hero-id')));
  expect(new Set(ids).size).toBe(ids.length);

  // A row opens its hero, whose page shows its rating and record.
  await mine.locator('.ladder-row').first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/heroes/${star!.id}$`));
  const standing = page.getByTestId('hero-rating');
  await expect(standing).toBeVisible();
  await expect(standing.getByTestId('hero-rating-value')).toHaveText(
    String(2900 + (testInfo.project.name === 'phone' ? 7 : 0)),
  );
  await expect(standing).toContainText('±45');
  await expect(standing.getByTestId('hero-wins')).toHaveText('14');
  await expect(standing.getByTestId('hero-losses')).toHaveText('3');
  await expect(standing).toContainText('17 arena duels, 82% won');
  await standing.scrollIntoViewIfNeeded();
  await screen(page, testInfo, 'hero-detail-rating');

  // A hero that never fought says where every hero starts.
  await page.goto(`/heroes/${rookie!.id}`);
  await expect(page.getByTestId('hero-rating')).toContainText('1500 ± 350');
  await expect(page.getByTestId('hero-rating-value')).toHaveText('1500');
});

test('arena: ratings on every card, win chance bands from the honest odds, ratings moved by the fight', async ({
  page,
  player,
}, testInfo) => {
  const [mine] = await heroesFor(page.request, player, 1);
  await page.goto('/arena');
  const myCard = page.locator(`.arena__section [data-hero-id="${mine!.id}"]`).first();
  await expect(myCard.getByTestId('rating-chip')).toHaveAttribute('data-rating', '1500');

  // No hero chosen: ratings, but no bands yet, and Find a fair match says why it waits.
  await page.getByRole('tab', { name: 'NPCs' }).click();
  const npcCards = page.locator('.arena__groups .hero-card');
  await expect(npcCards.first().getByTestId('rating-chip')).toBeVisible();
  await expect(page.getByTestId('chance-band')).toHaveCount(0);
  const findFair = page.getByRole('button', { name: 'Find a fair match' });
  await expect(findFair).toBeDisabled();
  await expect(findFair).toHaveAttribute('title', 'Choose your hero first');

  // With a hero chosen, each opponent near the screen shows its band, read from GET /api/odds.
  await myCard.locator('.hero-card__action').click();
  await expect(findFair).toBeEnabled();
  const first = npcCards.first();
  const band = first.getByTestId('chance-band');
  await expect(band).not.toHaveAttribute('data-band', 'pending');
  const npcId = (await first.getAttribute('data-hero-id'))!;
  const odds = await (
    await page.request.get(
      `/api/odds?user_id=${player.id}&kind=arena&hero_id=${mine!.id}&opponent_id=${npcId}`,
    )
  ).json();
  await expect(band).toContainText(bandOf(odds.probability));
  // The bands of a level-1 hero against the dungeons' NPCs run from fair fights to long shots.
  await page.locator('.arena__group').last().scrollIntoViewIfNeeded();
  await expect(page.locator('.arena__group').last().locator('[data-band="long-shot"]').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screen(page, testInfo, 'arena-ladder-bands');

  // A mighty hero (every fight won).
  await setHeroPower(mine!.id, 'mighty');
  await page.reload();
  await expect(page.locator(`.arena__section [data-hero-id="${mine!.id}"]`).first()).toHaveAttribute(
    'data-selected',
    'true',
  );

  // A duel a mighty hero surely wins moves both ratings; the result says by how much.
  await page.getByRole('tab', { name: 'NPCs' }).click();
  await page.locator('.arena__groups [data-hero-id="npc_woods_thornling"] .hero-card__action').click();
  await expect(page.getByTestId('selected-opponent')).toHaveAttribute('data-chosen', 'npc_woods_thornling');
  await page.getByRole('button', { name: 'Fight!' }).click();
  const result = page.getByTestId('fight-result');
  await expect(result.locator('.fight-result__headline')).toHaveText('VICTORY!');
  const outcome = result.getByTestId('ladder-outcome');
  await expect(outcome).toBeVisible();
  await expect(outcome.getByTestId('rating-delta').first()).toHaveText(/^\+\d+$/);
  await expect(outcome.getByTestId('rating-delta').nth(1)).toHaveText(/^−\d+$/);
  await expect(result.getByTestId('repeat-win')).toHaveCount(0);

  // Again over the same opponent: half the rewards, and the result says why.
  await result.getByRole('button', { name: 'Fight Again' }).click();
  await page.getByRole('button', { name: 'Fight!' }).click();
  await expect(result.locator('.fight-result__headline')).toHaveText('VICTORY!');
  const note = result.getByTestId('repeat-win');
  await expect(note).toBeVisible();
  await expect(note).toHaveAttribute('data-factor', '0.5');
  await expect(note).toContainText('2nd win over');
  await expect(note).toContainText('rewards × ½');
  await screen(page, testInfo, 'arena-ladder-result');

  // The hero's page shows the two wins.
  await page.goto(`/heroes/${mine!.id}`);
  await expect(page.getByTestId('hero-wins')).toHaveText('2');
  await expect(page.getByTestId('hero-losses')).toHaveText('0');
});
