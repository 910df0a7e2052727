// Live play from the screens: A challenges B by name (/live → the Challenge dialog, its honest chance); B, on another
// page, is told within 2 s (the notice and the badge), opens the challenge and accepts; both play every turn by
// choosing an option for each acting hero and confirming, until the match ends (A's hero made strong, so it ends
// soon); a signed-out spectator watches the same turns read-only; both players see the result. Screens under
// test-results/screens/<project>-live-*.png.
import type { Page } from '@playwright/test';
import { test, expect, axeFindings as findings, createHero, createUser, shot, signIn } from './fixtures.ts';
import { instantPlayback, openContext } from './live-steps.ts';
import { setHeroPower } from './store-setup.ts';

/** When the page asks for this turn's choices: the first option for each acting hero, then Confirm turn. */
async function chooseIfAsked(page: Page): Promise<boolean> {
  const confirm = page.getByTestId('confirm-turn');
  if (!(await confirm.isVisible())) return false;
  // (the turn may be played meanwhile — the other side had no hero acting — and the choices go: not chosen then)
  try {
    const heroes = page.getByTestId('live-hero');
    const n = await heroes.count();
    for (let i = 0; i < n; i++) await heroes.nth(i).locator('.live-option').first().click({ timeout: 5_000 });
    await confirm.click({ timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

test('two players play a live match from the screens while a signed-out spectator watches', async ({
  page,
  player: a,
  request,
  browser,
  baseURL,
}, testInfo) => {
  // three browsers and a whole match, turn by turn: under a loaded CI it takes minutes
  test.setTimeout(420_000);
  const b = await createUser(request);
  const heroA = await createHero(request, a);
  const heroB = await createHero(request, b);
  await setHeroPower(heroA.id, 'strong');

  // B waits on the map, signed in, its live socket open.
  const pageB = await openContext(browser, testInfo, baseURL);
  await signIn(pageB, b);
  await instantPlayback(pageB);
  await pageB.goto('/map');
  await expect(pageB.locator('.app')).toHaveAttribute('data-live', 'open');

  // A finds B on /live and challenges them with their one hero.
  await instantPlayback(page);
  await page.goto('/live');
  await expect(page.locator('.app')).toHaveAttribute('data-live', 'open');
  await page.getByRole('searchbox', { name: 'Find a player' }).fill(b.username);
  await page
    .getByRole('list', { name: 'Players found' })
    .getByRole('listitem')
    .filter({ hasText: b.username })
    .getByRole('button', { name: 'Challenge' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Challenge ${b.username}` });
  await dialog
    .getByRole('button', { name: new RegExp(heroA.name) })
    .first()
    .click();
  await expect(dialog.getByTestId('pick-count')).toHaveText('1/4 picked');
  await shot(page, testInfo, 'live-challenge-dialog');
  const a11y = await findings(page, 'challenge dialog');
  await dialog.getByTestId('send-challenge').click();
  await expect(dialog.getByTestId('challenge-waiting')).toBeVisible();
  await expect(dialog.getByTestId('live-chance')).toContainText(/Your win chance \d+%/);
  await shot(page, testInfo, 'live-challenge-waiting');

  // B is told within 2 s, on the page they are on.
  const notice = pageB.getByTestId('challenge-notice');
  await expect(notice).toBeVisible({ timeout: 2_000 });
  await expect(notice).toContainText(`${a.username} challenges you`);
  await expect(pageB.getByTestId('challenge-badge')).toHaveText('1');
  await shot(pageB, testInfo, 'live-notice');
  await notice.getByRole('link', { name: 'View challenge' }).click();
  await expect(pageB).toHaveURL(/\/duel\//);
  const duelUrl = new URL(pageB.url()).pathname;
  await expect(pageB.getByTestId('live-chance')).toContainText(/Your win chance \d+%/);
  await pageB.getByRole('group', { name: 'Your heroes' }).getByRole('button').first().click();
  await shot(pageB, testInfo, 'live-duel');
  a11y.push(...(await findings(pageB, 'duel')));
  await pageB.getByTestId('accept-challenge').click();

  // Both land on the match.
  await expect(pageB).toHaveURL(/\/matches\//);
  const matchPath = new URL(pageB.url()).pathname;
  await expect(page).toHaveURL(matchPath, { timeout: 10_000 });

  // A signed-out visitor: a challenge's link sends them to sign in first; the match they may watch.
  const watcher = await openContext(browser, testInfo, baseURL);
  await instantPlayback(watcher);
  await watcher.goto(duelUrl);
  await expect(watcher).toHaveURL(/\/\?next=%2Fduel%2F/);
  await watcher.goto(matchPath);
  await expect(watcher.locator('.live-match')).toHaveAttribute('data-role', 'spectator');
  await expect(watcher.getByTestId('live-wait')).toContainText('You are watching');
  // the visitor watches over a socket of their own: every screen of the match counts them
  await expect(watcher.getByTestId('spectators')).toHaveText('1 spectator');
  await expect(page.getByTestId('spectators')).toHaveText('1 spectator');

  const matchA = page.locator('.live-match');
  const matchB = pageB.locator('.live-match');
  await expect(matchA).toHaveAttribute('data-role', 'player');
  // turn 1 asks whichever player has a hero acting in it (the faster side's, or both)
  const askedNow = async () =>
    (await page.getByTestId('confirm-turn').isVisible())
      ? page
      : (await pageB.getByTestId('confirm-turn').isVisible())
        ? pageB
        : null;
  await expect.poll(async () => (await askedNow()) !== null, { timeout: 20_000 }).toBe(true);
  const firstAsked = (await askedNow())!;
  await shot(firstAsked, testInfo, 'live-match-turn-1');
  a11y.push(...(await findings(firstAsked, 'match')));

  // Every turn: each player chooses when asked, until the match is over for both.
  const deadline = Date.now() + 300_000;
  let turnsChosen = 0;
  const bothOver = async () =>
    (await matchA.getAttribute('data-status')) === 'over' &&
    (await matchB.getAttribute('data-status')) === 'over';
  const asked = async () =>
    (await page.getByTestId('confirm-turn').isVisible()) ||
    (await pageB.getByTestId('confirm-turn').isVisible());
  while (Date.now() < deadline && !(await bothOver())) {
    // wait until a player is asked to choose, or the match is over
    await expect.poll(async () => (await bothOver()) || (await asked()), { timeout: 30_000 }).toBe(true);
    if (await chooseIfAsked(page)) turnsChosen++;
    if (await chooseIfAsked(pageB)) turnsChosen++;
    if (turnsChosen === 1) await shot(page, testInfo, 'live-match-chosen');
  }
  // (a mighty hero may end it on its first turn: one choice at least, each player's screen asked when its hero acted)
  expect(turnsChosen).toBeGreaterThanOrEqual(1);
  await expect(matchA).toHaveAttribute('data-status', 'over');
  await expect(matchB).toHaveAttribute('data-status', 'over');

  // Both see the result; A's strong hero won.
  await expect(page.getByTestId('match-result')).toContainText('Victory!');
  await expect(pageB.getByTestId('match-result')).toContainText('Defeat');
  await shot(page, testInfo, 'live-result-winner');
  await shot(pageB, testInfo, 'live-result-loser');
  // each sees their live rating move: up for the winner, down for the loser
  const ratingMove = async (p: Page) => {
    const [before, after] = ((await p.getByTestId('rating-change').textContent()) ?? '')
      .match(/\d+/g)!
      .map(Number);
    return after! - before!;
  };
  await expect(page.getByTestId('rating-change')).toContainText(/\d+.*\d+/);
  await expect(pageB.getByTestId('rating-change')).toContainText(/\d+.*\d+/);
  expect(await ratingMove(page)).toBeGreaterThan(0);
  expect(await ratingMove(pageB)).toBeLessThan(0);
  const replayHref = (await page.getByRole('link', { name: 'Watch replay' }).getAttribute('href'))!;

  // The spectator saw the same turns: the same version, the same log, the winner named.
  const version = await matchA.getAttribute('data-version');
  const watched = watcher.locator('.live-match');
  await expect(watched).toHaveAttribute('data-status', 'over');
  await expect(watched).toHaveAttribute('data-version', version!);
  await expect(watched).toHaveAttribute('data-events', (await matchA.getAttribute('data-events'))!);
  await expect(watcher.getByTestId('match-result')).toContainText(`${a.username} wins`);
  await expect(watcher.getByTestId('battle-log')).toHaveText(
    (await page.getByTestId('battle-log').textContent())!,
  );
  await shot(watcher, testInfo, 'live-spectator');
  a11y.push(...(await findings(page, 'result')), ...(await findings(watcher, 'spectator')));

  // Rematch: A asks and waits; B is told and asks too; both land on the new match, the same heroes on each side.
  await page.getByRole('button', { name: 'Rematch' }).click();
  await expect(page.getByText(`Waiting for ${b.username} to accept the rematch...`)).toBeVisible();
  await expect(pageB.getByText(`${a.username} asks for a rematch.`)).toBeVisible({ timeout: 10_000 });
  await pageB.getByRole('button', { name: 'Rematch' }).click();
  await expect(pageB).not.toHaveURL(matchPath);
  await expect(pageB).toHaveURL(/\/matches\//);
  const rematchPath = new URL(pageB.url()).pathname;
  await expect(page).toHaveURL(rematchPath, { timeout: 10_000 });
  await expect(page.locator('.live-match')).toHaveAttribute('data-status', 'in_play');
  await expect(pageB.getByRole('region', { name: 'Your team' })).toContainText(heroB.name.split(' ')[0]!);

  // The replay, on the replay page: both players named, A's heroes as A's team, played to the end.
  await page.goto(replayHref);
  await expect(page.getByTestId('replay-players')).toHaveText(`${a.username} vs ${b.username}`);
  await expect(page.getByRole('region', { name: `${a.username}’s team` })).toContainText(
    heroA.name.split(' ')[0]!,
  );
  await shot(page, testInfo, 'live-replay');

  // The live screens on /live: A's challenge listed as accepted, with its match.
  await page.goto('/live');
  await page.getByRole('tab', { name: /Outgoing/ }).click();
  await expect(page.getByTestId('challenge-row').first()).toHaveAttribute('data-status', 'accepted');
  await shot(page, testInfo, 'live-page');
  a11y.push(...(await findings(page, 'live page')));
  expect(a11y).toEqual([]);
});
