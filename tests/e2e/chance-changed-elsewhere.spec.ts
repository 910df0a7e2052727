// A shown chance is the one fought, even across devices (issue "A second week worth playing"): two pages of one
// account. Page A shows /battle's next encounter and its chance; page B fights it (its Quick Battle draws the next
// encounter, and a win moves the hero on); A's Quick Battle, then A's Fight, each meant the chance A still shows, so
// the server fights nothing and answers the new chance: A shows it in place with a short notice, records no fight, and
// A's next tap fights at the chance on screen. And a dungeon run ended elsewhere: the detail page's odds read is
// answered (what comes next), never a 409.
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { test, expect, createHero } from './fixtures.ts';
import { battleTeam, openDungeonPicker, pickExactly, screen } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';
import type { BattleResult, OddsResponse, User } from '../../src/api/index.ts';
import { wholePercent } from '../../src/web/components/format.ts';

/** The chance an odds chip of `where` (a page, or a part of one) shows, once it shows one. */
async function shownChance(where: Page | Locator) {
  const chip = where.getByTestId('odds');
  await expect(chip).toHaveAttribute('data-probability', /\d/);
  return {
    probability: Number(await chip.getAttribute('data-probability')),
    key: (await chip.getAttribute('data-odds-key'))!,
  };
}

/** The player's finished fights, as the server counts them. */
async function fightsOf(request: APIRequestContext, user: User): Promise<number> {
  const res = await request.get(`/api/users/${user.id}/battles?limit=50`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { battles: unknown[] }).battles.length;
}

