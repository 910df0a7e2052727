// Browser tests: no number on screen is stale (issue "Trust, part two"). After fights that level a hero up, /battle
// only ever shows the chance the next fight then states (every chance the page shows is recorded as it appears and
// compared with the fight's answer and /combat's Win Chance); /combat's Fight Again shows the next fight — who,
// their levels, the chance, what a win pays — and fights only on a second tap, for a quick battle, a duel and a
// dungeon's next floor; and what a win pays is shown before every fight and is what the won fight pays.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { battleTeam, heroesFor, openDungeonPicker, pickExactly, viewShot } from './fight-steps.ts';
import { setHeroPower, setHeroXp } from './store-setup.ts';
import type { BattleResult, OddsResponse, Rewards } from '../../src/api/index.ts';
import { rollFigures, wholePercent } from '../../src/web/components/format.ts';

// Long shots are answered here by the test itself, where they come.
test.use({ fightLongShots: false });

const storeNeeded = () =>
  test.skip(
    !!process.env.E2E_BASE_URL && !process.env.E2E_DATABASE_URL,
    'needs the database of the server under test (E2E_DATABASE_URL)',
  );

/** Records, from the first paint on, every chance an odds chip shows (page, probability, key), in order. */
async function recordShownOdds(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { shownOdds: string[] }).shownOdds = seen;
    const look = () =>
      document.querySelectorAll('[data-testid="odds"][data-probability]').forEach((el) => {
        const entry = `${location.pathname}|${el.getAttribute('data-probability')}|${el.getAttribute('data-odds-key')}`;
        if (seen[seen.length - 1] !== entry) seen.push(entry);
      });
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-probability', 'data-odds-key'],
    });
  });
}
const shownOdds = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownOdds: string[] }).shownOdds.splice(0));

/** The chance a chip shows once it shows one. */
async function chanceIn(scope: Locator) {
  const chip = scope.getByTestId('odds');
  await expect(chip).toHaveAttribute('data-probability', /\d/);
  return {
    probability: Number(await chip.getAttribute('data-probability')),
    key: (await chip.getAttribute('data-odds-key'))!,
    text: (await chip.locator('.win-chance__value').innerText()).trim(),
  };
}

/** What a WinPays line shows, once it shows it. */
async function paysIn(scope: Locator, name = 'fight'): Promise<Rewards> {
  const line = scope.locator(`[data-testid="win-pays"][data-pays="${name}"]`);
  await expect(line).toHaveAttribute('data-gold', /\d/);
  const n = async (attr: string) => Number(await line.getAttribute(attr));
  return {
    gold: await n('data-gold'),
    xp_per_hero: await n('data-xp'),
    magic_essence: await n('data-essence'),
    combat_tokens: await n('data-tokens'),
  };
}

/** /combat's Win Chance is the chance shown before the fight, in whole percent. */
async function expectWinChance(page: Page, result: BattleResult, shownText: string) {
  const f = rollFigures(result.probability, result.roll, result.status === 'won');
  await expect(page.getByTestId('win-chance')).toHaveText(`${f.chance}%`);
  expect(`${wholePercent(result.probability)}%`).toBe(shownText);
}

test('after fights that level a hero up, /battle only ever shows the chance the next fight states', async ({
  page,
  request,
  player,
}) => {
  storeNeeded();
  test.setTimeout(240_000); // up to a dozen fights, each with its odds simulated
  const [hero] = await heroesFor(request, player, 1);
  await setHeroXp(hero!.id, 99); // the first win levels it up
  await setHeroPower(hero!.id, 'strong'); // so a win comes within a few fights, though not every fight is won
  await recordShownOdds(page);
  await page.goto('/battle');
  await pickExactly(battleTeam(page), [hero!.id]);
  const bar = page.getByRole('region', { name: 'Team' });
  let levelled = false;
  let fightsSince = 0;
  for (let i = 0; i < 12 && fightsSince < 2; i++) {
    const before = await chanceIn(bar);
    const quick = page.waitForResponse(
      (r) => r.url().endsWith('/api/battles') && r.request().method() === 'POST',
    );
    await bar.getByRole('button', { name: 'Quick Battle' }).click();
    if (before.probability < 0.1) await bar.getByRole('button', { name: 'Fight anyway' }).click();
    const result = (await (await quick).json()) as BattleResult;
    // Every chance /battle showed since it opened is the one this fight stated, under the same key.
    const shown = (await shownOdds(page)).filter((e) => e.startsWith('/battle|'));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(shown.map(() => `/battle|${result.probability}|${result.odds_key}`));
    expect(before.probability).toBe(result.probability);
    await expect(page).toHaveURL(/\/combat\?/);
    await expectWinChance(page, result, before.text);
    if (levelled) fightsSince++;
    if (result.level_ups.some((l) => l.hero_id === hero!.id)) levelled = true;
    await shownOdds(page); // what shows from here on belongs to the next fight
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/battle$/);
  }
  expect(levelled, 'the hero levelled up').toBe(true);
  expect(fightsSince).toBe(2);
});

