// /battle (team choice, Fight, Quick Battle), the turn-based view played to its end by
// options and by Auto, /combat (parameters, defaults, Fight Again and its checks, themed scenes). Heroes are made
// through the real API (the UI under test here is the battle, not hero creation). Screens: test-results/screens.
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';
import {
  battleTeam,
  fightAgainOnCombat,
  fightFromBattlePage,
  heroesFor,
  instantBattleOfFour,
  pickExactly,
  playUntilAStatusShows,
  recordWhilePlaying,
  screen,
} from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';
import { rollFigures } from '../../src/web/components/format.ts';

const GOLD = '.app-header__player [data-currency="gold"] .currency__amount';

/** Plays the battle on screen to its end by choosing the first option each turn (or waits, under Auto). */
async function playToEnd(page: Page, byOptions: boolean) {
  const result = page.getByTestId('battle-result');
  const option = page.locator('[data-option-id]:enabled').first();
  for (let i = 0; byOptions && i < 120; i++) {
    // The enemy's turns play back until an option is offered again or the battle ends.
    await expect(result.or(option).first()).toBeVisible({ timeout: 30_000 });
    if (await result.isVisible()) return;
    await option.click();
    await expect(page.locator('.battle-option[aria-busy="true"]')).toHaveCount(0);
  }
  await expect(result).toBeVisible({ timeout: 30_000 });
}

test('battle start: no heroes, then picking 1–4 with check marks from none, remembered team', async ({
  page,
  request,
  player,
}, testInfo) => {
  await page.goto('/battle');
  await expect(page.getByText('No Heroes Available')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Hero' })).toHaveAttribute('href', '/create');
  await screen(page, testInfo, 'battle-no-heroes');

  const heroes = await heroesFor(request, player, 5);
  await page.reload();
  const cards = page.locator('.battle-start__grid [data-hero-id]');
  await expect(cards).toHaveCount(5);
  for (const h of heroes)
    await expect(page.locator(`[data-hero-id="${h.id}"]`)).toHaveAttribute('data-size', 'large');

  // (a new player starts with their strongest four: tests/e2e/strongest-four.spec.ts) — put down, none is picked
  await pickExactly(battleTeam(page), []);
  await expect(page.getByTestId('team-count')).toHaveText('0/4');
  await page.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page.getByText('Select at least 1 hero')).toBeVisible();

  for (const h of heroes) await page.locator(`[data-hero-id="${h.id}"] .hero-card__action`).click();
  // A fifth pick is ignored.
  await expect(page.locator('.battle-start__grid [data-selected="true"]')).toHaveCount(4);
  await expect(page.locator(`[data-hero-id="${heroes[4]!.id}"]`)).toHaveAttribute('data-selected', 'false');
  await expect(page.getByTestId('team-count')).toHaveText('4/4');
  await expect(page.getByText('Select at least 1 hero')).toHaveCount(0);
  // Picking a chosen hero drops it.
  await page.locator(`[data-hero-id="${heroes[1]!.id}"] .hero-card__action`).click();
  await expect(page.locator(`[data-hero-id="${heroes[1]!.id}"]`)).toHaveAttribute('data-selected', 'false');
  await expect(page.locator(`[data-hero-id="${heroes[0]!.id}"] .hero-card__check`)).toHaveAttribute(
    'data-checked',
    'true',
  );
  await screen(page, testInfo, 'battle-start');

  const stored = await page.evaluate(
    (key) => window.localStorage.getItem(key),
    `runeborn_active_team_${player.id}`,
  );
  expect(JSON.parse(stored!)).toEqual([heroes[0]!.id, heroes[2]!.id, heroes[3]!.id]);
  await page.reload();
  await expect(page.locator('.battle-start__grid [data-selected="true"]')).toHaveCount(3);
});

