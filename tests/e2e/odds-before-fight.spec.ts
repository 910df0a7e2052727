// Browser tests: the odds are known before the fight. /arena shows the duel's win chance beside Fight! and the
// dungeon team picker the first floor's, updating as heroes are picked — each equal to the chance the fight then
// states; /battle shows the next encounter's enemies and odds, and Quick Battle fights exactly those; a fight
// under 10% asks once, in all three places.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { battleTeam, heroesFor, openDungeonPicker, pickExactly, screen } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';
import type { Hero } from '../../src/api/index.ts';
import { rollFigures, wholePercent } from '../../src/web/components/format.ts';

// Here the question is the subject: nothing answers it but the test.
test.use({ fightLongShots: false });

/** What the player sees without scrolling (the full-page shots stretch a modal's page far below it). */
async function viewShot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-${name}-view.png` });
}

/**
 * The chance the result shows is the one shown before the fight: the same whole percent, or — when whole
 * percentages would contradict the roll — the same chance with as many decimals as make them agree.
 */
async function expectResultChance(
  chance: Locator,
  before: { text: string },
  result: { probability: number; roll: number; status: 'won' | 'lost' },
): Promise<void> {
  const shown = rollFigures(result.probability, result.roll, result.status === 'won');
  await expect(chance).toHaveText(`${shown.chance}%`);
  expect(`${wholePercent(result.probability)}%`).toBe(before.text);
}

/** The chance shown before the fight: its exact probability and the whole percent on screen. */
async function shownOdds(page: Page, scope = page.locator('body')) {
  const chip = scope.getByTestId('odds');
  await expect(chip).toHaveAttribute('data-probability', /\d/);
  return {
    probability: Number(await chip.getAttribute('data-probability')),
    text: (await chip.locator('.win-chance__value').innerText()).trim(),
  };
}

test('arena: the win chance beside Fight! is the one the duel states', async ({
  page,
  request,
  player,
}, testInfo) => {
  const [mine] = await heroesFor(request, player, 1);
  await page.goto('/arena');
  await expect(page.getByTestId('odds')).toHaveCount(0);
  await page.locator(`[data-hero-id="${mine!.id}"] .hero-card__action`).click();
  await page.getByRole('tab', { name: 'NPCs' }).click();
  await page.locator('[data-hero-id="npc_woods_poacher"] .hero-card__action').click();
  const bar = page.getByRole('region', { name: 'Selected' });
  const before = await shownOdds(page, bar);
  expect(before.text).toMatch(/^\d{1,3}%$/);
  await expect(bar.getByTestId('odds')).toContainText('Win chance');
  await screen(page, testInfo, 'odds-arena');
  await viewShot(page, testInfo, 'odds-arena');

  const duel = page.waitForResponse((r) => r.url().endsWith('/api/arena/battle'));
  await bar.getByRole('button', { name: 'Fight!' }).click();
  const longShot = page.getByTestId('long-shot');
  if (before.probability < 0.1) await longShot.getByRole('button', { name: 'Fight anyway' }).click();
  const result = await (await duel).json();
  expect(result.probability).toBe(before.probability);
  await expectResultChance(page.getByTestId('fight-result').getByTestId('win-chance'), before, result);

  // Fight Again: the chance is read again for the hero as it is now, and again matches the duel.
  await page.getByRole('button', { name: 'Fight Again' }).click();
  const again = await shownOdds(page, bar);
  const second = page.waitForResponse((r) => r.url().endsWith('/api/arena/battle'));
  await bar.getByRole('button', { name: 'Fight!' }).click();
  if (again.probability < 0.1) await longShot.getByRole('button', { name: 'Fight anyway' }).click();
  expect((await (await second).json()).probability).toBe(again.probability);
});

test('dungeon picker: the first floor’s win chance follows the picks and is the floor’s own', async ({
  page,
  request,
  player,
}, testInfo) => {
  const heroes = await heroesFor(request, player, 3);
  // The last team fought with is the first hero alone: the picker starts from it (no other team is read before the
  // picks below, so each of theirs is read afresh).
  await page.goto('/map');
  await page.evaluate(
    ([key, ids]) => window.localStorage.setItem(key, ids),
    [`runeborn_active_team_${player.id}`, JSON.stringify([heroes[0]!.id])],
  );
  await page.goto('/dungeons');
  const dialog = await openDungeonPicker(page, 'whispering_woods');
  const first = dialog.locator(`[data-hero-id="${heroes[0]!.id}"]`);
  await expect(first).toHaveAttribute('data-selected', 'true');
  const one = await shownOdds(page, dialog);
  // put down, no chance is shown; picked again, its chance is back
  await first.locator('.hero-card__action').click();
  await expect(dialog.getByTestId('team-count')).toHaveText('0/4 selected');
  await expect(dialog.getByTestId('odds')).toHaveCount(0);
  await first.locator('.hero-card__action').click();
  expect(await shownOdds(page, dialog)).toEqual(one);
  await expect(dialog).toContainText('Floor 1 of');
  // Each pick reads the chance for the team as it now stands.
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/odds?')) reads.push(new URL(r.url()).searchParams.get('team') ?? '');
  });
  await dialog.locator(`[data-hero-id="${heroes[1]!.id}"] .hero-card__action`).click();
  await dialog.locator(`[data-hero-id="${heroes[2]!.id}"] .hero-card__action`).click();
  await expect.poll(() => reads).toContain(heroes.map((h) => h.id).join(','));
  const three = await shownOdds(page, dialog);
  expect(reads).toContain(`${heroes[0]!.id},${heroes[1]!.id}`);
  // Each shown chance is the server's for that team (a floor fields as many foes as heroes, so a bigger team
  // is not always likelier to win: the number must come from the read, never be guessed by the page), at the tier
  // the picker opens: the deepest the player has opened (heroes strong enough open tier 2 by their power).
  const tier = Number(/Tier (\d+) · Floor/.exec(await dialog.innerText())?.[1] ?? 1);
  const direct = async (team: Hero[]) => {
    const r = await request.get(
      `/api/odds?user_id=${player.id}&kind=dungeon&dungeon_id=whispering_woods&tier=${tier}&team=${team.map((h) => h.id).join(',')}`,
    );
    return ((await r.json()) as { probability: number }).probability;
  };
  expect(one.probability).toBe(await direct(heroes.slice(0, 1)));
  expect(three.probability).toBe(await direct(heroes));
  await screen(page, testInfo, 'odds-team-picker');
  await viewShot(page, testInfo, 'odds-team-picker');

  const floor = page.waitForResponse((r) => /\/api\/dungeon-runs\/[^/]+\/battle$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Confirm Team (3)' }).click();
  if (three.probability < 0.1) await dialog.getByRole('button', { name: 'Fight anyway' }).click();
  const result = await (await floor).json();
  expect(result.probability).toBe(three.probability);
  await expect(page).toHaveURL(/\/combat\?/);
  await expectResultChance(page.getByTestId('win-chance'), three, result);
});

test('/battle: the next encounter’s enemies and odds are shown, and Quick Battle fights exactly them', async ({
  page,
  request,
  player,
}, testInfo) => {
  const heroes = await heroesFor(request, player, 2);
  await page.goto('/battle');
  // (a new player starts with their strongest four: put down, no encounter is shown)
  await pickExactly(battleTeam(page), []);
  await expect(page.getByTestId('encounter')).toContainText('Pick your team to see who you will face.');
  await pickExactly(
    battleTeam(page),
    heroes.map((h) => h.id),
  );
  const encounter = page.getByTestId('encounter');
  const foes = encounter.getByRole('group', { name: 'Enemy team' }).locator('[data-hero-id]');
  await expect(foes).toHaveCount(2);
  const shownFoes = await foes.evaluateAll((els) => els.map((e) => e.getAttribute('data-hero-id')));
  const place = (await encounter.locator('h2 .muted').innerText()).replace('·', '').trim();
  const bar = page.getByRole('region', { name: 'Team' });
  const before = await shownOdds(page, bar);
  // A reload shows the same encounter: the server keeps it until it is fought.
  await page.reload();
  await expect(foes).toHaveCount(2);
  expect(await foes.evaluateAll((els) => els.map((e) => e.getAttribute('data-hero-id')))).toEqual(shownFoes);
  await screen(page, testInfo, 'odds-battle');

  const quick = page.waitForResponse(
    (r) => r.url().endsWith('/api/battles') && r.request().method() === 'POST',
  );
  await bar.getByRole('button', { name: 'Quick Battle' }).click();
  if (before.probability < 0.1) await bar.getByRole('button', { name: 'Fight anyway' }).click();
  const result = await (await quick).json();
  expect(result.probability).toBe(before.probability);
  expect(result.location).toBe(place);
  await expect(page).toHaveURL(/\/combat\?/);
  await expectResultChance(page.getByTestId('win-chance'), before, result);
  await expect(page.getByTestId('combat-location')).toHaveText(place);
});

test('a fight under 10% asks once before it starts: arena, dungeon picker, /battle', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.skip(
    !!process.env.E2E_BASE_URL && !process.env.E2E_DATABASE_URL,
    'needs the database of the server under test (E2E_DATABASE_URL)',
  );
  test.setTimeout(180_000); // three fights in three places, on a busy machine
  const [weak] = await heroesFor(request, player, 1);
  await setHeroPower(weak!.id, 'feeble');
  const fights: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(arena\/battle|battles|dungeons\/[^/]+\/start)$/.test(r.url()))
      fights.push(new URL(r.url()).pathname);
  });

  // Arena: Not now leaves the duel unfought; Fight anyway fights it, asked once.
  await page.goto('/arena');
  await page.locator(`[data-hero-id="${weak!.id}"] .hero-card__action`).click();
  await page.getByRole('tab', { name: 'NPCs' }).click();
  await page.locator('[data-hero-id="npc_woods_poacher"] .hero-card__action').click();
  const bar = page.getByRole('region', { name: 'Selected' });
  const odds = await shownOdds(page, bar);
  expect(odds.probability).toBeLessThan(0.1);
  await expect(bar.getByTestId('odds')).toHaveClass(/win-chance--low/);
  await bar.getByRole('button', { name: 'Fight!' }).click();
  const ask = bar.getByTestId('long-shot');
  await expect(ask).toHaveText(new RegExp(`${odds.text} to win — fight anyway\\?`));
  await expect(bar.getByRole('button', { name: 'Fight!' })).toBeDisabled();
  await viewShot(page, testInfo, 'odds-long-shot-arena');
  await ask.getByRole('button', { name: 'Not now' }).click();
  await expect(ask).toHaveCount(0);
  expect(fights).toEqual([]);
  await bar.getByRole('button', { name: 'Fight!' }).click();
  await ask.getByRole('button', { name: 'Fight anyway' }).click();
  await expect(page.getByTestId('fight-result')).toBeVisible();
  await expect(ask).toHaveCount(0);
  expect(fights).toEqual(['/api/arena/battle']);

  // Dungeon team picker: asked before the run starts.
  await page.goto('/dungeons');
  const dialog = await openDungeonPicker(page, 'whispering_woods');
  await pickExactly(dialog, [weak!.id]);
  const floor = await shownOdds(page, dialog);
  expect(floor.probability).toBeLessThan(0.1);
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  await expect(dialog.getByTestId('long-shot')).toHaveText(
    new RegExp(`${floor.text} to win — fight anyway\\?`),
  );
  await viewShot(page, testInfo, 'odds-long-shot-dungeon');
  expect(fights).toEqual(['/api/arena/battle']);
  await dialog.getByRole('button', { name: 'Fight anyway' }).click();
  await expect(page).toHaveURL(/\/combat\?/);
  expect(fights).toEqual(['/api/arena/battle', '/api/dungeons/whispering_woods/start']);

  // /battle: asked before Fight as well as Quick Battle.
  await page.goto('/battle');
  const team = page.getByRole('region', { name: 'Team' });
  await expect(page.getByTestId('encounter').locator('[data-hero-id]')).toHaveCount(1);
  const random = await shownOdds(page, team);
  expect(random.probability).toBeLessThan(0.1);
  await team.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(team.getByTestId('long-shot')).toHaveText(
    new RegExp(`${random.text} to win — fight anyway\\?`),
  );
  await viewShot(page, testInfo, 'odds-long-shot-battle');
  await team.getByRole('button', { name: 'Not now' }).click();
  await team.getByRole('button', { name: 'Quick Battle' }).click();
  await expect(team.getByTestId('long-shot')).toBeVisible();
  expect(fights).toHaveLength(2);
  await team.getByRole('button', { name: 'Fight anyway' }).click();
  await expect(page).toHaveURL(/\/combat\?/);
  expect(fights).toEqual(['/api/arena/battle', '/api/dungeons/whispering_woods/start', '/api/battles']);
});
