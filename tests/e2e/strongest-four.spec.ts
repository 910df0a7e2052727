// A new player's first team is their strongest four wherever they pick one: a player with five heroes who has picked
// none finds exactly the four GET /api/campaign names as `strongest_team` picked already — on /battle with the next
// encounter's win chance shown, in a dungeon's team picker (numbered strongest first) with its first floor's chance,
// under a dungeon's tiers, and against the guild boss with its expected damage. Screens:
// <project>-strongest-four-*.png.
import type { APIRequestContext, Locator } from '@playwright/test';
import { test, expect, ok, uniqueName } from './fixtures.ts';
import { battleTeam, heroesFor, openDungeonPicker, screen, viewShot } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';
import type { CampaignResponse, OddsResponse, User } from '../../src/api/index.ts';

/**
 * Five heroes (a new player's scrolls), the first feeble and the last mighty, so that the strongest four are not
 * simply the first made; answers the four as the server ranks them (strongest first), and the one left out.
 */
async function fiveHeroes(request: APIRequestContext, player: User) {
  const heroes = await heroesFor(request, player, 5);
  await setHeroPower(heroes[0]!.id, 'feeble');
  await setHeroPower(heroes[4]!.id, 'mighty');
  const campaign = await ok<CampaignResponse>(await request.get(`/api/campaign?user_id=${player.id}`));
  const strongest = campaign.strongest_team;
  expect(strongest).toHaveLength(4);
  expect(strongest[0]).toBe(heroes[4]!.id);
  expect(strongest).not.toContain(heroes[0]!.id);
  return { strongest, left: heroes[0]!.id };
}

/** The ids of the hero cards picked in `picker`, once the team shows. */
async function pickedIn(picker: Locator): Promise<string[]> {
  await expect(picker.locator('.hero-card[data-selected]').first()).toBeVisible();
  return picker
    .locator('.hero-card[data-selected="true"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-hero-id')!));
}

/** The server's chance for `query` (an odds read changes nothing). */
async function serverOdds(request: APIRequestContext, query: string): Promise<OddsResponse> {
  return ok<OddsResponse>(await request.get(`/api/odds?${query}`));
}

/** The chance a chip in `scope` shows, once it shows one. */
async function shownChance(scope: Locator) {
  const chip = scope.getByTestId('odds');
  await expect(chip).toHaveAttribute('data-probability', /\d/);
  await expect(chip.locator('.win-chance__value')).toHaveText(/^\d{1,3}%$/);
  return {
    probability: Number(await chip.getAttribute('data-probability')),
    key: (await chip.getAttribute('data-odds-key'))!,
  };
}

test('/battle: a new player finds their strongest four picked, and the chance of that team shown', async ({
  page,
  request,
  player,
}, testInfo) => {
  const { strongest, left } = await fiveHeroes(request, player);
  await page.goto('/battle');
  const grid = battleTeam(page);
  await expect(grid.locator('.hero-card')).toHaveCount(5);
  expect((await pickedIn(grid)).sort()).toEqual([...strongest].sort());
  await expect(grid.locator(`.hero-card[data-hero-id="${left}"]`)).toHaveAttribute('data-selected', 'false');
  await expect(page.getByTestId('team-count')).toHaveText('4/4');
  // the chance shown is the server's for exactly that team, strongest first
  const bar = page.getByRole('region', { name: 'Team' });
  const shown = await shownChance(bar);
  const odds = await serverOdds(request, `user_id=${player.id}&kind=random&team=${strongest.join(',')}`);
  expect(shown).toEqual({ probability: odds.probability, key: odds.key });
  await expect(page.getByTestId('encounter').getByRole('group', { name: 'Enemy team' })).toBeVisible();
  await screen(page, testInfo, 'strongest-four-battle');
  await viewShot(page, testInfo, 'strongest-four-battle');
});

test('a dungeon: the picker and the tiers start from the strongest four, with the first floor’s chance', async ({
  page,
  request,
  player,
}, testInfo) => {
  const { strongest } = await fiveHeroes(request, player);
  await page.goto('/dungeons');
  const dialog = await openDungeonPicker(page, 'whispering_woods');
  expect((await pickedIn(dialog)).sort()).toEqual([...strongest].sort());
  // numbered strongest first
  for (const [i, id] of strongest.entries())
    await expect(dialog.locator(`[data-hero-id="${id}"] .hero-card__check`)).toHaveText(String(i + 1));
  await expect(dialog.getByTestId('team-count')).toHaveText('4/4 selected');
  const shown = await shownChance(dialog);
  // at the tier the list enters: the deepest the player has opened (a mighty hero opens some by its power)
  const tier = Number(/Tier (\d+) · Floor 1 of/.exec(await dialog.innerText())?.[1]);
  const odds = await serverOdds(
    request,
    `user_id=${player.id}&kind=dungeon&dungeon_id=whispering_woods&tier=${tier}&team=${strongest.join(',')}`,
  );
  expect(shown).toEqual({ probability: odds.probability, key: odds.key });
  await screen(page, testInfo, 'strongest-four-dungeon-picker');
  await viewShot(page, testInfo, 'strongest-four-dungeon-picker');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The dungeon's page: under its tiers, the chosen tier's first floor for the same four, before any run.
  await page.goto('/dungeons/whispering_woods');
  const chance = page.getByTestId('tier-chance');
  await expect(chance).toContainText(`Tier ${tier}, floor 1 with your team:`);
  expect(await shownChance(chance)).toEqual({ probability: odds.probability, key: odds.key });
  await page.getByRole('button', { name: 'Enter Dungeon' }).click();
  expect((await pickedIn(dialog)).sort()).toEqual([...strongest].sort());
});

test('the guild boss: a new player’s team is their strongest four, with its expected damage', async ({
  page,
  request,
  player,
}, testInfo) => {
  const { strongest } = await fiveHeroes(request, player);
  const guild = await ok<{ id: string }>(
    await request.post('/api/guilds', {
      data: { user_id: player.id, name: uniqueName('strong'), join_policy: 'open' },
    }),
  );
  await page.goto(`/guilds/${guild.id}`);
  await expect(page.getByTestId('guild-page')).toBeVisible();
  // on a phone the guild's parts are tabs
  const tab = page.getByRole('tab', { name: /^Boss/ });
  if (await tab.isVisible()) await tab.click();
  const boss = page.getByTestId('guild-boss');
  const team = boss.getByRole('group', { name: 'Your heroes' });
  expect((await pickedIn(team)).sort()).toEqual([...strongest].sort());
  await expect(boss.getByTestId('pick-count')).toHaveText('4/4 picked');
  await expect(boss.getByTestId('expected-damage')).toContainText(/\d/);
  await expect(boss.getByTestId('attack-boss')).toBeEnabled();
  await screen(page, testInfo, 'strongest-four-guild-boss');
});
