// The stats shown are the stats a hero fights with (play-test: ATK 69 before and after a +4% staff; 440 health on
// the card, 484 in battle): the hero page's Statistics, the card on My Heroes and in the team picker, and the
// battle's health bar all show the server's fighting_stats — gear, traits and passives at work — with the hero's own
// below on its page. Screens: <project>-fighting-stats-*.png.
import type { Page } from '@playwright/test';
import type { Hero } from '../../src/api/index.ts';
import { createHero, expect, glance, test } from './fixtures.ts';
import { setBalances } from './store-setup.ts';
import { openDungeonPicker } from './fight-steps.ts';

const TILES = ['max_hp', 'atk', 'def', 'spd'];
/** The number a stat's tile shows in Statistics (of 'hp/max_hp', the most). */
const statOf = async (page: Page, key: string) =>
  Number(
    (await page.locator('.stat-grid > div').nth(TILES.indexOf(key)).locator('dd > span').first().innerText())
      .split('/')
      .at(-1),
  );

test('gear put on moves the stats shown; the card, the team picker and the battle show the same numbers', async ({
  page,
  request,
  player,
}, info) => {
  const hero = await createHero(request, player);
  await setBalances(player.id, { combat_tokens: 1000 });
  for (const item_id of ['verdant_weapon', 'verdant_armour'])
    expect(
      (await request.post('/api/shop/purchase', { data: { user_id: player.id, item_id } })).status(),
    ).toBe(200);

  await page.goto(`/heroes/${hero.id}`);
  await expect(page.getByRole('heading', { name: hero.name })).toBeVisible();
  const ownAtk = hero.atk;
  const atkBefore = await statOf(page, 'atk');
  const gear = page.getByTestId('gear');
  await gear.getByRole('button', { name: 'Put on Verdant Staff' }).click();
  await expect(gear.locator('[data-slot="weapon"]')).toContainText('Verdant Staff');
  // +4% attack: the number shown rises at once, the hero's own stays beside it
  await expect.poll(() => statOf(page, 'atk')).toBeGreaterThan(atkBefore);
  await expect(page.getByTestId('stat-own-atk')).toHaveText(`own ${ownAtk}`);
  await gear.getByRole('button', { name: 'Put on Verdant Robe' }).click();
  await expect(gear.locator('[data-slot="armour"]')).toContainText('Verdant Robe');
  await expect(page.getByTestId('stat-own-max_hp')).toHaveText(`own ${hero.max_hp}`);
  const after = (await (await request.get(`/api/heroes/${hero.id}`)).json()) as Hero;
  const fights = after.fighting_stats!;
  // the gear raises what the hero fights with (its own traits may put that below its own stats: a bane's −HP)
  const bare = hero.fighting_stats!;
  expect(fights.atk).toBeGreaterThan(bare.atk);
  expect(fights.max_hp).toBeGreaterThan(bare.max_hp);
  await expect(page.getByTestId('stat-max_hp')).toHaveText(`${fights.max_hp}/${fights.max_hp}`);
  await expect(page.getByTestId('stat-atk')).toHaveText(String(fights.atk));
  await expect(page.getByTestId('fighting-note')).toBeVisible();
  await page
    .locator('section', { has: page.getByRole('heading', { name: 'Statistics' }) })
    .screenshot({ path: `test-results/screens/${info.project.name}-fighting-stats-hero.png` });

  // the card: its stat row shows the same four numbers
  const cardStats = (root: ReturnType<Page['locator']>) =>
    root.locator('.hero-card__stats dd').evaluateAll((dds) => dds.map((d) => d.firstChild?.textContent));
  const expected = [fights.max_hp, fights.atk, fights.def, fights.spd].map(String);
  await page.goto('/heroes');
  await expect.poll(() => cardStats(page.locator(`.hero-card[data-hero-id="${hero.id}"]`))).toEqual(expected);

  // the team picker's card too
  await page.goto('/dungeons');
  const picker = await openDungeonPicker(page, 'whispering_woods');
  await expect.poll(() => cardStats(picker.locator(`[data-hero-id="${hero.id}"]`))).toEqual(expected);
  await glance(page, info, 'fighting-stats-picker');
  await picker.getByRole('button', { name: 'Cancel' }).click();

  // the battle: its health bar's most is the card's health
  const battle = await request.post('/api/battles', {
    data: { user_id: player.id, team_hero_ids: [hero.id] },
  });
  expect(battle.status()).toBe(201);
  await page.goto(`/battle/${(await battle.json()).battle_id}`);
  const unit = page.locator(`[data-unit-id="${hero.id}"]`).first();
  await expect(unit).toHaveAttribute('aria-label', new RegExp(` of ${fights.max_hp} HP`));
  await glance(page, info, 'fighting-stats-battle');
});