/** The odds of `team`'s next random battle as the server has them now. */
async function serverOdds(request: APIRequestContext, user: User, team: string): Promise<OddsResponse> {
  const res = await request.get(`/api/odds?user_id=${user.id}&kind=random&team=${team}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as OddsResponse;
}

/** Page B fights `team`'s next random battle at once, until the fight A shows has changed (a new encounter drawn). */
async function fightOnB(page: Page, request: APIRequestContext, user: User, team: string, shownKey: string) {
  for (let i = 0; i < 5 && (await serverOdds(request, user, team)).key === shownKey; i++) {
    await page.goto('/battle');
    await expect(page.getByTestId('odds')).toHaveAttribute('data-probability', /\d/);
    await page.getByRole('button', { name: 'Quick Battle' }).click();
    await expect(page).toHaveURL(/\/combat\?/);
    await expect(page.locator('.combat__headline')).toHaveText(/VICTORY!|DEFEAT/);
  }
  const now = await serverOdds(request, user, team);
  expect(now.key).not.toBe(shownKey);
  return now;
}

test('a chance changed on another page is shown with a notice, nothing fought; the next tap fights it', async ({
  page,
  request,
  player,
}, testInfo) => {
  const hero = await createHero(request, player);
  const team = hero.id;
  // Page A: the team picked, its next encounter and chance shown.
  await page.goto('/battle');
  await pickExactly(battleTeam(page), [hero.id]);
  const shown = await shownChance(page);
  const fought = await fightsOf(request, player);

  // Page B, the same account: fights that encounter.
  const b = await page.context().newPage();
  // B fights whatever its chance, as the fixture's page does (a long shot asks once: Fight anyway).
  await b.addLocatorHandler(b.getByTestId('long-shot'), (prompt) =>
    prompt
      .getByRole('button', { name: 'Fight anyway' })
      .click({ timeout: 2_000 })
      .catch(() => undefined),
  );
  const now = await fightOnB(b, request, player, team, shown.key);
  const afterB = await fightsOf(request, player);
  expect(afterB).toBeGreaterThan(fought);

  // A still shows the chance it showed; Quick Battle meant that one.
  await page.bringToFront();
  await expect(page.getByTestId('odds')).toHaveAttribute('data-odds-key', shown.key);
  await page.getByRole('button', { name: 'Quick Battle' }).click();
  const notice = page.getByTestId('odds-changed');
  await expect(notice).toHaveText(
    `The fight changed since you looked: your chance is now ${wholePercent(now.probability)}%.`,
  );
  await expect(page.getByTestId('odds')).toHaveAttribute('data-odds-key', now.key);
  await expect(page.locator('.win-chance__value')).toHaveText(`${wholePercent(now.probability)}%`);
  await expect(page).toHaveURL(/\/battle$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await fightsOf(request, player)).toBe(afterB);
  await screen(page, testInfo, 'battle-chance-changed');

  // B fights again; A's Fight (turn by turn) meant the chance A shows now: refused alike, no battle opened.
  const next = await fightOnB(b, request, player, team, now.key);
  await page.bringToFront();
  await page.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(notice).toHaveText(
    `The fight changed since you looked: your chance is now ${wholePercent(next.probability)}%.`,
  );
  await expect(page.getByTestId('odds')).toHaveAttribute('data-odds-key', next.key);
  await expect(page).toHaveURL(/\/battle$/);
  const active = await request.get(`/api/battles/active?user_id=${player.id}`);
  expect((await active.json()).battle).toBeNull();

  // The next tap fights at the chance on screen.
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/battles') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Quick Battle' }).click();
  // (a long shot asks once first: the fixture answers Fight anyway while the page is awaited)
  await expect(page).toHaveURL(/\/combat\?/);
  const result = (await (await answer).json()) as BattleResult & { odds_key: string };
  expect(result.odds_key).toBe(next.key);
  expect(result.probability).toBe(next.probability);
  await expect(page.getByTestId('win-chance')).toHaveText(`${wholePercent(next.probability)}%`);
  await b.close();
});

/** Another device's quick battle with `heroId` (mighty: it wins, so its xp moves the hero on and every key with it). */
async function heroFoughtElsewhere(request: APIRequestContext, user: User, heroId: string) {
  const res = await request.post('/api/battles', {
    data: { user_id: user.id, team_hero_ids: [heroId], mode: 'auto' },
  });
  expect(((await res.json()) as BattleResult).status).toBe('won');
}

test('arena, a dungeon floor and a campaign stage: a chance changed elsewhere is shown in place, nothing fought', async ({
  page,
  request,
  player,
}, testInfo) => {
  const hero = await createHero(request, player);
  await setHeroPower(hero.id, 'mighty');
  const notice = page.getByTestId('odds-changed');
  const changedTo = (p: number) =>
    `The fight changed since you looked: your chance is now ${wholePercent(p)}%.`;

  // The arena: the duel's chance beside Fight!, then the hero fights elsewhere.
  await page.goto('/arena');
  await page.locator(`[data-hero-id="${hero.id}"] .hero-card__action`).click();
  await page.getByRole('tab', { name: 'NPCs' }).click();
  // the chance read is this duel's (not one the page showed before the opponent was chosen, answered late)
  const duelOdds = page.waitForResponse(
    (r) => r.ok() && /\/api\/odds\?/.test(r.url()) && r.url().includes('opponent_id=npc_woods_poacher'),
  );
  await page.locator('[data-hero-id="npc_woods_poacher"] .hero-card__action').click();
  const bar = page.getByRole('region', { name: 'Selected' });
  const duelKey = ((await (await duelOdds).json()) as OddsResponse).key;
  await expect(page.getByTestId('odds')).toHaveAttribute('data-odds-key', duelKey);
  const duel = await shownChance(page);
  // every card's band asked for has answered: a band read answered after the fight elsewhere would show the page
  // the hero's new version, and the page would read the new chance itself (nothing to refuse)
  await expect(page.locator('.card-ladder[data-read="true"] [data-band="pending"]')).toHaveCount(0);
  // and a card that comes near the screen from here on asks for its band: that read fails until the notice is shown
  // (held instead, such reads would take every connection the browser gives a host, the fight's among them)
  const bandRead = (url: URL) =>
    url.pathname === '/api/odds' && url.searchParams.get('opponent_id') !== 'npc_woods_poacher';
  const failBand = (route: Route) => route.abort();
  await page.route(bandRead, failBand);
  await heroFoughtElsewhere(request, player, hero.id);
  const fought = await fightsOf(request, player);
  await bar.getByRole('button', { name: 'Fight!' }).click();
  await expect(bar.getByTestId('odds-changed')).toHaveText(/^The fight changed since you looked/);
  await page.unroute(bandRead, failBand);
  const duelNow = await shownChance(page);
  expect(duelNow.key).not.toBe(duel.key);
  await expect(notice).toHaveText(changedTo(duelNow.probability));
  await expect(page.getByTestId('fight-result')).toHaveCount(0);
  expect(await fightsOf(request, player)).toBe(fought);
  await screen(page, testInfo, 'arena-chance-changed');
  await bar.getByRole('button', { name: 'Fight!' }).click();
  await expect(page.getByTestId('fight-result')).toBeVisible();

  // A dungeon run's next floor, shown on the detail page; the hero fights elsewhere; Continue Run meant floor 1.
  const run = (await (
    await request.post('/api/dungeons/whispering_woods/start', {
      data: { user_id: player.id, team_hero_ids: [hero.id] },
    })
  ).json()) as { id: string };
  await page.goto('/dungeons/whispering_woods');
  const panel = page.getByTestId('active-run');
  // (the run's next floor: the chosen tier's first floor, for the team the picker starts from, shows its own chance)
  const floor = await shownChance(panel);
  await heroFoughtElsewhere(request, player, hero.id);
  const before = await fightsOf(request, player);
  await panel.getByRole('button', { name: 'Continue Run' }).click();
  await expect(panel.getByTestId('odds-changed')).toHaveText(/^The fight changed since you looked/);
  const floorNow = await shownChance(panel);
  expect(floorNow.key).not.toBe(floor.key);
  await expect(page.getByTestId('run-notice')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await fightsOf(request, player)).toBe(before);
  const stillAt = await request.get(`/api/dungeon-runs/${run.id}?user_id=${player.id}`);
  expect(((await stillAt.json()) as { floor: number }).floor).toBe(1);
  await screen(page, testInfo, 'dungeon-chance-changed');
  await panel.getByRole('button', { name: 'Continue Run' }).click();
  await expect(page.getByTestId('fight-result').locator('.dungeon-detail__floor')).toHaveText(
    /^Floor 1 of \d+ won$/,
  );

  // A campaign stage: its chance under the team, the hero fights elsewhere, Quick Battle meant the old chance.
  await page.goto('/campaign');
  const stage = page.getByTestId('stage');
  await pickExactly(stage, [hero.id]);
  const stageChance = await shownChance(page);
  await heroFoughtElsewhere(request, player, hero.id);
  const beforeStage = await fightsOf(request, player);
  await stage.getByRole('button', { name: 'Quick Battle' }).click();
  await expect(stage.getByTestId('odds-changed')).toHaveText(/^The fight changed since you looked/);
  expect((await shownChance(page)).key).not.toBe(stageChance.key);
  await expect(page.getByTestId('stage-result')).toHaveCount(0);
  expect(await fightsOf(request, player)).toBe(beforeStage);
  await screen(page, testInfo, 'campaign-chance-changed');
  await stage.getByRole('button', { name: 'Quick Battle' }).click();
  await expect(page.getByTestId('stage-result').locator('.stage__result-title')).toHaveText('VICTORY!');
});

test('entering a dungeon whose first floor changed since the picker showed it: the picker shows the new chance', async ({
  page,
  request,
  player,
}, testInfo) => {
  const hero = await createHero(request, player);
  await setHeroPower(hero.id, 'mighty');
  await page.goto('/dungeons');
  const dialog = await openDungeonPicker(page, 'whispering_woods');
  await pickExactly(dialog, [hero.id]);
  const shown = await shownChance(page);
  await heroFoughtElsewhere(request, player, hero.id);
  const fought = await fightsOf(request, player);
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  // The picker comes back with the floor's chance as it is now, and says why; nothing was fought.
  await expect(dialog.getByTestId('odds-changed')).toHaveText(
    /^The fight changed since you looked: your chance is now \d+%\.$/,
  );
  expect((await shownChance(page)).key).not.toBe(shown.key);
  expect(await fightsOf(request, player)).toBe(fought);
  await screen(page, testInfo, 'dungeon-picker-chance-changed');
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  await expect(page).toHaveURL(/\/combat\?/);
  await expect(page.locator('.combat__headline')).toHaveText('VICTORY!');
});

test('a dungeon run ended on another page: the odds read answers what comes next, never a 409', async ({
  page,
  request,
  player,
}) => {
  const hero = await createHero(request, player);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/odds') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  const run = (await (
    await request.post('/api/dungeons/whispering_woods/start', {
      data: { user_id: player.id, team_hero_ids: [hero.id] },
    })
  ).json()) as { id: string };
  await page.goto('/dungeons/whispering_woods');
  const panel = page.getByTestId('active-run');
  await expect(panel.getByTestId('odds')).toHaveAttribute('data-probability', /\d/);
  // Another device loses the run's floor: the run is over.
  await setHeroPower(hero.id, 'feeble');
  const lost = await request.post(`/api/dungeon-runs/${run.id}/battle`, { data: { user_id: player.id } });
  expect(((await lost.json()) as { run: { status: string } }).run.status).toBe('failed');
  // This page still meant to continue it: told the run is over, and it shows what comes next (a new run).
  await panel.getByRole('button', { name: 'Continue Run' }).click();
  await expect(page.getByTestId('run-notice-text')).toHaveText(
    'This dungeon run is over (failed): start a new one',
  );
  await expect(page.getByTestId('active-run')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enter Dungeon' })).toBeVisible();
  expect(refused).toEqual([]);
});
