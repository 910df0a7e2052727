// Guilds from the screens (issue 44): A makes a guild by request on /guilds (a taken name refused in words); B finds
// it, asks to join (the request still shown as sent after a reload) and is accepted by A; both write on the board and each sees the other's message within 2 s
// without reloading, markup shown as the text it is; both attack the week's boss with a team picked on the page (its
// expected damage first); the boss brought near its end (tests/e2e/store-setup.ts), A's next attack kills it, and
// the kill pays both (each attacked it); the attack's result card stays while the page reads the next boss, and its
// replay link opens the replay. axe on each screen. Screens under
// test-results/screens/<project>-guild-*.png.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  axeFindings as findings,
  createHero,
  createUser,
  getUser,
  shot,
  signIn,
  uniqueName,
} from './fixtures.ts';
import { pickExactly } from './fight-steps.ts';
import { instantPlayback, openContext } from './live-steps.ts';
import { setGuildBossHp, setHeroPower } from './store-setup.ts';

/** On a phone the guild's parts are tabs: opens `part` there (on a desktop every part is already shown). */
async function openPart(page: Page, part: 'Boss' | 'Board' | 'Members'): Promise<void> {
  await expect(page.getByTestId('guild-page')).toBeVisible();
  const tab = page.getByRole('tab', { name: new RegExp(`^${part}`) });
  if (await tab.isVisible()) await tab.click();
}

