// No id on screen (play-test: the arena's Selected summary read "Levlith Hellbrand (h_2e700aded1…)" and "NPC: …
// (npc_caldera_high_priest)"): every page, and the arena with a player's hero and then an NPC chosen, shows names —
// and whose a hero is — never a hero's, NPC's, battle's or item's id.
import type { Page } from '@playwright/test';
import { createHero, createUser, expect, glance, test } from './fixtures.ts';

/** Ids the server makes (src/server/foundation/ids.ts: a prefix and hex) and NPC ids, as they would read on screen. */
const ID = /\b(?:h|b|g|run|inv|preview|npc|foe)_[a-z0-9_]{6,}/g;
const idsShown = async (page: Page) => (await page.locator('body').innerText()).match(ID) ?? [];

test('no id is shown anywhere: every page, and the arena’s Selected summary', async ({
  page,
  request,
  player,
}, info) => {
  test.setTimeout(120_000);
  const hero = await createHero(request, player);
  const rival = await createUser(request, `a0_${Date.now().toString(36)}${info.project.name.slice(0, 1)}`);
  const theirs = await createHero(request, rival);
  const pages = [
    '/map',
    '/campaign',
    '/heroes',
    `/heroes/${hero.id}`,
    `/heroes/${theirs.id}`,
    '/heroes/npc_woods_poacher',
    '/heroes?tab=others',
    '/heroes?tab=npcs',
    '/inventory',
    '/shop',
    '/profile',
    '/battle',
    '/arena/leaderboard',
    '/dungeons',
    '/dungeons/whispering_woods',
  ];
  const shown: string[] = [];
  for (const url of pages) {
    await page.goto(url);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const id of await idsShown(page)) shown.push(`${url}: ${id}`);
  }

  await page.goto('/arena');
  await page.locator(`[data-hero-id="${hero.id}"] .hero-card__action`).click();
  const rivalCard = page.locator(`[data-hero-id="${theirs.id}"]`);
  const more = page.getByRole('button', { name: 'More players' });
  for (let i = 0; i < 10 && !(await rivalCard.isVisible()); i++) {
    await expect(rivalCard.or(more).first()).toBeVisible();
    if (!(await rivalCard.isVisible())) await more.click();
  }
  await rivalCard.locator('.hero-card__action').click();
  const summary = page.getByTestId('arena-selected');
  await expect(summary).toContainText(theirs.name);
  for (const id of await idsShown(page)) shown.push(`/arena (a player's hero): ${id}`);
  expect(shown).toEqual([]);
  await expect(summary).toContainText(`Opponent: ${theirs.name}, ${rival.username}’s hero`);
  await summary.scrollIntoViewIfNeeded();
  await glance(page, info, 'no-ids-arena');

  await page.getByRole('tab', { name: 'NPCs' }).click();
  await page.locator('[data-hero-id="npc_woods_poacher"] .hero-card__action').click();
  await expect(summary.getByTestId('selected-opponent')).toHaveText(/^NPC: .+, Whispering Woods$/);
  for (const id of await idsShown(page)) shown.push(`/arena (an NPC): ${id}`);
  expect(shown).toEqual([]);
});
