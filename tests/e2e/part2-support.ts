// Helpers for part 2's browser tests (tests/e2e/part2-*.spec.ts): heroes made through the real API, and
// screenshots taken from the top of the page so the sticky header and bars sit where a player sees them.
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { createHero, shot } from './fixtures.ts';
import type { Hero, User } from '../../src/api/index.ts';

export async function heroesFor(
  request: APIRequestContext,
  user: Pick<User, 'id'>,
  n: number,
): Promise<Hero[]> {
  const out: Hero[] = [];
  for (let i = 0; i < n; i++) out.push(await createHero(request, user));
  return out;
}

export async function screen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, name);
}

/** From /battle: picks `heroes` as the team and presses Fight; resolves on the new battle's page. */
export async function fightFromBattlePage(page: Page, heroes: Pick<Hero, 'id'>[]): Promise<void> {
  await page.goto('/battle');
  for (const h of heroes) await page.locator(`[data-hero-id="${h.id}"] .hero-card__action`).click();
  await page.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
}

/** Four new heroes of `user` fighting a new battle from /battle, its playback set to Instant. */
export async function instantBattleOfFour(
  page: Page,
  request: APIRequestContext,
  user: Pick<User, 'id'>,
): Promise<void> {
  await fightFromBattlePage(page, await heroesFor(request, user, 4));
  await page.locator('[data-speed="instant"]').click();
}
