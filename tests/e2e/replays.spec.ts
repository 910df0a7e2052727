// Replays (issue 11): any finished fight is watched again at /replay/{battleId}, logged out too — a quick battle, an
// arena duel, a dungeon floor and a turn-based battle — played to its end, stepped back and forth, scrubbed, at 1×,
// 2× and 4×; 'Watch replay' on a result opens it. Nothing tells the result before the playback does: not the page,
// not the tab's title, not the served page's title and link preview tags. Screenshots: <project>-replay-*.png.
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, createUser } from './fixtures.ts';
import { heroesFor, instantBattleOfFour, screen } from './fight-steps.ts';

const axeFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).include('.replay').analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`);
const at = async (page: Page) => Number(await page.locator('.replay').getAttribute('data-at'));
const total = async (page: Page) => Number(await page.locator('.replay').getAttribute('data-events'));

/** Plays the replay on this page to its end at 4× (from a little before it), checking each control on the way. */
async function watchToEnd(page: Page, atEnd: () => Promise<void>) {
  await expect(page.locator('.replay')).toBeVisible();
  const n = await total(page);
  // 1× and 2× play on from the start.
  for (const speed of ['1', '2']) {
    await page.locator(`[data-speed="${speed}"]`).click();
    const before = await at(page);
    await page.getByTestId('play').click();
    await expect.poll(() => at(page)).toBeGreaterThan(before);
    await page.getByTestId('play').click(); // pause
  }
  // One event forward and back.
  const here = await at(page);
  await page.getByTestId('step-forward').click();
  await expect.poll(() => at(page)).toBe(here + 1);
  await page.getByTestId('step-back').click();
  await expect.poll(() => at(page)).toBe(here);
  // Each speed plays on to the result (from a little before it, so the test stays quick).
  for (const [speed, back] of [
    ['1', 3],
    ['2', 6],
    ['4', 12],
  ] as const) {
    const from = Math.max(0, n - back);
    await page.getByTestId('scrubber').fill(String(from));
    await expect.poll(() => at(page)).toBe(from);
    await expect(page.getByTestId('replay-result')).toHaveCount(from === n ? 1 : 0);
    await page.locator(`[data-speed="${speed}"]`).click();
    await page.getByTestId('play').click();
    await expect(page.getByTestId('replay-result')).toBeVisible({ timeout: 20_000 });
    expect(await at(page)).toBe(n);
  }
  await expect(page.getByTestId('replay-result')).toContainText(/Victory!|Defeat|Draw/);
  // The tab tells the result once the playback has: not before (see the tests' first look at the page).
  await expect(page).toHaveTitle(/^Replay: .+ vs .+ at .+: (Victory!|Defeat|Draw) · Runeborn$/);
  expect(await axeFindings(page)).toEqual([]);
  await atEnd();
  // By keyboard alone: back to the start and play with Enter, pause with Space.
  await page.getByRole('button', { name: 'Back to the start' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => at(page)).toBe(0);
  await page.keyboard.press('Tab'); // one event back (disabled at the start) is skipped
  await expect(page.getByTestId('play')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => at(page)).toBeGreaterThan(0);
  await page.keyboard.press('Space');
  await expect(page.locator('.replay')).toHaveAttribute('data-playing', 'false');
  await page.getByTestId('scrubber').fill(String(n));
  // Stepping back hides the result again.
  await page.getByTestId('step-back').click();
  await expect(page.getByTestId('replay-result')).toHaveCount(0);
}

test('every kind of fight watched again by its link, logged out: to the end, stepped, scrubbed, at 1× 2× 4×', async ({
  page,
  request,
}, testInfo) => {
  const owner = await createUser(request);
  const [a, b] = await heroesFor(request, owner, 2);
  const post = async (url: string, data: object) =>
    (await (await request.post(url, { data })).json()) as { battle_id: string; id: string };
  const quick = await post('/api/battles', {
    user_id: owner.id,
    team_hero_ids: [a!.id, b!.id],
    mode: 'auto',
  });
  const duel = await post('/api/arena/battle', {
    user_id: owner.id,
    attacker_hero_id: a!.id,
    opponent_id: 'npc_woods_poacher',
  });
  const run = await post('/api/dungeons/whispering_woods/start', {
    user_id: owner.id,
    team_hero_ids: [a!.id],
  });
  const floor = await post(`/api/dungeon-runs/${run.id}/battle`, {});
  for (const [name, id] of [
    ['quick', quick.battle_id],
    ['arena', duel.battle_id],
    ['dungeon', floor.battle_id],
  ] as const) {
    // Before it plays, nothing tells how it ends: not the tab (the server's title or the page's), not the page.
    const served = await (await request.get(`/replay/${id}`)).text();
    expect(served.slice(0, served.indexOf('</head>'))).not.toMatch(/\b(victory|defeat|draw)\b/i);
    await page.goto(`/replay/${id}`);
    await expect(page.locator('.replay')).toBeVisible();
    await expect(page).toHaveTitle(/^Replay: .+ vs .+ at [^:]+ · Runeborn$/);
    await expect(page.locator('main')).not.toContainText(/\b(Victory|Defeat|Draw)\b/);
    await watchToEnd(page, () => screen(page, testInfo, `replay-${name}`));
  }
  await page.goto('/replay/b_00000000000000000000000000000000');
  await expect(page.getByTestId('replay-not-found')).toContainText('Battle Not Found');
});

test('a turn-based battle’s result offers Watch replay, and the replay plays it to the end', async ({
  page,
  request,
  player,
}, testInfo) => {
  await instantBattleOfFour(page, request, player);
  await page.getByTestId('auto-switch').click();
  await expect(page.getByTestId('battle-result')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('watch-replay').click();
  await expect(page).toHaveURL(/\/replay\/b_[0-9a-f]+$/);
  await watchToEnd(page, () => screen(page, testInfo, 'replay-turn-based'));
  // The profile's battle history lists it, newest first, and opens its replay.
  const id = page.url().split('/').pop()!;
  await page.goto('/profile');
  const first = page.getByTestId('battle-history').locator('a').first();
  await expect(first).toHaveAttribute('data-battle-id', id);
  await expect(first).toContainText(/Victory|Defeat|Draw/);
  await screen(page, testInfo, 'profile-battle-history');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/replay/${id}$`));
  await expect(page.locator('.replay')).toBeVisible();
});
