// One turn-based battle at a time (issue 9), on screen: /battle shows the battle in play, warns that Fight ends
// it as a loss and links back to it; after Fight, the new battle's view says the old one was lost.
import { test, expect } from './fixtures.ts';
import { battleTeam, heroesFor, pickExactly, screen } from './fight-steps.ts';
import { setHeroPower } from './store-setup.ts';

test('a battle in play: Resume link, the warning before Fight, the notice after', async ({
  page,
  request,
  player,
}, testInfo) => {
  const [hero] = await heroesFor(request, player, 1);
  // Quick enough to act first in every battle here, so each one is still in play when the next is started.
  await setHeroPower(hero.id, 'mighty');
  // A battle still in play (a rare one ends before the player acts: start another then).
  let inPlay: { battle_id: string; location: string } | null = null;
  for (let i = 0; i < 10 && !inPlay; i++) {
    const r = await request.post('/api/battles', { data: { user_id: player.id, team_hero_ids: [hero.id] } });
    expect(r.status()).toBe(201);
    const body = (await r.json()) as { battle_id: string; location: string; status: string };
    if (body.status === 'active') inPlay = body;
  }
  expect(inPlay).not.toBeNull();
  const { battle_id, location } = inPlay!;

  await page.goto('/battle');
  const notice = page.getByTestId('battle-in-play');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`You have a battle in progress at ${location}`);
  await expect(notice).toContainText(`Your battle at ${location} will end as a loss`);
  const resume = notice.getByRole('link', { name: 'Resume battle' });
  await expect(resume).toHaveAttribute('href', `/battle/${battle_id}`);
  await screen(page, testInfo, 'battle-in-play');

  await resume.click();
  await expect(page).toHaveURL(new RegExp(`/battle/${battle_id}$`));
  await expect(page.locator('.battle-view')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('ended-battle-notice')).toHaveCount(0);

  await page.goto('/battle');
  await pickExactly(battleTeam(page), [hero.id]);
  await page.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  expect(page.url()).not.toContain(battle_id);
  const after = page.getByTestId('ended-battle-notice');
  await expect(after).toBeVisible();
  await expect(after.locator('.banner__text')).toHaveText(
    `Your battle at ${location} ended as a loss, with no rewards.`,
  );
  await screen(page, testInfo, 'battle-ended-notice');
  await after.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(after).toHaveCount(0);
  const second = page.url().split('/').pop()!;

  // Left undismissed, the notice goes with the new battle's first choice (it would say 'a loss' beside its result).
  await page.goto('/battle');
  // The team picked above is remembered.
  await expect(page.locator(`[data-hero-id="${hero.id}"]`)).toHaveAttribute('data-selected', 'true');
  await page.getByRole('button', { name: 'Fight', exact: true }).click();
  await expect(page).toHaveURL(/\/battle\/b_[0-9a-f]+$/);
  expect(page.url()).not.toContain(second);
  await expect(page.getByTestId('ended-battle-notice')).toBeVisible();
  await page.locator('[data-option-id]').first().click();
  await expect(page.getByTestId('ended-battle-notice')).toHaveCount(0);

  // The old battle is over: lost, nothing paid.
  const old = (await (await request.get(`/api/battles/${battle_id}`)).json()) as {
    status: string;
    rewards: { gold: number };
  };
  expect(old.status).toBe('lost');
  expect(old.rewards.gold).toBe(0);
});
