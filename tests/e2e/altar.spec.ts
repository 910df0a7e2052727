// The honest altar on /create: before anything is paid, the chance of every rarity, the pity rule and the player's
// own counters; a player one pair short of the promise is told so, and the pair is drawn at the promised rarity or
// better; the summon history lists it with the one kept. Screenshots: test-results/screens/<project>-altar*.png.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, getUser, shot } from './fixtures.ts';
import { setPity } from './store-setup.ts';

test('the rates, the rule and the counters show before paying; a due promise is kept and listed', async ({
  page,
  request,
  player,
}, testInfo) => {
  await page.goto('/create');
  const altar = page.getByTestId('altar');
  await expect(altar.getByRole('heading', { name: 'The altar’s odds' })).toBeVisible();
  const rates = altar.getByTestId('altar-rates').getByRole('listitem');
  await expect(rates).toHaveText(['1★50%', '2★30%', '3★13.5%', '4★5%', '5★1.5%']);
  await expect(altar.getByTestId('altar-rule')).toHaveText(
    'Pity promise: a 4★ or better within 10 pairs, a 5★ within 55.',
  );
  await expect(altar.getByTestId('altar-counters')).toContainText('Pairs since your last 5★: 0 / 55');
  await expect(altar.getByTestId('altar-counters')).toContainText(
    'Pairs since your last 4★ or better: 0 / 10',
  );
  // Before paying: nothing spent, the Generate button still there.
  await expect(page.getByRole('button', { name: 'Generate Heroes' })).toBeEnabled();
  expect((await getUser(request, player.id)).summoning_scrolls).toBe(player.summoning_scrolls);
  await shot(page, testInfo, 'altar-before');

  // Nine pairs without a 4★ and 23 without a 5★: the next pair is promised a 4★ or better.
  await setPity(player.id, { 4: 9, 5: 23 });
  await page.reload();
  await expect(altar.getByTestId('altar-counters')).toContainText('Pairs since your last 5★: 23 / 55');
  await expect(altar.getByTestId('altar-due')).toHaveText('Your next pair brings a 4★ or better.');
  await shot(page, testInfo, 'altar-due');

  await page.getByRole('button', { name: 'Generate Heroes' }).click();
  const cards = page.locator('.hero-card--large');
  await expect(cards).toHaveCount(2);
  const pending = await (await request.get(`/api/characters/pending?user_id=${player.id}`)).json();
  const rarities: number[] = pending.candidates.map((c: { rarity: number }) => c.rarity);
  expect(rarities[0]).toBeGreaterThanOrEqual(4);
  await expect(altar.getByTestId('altar-counters')).toContainText(
    'Pairs since your last 4★ or better: 0 / 10',
  );
  await expect(altar.getByTestId('altar-due')).toHaveCount(0);

  // Keep the second; the history lists the pair, its rarities, and which was kept.
  await cards.nth(1).getByRole('button').click();
  await page.getByRole('button', { name: 'Create Hero' }).click();
  await expect(page).toHaveURL(/\/heroes$/);
  await page.goto('/create');
  const history = page.getByTestId('summon-history');
  await history.getByText('Your summons').click();
  const rows = history.getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${rarities[0]}★`);
  await expect(rows.first().locator('.altar-history__hero--kept')).toHaveText(`${rarities[1]}★kept`);
  await history.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'altar-history');
  // The altar and the open history pass axe (contrast of every rarity colour included).
  const { violations } = await new AxeBuilder({ page }).include('.create').analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join('; ')}`),
  ).toEqual([]);
});
