// Issue 14's last gaps: a player's heroes beyond the first 12 of a browse page are one press away ("Show all
// N", on Other Heroes and in the arena's Players list), and the arena's remembered opponent is kept even when its
// player is on no loaded page of players.
import { test, expect, createHero, createUser, uniqueName } from './fixtures.ts';
import { arenaMemoryKey } from '../../src/web/api/battle-hooks.ts';
import { setBalances } from './store-setup.ts';

test('a player with more heroes than a browse page shows: Show all on Other Heroes and in the arena', async ({
  page,
  request,
  player,
}) => {
  test.setTimeout(120_000);
  await createHero(request, player);
  // A player whose name sorts first, with 14 heroes (a browse page shows 12 of each player).
  const many = await createUser(request, `a0${uniqueName('many')}`.slice(0, 20));
  await setBalances(many.id, { summoning_scrolls: 20 });
  const theirs = [];
  for (let i = 0; i < 14; i++) theirs.push(await createHero(request, many));

  await page.goto('/heroes?tab=others');
  const group = page.locator(`.hero-group[data-player="${many.username}"]`);
  await expect(group).toContainText('Showing 12 of 14');
  await expect(group.locator('[data-hero-id]')).toHaveCount(12);
  await group.getByTestId('show-all-heroes').click();
  await expect(group.locator('[data-hero-id]')).toHaveCount(14);
  await expect(group).not.toContainText('Showing');
  for (const h of theirs) await expect(group.locator(`[data-hero-id="${h.id}"]`)).toHaveCount(1);

  await page.goto('/arena');
  const row = page.locator('.arena__group', { hasText: many.username });
  await expect(row.locator('[data-hero-id]')).toHaveCount(12);
  await row.getByTestId('show-all-heroes').click();
  await expect(row.locator('[data-hero-id]')).toHaveCount(14);
  // the thirteenth can be chosen like any other
  await row.locator(`[data-hero-id="${theirs[13].id}"]`).click();
  await expect(page.getByTestId('arena-selected')).toContainText(theirs[13].name.split(' ')[0]);
});

test('the arena keeps a remembered opponent whose player is on no loaded page', async ({
  page,
  request,
  player,
}) => {
  test.setTimeout(120_000);
  const mine = await createHero(request, player);
  // 21 players with heroes whose names sort before the opponent's: a first page of 20 cannot reach it.
  for (let i = 0; i < 21; i++)
    await createHero(request, await createUser(request, `a1${uniqueName('pre')}`.slice(0, 20)));
  const far = await createUser(request, `zz${uniqueName('far')}`.slice(0, 20));
  const opponent = await createHero(request, far);
  await page.goto('/map');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    arenaMemoryKey(player.id),
    JSON.stringify({ attackerId: mine.id, opponentId: opponent.id }),
  ] as const);
  await page.goto('/arena');
  const selected = page.getByTestId('arena-selected');
  await expect(selected).toContainText(opponent.name.split(' ')[0]);
  await expect(page.locator('.arena__group', { hasText: 'Your last opponent' })).toContainText(
    opponent.name.split(' ')[0],
  );
  await expect(page.getByRole('button', { name: 'Fight!' })).toBeEnabled();
});
