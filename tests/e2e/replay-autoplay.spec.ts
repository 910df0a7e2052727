// A replay plays when it opens, on a phone as on a desktop (a play-test found it paused on phones), unless the device
// asks for reduced motion — then it waits for Play and says why; and a Play pressed while the fight still loads plays
// it once it has (the play-test's first Play, pressed early, did nothing). Screens: <project>-replay-*.png.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, createUser, glance, holdRequests } from './fixtures.ts';
import { heroesFor } from './fight-steps.ts';

/** A quick battle of a new player's two heroes whose replay has something to play (a rare upset has no story). */
async function aFight(request: APIRequestContext): Promise<string> {
  const owner = await createUser(request);
  const team = await heroesFor(request, owner, 2);
  for (let i = 0; i < 5; i++) {
    const r = await request.post('/api/battles', {
      data: { user_id: owner.id, team_hero_ids: team.map((h) => h.id), mode: 'auto' },
    });
    expect(r.status()).toBe(201);
    const id = ((await r.json()) as { battle_id: string }).battle_id;
    const replay = (await (await request.get(`/api/battles/${id}/replay`)).json()) as { events: unknown[] };
    if (replay.events.length > 1) return id;
  }
  throw new Error('no fight with a story to replay');
}

const at = async (page: Page) => Number(await page.locator('.replay').getAttribute('data-at'));

test.describe('motion allowed', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a replay plays as it opens', async ({ page, request }, testInfo) => {
    const id = await aFight(request);
    await page.goto(`/replay/${id}`);
    const replay = page.locator('.replay');
    await expect(replay).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => at(page)).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(page.getByTestId('replay-held')).toHaveCount(0);
    await glance(page, testInfo, 'replay-playing');
  });
});

test.describe('reduced motion asked for', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a replay waits for Play and says why', async ({ page, request }, testInfo) => {
    const id = await aFight(request);
    await page.goto(`/replay/${id}`);
    const replay = page.locator('.replay');
    await expect(replay).toHaveAttribute('data-events', /\d/);
    await expect(replay).toHaveAttribute('data-playing', 'false');
    const held = page.getByTestId('replay-held');
    await expect(held).toHaveText(
      'Paused: your device asks for reduced motion. Press Play to watch the fight.',
    );
    await glance(page, testInfo, 'replay-held');
    await page.getByTestId('play').click();
    await expect(replay).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => at(page)).toBeGreaterThan(0);
    await expect(held).toHaveCount(0);
  });

  test('a Play pressed while the fight loads plays it once loaded', async ({ page, request }, testInfo) => {
    const id = await aFight(request);
    const release = await holdRequests(page, `**/api/battles/${id}/replay*`);
    await page.goto(`/replay/${id}`);
    const play = page.getByTestId('play');
    await expect(play).toHaveAccessibleName('Play');
    await play.click();
    await expect(play).toHaveAccessibleName('Pause');
    await glance(page, testInfo, 'replay-loading-play');
    release();
    const replay = page.locator('.replay');
    await expect(replay).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => at(page)).toBeGreaterThan(0);
    await expect(page.getByTestId('replay-held')).toHaveCount(0);
  });
});
