// A campaign stage's two ways to fight, on screen: before either, what a win pays each way — at once (Quick Battle)
// and turn by turn (Fight: from its least, more the longer it is played), the server's own figures (GET /api/odds) —
// and each fight then pays what its line said (a play-test saw '3 gold · 6 XP' before a Fight that paid 14 gold and
// 27 XP: the page showed only the quick pay). Quick Battle shows it is battling and brings its result into view (on a
// phone it rendered below the fold with nothing in view changing). Screens: <project>-campaign-pays*.png.
import type { Locator, Page } from '@playwright/test';
import { test, expect, glance, holdRequests } from './fixtures.ts';
import { heroesFor, pickExactly, screen } from './fight-steps.ts';
import type { Rewards } from '../../src/api/index.ts';

/** The pay a line states (its data attributes), once the server's figures are in. */
async function paysOf(stage: Locator, name: 'quick' | 'turn_based'): Promise<Rewards> {
  const line = stage.locator(`[data-testid="win-pays"][data-pays="${name}"]`);
  await expect(line).toHaveAttribute('data-gold', /\d/);
  const n = async (attr: string) => Number(await line.getAttribute(attr));
  return {
    gold: await n('data-gold'),
    xp_per_hero: await n('data-xp'),
    magic_essence: await n('data-essence'),
    combat_tokens: await n('data-tokens'),
  };
}

/** True when the element at the middle of `el` is `el` or inside it: seen, and nothing (the bottom bar) over it. */
const uncovered = (el: Locator) =>
  el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && node.contains(top);
  });

const fightUrl = '**/api/campaign/stages/*/battle';
const isFight = (r: { url(): string; request(): { method(): string } }) =>
  r.request().method() === 'POST' && /\/api\/campaign\/stages\/[^/]+\/battle$/.test(r.url());

async function pickTeam(page: Page, ids: string[]): Promise<Locator> {
  await page.goto('/campaign');
  const stage = page.getByTestId('stage');
  await expect(stage.getByRole('heading', { name: '1-1 · The Toll Gate' })).toBeVisible();
  await pickExactly(stage, ids);
  return stage;
}

test('each way’s pay is stated before the fight, and each fight pays what its line said', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.slow(); // several fights, each simulated thousands of times for its odds
  const heroes = await heroesFor(request, player, 2);
  const stage = await pickTeam(
    page,
    heroes.map((h) => h.id),
  );

  // Both ways, each with its button's name, in the server's figures.
  const quick = stage.locator('[data-pays="quick"]');
  const steered = stage.locator('[data-pays="turn_based"]');
  let atOnce = await paysOf(stage, 'quick');
  let least = await paysOf(stage, 'turn_based');
  await expect(quick).toContainText(
    `Quick Battle, at once: ${atOnce.gold} gold · ${atOnce.xp_per_hero} XP each`,
  );
  await expect(steered).toContainText(
    `Fight, turn by turn: from ${least.gold} gold · ${least.xp_per_hero} XP each`,
  );
  await expect(steered).toContainText('more the longer you play');
  expect(least.gold).toBeGreaterThan(atOnce.gold);
  await screen(page, testInfo, 'campaign-pays');

  // Quick Battle pays the line's pay at once (a rare loss is fought again).
  const result = page.getByTestId('stage-result');
  for (let tries = 0; tries < 4; tries++) {
    atOnce = await paysOf(stage, 'quick');
    const answer = page.waitForResponse(isFight);
    await stage.getByRole('button', { name: 'Quick Battle' }).click();
    const fought = (await (await answer).json()) as { status: string; rewards: Rewards };
    await expect(result.locator('.stage__result-title')).toHaveText(
      fought.status === 'won' ? 'VICTORY!' : 'DEFEAT',
    );
    if (fought.status !== 'won') continue;
    expect(fought.rewards).toEqual(atOnce);
    await expect(result).toContainText(
      `Rewards: ${atOnce.gold} gold, ${atOnce.xp_per_hero} xp per hero, ${atOnce.magic_essence} essence`,
    );
    break;
  }
  await expect(result.locator('.stage__result-title')).toHaveText('VICTORY!');

  // Fight, turn by turn: played out at once on Auto, it pays at least the line's least.
  least = await paysOf(stage, 'turn_based');
  await stage.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  const battleId = page.url().split('/').pop()!;
  await page.locator('[data-speed="instant"]').click();
  await page.getByRole('switch', { name: 'Auto' }).click();
  await expect(page.getByTestId('battle-result')).toBeVisible({ timeout: 30_000 });
  const ended = (await (await request.get(`/api/battles/${battleId}`)).json()) as {
    status: string;
    rewards: Rewards;
  };
  if (ended.status === 'won') {
    expect(ended.rewards.gold).toBeGreaterThanOrEqual(least.gold);
    expect(ended.rewards.xp_per_hero).toBeGreaterThanOrEqual(least.xp_per_hero);
  }
});

test('Quick Battle shows it is battling, then brings its whole result into view', async ({
  page,
  request,
  player,
}, testInfo) => {
  const heroes = await heroesFor(request, player, 2);
  const stage = await pickTeam(
    page,
    heroes.map((h) => h.id),
  );
  await expect(stage.locator('.win-chance')).toContainText('%');
  // (by its place: while busy its name is 'Battling...')
  const button = stage.locator('.stage__actions button').nth(1);
  await expect(button).toHaveText('Quick Battle');
  const release = await holdRequests(page, fightUrl);
  await button.click();
  // While the fight is answered: the button says so, and nothing else can start.
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(button).toHaveText('Battling...');
  await expect(stage.getByRole('button', { name: 'Fight', exact: true })).toBeDisabled();
  release();
  await expect(button).not.toHaveAttribute('aria-busy', 'true');
  // All of it in view, its title to its links, none under the bottom bar — also once what lands with it (a first
  // clear starts the idle income above) has settled.
  const result = page.getByTestId('stage-result');
  const title = result.locator('.stage__result-title');
  await expect(title).toHaveText(/^(VICTORY!|DEFEAT)$/);
  for (const part of [title, result.getByRole('link', { name: 'Watch replay' })]) {
    await expect(part).toBeInViewport({ ratio: 1 });
    await expect.poll(() => uncovered(part), 'under the bottom bar').toBe(true);
  }
  await glance(page, testInfo, 'campaign-pays-quick-result');
});