test("/combat's Fight Again shows the next encounter, its chance and pay, and fights only on Fight", async ({
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
  const bar = page.getByRole('region', { name: 'Team' });
  const opening = await chanceIn(bar);
  await bar.getByRole('button', { name: 'Quick Battle' }).click();
  if (opening.probability < 0.1) await bar.getByRole('button', { name: 'Fight anyway' }).click();
  await expect(page).toHaveURL(/\/combat\?/);
  await expect(page.locator('.combat__headline')).toHaveText(/^(VICTORY!|DEFEAT)$/);
  const first = new URL(page.url()).searchParams.get('battleId');
  const fights: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/battles')) fights.push(r.url());
  });

  await page.getByRole('button', { name: 'Fight Again' }).click();
  const next = page.getByTestId('next-fight');
  await expect(next).toBeVisible();
  const foes = next.getByRole('group', { name: 'Who you will face' }).locator('[data-hero-id]');
  await expect(foes).toHaveCount(2);
  for (const card of await foes.all()) await expect(card).toContainText(/Lv \d+/);
  const chance = await chanceIn(next);
  const pays = await paysIn(next);
  // The server's own numbers for this fight, read again: the same (reading changes nothing).
  const read = (await (
    await request.get(`/api/odds?user_id=${player.id}&kind=random&team=${heroes.map((h) => h.id).join(',')}`)
  ).json()) as OddsResponse;
  expect(chance.probability).toBe(read.probability);
  expect(chance.key).toBe(read.key);
  expect(pays).toEqual(read.win_rewards);
  const shownFoes = await foes.evaluateAll((els) => els.map((e) => e.getAttribute('data-hero-id')));
  expect(shownFoes).toEqual(read.enemies.map((e) => e.id));
  await expect(next.getByTestId('next-fight-where')).toContainText(read.location);
  expect(fights).toEqual([]);
  await viewShot(page, testInfo, 'combat-next-fight');

  // Not now: nothing fought.
  await next.getByRole('button', { name: 'Not now' }).click();
  await expect(next).toHaveCount(0);
  expect(fights).toEqual([]);

  // Fight Again, then Fight: exactly the fight shown.
  await page.getByRole('button', { name: 'Fight Again' }).click();
  const again = await chanceIn(next);
  expect(again.probability).toBe(chance.probability);
  const fought = page.waitForResponse(
    (r) => r.url().endsWith('/api/battles') && r.request().method() === 'POST',
  );
  await next.getByTestId('fight-confirm').click();
  const result = (await (await fought).json()) as BattleResult;
  expect(fights).toHaveLength(1);
  expect(result.probability).toBe(chance.probability);
  expect(result.odds_key).toBe(chance.key);
  await expect.poll(() => new URL(page.url()).searchParams.get('battleId')).not.toBe(first);
  await expectWinChance(page, result, chance.text);
  if (result.status === 'won') expect(result.rewards).toEqual(pays);
  await expect(page.getByTestId('next-fight')).toHaveCount(0);
});