/** Picks the player's first hero for the boss and attacks; answers the attack's result panel. */
async function attack(page: Page) {
  await openPart(page, 'Boss');
  const boss = page.getByTestId('guild-boss');
  const team = boss.getByRole('group', { name: 'Your heroes' });
  await pickExactly(team, [(await team.locator('.hero-card').first().getAttribute('data-hero-id'))!]);
  await expect(boss.getByTestId('expected-damage')).toContainText(/\d/);
  await boss.getByTestId('attack-boss').click();
  const result = page.getByTestId('attack-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  return result;
}

test('two players make a guild, talk on its board and kill its boss together', async ({
  page,
  player: a,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const b = await createUser(request);
  // a fresh level-1 hero barely scratches the boss: A's is made mighty, so its attacks tell (and the kill is sure)
  await setHeroPower((await createHero(request, a)).id, 'mighty');
  await setHeroPower((await createHero(request, b)).id, 'strong');
  // a guild already holding a name, to be refused whatever the case
  const other = await createUser(request);
  const taken = uniqueName('taken');
  expect(
    (
      await request.post('/api/guilds', { data: { user_id: other.id, name: taken, join_policy: 'open' } })
    ).ok(),
  ).toBe(true);
  const a11y: string[] = [];

  // A makes a guild by request on /guilds.
  await instantPlayback(page);
  await page.goto('/guilds');
  await expect(page.getByRole('heading', { level: 1, name: 'Guilds' })).toBeVisible();
  await expect(page.getByTestId('guild-row').first()).toBeVisible();
  await shot(page, testInfo, 'guild-find');
  a11y.push(...(await findings(page, 'find a guild')));
  await page.getByTestId('make-guild').click();
  const form = page.getByRole('dialog', { name: 'Make a guild' });
  await form.getByLabel('Name').fill('ab');
  await expect(form.getByTestId('make-guild-submit')).toBeDisabled();
  await form.getByLabel('Name').fill(taken.toUpperCase());
  await form.getByLabel('Description').fill('We fight the boss every evening.');
  await form.getByRole('radio', { name: /By request/ }).check();
  await form.getByTestId('make-guild-submit').click();
  await expect(form.getByTestId('make-guild-error')).toHaveText('That guild name is taken');
  await shot(page, testInfo, 'guild-make-refused');
  a11y.push(...(await findings(page, 'make a guild')));
  const name = uniqueName('guild');
  await form.getByLabel('Name').fill(name);
  await form.getByTestId('make-guild-submit').click();
  await expect(page).toHaveURL(/\/guilds\/[^/]+$/);
  const guildId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('guild-page')).toHaveAttribute('data-role', 'leader');

  // B finds it by name and asks to join.
  const pageB = await openContext(browser, testInfo, baseURL);
  await signIn(pageB, b);
  await instantPlayback(pageB);
  await pageB.goto('/guilds');
  await pageB.getByRole('searchbox', { name: 'Search guilds' }).fill(name);
  const row = pageB.getByTestId('guild-row').filter({ hasText: name });
  await expect(pageB.getByTestId('guild-row')).toHaveCount(1);
  await expect(row).toContainText('1/30 members');
  await row.getByRole('button', { name: 'Ask to join' }).click();
  await expect(row.getByRole('status')).toHaveText('Request sent');
  await shot(pageB, testInfo, 'guild-asked');
  // the request is remembered: after a reload, on the list and on the guild's page
  await pageB.reload();
  await pageB.getByRole('searchbox', { name: 'Search guilds' }).fill(name);
  await expect(row.getByRole('status')).toHaveText('Request sent');
  await pageB.goto(`/guilds/${encodeURIComponent(guildId)}`);
  await expect(pageB.getByTestId('request-sent')).toHaveText('Request sent');
  await expect(pageB.getByTestId('join-guild')).toHaveCount(0);

  // A accepts (the page reads its guild again every 15 s: read now).
  await page.reload();
  await openPart(page, 'Members');
  const asking = page.getByTestId('join-request').filter({ hasText: b.username });
  await expect(asking).toBeVisible();
  await shot(page, testInfo, 'guild-request');
  a11y.push(...(await findings(page, 'a guild, its leader with a request')));
  await asking.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('guild-member').filter({ hasText: b.username })).toContainText('Member');
  await expect(page.getByTestId('join-request')).toHaveCount(0);

  // B's /guilds now leads to their guild.
  await pageB.goto('/guilds');
  await pageB.getByTestId('your-guild').click();
  await expect(pageB).toHaveURL(`/guilds/${encodeURIComponent(guildId)}`);
  await expect(pageB.getByTestId('guild-page')).toHaveAttribute('data-role', 'member');

  // The board: each sees the other's message within 2 s, without reloading; markup stays text.
  await openPart(page, 'Board');
  await openPart(pageB, 'Board');
  await expect(pageB.getByText('No messages yet')).toBeVisible();
  await page.getByTestId('board-text').fill('Hello from A');
  await expect(page.getByTestId('board-count')).toContainText('12/300');
  await page.getByTestId('board-send').click();
  await expect(page.getByTestId('board-message').first()).toContainText('Hello from A');
  await expect(pageB.getByTestId('board-message').first()).toContainText('Hello from A', { timeout: 2_000 });
  await pageB.getByTestId('board-text').fill('<b>x</b>');
  await pageB.getByTestId('board-send').click();
  await expect(pageB.getByTestId('board-message').first()).toContainText('<b>x</b>');
  const markup = page.getByTestId('board-message').first();
  await expect(markup.locator('.guild-message__text')).toHaveText('<b>x</b>', { timeout: 2_000 });
  await expect(markup.locator('b')).toHaveCount(0);
  await expect(page.getByTestId('board-message')).toHaveCount(2);
  await shot(page, testInfo, 'guild-board');
  a11y.push(...(await findings(pageB, 'a guild, its board')));

  // Both attack the week's boss.
  const first = await attack(page);
  await expect(first).toContainText(/dealt [1-9][\d,]* damage/);
  await expect(page.getByTestId('attacks-left')).toHaveText('1/2');
  await shot(page, testInfo, 'guild-attacked');
  a11y.push(...(await findings(page, 'a guild, its boss attacked')));
  const second = await attack(pageB);
  await expect(second).toContainText(/dealt \d[\d,]* damage/);
  const goldB = (await getUser(request, b.id)).gold;
  const before = (await (await request.get(`/api/guilds/${guildId}/boss?user_id=${b.id}`)).json()) as {
    level: number;
    kill_rewards: { gold: number };
  };
  expect(before.level).toBe(1);

  // The kill: the boss brought to 1 health, A's next attack fells it; the kill pays both who attacked.
  await setGuildBossHp(guildId, 1);
  await page.reload();
  await openPart(page, 'Boss');
  await expect(page.getByTestId('guild-boss').getByTestId('boss-health')).toHaveAttribute('data-hp', '1');
  const kill = await attack(page);
  await expect(kill.getByTestId('boss-killed')).toBeVisible();
  // the page reads the boss again (the next one) and the guild: the result card stays through both
  await expect(page.getByTestId('guild-boss')).toHaveAttribute('data-level', '2');
  await expect(page.getByTestId('guild-boss').getByTestId('boss-health')).not.toHaveAttribute('data-hp', '1');
  await expect(kill.getByTestId('boss-killed')).toBeVisible();
  const replay = await kill.getByRole('link', { name: 'Watch the attack' }).getAttribute('href');
  expect(replay).toMatch(/^\/replay\//);
  const after = (await (await request.get(`/api/guilds/${guildId}/boss?user_id=${b.id}`)).json()) as {
    level: number;
    week_kills: number;
  };
  expect(after).toMatchObject({ level: 2, week_kills: 1 });
  // B attacked the fallen boss: its kill reward is B's too, paid once
  expect(before.kill_rewards.gold).toBeGreaterThan(0);
  expect((await getUser(request, b.id)).gold).toBe(goldB + before.kill_rewards.gold);
  await shot(page, testInfo, 'guild-killed');

  // The attack's replay opens from the result card; the ranking of the week counts the kill.
  await kill.getByRole('link', { name: 'Watch the attack' }).click();
  await expect(page).toHaveURL(replay!);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await page.goto('/guilds');
  await page.getByRole('tab', { name: 'This week’s ranking' }).click();
  await expect(page.getByTestId('ranking-row').filter({ hasText: name })).toContainText(/1\s*kill/);
  await shot(page, testInfo, 'guild-ranking');
  a11y.push(...(await findings(page, 'the ranking')));
  expect(a11y).toEqual([]);
});