test('a battle the enemy opens plays the enemy’s first moves before the first choice', async ({
  page,
  request,
  player,
}, testInfo) => {
  // Who moves first is the seed's call weighted by speed: a hero of speed 30 moves after its foes, who open.
  const [hero] = await heroesFor(request, player, 1);
  await setHeroPower(hero!.id, 'slow');
  // What the page shows while a playback runs, recorded as it changes (a MutationObserver runs before the next
  // paint), so the check does not race the playback's clock on a slow machine.
  await page.addInitScript(() => {
    const w = window as unknown as { playedFrames: { label: string; options: number }[] };
    w.playedFrames = [];
    new MutationObserver(() => {
      const view = document.querySelector('.battle-view[data-playing="true"]');
      if (!view) return;
      w.playedFrames.push({
        label: document.querySelector('[data-testid="turn-label"]')?.textContent ?? '',
        options: document.querySelectorAll('[data-option-id]:enabled').length,
      });
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.goto('/map');
  await page.evaluate(
    ([key, ids]) => window.localStorage.setItem(key, ids),
    [`runeborn_active_team_${player.id}`, JSON.stringify([hero!.id])],
  );
  let opened = false;
  for (let attempt = 0; attempt < 30 && !opened; attempt++) {
    await page.goto('/battle');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/battles') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Fight', exact: true }).click();
    // A long shot asks first (components/win-chance.tsx): answer it, as fixtures.ts's fightLongShots would.
    const longShot = page.getByTestId('long-shot');
    const asked = await Promise.race([
      created.then(() => false),
      longShot.waitFor().then(
        () => true,
        () => false,
      ),
    ]);
    // fixtures.ts's handler may answer it first, while waitFor runs: then the prompt is gone and `created` says so.
    if (asked)
      await longShot
        .getByRole('button', { name: 'Fight anyway' })
        .click({ timeout: 3000 })
        .catch(() => {});
    const body = (await (await created).json()) as {
      enemies: { id: string }[];
      new_events: { kind: string; actor_id?: string }[];
    };
    const first = body.new_events.find((e) => e.kind === 'turn');
    opened = !!first?.actor_id && body.enemies.some((e) => e.id === first.actor_id);
    await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  }
  expect(opened).toBe(true);
  // The enemy's opening played on arrival: its turn labelled, its blows on screen, no option offered meanwhile.
  await expect(page.locator('.battle-view')).toHaveAttribute('data-playing', 'false');
  const frames = await page.evaluate(
    () => (window as unknown as { playedFrames: { label: string; options: number }[] }).playedFrames,
  );
  expect(frames.some((f) => f.label === 'Enemy turn')).toBe(true);
  expect(frames.filter((f) => f.options > 0)).toEqual([]);
  await expect(
    page.getByTestId('battle-result').or(page.getByTestId('turn-label').getByText('Your turn')),
  ).toBeVisible();
  await screen(page, testInfo, 'battle-opening-played');
});

test('nothing is spoiled: the header’s gold waits for the result while the winning blow plays back', async ({
  page,
  request,
  player,
}, testInfo) => {
  const [hero] = await heroesFor(request, player, 1);
  await setHeroPower(hero.id, 'mighty');
  await fightFromBattlePage(page, [hero]);
  await expect(page.locator('[data-speed="1x"]')).toHaveAttribute('aria-checked', 'true');
  const gold = page.locator(GOLD).first();
  await expect(page.locator('[data-option-id]').first()).toBeVisible();
  const before = (await gold.textContent())!;
  const shownWhilePlaying = await recordWhilePlaying(page, GOLD);
  // One blow fells each foe; an encounter of several takes a blow each (their turns play back in between).
  let status = 'active';
  for (let blow = 0; status === 'active' && blow < 4; blow++) {
    await expect(page.locator('[data-option-id]:enabled').first()).toBeVisible({ timeout: 30_000 });
    const acted = page.waitForResponse((r) => r.url().includes('/action') && r.request().method() === 'POST');
    await page.locator('[data-option-id]:enabled').first().click();
    status = ((await (await acted).json()) as { status: string }).status;
  }
  expect(status).toBe('won');
  await expect(page.locator('.battle-view')).toHaveAttribute('data-playing', 'true');
  await screen(page, testInfo, 'battle-no-spoiler');
  await expect(page.getByTestId('battle-result')).toBeVisible();
  // Every gold figure the header showed while the playback ran, recorded by the page at each change: only the old.
  expect(await shownWhilePlaying()).toEqual([before]);
  await expect(gold).not.toHaveText(before);
});

test('the battle screen passes axe: no serious or critical findings, choosing or aiming', async ({
  page,
  request,
  player,
}) => {
  await instantBattleOfFour(page, request, player);
  await expect(page.locator('[data-option-id]').first()).toBeVisible();
  const findings = async () =>
    (await new AxeBuilder({ page }).include('.battle-view').analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(await findings()).toEqual([]);
  await page.locator('.battle-side--enemies [data-testid="aim-unit"]').first().click();
  expect(await findings()).toEqual([]);
});

test('a status badge explains itself on tap: what it does, with its figures, on whom, for how long', async ({
  page,
  request,
  player,
}, testInfo) => {
  const badges = await playUntilAStatusShows(page, await instantBattleOfFour(page, request, player));
  const badge = badges.first();
  const name = (await badge.getAttribute('aria-label'))!.split(',')[0]!;
  await badge.click();
  const explain = page.getByTestId('status-explain');
  await expect(explain).toBeInViewport();
  await expect(explain).toContainText(name);
  await expect(explain).toContainText(/\d+ turns? left/);
  await screen(page, testInfo, 'battle-status-explained');
  await explain.getByRole('button', { name: 'Close' }).click();
  await expect(explain).toHaveCount(0);
});

test('the player aims: tap an enemy, then an action that can reach it, and it lands there', async ({
  page,
  request,
  player,
}, testInfo) => {
  await instantBattleOfFour(page, request, player);
  await expect(page.getByTestId('aim-hint')).toHaveText('Tap a unit to aim at it.');
  for (let turn = 0; turn < 12; turn++) {
    await expect(page.locator('[data-option-id]').first()).toBeVisible();
    const enemies = page.locator('.battle-side--enemies .battle-unit');
    for (let k = (await enemies.count()) - 1; k >= 0; k--) {
      const enemy = enemies.nth(k);
      const aimButton = enemy.getByTestId('aim-unit');
      if ((await aimButton.count()) === 0) continue;
      const enemyId = (await enemy.getAttribute('data-unit-id'))!;
      const name = (await aimButton.getAttribute('aria-label'))!.replace('Aim at ', '');
      await aimButton.click();
      await expect(enemy).toHaveAttribute('data-aimed', 'true');
      await expect(page.getByTestId('aim-hint')).toContainText(`Aiming at ${name}`);
      const aimed = page.locator('[data-option-id][data-aimed]');
      if ((await aimed.count()) === 0) {
        await aimButton.click(); // tapped again: no aim
        await expect(enemy).not.toHaveAttribute('data-aimed', 'true');
        continue;
      }
      await expect(aimed.first().locator('.battle-option__label')).toContainText(`→ ${name}`);
      await screen(page, testInfo, 'battle-aimed');
      const acted = page.waitForResponse(
        (r) => r.url().includes('/action') && r.request().method() === 'POST',
      );
      await aimed.first().click();
      const response = await acted;
      expect(response.request().postDataJSON()).toMatchObject({ target_id: enemyId });
      const body = (await response.json()) as { new_events: { kind: string; target_id?: string }[] };
      expect(body.new_events.find((e) => e.kind === 'ability')!.target_id).toBe(enemyId);
      return;
    }
    // No aim here reaches past the preselected targets: play on.
    await page.locator('[data-option-id]').first().click();
    await expect(page.locator('.battle-view')).not.toHaveAttribute('data-playing', 'true');
    if ((await page.getByTestId('battle-result').count()) > 0) break;
  }
  throw new Error('no turn offered an action that could be aimed elsewhere');
});

test('a turn-based battle played by options to its end, with 1× playback then instant', async ({
  page,
  request,
  player,
}, testInfo) => {
  const heroes = await heroesFor(request, player, 4);
  await fightFromBattlePage(page, heroes);
  await expect(page.getByRole('heading', { name: /Enemies/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Your Team/ })).toBeVisible();
  await expect(page.locator('.battle-side--allies [data-unit-id]')).toHaveCount(4);
  for (const h of heroes)
    await expect(page.locator(`.battle-side--allies [data-hero-id="${h.id}"]`)).toBeVisible();
  await expect(page.locator('.battle-side--enemies [data-unit-id]')).not.toHaveCount(0);
  await expect(page.locator('[data-acting="true"]')).toHaveCount(1);
  await expect(page.locator('.battle-side--allies [data-acting="true"]')).toBeVisible();
  await expect(page.getByTestId('turn-label')).toContainText('Your turn');
  const option = page.locator('[data-option-id]').first();
  await expect(option.locator('.battle-option__label')).not.toBeEmpty();
  await expect(option.locator('.battle-option__tendency')).toHaveText(
    /Aggressive|Defensive|Supportive|Tactical/,
  );
  await expect(option.locator('.battle-option__detail')).not.toBeEmpty();
  await screen(page, testInfo, 'battle-view');

  // 1×: the call's events play back (floating numbers, the stage caption), then the options return.
  await expect(page.locator('[data-speed="1x"]')).toHaveAttribute('aria-checked', 'true');
  const labelsWhilePlaying = await recordWhilePlaying(page, '[data-testid="turn-label"]');
  const acted = page.waitForResponse((r) => r.url().includes('/action') && r.request().method() === 'POST');
  await option.click();
  const body = (await (await acted).json()) as {
    enemies: { id: string }[];
    new_events: { kind: string; actor_id?: string }[];
  };
  const enemyIds = new Set(body.enemies.map((e) => e.id));
  const enemyActed = body.new_events.some(
    (e) => e.kind === 'turn' && !!e.actor_id && enemyIds.has(e.actor_id),
  );
  await expect(page.locator('.battle-view')).toHaveAttribute('data-playing', 'true');
  await expect(page.locator('.floater').first()).toBeAttached();
  await screen(page, testInfo, 'battle-playback');
  await expect(page.locator('.battle-view')).not.toHaveAttribute('data-playing', 'true', { timeout: 30_000 });
  // The enemy's part of the playback is labelled as such, and only when an enemy acted (every label the playback
  // showed, recorded by the page at each change).
  expect((await labelsWhilePlaying()).includes('Enemy turn')).toBe(enemyActed);
  // The log keeps the last 5 events (fewer when the battle has had fewer).
  const logged = await page.getByTestId('battle-log').locator('li').count();
  expect(logged).toBeGreaterThan(0);
  expect(logged).toBeLessThanOrEqual(5);

  // Instant from here on, remembered across reloads.
  await page.locator('[data-speed="instant"]').click();
  await page.reload();
  await expect(page.locator('[data-speed="instant"]')).toHaveAttribute('aria-checked', 'true');
  await playToEnd(page, true);

  const result = page.getByTestId('battle-result');
  const headline = (await result.locator('h2').first().textContent())!;
  expect(['Victory!', 'Defeat', 'Draw']).toContain(headline);
  if (headline === 'Victory!')
    await expect(result).toContainText('Gold and XP rewards have been distributed to your heroes');
  else await expect(result).not.toContainText('Gold and XP rewards');
  await expect(page.getByTestId('battle-log').locator('li')).toHaveCount(5);
  await expect(page.locator('[data-option-id]')).toHaveCount(0);
  const dead = page.locator('[data-dead="true"]');
  expect(await dead.count()).toBeGreaterThan(0);
  await expect(dead.first()).toContainText('Defeated');
  await screen(page, testInfo, 'battle-result');
  await expect(result.getByRole('link', { name: 'View Heroes' })).toHaveAttribute('href', '/heroes');
  await result.getByRole('link', { name: 'New Battle' }).click();
  await expect(page).toHaveURL(/\/battle$/);
});

test('a turn-based battle handed to Auto plays to its end; a missing battle says so', async ({
  page,
  request,
  player,
}, testInfo) => {
  // A full team of four: one move made through the API below can then never end the battle before Auto is
  // switched on (a 1v1 sometimes did, leaving the Auto switch disabled).
  const heroes = await heroesFor(request, player, 4);
  await page.addInitScript(() => window.localStorage.setItem('runeborn_battle_speed', '2x'));
  await page.goto('/battle');
  await pickExactly(
    battleTeam(page),
    heroes.map((h) => h.id),
  );
  await page.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page).toHaveURL(/\/battle\/b_/);
  // The view polls every 3 s: a move made elsewhere (here, through the API) shows up without a reload.
  const battleId = page.url().split('/').pop()!;
  await expect(page.locator('[data-option-id]').first()).toBeVisible();
  const before = await (await request.get(`/api/battles/${battleId}`)).json();
  const moved = await request.post(`/api/battles/${battleId}/action`, {
    data: { user_id: player.id, option_id: before.pending_options[0].id },
  });
  expect(moved.ok()).toBe(true);
  const after = await moved.json();
  expect(after.events.length).toBeGreaterThan(before.events.length);
  await expect(page.locator('.battle-view')).toHaveAttribute('data-events', String(after.events.length), {
    timeout: 6000,
  });
  const auto = page.getByTestId('auto-switch');
  await expect(auto).toHaveAttribute('aria-checked', 'false');
  await auto.click();
  await expect(auto).toHaveAttribute('aria-checked', 'true');
  // 2× playback of a whole Auto battle still ends within its compressed length; Skip ends it at once.
  await page
    .getByTestId('skip-playback')
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await playToEnd(page, false);
  await expect(page.getByTestId('battle-result').locator('h2')).toHaveText(/Victory!|Defeat|Draw/);
  await screen(page, testInfo, 'battle-auto-result');

  await page.goto('/battle/b_doesnotexist');
  await expect(page.getByTestId('battle-not-found')).toHaveText(
    /Battle Not Found - This battle doesn't exist or has expired/,
  );
  await screen(page, testInfo, 'battle-not-found');
  // An id longer than the server accepts names no battle either: the same screen, not a schema error.
  await page.goto(`/battle/${'b'.repeat(80)}`);
  await expect(page.getByTestId('battle-not-found')).toHaveText(
    /Battle Not Found - This battle doesn't exist or has expired/,
  );
  await page.getByRole('link', { name: 'Start New Battle' }).click();
  await expect(page).toHaveURL(/\/battle$/);
});

test('a level-up is a moment: the hero’s card with its new level and what grew, announced', async ({
  page,
  request,
  player,
}, testInfo) => {
  const [hero] = await heroesFor(request, player, 1);
  await setHeroPower(hero.id, 'mighty');
  await page.goto('/battle');
  await pickExactly(battleTeam(page), [hero.id]);
  await page.getByRole('button', { name: 'Quick Battle' }).click();
  const moment = page.getByTestId('level-up-moment');
  for (let i = 0; i < 30; i++) {
    await expect(page.locator('.combat__headline')).toHaveText('VICTORY!');
    if ((await moment.count()) > 0) break;
    const before = new URL(page.url()).searchParams.get('battleId');
    await fightAgainOnCombat(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('battleId')).not.toBe(before);
  }
  await expect(moment).toHaveAttribute('role', 'status');
  const card = moment.locator(`[data-level-up="${hero.id}"]`);
  await expect(card).toContainText(`${hero.name} reached level`);
  await expect(card.locator('.level-up__gains')).toHaveText(
    /^\+[\d,]+ HP · \+[\d,]+ ATK · \+[\d,]+ DEF · \+[\d,]+ SPD$/,
  );
  await expect(card.locator('img')).toHaveAttribute('src', hero.portrait_url);
  await screen(page, testInfo, 'level-up-moment');
});

test('Quick Battle opens /combat; Fight Again repeats it with the same team; Back returns', async ({
  page,
  request,
  player,
}, testInfo) => {
  const heroes = await heroesFor(request, player, 2);
  await page.goto('/battle');
  await pickExactly(
    battleTeam(page),
    heroes.map((h) => h.id),
  );
  await page.getByRole('button', { name: 'Quick Battle' }).click();
  await expect(page).toHaveURL(/\/combat\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('battleId')).toMatch(/^b_/);
  expect(url.searchParams.get('locationType')).toBe('random');
  expect(url.searchParams.get('returnTo')).toBe('/battle');
  expect(JSON.parse(url.searchParams.get('teamHeroIds')!)).toEqual(heroes.map((h) => h.id));
  const location = url.searchParams.get('location')!;
  await expect(page.getByTestId('combat-location')).toHaveText(location);
  await expect(page.locator('.combat__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
  // The chance in whole percent; the line and the roll whole too unless that would contradict the outcome (then a
  // few decimals, the same on each).
  await expect(page.getByTestId('win-chance')).toHaveText(/^\d{1,3}%$/);
  const chance = Number((await page.getByTestId('win-chance').textContent())!.replace('%', ''));
  const decimals = (await page.getByTestId('you-rolled').textContent())!.split('.')[1]?.length ?? 0;
  if (decimals === 0) await expect(page.getByTestId('roll-needed')).toHaveText(`>${100 - chance}`);
  else await expect(page.getByTestId('roll-needed')).toHaveText(new RegExp(`^>\\d{1,3}\\.\\d{${decimals}}$`));
  await expect(page.getByTestId('narrative')).not.toBeEmpty();
  await expect(page.locator('.combat')).toHaveAttribute('data-theme', 'forest');
  if ((await page.locator('.combat__headline').textContent()) === 'VICTORY!')
    await expect(page.getByTestId('rewards')).toContainText('Gold');
  await screen(page, testInfo, 'combat-random');

  const first = url.searchParams.get('battleId');
  await fightAgainOnCombat(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('battleId')).not.toBe(first);
  await expect(page.locator('.combat__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/battle$/);
  // A quick battle's id opened as a battlefield goes to its result instead.
  await page.goto(`/battle/${first}`);
  await expect(page).toHaveURL(new RegExp(`/combat\\?battleId=${first}`));
  await expect(page.locator('.combat__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
});

test('/combat: defaults, stored results, every Fight Again check and the Battle Error panel', async ({
  page,
  request,
  player,
}, testInfo) => {
  const [hero] = await heroesFor(request, player, 1);
  const quick = await (
    await request.post('/api/battles', {
      data: { user_id: player.id, team_hero_ids: [hero!.id], mode: 'auto' },
    })
  ).json();

  await page.goto('/combat');
  await expect(page.getByTestId('battle-error')).toContainText('Battle Error');
  await expect(page.getByTestId('battle-error')).toContainText('No battle data provided');
  await screen(page, testInfo, 'combat-no-data');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/map$/);

  // Defaults: location 'Unknown', type random, returnTo /map.
  await page.goto(`/combat?battleId=${quick.battle_id}`);
  await expect(page.getByTestId('combat-location')).toHaveText('Unknown');
  const shown = rollFigures(quick.probability, quick.roll, quick.status === 'won');
  await expect(page.getByTestId('win-chance')).toHaveText(`${shown.chance}%`);
  await expect(page.getByTestId('you-rolled')).toHaveText(shown.rolled.toFixed(shown.decimals));
  await page.getByRole('button', { name: 'Fight Again' }).click();
  await expect(page.getByTestId('battle-error')).toContainText('No team hero IDs provided');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/map$/);

  await page.goto(
    `/combat?battleId=${quick.battle_id}&location=The%20Forgotten%20Crypt&locationType=dungeon&returnTo=/dungeons`,
  );
  await expect(page.locator('.combat')).toHaveAttribute('data-theme', 'crypt');
  await page.getByRole('button', { name: 'Fight Again' }).click();
  await expect(page.getByTestId('battle-error')).toContainText('No dungeon run ID provided');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/dungeons$/);

  await page.goto(
    `/combat?battleId=${quick.battle_id}&location=Arena&locationType=arena&attackerId=${hero!.id}&returnTo=/arena`,
  );
  await expect(page.locator('.combat')).toHaveAttribute('data-theme', 'arena');
  await screen(page, testInfo, 'combat-arena');
  await page.getByRole('button', { name: 'Fight Again' }).click();
  await expect(page.getByTestId('battle-error')).toContainText('Missing arena battle parameters');
  await screen(page, testInfo, 'combat-error');

  for (const [name, theme] of [
    ['Ironhold Fortress', 'fortress'],
    ['The Void Sanctum', 'void'],
    ['Sanctum of Ash', 'void'],
  ]) {
    await page.goto(
      `/combat?battleId=${quick.battle_id}&location=${encodeURIComponent(name)}&locationType=dungeon`,
    );
    await expect(page.locator('.combat')).toHaveAttribute('data-theme', theme);
  }
  await screen(page, testInfo, 'combat-void');

  // Without a battleId, a result handed over in navigation state is shown (here a won one without odds: 50s).
  await page.goto('/combat?location=Old%20Mill&returnTo=/battle');
  await page.evaluate(() => {
    const result = {
      status: 'victory',
      description: '',
      scenarios: { win: 'The mill is yours.', lose: 'The mill burns.' },
      rewards: { gold: 7, xp_per_hero: 3, magic_essence: 0, combat_tokens: 0 },
      level_ups: [{ hero_name: 'Tamsin', new_level: 4 }],
    };
    window.history.replaceState({ usr: { result }, key: 'e2e', idx: 0 }, '', window.location.href);
  });
  await page.reload();
  await expect(page.locator('.combat__headline')).toHaveText('VICTORY!');
  await expect(page.getByTestId('win-chance')).toHaveText('50%');
  await expect(page.getByTestId('roll-needed')).toHaveText('>50');
  await expect(page.getByTestId('you-rolled')).toHaveText('50');
  await expect(page.getByTestId('narrative')).toHaveText('The mill is yours.');
  await expect(page.getByTestId('rewards')).toContainText('+7');
  await expect(page.getByTestId('rewards')).toContainText('Tamsin reached level 4');
  await expect(page.getByTestId('combat-location')).toHaveText('Old Mill');
  await screen(page, testInfo, 'combat-from-state');

  await page.goto('/combat?battleId=b_missing');
  await expect(page.getByTestId('battle-error')).toContainText('Battle Error');
  await expect(page.getByTestId('battle-error').locator('.error-box')).not.toBeEmpty();
});

test('/combat Fight Again in the arena repeats the same duel', async ({ page, request, player }) => {
  const [hero] = await heroesFor(request, player, 1);
  const fight = await (
    await request.post('/api/arena/battle', {
      data: { user_id: player.id, attacker_hero_id: hero!.id, opponent_id: 'npc_woods_poacher' },
    })
  ).json();
  await page.goto(
    `/combat?battleId=${fight.battle_id}&location=Arena&locationType=arena&attackerId=${hero!.id}&opponentId=npc_woods_poacher&returnTo=/arena`,
  );
  await expect(page.locator('.combat__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
  await fightAgainOnCombat(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('battleId')).not.toBe(fight.battle_id);
  expect(new URL(page.url()).searchParams.get('opponentId')).toBe('npc_woods_poacher');
  await expect(page.locator('.combat__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
});
