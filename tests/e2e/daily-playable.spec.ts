// A new player's quests on /daily are only kinds they can play today: no arena duels before stage 1-8 opens the
// arena, no dungeon floors before stage 1-2 opens the first dungeon — here a player whose draw over every kind would
// have held one; a player with the arena open is given the arena's quest. Screens: daily-playable,
// daily-arena-open.
import type { APIRequestContext } from '@playwright/test';
import { test, expect, shot, signIn, createUser } from './fixtures.ts';
import type { DailyResponse } from '../../src/api/daily.ts';
import type { User } from '../../src/api/index.ts';
import { questsOfDay } from '../../src/game/daily.ts';
import { parseDayName } from '../../src/game/day-clock.ts';
import { openEveryPlace } from './store-setup.ts';

const dailyOf = async (request: APIRequestContext, userId: string) =>
  (await (await request.get(`/api/daily?user_id=${userId}`)).json()) as DailyResponse;

/** A new player whose draw today over every kind holds `kind`. */
async function playerWhoseFullDrawHolds(request: APIRequestContext, kind: string): Promise<User> {
  for (;;) {
    const user = await createUser(request);
    const day = parseDayName((await dailyOf(request, user.id)).period)!;
    if (questsOfDay(user.id, day, 'every').some((q) => q.id === kind)) return user;
  }
}

test('a new player is given no arena duels nor dungeon floors: only quests they can play today', async ({
  page,
  request,
}, info) => {
  const user = await playerWhoseFullDrawHolds(request, 'arena_win');
  await signIn(page, user);
  await page.goto('/daily');
  const quests = page.getByTestId('daily-quests').locator('.quest');
  await expect(quests).toHaveCount(3);
  for (const kind of await quests.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind'))))
    expect(['arena_win', 'dungeon_floor']).not.toContain(kind);
  await expect(page.getByText('Win 3 arena duels')).toHaveCount(0);
  await expect(page.getByText('Clear 3 dungeon floors')).toHaveCount(0);
  await shot(page, info, 'daily-playable');
});

test('a player with the arena open may be given the arena’s quest', async ({ page, request }, info) => {
  // Opened before today began (arranged in the store): the draw over the places open holds the arena's quest.
  const user = await playerWhoseFullDrawHolds(request, 'arena_win');
  await openEveryPlace(user.id);
  await signIn(page, user);
  await page.goto('/daily');
  await expect(page.locator('.quest[data-kind="arena_win"]')).toContainText('Win 3 arena duels');
  await shot(page, info, 'daily-arena-open');
});

test('the longest day a new player is given still fits a phone’s first screen', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone test');
  // The quests whose words take two lines on a phone, all three on one day.
  const long = ['turn_based', 'underdog_win', 'use_item'];
  let user: User;
  for (;;) {
    user = await createUser(request);
    const day = await dailyOf(request, user.id);
    if (day.quests.every((q) => long.includes(q.kind))) break;
  }
  await signIn(page, user);
  await page.goto('/daily');
  await expect(page.getByTestId('daily-quests').locator('.quest')).toHaveCount(3);
  const nav = await page.locator('.app-nav').boundingBox();
  const claim = (await page.locator('.calendar-claim').boundingBox())!;
  expect(claim.y + claim.height).toBeLessThanOrEqual(nav!.y);
  await shot(page, info, 'daily-longest');
});
