// A turn-based battle in play is offered for Resume wherever a new one can start, and what starts one says it ends it
// (the server keeps one in play per player: starting another ends it as a loss). A play-test went Back in the middle
// of a battle, pressed the campaign's Fight, and was left with a second battle and the first half-played, no Resume in
// sight. Here: the campaign stage and a dungeon's boss turn by turn, on phone and desktop.
// Screens: <project>-in-play-*.png.
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { heroesFor, pickExactly, screen } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';
import type { DungeonRun } from '../../src/api/index.ts';

/** A random turn-based battle of `heroId` still in play (a rare one ends before the player acts: start another). */
async function battleInPlay(request: APIRequestContext, userId: string, heroId: string) {
  for (let i = 0; i < 10; i++) {
    const r = await request.post('/api/battles', { data: { user_id: userId, team_hero_ids: [heroId] } });
    expect(r.status()).toBe(201);
    const body = (await r.json()) as { battle_id: string; location: string; status: string };
    if (body.status === 'active') return body;
  }
  throw new Error('no battle stayed in play');
}

test('the campaign offers the battle in play for Resume and says Fight ends it', async ({
  page,
  request,
  player,
}, testInfo) => {
  const [hero] = await heroesFor(request, player, 1);
  // Quick enough to act first, so each battle is still in play when the next one starts.
  await setHeroPower(hero!.id, 'mighty');
  const first = await battleInPlay(request, player.id, hero!.id);

  await page.goto('/campaign');
  const stage = page.getByTestId('stage');
  await pickExactly(stage, [hero!.id]);
  const notice = stage.getByTestId('battle-in-play');
  await expect(notice).toContainText(`You have a battle in progress at ${first.location}`);
  await expect(notice).toContainText(
    `Your battle at ${first.location} will end as a loss, with no rewards, if you press Fight.`,
  );
  const fight = stage.getByRole('button', { name: 'Fight', exact: true });
  await expect(fight).toHaveAttribute(
    'title',
    `Start a new battle: the one at ${first.location} ends as a loss`,
  );
  // The notice sits with the buttons: seen when Fight is.
  await fight.scrollIntoViewIfNeeded();
  await expect(notice).toBeInViewport();
  await screen(page, testInfo, 'in-play-campaign');

  // Resume: back to the battle as it stands.
  await notice.getByRole('link', { name: 'Resume battle' }).click();
  await expect(page).toHaveURL(new RegExp(`/battle/${first.battle_id}$`));
  await expect(page.locator('.battle-view')).toHaveAttribute('data-status', 'active');

  // Back, then Fight: the stage's battle starts, and says the one in play ended.
  await page.goBack();
  await expect(stage.getByTestId('battle-in-play')).toBeVisible();
  await stage.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  expect(page.url()).not.toContain(first.battle_id);
  await expect(page.getByTestId('ended-battle-notice').locator('.banner__text')).toHaveText(
    `Your battle at ${first.location} ended as a loss, with no rewards.`,
  );
  const old = (await (await request.get(`/api/battles/${first.battle_id}`)).json()) as { status: string };
  expect(old.status).toBe('lost');

  // The stage's battle is now the one in play: the campaign offers it.
  const second = page.url().split('/').pop()!;
  await page.goto('/campaign');
  await expect(page.getByTestId('battle-in-play')).toHaveAttribute('data-battle-id', second);
});

test('the boss turn by turn offers another battle in play for Resume, and resumes its own', async ({
  page,
  request,
  player,
}, testInfo) => {
  test.slow(); // a dungeon's floors fought to its boss
  const heroes = await heroesFor(request, player, 2);
  for (const h of heroes) await setHeroPower(h.id, 'mighty');
  const started = await request.post('/api/dungeons/whispering_woods/start', {
    data: { user_id: player.id, team_hero_ids: [heroes[0]!.id] },
  });
  let run = (await started.json()) as DungeonRun;
  while (run.floor < run.floors) {
    const fought = await request.post(`/api/dungeon-runs/${run.id}/battle`, {
      data: { user_id: player.id, floor: run.floor },
    });
    expect(fought.status()).toBe(200);
    run = ((await fought.json()) as { run: DungeonRun }).run;
  }
  const other = await battleInPlay(request, player.id, heroes[1]!.id);

  await page.goto('/dungeons/whispering_woods');
  const boss = page.getByTestId('boss-turn-by-turn');
  const notice = boss.getByTestId('battle-in-play');
  await expect(notice).toContainText(`You have a battle in progress at ${other.location}`);
  await expect(notice).toContainText('if you press Fight the boss turn by turn.');
  await expect(notice.getByRole('link', { name: 'Resume battle' })).toHaveAttribute(
    'href',
    `/battle/${other.battle_id}`,
  );
  await screen(page, testInfo, 'in-play-boss');

  // Fighting the boss ends the other battle, and the boss's battle says so.
  await boss.getByRole('button', { name: 'Fight the boss turn by turn' }).click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  const bossBattle = page.url().split('/').pop()!;
  await expect(page.getByTestId('ended-battle-notice').locator('.banner__text')).toHaveText(
    `Your battle at ${other.location} ended as a loss, with no rewards.`,
  );

  // Back at the dungeon: the boss's own battle under way is resumed by its button, with nothing to warn about.
  await page.goto('/dungeons/whispering_woods');
  await expect(boss.getByTestId('battle-in-play')).toHaveCount(0);
  const resume = boss.getByRole('button', { name: 'Resume the boss battle' });
  await expect(resume).toHaveAccessibleDescription(/^Your battle with the boss is under way: turn \d+$/);
  await resume.click();
  await expect(page).toHaveURL(new RegExp(`/battle/${bossBattle}$`));
  await expect(page.getByTestId('ended-battle-notice')).toHaveCount(0);
});
