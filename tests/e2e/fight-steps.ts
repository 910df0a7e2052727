// Steps the fight tests share: heroes made through the real API, and
// screenshots taken from the top of the page so the sticky header and bars sit where a player sees them.
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
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

/** What a phone shows without scrolling (a full-page shot stretches a modal's page far below it): `<project>-<name>-view.png`. */
export const viewShot = (page: Page, testInfo: TestInfo, name: string): Promise<Buffer> =>
  page.screenshot({ path: `test-results/screens/${testInfo.project.name}-${name}-view.png` });

/** From /battle: picks `heroes` as the team and presses Fight; resolves on the new battle's page. */
export async function fightFromBattlePage(page: Page, heroes: Pick<Hero, 'id'>[]): Promise<void> {
  await page.goto('/battle');
  await pickExactly(
    battleTeam(page),
    heroes.map((h) => h.id),
  );
  await page.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
}

/** Four new heroes of `user` fighting a new battle from /battle, its playback set to Instant; answers the team. */
export async function instantBattleOfFour(
  page: Page,
  request: APIRequestContext,
  user: Pick<User, 'id'>,
): Promise<Hero[]> {
  const team = await heroesFor(request, user, 4);
  await fightInstantly(page, team);
  return team;
}

/** `team` fights a new battle from /battle, its playback set to Instant. */
async function fightInstantly(page: Page, team: Pick<Hero, 'id'>[]): Promise<void> {
  await fightFromBattlePage(page, team);
  await page.locator('[data-speed="instant"]').click();
}

/**
 * Plays the battle on the page (its first option each turn) until some unit shows a status badge, and answers the
 * badges. Summoned heroes are random: a battle that ends before anyone carries a status is followed by another of
 * the same `team`, up to three battles in all.
 */
export async function playUntilAStatusShows(page: Page, team: Pick<Hero, 'id'>[]): Promise<Locator> {
  const badges = page.locator('.status-badge__button');
  for (let battle = 0; battle < 3; battle++) {
    if (battle > 0) await fightInstantly(page, team);
    for (let turn = 0; turn < 20 && (await badges.count()) === 0; turn++) {
      if ((await page.getByTestId('battle-result').count()) > 0) break;
      await page.locator('[data-option-id]').first().click();
      await expect(page.locator('.battle-view')).not.toHaveAttribute('data-playing', 'true');
    }
    if ((await badges.count()) > 0) return badges;
  }
  expect(await badges.count(), 'a status on some unit within three battles').toBeGreaterThan(0);
  return badges;
}

/**
 * /combat's Fight Again (Next floor, for a dungeon run that goes on): it shows the next fight first (who, the chance,
 * what a win pays), then its Fight — the second tap — fights it. Answers the shown fight's panel.
 */
export async function fightAgainOnCombat(page: Page): Promise<Locator> {
  await page.getByTestId('fight-again').click();
  const next = page.getByTestId('next-fight');
  await next.getByTestId('fight-confirm').click();
  return next;
}

/**
 * Records, in the page, every text the element at `selector` shows while the battle's playback runs — at each change
 * of the page, not sampled — and answers a function that reads the record (each text once per run of equal ones).
 */
export async function recordWhilePlaying(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.evaluate((sel) => {
    const seen: string[] = [];
    (window as unknown as { recordedWhilePlaying: string[] }).recordedWhilePlaying = seen;
    const note = () => {
      if (document.querySelector('.battle-view')?.getAttribute('data-playing') !== 'true') return;
      const text = document.querySelector(sel)?.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, selector);
  return () =>
    page.evaluate(() => (window as unknown as { recordedWhilePlaying: string[] }).recordedWhilePlaying);
}

/**
 * Makes a team picker's team exactly `ids`, in that order: what is picked already (the last team, or a new player's
 * strongest four) is put down first. `picker` holds the team's selectable hero cards: a campaign stage, /battle's
 * grid, a dungeon's team picker, the guild boss's team.
 */
export async function pickExactly(picker: Locator, ids: readonly string[]): Promise<void> {
  await expect(picker.locator('.hero-card[data-selected]').first()).toBeVisible();
  const card = (id: string) => picker.locator(`.hero-card[data-hero-id="${id}"]`);
  const picked = await picker
    .locator('.hero-card[data-selected="true"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-hero-id')!));
  for (const [id, selected] of [...picked.map((x) => [x, 'false']), ...ids.map((x) => [x, 'true'])]) {
    await card(id!).locator('.hero-card__action').click();
    await expect(card(id!)).toHaveAttribute('data-selected', selected!);
  }
}

/** /battle's grid of the player's heroes, whose team pickExactly makes. */
export const battleTeam = (page: Page): Locator => page.locator('.battle-start__grid');

/** A dungeon's team picker (the dialog Enter Dungeon opens). */
export const dungeonTeam = (page: Page): Locator => page.getByRole('dialog', { name: 'Select Your Team' });

/** On /dungeons: Enter Dungeon on the card of dungeon `id`; answers its team picker. */
export async function openDungeonPicker(page: Page, id: string): Promise<Locator> {
  await page.locator(`[data-dungeon-id="${id}"]`).getByRole('button', { name: 'Enter Dungeon' }).click();
  return dungeonTeam(page);
}

/** On /campaign: waits for the stage whose heading matches `heading`, and makes the hero its team. */
export async function stageWithHero(page: Page, heading: RegExp | string, heroId: string): Promise<Locator> {
  await page.goto('/campaign');
  const stage = page.getByTestId('stage');
  await expect(stage.getByRole('heading', { name: heading })).toBeVisible();
  await pickExactly(stage, [heroId]);
  return stage;
}

/** Fights the picked stage turn by turn, played out at once on Auto; answers the battle's result panel. */
export async function fightStageToItsEnd(page: Page, stage: Locator): Promise<Locator> {
  await stage.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  await page.locator('[data-speed="instant"]').click();
  await page.getByRole('switch', { name: 'Auto' }).click();
  return page.getByTestId('battle-result');
}
