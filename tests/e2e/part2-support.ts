// Helpers for part 2's browser tests (tests/e2e/part2-*.spec.ts): heroes made through the real API, and
// screenshots taken from the top of the page so the sticky header and bars sit where a player sees them.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
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

/**
 * Rewrites a hero's stats in the served SQLite file (test setup only, like the API tests' setHeroPower):
 * 'feeble' loses every fight. Not possible against an external server (E2E_BASE_URL): the test is skipped then.
 */
export async function makeFeeble(heroId: string): Promise<void> {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file || process.env.E2E_BASE_URL) throw new Error('makeFeeble needs the server this run started');
  const { openStore } = await import('../../src/server/store/db.ts');
  const { heroColumns, heroFromRow } = await import('../../src/server/store/hero-rows.ts');
  const store = openStore(`sqlite:${file}`, { poolSize: 1 });
  try {
    const row = await store.db
      .selectFrom('heroes')
      .selectAll()
      .where('id', '=', heroId)
      .executeTakeFirstOrThrow();
    const feeble = { ...heroFromRow(row), hp: 1, max_hp: 1, atk: 1, def: 0, spd: 1 };
    await store.db
      .updateTable('heroes')
      .set({ ...heroColumns(feeble), version: row.version + 1 })
      .where('id', '=', heroId)
      .execute();
  } finally {
    await store.close();
  }
}
