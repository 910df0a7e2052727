// Coming to live play from outside, and coming back to it: a signed-out visitor opening a challenge's link makes an
// account and a first hero, then lands on the challenge, and accepts it; a player who leaves a match mid-turn — the
// page reloaded, the tab closed while the other side plays the turn, the socket cut — comes back to the match as it
// stands, their choice kept and the turns missed played to them. Screens under test-results/screens/<project>-live-*.
import type { APIRequestContext, Page } from '@playwright/test';
import type { User } from '../../src/api/index.ts';
import { test, expect, createHero, createUser, shot, signIn, uniqueName } from './fixtures.ts';
import { instantPlayback, openContext } from './live-steps.ts';

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data });
  if (!res.ok()) throw new Error(`${url} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Side {
  user_id: string;
  acting: string[];
  chosen: boolean;
}
interface Match {
  id: string;
  status: string;
  turn: number;
  sides: Side[];
}

const matchOf = async (request: APIRequestContext, id: string): Promise<Match> =>
  (await (await request.get(`/api/matches/${id}`)).json()) as Match;

/** The player chooses Defend for each of their heroes acting this turn (nothing when none acts). */
async function defend(request: APIRequestContext, id: string, user: Pick<User, 'id'>): Promise<void> {
  const m = await matchOf(request, id);
  const side = m.sides.find((s) => s.user_id === user.id)!;
  if (side.acting.length === 0 || side.chosen) return;
  await post(request, `/api/matches/${id}/choices`, {
    user_id: user.id,
    turn: m.turn,
    actions: side.acting.map((hero_id) => ({ hero_id, ability_id: 'defend' })),
  });
}

/** A match of one hero each, every hero made to defend by the API player: long enough to come back to. */
async function openMatch(request: APIRequestContext, a: User, b: User): Promise<string> {
  const [ha, hb] = [await createHero(request, a), await createHero(request, b)];
  const c = await post<{ id: string }>(request, '/api/challenges', { user_id: b.id, hero_ids: [hb.id] });
  const { match_id } = await post<{ match_id: string }>(request, `/api/challenges/${c.id}/accept`, {
    user_id: a.id,
    hero_ids: [ha.id],
  });
  return match_id;
}

/**
 * The page's player chooses Defend for each of their acting heroes (the first option when Defend waits on its
 * cooldown) and confirms: the match goes on long enough to leave and come back.
 */
async function choose(page: Page): Promise<void> {
  const heroes = page.getByTestId('live-hero');
  for (let i = 0; i < (await heroes.count()); i++) {
    const defend = heroes.nth(i).locator('.live-option[data-option-id^="defend:"]');
    const option = (await defend.count()) > 0 ? defend : heroes.nth(i).locator('.live-option').first();
    await option.click({ timeout: 5_000 });
  }
  await page.getByTestId('confirm-turn').click({ timeout: 5_000 });
}

/**
 * Plays turns until the page's player is asked (B defending whenever it acts) — with `bothActing`, on a turn B has
 * yet to choose for too, A choosing on the others; answers the turn asked.
 */
async function untilAsked(
  page: Page,
  request: APIRequestContext,
  id: string,
  b: User,
  bothActing = false,
): Promise<number> {
  const live = page.locator('.live-match');
  await expect
    .poll(
      async () => {
        if (await page.getByTestId('confirm-turn').isVisible()) {
          if (!bothActing) return true;
          const m = await matchOf(request, id);
          const sideB = m.sides.find((s) => s.user_id === b.id)!;
          if (
            String(m.turn) === (await live.getAttribute('data-turn')) &&
            sideB.acting.length > 0 &&
            !sideB.chosen
          )
            return true;
          await choose(page).catch(() => undefined);
          return false;
        }
        await defend(request, id, b);
        return false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return Number(await live.getAttribute('data-turn'));
}

test('a challenge link opened signed out: a new account, a first hero, then the challenge, accepted', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const a = await createUser(request);
  const hero = await createHero(request, a);
  const link = await post<{ id: string }>(request, '/api/challenges', { user_id: a.id, hero_ids: [hero.id] });

  const page = await openContext(browser, testInfo, baseURL);
  await page.goto(`/duel/${link.id}`);
  await expect(page).toHaveURL(/\/\?next=%2Fduel%2F/);
  await page.getByRole('tab', { name: 'Create New' }).click();
  const name = uniqueName('dl');
  await page.getByLabel('Username').fill(name);
  await page.getByRole('button', { name: 'Create Account' }).click();
  // a challenge needs a hero: the new account makes one first, and /create knows where to go after
  await expect(page).toHaveURL(/\/create\?next=%2Fduel%2F/);
  await page.getByRole('button', { name: 'Generate Heroes' }).click();
  await page.locator('.hero-card').first().getByRole('button').click();
  await page.getByRole('button', { name: 'Create Hero' }).click();
  await expect(page).toHaveURL(new RegExp(`/duel/${link.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${a.username} challenges anyone`);
  await page.getByRole('group', { name: 'Your heroes' }).getByRole('button').first().click();
  await shot(page, testInfo, 'live-duel-new-account');
  await page.getByTestId('accept-challenge').click();
  await expect(page).toHaveURL(/\/matches\//);
  await expect(page.locator('.live-match')).toHaveAttribute('data-role', 'player');
  await page.context().close();
});

test('leaving a match mid-turn loses nothing: a reload, a closed tab while the turn is played, a cut socket', async ({
  page,
  player: a,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const b = await createUser(request);
  const id = await openMatch(request, a, b);
  await instantPlayback(page);
  await page.goto(`/matches/${id}`);
  const live = page.locator('.live-match');
  await expect(live).toHaveAttribute('data-role', 'player');

  // A reload after choosing: the same turn, the choice kept (A shown as chosen, waiting on B).
  let turn = await untilAsked(page, request, id, b, true);
  await choose(page);
  await expect(page.getByTestId('live-wait')).toBeVisible();
  await page.reload();
  await expect(live).toHaveAttribute('data-turn', String(turn));
  await expect(page.getByTestId('live-player').filter({ hasText: a.username })).toHaveAttribute(
    'data-chosen',
    'true',
  );
  await expect(page.getByTestId('confirm-turn')).toHaveCount(0);
  await shot(page, testInfo, 'live-match-reloaded');

  // The tab closed: B plays the turn meanwhile; a new tab opens on the next turn, the one missed played to it.
  const version = Number(await live.getAttribute('data-version'));
  await page.close();
  await defend(request, id, b);
  await expect.poll(async () => (await matchOf(request, id)).turn, { timeout: 10_000 }).toBeGreaterThan(turn);
  const back = await openContext(browser, testInfo, baseURL);
  await signIn(back, a);
  await instantPlayback(back);
  await back.goto(`/matches/${id}`);
  const again = back.locator('.live-match');
  await expect(again).not.toHaveAttribute('data-turn', String(turn));
  expect(Number(await again.getAttribute('data-version'))).toBeGreaterThan(version);
  await expect(again).toHaveAttribute('data-status', 'in_play');

  // The socket cut mid-turn (a lost network): the page reconnects on its own and is asked again.
  turn = await untilAsked(back, request, id, b);
  const sockets: { close: () => Promise<void> }[] = [];
  await back.routeWebSocket(/\/api\/live/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await back.reload();
  await expect(again).toHaveAttribute('data-turn', String(turn));
  await expect(back.locator('.app')).toHaveAttribute('data-live', 'open');
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  const cut = sockets.length;
  await sockets[cut - 1]!.close();
  await expect.poll(() => sockets.length, { timeout: 20_000 }).toBeGreaterThan(cut);
  await expect(back.locator('.app')).toHaveAttribute('data-live', 'open');
  // B plays its part; A, reconnected, chooses, and the turn is played on both sides
  await defend(request, id, b);
  await expect(back.getByTestId('confirm-turn')).toBeVisible();
  await choose(back);
  await expect(again).not.toHaveAttribute('data-turn', String(turn), { timeout: 20_000 });
});
