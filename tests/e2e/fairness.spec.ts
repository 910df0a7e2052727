// /fairness (public): with real fights and summons in the database, the page shows its three charts — stated vs
// observed win chance, summon rarity, balance — each with its table of the very numbers GET /api/fairness answers;
// it is reached from the map and the profile, and from the landing page logged out. Screenshots:
// test-results/screens/<project>-fairness*.png.
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { FairnessResponse, Hero, NpcDungeon, User } from '../../src/api/index.ts';
import { test, expect, shot } from './fixtures.ts';
import { setBalances } from './store-setup.ts';

/** Summons `pairs` generations (two candidates each), keeping the first of each: real draws the tally counts. */
async function summon(request: APIRequestContext, user: Pick<User, 'id'>, pairs: number): Promise<Hero[]> {
  const kept: Hero[] = [];
  for (let i = 0; i < pairs; i++) {
    const generation_id = randomUUID();
    const candidates: Hero[] = [];
    for (let c = 0; c < 2; c++) {
      const res = await request.post('/api/characters/generate', {
        data: { user_id: user.id, generation_id },
      });
      expect(res.ok(), await res.text()).toBe(true);
      candidates.push((await res.json()) as Hero);
    }
    const saved = await request.post('/api/heroes', {
      data: { user_id: user.id, character_data: candidates[0] },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    kept.push((await saved.json()) as Hero);
  }
  return kept;
}

/** Arena duels of each hero against NPCs of every level, and a few quick battles: fights at many stated chances. */
async function fight(request: APIRequestContext, user: Pick<User, 'id'>, heroes: Hero[]): Promise<number> {
  const { dungeons } = (await (await request.get('/api/npcs')).json()) as { dungeons: NpcDungeon[] };
  const npcs = dungeons.flatMap((d) => d.npcs);
  let fights = 0;
  for (const [i, npc] of npcs.entries()) {
    const hero = heroes[i % heroes.length];
    const res = await request.post('/api/arena/battle', {
      data: { user_id: user.id, attacker_hero_id: hero.id, opponent_id: npc.id },
    });
    expect(res.ok(), await res.text()).toBe(true);
    fights++;
  }
  for (let i = 0; i < 4; i++) {
    const res = await request.post('/api/battles', {
      data: { user_id: user.id, team_hero_ids: heroes.slice(0, 2).map((h) => h.id), mode: 'auto' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    fights++;
  }
  return fights;
}

/** Waits until every chart is drawn (the balance one may first be measured: the page asks again on its own). */
async function chartsDrawn(page: Page): Promise<void> {
  for (const id of [
    'chart-odds',
    'chart-rarity',
    'chart-balance-race',
    'chart-balance-class',
    'chart-balance-type',
  ])
    await expect(page.getByTestId(id).locator('.chart__canvas svg').first()).toBeVisible({ timeout: 60_000 });
}

const sumColumn = async (page: Page, table: string, column: number) => {
  const cells = await page
    .getByRole('table', { name: table })
    .locator(`tbody tr td:nth-child(${column})`)
    .allTextContents();
  return cells.reduce((n, t) => n + Number(t.replace(/[^0-9]/g, '') || 0), 0);
};

test('the fairness page charts real fights and summons, with their numbers in tables, from the map and the profile', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.setTimeout(180_000);
  await setBalances(player.id, { summoning_scrolls: 12 });
  const heroes = await summon(request, player, 12);
  const fought = await fight(request, player, heroes.slice(0, 4));
  expect(fought).toBeGreaterThan(10);

  // What the page was answered, by query: its tables must show exactly these numbers.
  const answers = new Map<string, FairnessResponse>();
  // (a body still being read when the test ends and its page closes is no answer: the rejection, unhandled, would fail
  // the next test in this worker)
  page.on('response', (r) => {
    if (new URL(r.url()).pathname !== '/api/fairness' || !r.ok()) return;
    r.json().then(
      (body) => answers.set(new URL(r.url()).search, body as FairnessResponse),
      () => {},
    );
  });

  // From the map.
  await page.goto('/map');
  await page.getByTestId('fairness-link').click();
  await expect(page).toHaveURL(/\/fairness$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fairness' })).toBeVisible();
  // The precision the odds are held to, as src/game/battle/odds.test.ts holds it.
  await expect(page.locator('#odds .fairness__lead')).toContainText(
    'simulated battles of the same two sides, enough that it lies within 3 points of the model’s own chance 19 times in 20',
  );
  await chartsDrawn(page);
  await expect.poll(() => answers.get('')?.balance.status).toBe('ready');
  const shown = answers.get('')!;
  expect(shown.fights.fights).toBeGreaterThanOrEqual(fought);
  expect(shown.summons.drawn).toBeGreaterThanOrEqual(24);

  // Each chart is an image with a text alternative, and its numbers are a real table with a caption and headers.
  for (const id of ['chart-odds', 'chart-rarity', 'chart-balance-race'])
    await expect(page.getByTestId(id).getByRole('img')).toHaveAttribute('aria-label', /^Chart: /);
  const oddsTable = 'Win chance: stated against observed, by range of stated chance';
  await expect(page.getByRole('table', { name: oddsTable }).getByRole('columnheader')).toHaveText([
    'Range',
    'Fights',
    'Stated',
    'Won',
    '95% interval',
  ]);
  await expect(page.getByRole('table', { name: oddsTable }).locator('tbody tr')).toHaveCount(10);
  expect(await sumColumn(page, oddsTable, 2)).toBe(shown.fights.fights);
  const firstFilled = shown.fights.buckets.findIndex((b) => b.fights > 0);
  await expect(
    page.getByRole('table', { name: oddsTable }).locator('tbody tr').nth(firstFilled),
  ).toContainText(`${(shown.fights.buckets[firstFilled].observed! * 100).toFixed(1)}%`);
  const rarityTable = 'Summon rarity: base chance, stated odds with the pity, and candidates drawn';
  await expect(page.getByRole('table', { name: rarityTable }).locator('tbody tr')).toHaveCount(5);
  expect(await sumColumn(page, rarityTable, 4)).toBe(shown.summons.drawn);
  await expect(page.getByRole('table', { name: rarityTable }).locator('tbody tr').first()).toContainText(
    '50.0%',
  );
  for (const [name, rows] of [
    ['Win rate by race', 8],
    ['Win rate by class', 10],
    ['Win rate by type', 3],
  ] as const)
    await expect(page.getByRole('table', { name }).locator('tbody tr')).toHaveCount(rows);
  await expect(page.getByRole('table', { name: 'Win rate by type' })).toContainText('Support');
  await shot(page, testInfo, 'fairness');

  // Only arena fights: the table counts exactly the arena fights its answer counted.
  await page.getByRole('button', { name: /^Arena/ }).click();
  await expect(page.getByRole('button', { name: /^Arena/ })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => answers.get('?kind=arena')?.fights.kind).toBe('arena');
  await expect(page.locator('.chart--busy')).toHaveCount(0);
  const arena = answers.get('?kind=arena')!;
  expect(arena.fights.fights).toBe(arena.fights.by_kind.find((k) => k.kind === 'arena')!.fights);
  expect(await sumColumn(page, oddsTable, 2)).toBe(arena.fights.fights);

  // From the profile.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Fairness' }).click();
  await expect(page).toHaveURL(/\/fairness$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fairness' })).toBeVisible();
});

test('logged out, the landing page leads to the fairness page, which shows everything', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('link', { name: /How fair is Runeborn/ }).click();
  await expect(page).toHaveURL(/\/fairness$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fairness' })).toBeVisible();
  await chartsDrawn(page);
  await expect(page.getByRole('table')).toHaveCount(5);
  await expect(page.getByRole('link', { name: /Play Runeborn/ })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-fairness-top.png` });
});
