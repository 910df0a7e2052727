// /arena — loading, no heroes, the Players / NPCs toggle, the Selected summary, Fight!
// rules, a duel against another player's hero and one against an NPC, the result panel, Fight Again, the user
// re-read after a fight, and the remembered attacker and opponent.
import { test, expect, createUser, glance, holdRequests } from './fixtures.ts';
import { heroesFor, screen } from './fight-steps.ts';

test('arena: loading text, no heroes, and an empty opponent list', async ({ page, player }, testInfo) => {
  void player;
  // The hero list is held until the loading text has been seen; the NPC list fails (it is then empty).
  const releaseHeroes = await holdRequests(page, '**/api/heroes?user_id=*');
  await page.route('**/api/npcs', (route) => route.abort());
  await page.goto('/arena', { waitUntil: 'commit' });
  await expect(page.getByText('Loading Arena...')).toBeVisible();
  releaseHeroes();
  await expect(page.getByText('You have no heroes. Create one first.')).toBeVisible();
  await page.getByRole('tab', { name: 'NPCs' }).click();
  await expect(page.getByText('No opponents available.')).toBeVisible();
  await screen(page, testInfo, 'arena-empty');
});

test('arena: a duel against a player, Fight Again, then against an NPC; choices remembered', async ({
  page,
  request,
  player,
}, testInfo) => {
  const [mine] = await heroesFor(request, player, 1);
  // An opponent player whose name sorts first, so their heroes are on the first page of players.
  const rival = await createUser(
    request,
    `a0_${Date.now().toString(36)}${testInfo.project.name.slice(0, 1)}`,
  );
  const [theirs] = await heroesFor(request, rival, 1);

  await page.goto('/arena');
  await expect(page.getByRole('heading', { name: 'Choose Your Hero' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose Opponent' })).toBeVisible();
  const fight = page.getByRole('button', { name: 'Fight!' });
  await expect(fight).toBeDisabled();
  await expect(fight).toHaveAttribute('title', 'Select your hero and an opponent first');
  await expect(page.locator('.arena__hint')).toHaveText('Select your hero and an opponent first');

  await page.locator(`[data-hero-id="${mine!.id}"] .hero-card__action`).click();
  await expect(fight).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Players' })).toHaveAttribute('aria-selected', 'true');
  const rivalCard = page.locator(`[data-hero-id="${theirs!.id}"]`);
  const more = page.getByRole('button', { name: 'More players' });
  for (let i = 0; i < 10 && !(await rivalCard.isVisible()); i++) {
    // Either the rival's card is on the page or another page of players can be asked for.
    await expect(rivalCard.or(more).first()).toBeVisible();
    if (!(await rivalCard.isVisible())) await more.click();
  }
  await rivalCard.locator('.hero-card__action').click();
  // Names as a player reads them, and whose the opponent is: never an id (the ids ride along unseen).
  await expect(page.getByTestId('selected-hero')).toHaveText(mine!.name);
  await expect(page.getByTestId('selected-hero')).toHaveAttribute('data-chosen', mine!.id);
  await expect(page.getByTestId('selected-opponent')).toHaveText(`${theirs!.name}, ${rival.username}’s hero`);
  await expect(page.getByTestId('selected-opponent')).toHaveAttribute('data-chosen', theirs!.id);
  await expect(page.getByRole('region', { name: 'Selected' })).not.toContainText(/\b(h|npc)_/);
  await expect(fight).toBeEnabled();
  await screen(page, testInfo, 'arena');

  // The duel is held until 'Battling...' has been seen on the disabled button.
  const releaseDuel = await holdRequests(page, '**/api/arena/battle');
  await fight.click();
  await expect(page.getByRole('button', { name: 'Battling...' })).toBeDisabled();
  releaseDuel();
  const result = page.getByTestId('fight-result');
  await expect(result).toBeVisible();
  await expect(result.locator('.fight-result__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
  await expect(page.getByTestId('win-chance')).toHaveText(/^\d{1,3}%$/);
  await expect(page.getByTestId('dice-roll')).toHaveText(/^\d{1,3}(\.\d+)?$/);
  await expect(result).toContainText('Battle Narrative');
  await expect(page.getByTestId('narrative')).not.toBeEmpty();
  const won = (await result.getAttribute('data-outcome')) === 'won';
  if (won) {
    await expect(result).toContainText('Rewards Earned');
    await expect(result).toContainText('Gold');
    await expect(result).toContainText('XP per Hero');
  } else {
    await expect(result).not.toContainText('Rewards Earned');
  }
  // The user was re-read and saved: the stored copy matches the server.
  const server = await (await request.get(`/api/users/${player.id}`)).json();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem('runeborn_user')!).gold))
    .toBe(server.gold);
  await screen(page, testInfo, 'arena-result');

  await result.getByRole('button', { name: 'Fight Again' }).click();
  await expect(result).toHaveCount(0);
  await expect(fight).toBeEnabled();

  // Against an NPC: ids npc_… shown 'NPC: …'.
  await page.getByRole('tab', { name: 'NPCs' }).click();
  const npc = page.locator('[data-hero-id="npc_woods_poacher"]');
  await expect(npc.locator('.hero-card__name')).toHaveText(/^NPC: /);
  await npc.locator('.hero-card__action').click();
  await expect(page.getByTestId('selected-opponent')).toHaveText(/^NPC: .+, Whispering Woods$/);
  await expect(page.getByTestId('selected-opponent')).toHaveAttribute('data-chosen', 'npc_woods_poacher');
  await screen(page, testInfo, 'arena-npcs');
  // Switching to Players lets the NPC go (it cannot be seen there); back on NPCs, choose it again.
  await page.getByRole('tab', { name: 'Players' }).click();
  await expect(page.getByTestId('selected-opponent')).toHaveText('—');
  await expect(fight).toBeDisabled();
  await page.getByRole('tab', { name: 'NPCs' }).click();
  await npc.locator('.hero-card__action').click();
  await expect(page.getByTestId('selected-opponent')).toHaveAttribute('data-chosen', 'npc_woods_poacher');
  if (testInfo.project.name === 'phone') {
    // One compact band for Selected (its hero and opponent, the win chance and, a line under it, what a win pays),
    // and every row at rest shows whole cards only.
    const bar = await page.getByRole('region', { name: 'Selected' }).boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(124);
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('.arena__grid--row')].flatMap((row) =>
        [...row.children]
          .map((c) => c.getBoundingClientRect())
          .filter(
            (r) =>
              r.right > 0.5 && r.left < innerWidth - 0.5 && (r.left < -0.5 || r.right > innerWidth + 0.5),
          )
          .map((r) => `${Math.round(r.left)}..${Math.round(r.right)}`),
      ),
    );
    expect(cut).toEqual([]);
    await glance(page, testInfo, 'arena-phone-bar');
  }
  await fight.click();
  await expect(page.getByTestId('fight-result').locator('.fight-result__headline')).toHaveText(
    /^(VICTORY!|DEFEAT)$/,
  );

  // Remembered per user: a fresh visit comes back with the same hero and opponent chosen.
  const memory = await page.evaluate(
    (key) => window.localStorage.getItem(key),
    `runeborn_arena_${player.id}`,
  );
  expect(JSON.parse(memory!)).toEqual({ attackerId: mine!.id, opponentId: 'npc_woods_poacher' });
  await page.reload();
  await expect(page.locator(`[data-hero-id="${mine!.id}"]`)).toHaveAttribute('data-selected', 'true');
  await expect(page.getByRole('tab', { name: 'NPCs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-hero-id="npc_woods_poacher"]')).toHaveAttribute('data-selected', 'true');
  await expect(fight).toBeEnabled();
});