test("/combat's Fight Again of a duel and of a dungeon floor shows its chance first, then fights it", async ({
  page,
  request,
  player,
}) => {
  storeNeeded();
  test.slow();
  const [hero] = await heroesFor(request, player, 1);
  await setHeroPower(hero!.id, 'mighty');
  // A duel from the arena's /combat address.
  const duel = (await (
    await request.post('/api/arena/battle', {
      data: { user_id: player.id, attacker_hero_id: hero!.id, opponent_id: 'npc_woods_poacher' },
    })
  ).json()) as BattleResult;
  await page.goto(
    `/combat?battleId=${duel.battle_id}&location=Arena&locationType=arena&attackerId=${hero!.id}&opponentId=npc_woods_poacher&returnTo=/arena`,
  );
  await page.getByRole('button', { name: 'Fight Again' }).click();
  const next = page.getByTestId('next-fight');
  await expect(next.locator('[data-hero-id="npc_woods_poacher"]')).toContainText('NPC:');
  const chance = await chanceIn(next);
  const pays = await paysIn(next);
  const arena = page.waitForResponse((r) => r.url().endsWith('/api/arena/battle'));
  await next.getByTestId('fight-confirm').click();
  const result = (await (await arena).json()) as BattleResult;
  expect(result.probability).toBe(chance.probability);
  expect(result.status).toBe('won');
  // The second win over the same NPC within a day: the shown pay already halved by the repeat-win rule.
  expect(result.rewards).toEqual(pays);
  await expect(next).toHaveCount(0);

  // A dungeon run entered from the list: Next floor shows floor 2 of the run, then fights it.
  await page.goto('/dungeons');
  const dialog = await openDungeonPicker(page, 'whispering_woods');
  await pickExactly(dialog, [hero!.id]);
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  await expect(page).toHaveURL(/\/combat\?/);
  await expect(page.locator('.combat__headline')).toHaveText('VICTORY!');
  await page.getByRole('button', { name: 'Next floor' }).click();
  await expect(next.getByTestId('next-fight-where')).toContainText('floor 2 of');
  const floor = await chanceIn(next);
  const floorPays = await paysIn(next);
  const fought = page.waitForResponse((r) => /\/api\/dungeon-runs\/[^/]+\/battle$/.test(r.url()));
  await next.getByTestId('fight-confirm').click();
  const floor2 = (await (await fought).json()) as BattleResult;
  expect(floor2.probability).toBe(floor.probability);
  expect(floor2.odds_key).toBe(floor.key);
  expect(floor2.rewards).toEqual(floorPays);
});

test('what a win pays is shown before every fight, and a won fight pays it', async ({
  page,
  request,
  player,
}, testInfo) => {
  storeNeeded();
  test.slow();
  const [hero] = await heroesFor(request, player, 1);
  await setHeroPower(hero!.id, 'mighty');

  // /battle: both ways to fight, each its own pay.
  await page.goto('/battle');
  await pickExactly(battleTeam(page), [hero!.id]);
  const encounter = page.getByTestId('encounter');
  const quickPays = await paysIn(encounter, 'quick');
  const steeredPays = await paysIn(encounter, 'turn_based');
  expect(steeredPays.gold).toBeGreaterThan(quickPays.gold);
  await viewShot(page, testInfo, 'battle-win-pays');
  const quick = page.waitForResponse(
    (r) => r.url().endsWith('/api/battles') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Quick Battle' }).click();
  const won = (await (await quick).json()) as BattleResult;
  expect(won.status).toBe('won');
  expect(won.rewards).toEqual(quickPays);

  // The arena: beside Fight!, with a new hero's provisional rating marked on its card.
  await page.goto('/arena');
  const mine = page.locator(`[data-hero-id="${hero!.id}"]`);
  await expect(mine.getByTestId('rating-chip').getByTestId('provisional')).toHaveText(/\?/);
  await mine.locator('.hero-card__action').click();
  await page.getByRole('tab', { name: 'NPCs' }).click();
  await page.locator('[data-hero-id="npc_crypt_ghoul"] .hero-card__action').click();
  const bar = page.getByRole('region', { name: 'Selected' });
  const duelPays = await paysIn(bar);
  await viewShot(page, testInfo, 'arena-win-pays');
  const arena = page.waitForResponse((r) => r.url().endsWith('/api/arena/battle'));
  await bar.getByRole('button', { name: 'Fight!' }).click();
  const duel = (await (await arena).json()) as BattleResult;
  expect(duel.rewards).toEqual(duelPays);
  // Its rating was provisional: the result says why it moved so far.
  await expect(page.getByTestId('provisional-note')).toContainText('provisional');
  await page.getByTestId('provisional-note').scrollIntoViewIfNeeded();
  await viewShot(page, testInfo, 'arena-provisional-note');

  // The dungeon picker: the first floor's pay as the team is picked.
  await page.goto('/dungeons');
  const dialog = await openDungeonPicker(page, 'forgotten_crypt');
  // The team /battle fought with is remembered: already picked.
  await expect(dialog.getByTestId('team-count')).toHaveText('1/4 selected');
  const floorPays = await paysIn(dialog);
  const floor = page.waitForResponse((r) => /\/api\/dungeon-runs\/[^/]+\/battle$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Confirm Team (1)' }).click();
  expect(((await (await floor).json()) as BattleResult).rewards).toEqual(floorPays);
});
