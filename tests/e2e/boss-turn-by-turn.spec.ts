// The dungeon boss as a moment (issue "Trust, part two"): with a run at its boss floor, the dungeon's page and
// /combat offer to fight the boss turn by turn beside Next floor, saying what it pays (the server's own figures,
// GET /api/odds); the battle opens on /battle/{id} in the dungeon's scene under the boss's banner, and its end says
// the dungeon is cleared, shows what was paid and leads back to the dungeon.
import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';
import { heroesFor, screen } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';
import type { ActionResponse, DungeonRun, OddsResponse } from '../../src/api/index.ts';
import type { z } from 'zod';

/** A run of the Whispering Woods with `team`, its floors before the boss fought through the API. */
async function runAtTheBoss(request: APIRequestContext, userId: string, team: string[]): Promise<DungeonRun> {
  const started = await request.post('/api/dungeons/whispering_woods/start', {
    data: { user_id: userId, team_hero_ids: team },
  });
  expect(started.status()).toBe(201);
  let run = (await started.json()) as DungeonRun;
  while (run.floor < run.floors) {
    const fought = await request.post(`/api/dungeon-runs/${run.id}/battle`, {
      data: { user_id: userId, floor: run.floor },
    });
    expect(fought.status()).toBe(200);
    run = ((await fought.json()) as { run: DungeonRun }).run;
  }
  return run;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** axe's serious and critical findings on the screen as it stands (none allowed, as on every screen). */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the boss fought turn by turn: offered with its pay, fought in its scene, the dungeon cleared', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.slow(); // a few fights, each simulated thousands of times for its odds
  const heroes = await heroesFor(request, player, 2);
  for (const h of heroes) await setHeroPower(h.id, 'mighty');
  const run = await runAtTheBoss(
    request,
    player.id,
    heroes.map((h) => h.id),
  );
  const odds = (await (
    await request.get(`/api/odds?user_id=${player.id}&kind=dungeon&run_id=${run.id}`)
  ).json()) as OddsResponse;
  expect(odds.boss_floor).toBe(true);
  const least = odds.win_rewards_turn_based!.gold;
  const perMinute = odds.turn_based_per_minute!.gold;
  expect(perMinute).toBeGreaterThan(odds.win_rewards.gold);

  // The dungeon's page: the run under way, its boss next — at once (Continue Run) or turn by turn, with its pay.
  await page.goto('/dungeons/whispering_woods');
  const panel = page.getByTestId('active-run');
  await expect(panel.getByRole('button', { name: 'Continue Run' })).toHaveAccessibleDescription(
    `Floor ${run.floors} of ${run.floors} — the boss`,
  );
  const turnByTurn = panel.getByRole('button', { name: 'Fight the boss turn by turn' });
  await expect(turnByTurn).toHaveAccessibleDescription(
    `You command every turn: at least ${least.toLocaleString('en-US')} gold, +${perMinute.toLocaleString('en-US')} gold a minute you play`,
  );
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await axeFindings(page)).toEqual([]);
  await screen(page, testInfo, 'boss-choice');

  await turnByTurn.click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  const view = page.locator('.battle-view');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boss Battle');
  await expect(page.getByTestId('floor-banner')).toContainText('The boss of Whispering Woods');
  await expect(page.getByTestId('floor-banner')).toContainText(`Floor ${run.floors} of ${run.floors}`);
  await expect(view).toHaveAttribute('data-theme', 'forest');
  await page.getByRole('radio', { name: 'Instant' }).click();
  // The mighty team is the faster: the boss waits for the player's first command.
  const option = page.locator('[data-option-id]:enabled').first();
  await expect(option).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await axeFindings(page)).toEqual([]);
  await screen(page, testInfo, 'boss-battle');
  const isAction = (r: { request(): { method(): string }; url(): string; ok(): boolean }) =>
    r.request().method() === 'POST' && /\/api\/battles\/[^/]+\/action$/.test(r.url()) && r.ok();
  const chosen = page.waitForResponse(isAction);
  await option.click();
  let state = (await (await chosen).json()) as z.infer<typeof ActionResponse>;
  if (state.status === 'active') {
    // Then Auto plays it out: the call that ends it pays it.
    const ended = page.waitForResponse(isAction);
    const auto = page.getByTestId('auto-switch');
    await expect(auto).toBeEnabled();
    await auto.click();
    state = (await (await ended).json()) as z.infer<typeof ActionResponse>;
  }
  expect(state).toMatchObject({ status: 'won', clear_bonus: true });
  const result = page.getByTestId('battle-result');
  await expect(result.locator('.battle-result__headline')).toHaveText('Victory!');
  await expect(result.getByTestId('moment')).toHaveAttribute('data-moment', 'cleared');
  await expect(result.getByTestId('moment')).toContainText('Dungeon cleared!');
  await expect(result.locator('[data-reward="gold"] strong')).toHaveText(
    `+${state.rewards!.gold.toLocaleString('en-US')}`,
  );
  expect(state.rewards!.gold).toBeGreaterThanOrEqual(least);
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await axeFindings(page)).toEqual([]);
  await screen(page, testInfo, 'boss-cleared');

  await result.getByRole('link', { name: 'Back to Whispering Woods' }).click();
  await expect(page).toHaveURL(/\/dungeons\/whispering_woods$/);
  // Cleared: nothing under way, a new run is the way in.
  await expect(page.getByTestId('active-run')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enter Dungeon' })).toBeVisible();
});

