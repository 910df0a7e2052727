// /heroes — the three tabs with counts, grouping, difficulty badges and empty texts; cards open details.
import { test, expect, shot, createUser, createHero, uniqueName } from './fixtures.ts';

test('empty My Heroes, then the list with counts, other players and NPCs', async ({
  page,
  request,
  player,
}, testInfo) => {
  await page.goto('/heroes');
  await expect(page.getByText("You don't have any heroes yet")).toBeVisible();
  await expect(page.getByRole('tab', { name: /My Heroes/ })).toContainText('0');
  await expect(page.getByRole('link', { name: 'Create Hero' }).first()).toHaveAttribute('href', '/create');
  await shot(page, testInfo, 'heroes-empty');

  const mine = [await createHero(request, player), await createHero(request, player)];
  // Other Heroes pages through players by name (20 a page) and the test database fills up with players as the
  // suite runs: a name that sorts before every other test player's keeps this one on the first page.
  const other = await createUser(request, uniqueName('0'));
  const theirs = await createHero(request, other);

  await page.reload();
  await expect(page.getByRole('tab', { name: /My Heroes/ })).toContainText('2');
  for (const h of mine) await expect(page.locator(`.hero-card[data-hero-id="${h.id}"]`)).toBeVisible();
  await expect(page.locator(`.hero-card[data-hero-id="${theirs.id}"]`)).toHaveCount(0);
  await shot(page, testInfo, 'heroes');

  await page.getByRole('tab', { name: /Other Heroes/ }).click();
  const group = page.locator(`[data-player="${other.username}"]`);
  await expect(group.getByRole('heading', { name: other.username })).toBeVisible();
  await expect(group).toContainText('1 hero');
  await expect(group.locator(`.hero-card[data-hero-id="${theirs.id}"]`)).toBeVisible();
  await expect(page.locator(`[data-player="${player.username}"]`)).toHaveCount(0);
  await shot(page, testInfo, 'heroes-others');

  await page.getByRole('tab', { name: /NPCs/ }).click();
  const dungeon = page.locator('[data-dungeon]').first();
  await expect(dungeon.locator('.difficulty')).toHaveText(/^(EASY|MEDIUM|HARD)$/);
  await expect(dungeon).toContainText(/Level \d+/);
  await expect(dungeon).toContainText(/\d+ NPCs?/);
  const npcCard = dungeon.locator('.hero-card').first();
  await expect(npcCard.locator('.hero-card__name')).toHaveText(/^NPC: /);
  await expect(npcCard).toHaveAttribute('data-hero-id', /^npc_/);
  // Difficulty colours: easy green, medium yellow, anything else red.
  const easy = page.locator('.difficulty[data-difficulty="easy"]').first();
  if (await easy.count()) await expect(easy).toHaveCSS('color', 'rgb(63, 185, 80)');
  await shot(page, testInfo, 'heroes-npcs');

  const npcId = await npcCard.getAttribute('data-hero-id');
  await npcCard.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/heroes/${npcId}$`));
  await expect(page.locator(`article[data-hero-id="${npcId}"]`)).toBeVisible();

  await page.goBack();
  await page.getByRole('tab', { name: /My Heroes/ }).click();
  await page.locator(`.hero-card[data-hero-id="${mine[0].id}"]`).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/heroes/${mine[0].id}$`));
});

test('a card scrolled to the top of the page keeps its name clear of the sticky header', async ({
  page,
  player,
}) => {
  expect(player.id).toBeTruthy();
  await page.goto('/heroes');
  await page.getByRole('tab', { name: /NPCs/ }).click();
  // A card with plenty of page below it, so it can reach the top.
  const card = page.locator('[data-dungeon]').nth(1).locator('.hero-card').first();
  await expect(card).toBeVisible();
  // What keyboard focus, scrollIntoView and in-page links do: bring the card to the top of the scrollport.
  await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const header = await page.locator('.app-header').boundingBox();
  const top = await card.boundingBox();
  expect(header && top).toBeTruthy();
  // The whole card, from its top edge, is below the header.
  expect(top!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});