test('after the floor before the boss, /combat offers the boss turn by turn beside Next floor', async ({
  page,
  request,
  player,
}, testInfo) => {
  const [hero] = await heroesFor(request, player, 1);
  await setHeroPower(hero!.id, 'mighty');
  const started = await request.post('/api/dungeons/forgotten_crypt/start', {
    data: { user_id: player.id, team_hero_ids: [hero!.id] },
  });
  const run = (await started.json()) as DungeonRun;
  for (let floor = 1; floor < run.floors - 1; floor++)
    expect(
      (await request.post(`/api/dungeon-runs/${run.id}/battle`, { data: { user_id: player.id } })).ok(),
    ).toBe(true);

  // The floor before the boss, fought from /combat: the result offers both ways to meet the boss.
  const last = await request.post(`/api/dungeon-runs/${run.id}/battle`, { data: { user_id: player.id } });
  const fought = (await last.json()) as { battle_id: string };
  await page.goto(
    `/combat?battleId=${fought.battle_id}&location=The%20Forgotten%20Crypt&locationType=dungeon&dungeonRunId=${run.id}&dungeonId=forgotten_crypt&returnTo=/dungeons`,
  );
  await expect(page.getByTestId('run-state')).toHaveText(
    `Next: floor ${run.floors} of ${run.floors} — the boss`,
  );
  await expect(page.getByRole('button', { name: 'Next floor' })).toHaveAccessibleDescription(
    `Floor ${run.floors} of ${run.floors} — the boss`,
  );
  const turnByTurn = page.getByRole('button', { name: 'Fight the boss turn by turn' });
  await expect(turnByTurn).toHaveAccessibleDescription(
    /^You command every turn: at least [\d,]+ gold, \+[\d,]+ gold a minute you play$/,
  );
  expect(await noSidewaysScroll(page)).toBe(true);
  await screen(page, testInfo, 'combat-boss-choice');
  await turnByTurn.click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  await expect(page.getByTestId('floor-banner')).toContainText('The boss of The Forgotten Crypt');
  await expect(page.locator('.battle-view')).toHaveAttribute('data-theme', 'crypt');
  // Meanwhile the floor cannot be fought at once: the run waits on this battle.
  const quick = await request.post(`/api/dungeon-runs/${run.id}/battle`, { data: { user_id: player.id } });
  expect(quick.status()).toBe(409);
});
