// Nothing tells a battle's result before its playback does: under Auto the server answers the whole rest
// of a turn-based battle at once, and its playback then runs for seconds. All that time the head's turn counter
// stands at the turn being shown (the newest line of the log), never at the battle's last turn, and the Auto switch
// does not say the battle is over ahead of the result. The replay page's title and link preview: replays.spec.ts.
import { test, expect } from './fixtures.ts';
import { fightFromBattlePage, heroesFor } from './fight-steps.ts';

test('under Auto the turn counter follows the playback, never the battle’s last turn', async ({
  page,
  request,
  player,
}) => {
  test.setTimeout(120_000);
  const team = await heroesFor(request, player, 4);
  await page.addInitScript(() => window.localStorage.setItem('runeborn_battle_speed', '2x'));
  await fightFromBattlePage(page, team);
  await expect(page.locator('[data-option-id]').first()).toBeVisible();
  await page.getByTestId('auto-switch').click();

  // Every frame until the result shows: while the playback runs, the head's turn is the newest log line's, and
  // the Auto switch does not tell the end. Answers the first thing seen out of place, or 'result' at the end.
  const seen = await page.waitForFunction(
    () => {
      if (document.querySelector('[data-testid="battle-result"]')) return 'result';
      const view = document.querySelector('.battle-view');
      if (view?.getAttribute('data-playing') !== 'true') return false;
      const head = document.querySelector('.battle-view__where .tabular')?.textContent ?? '';
      const lines = document.querySelectorAll('[data-testid="battle-log"] .battle-log__turn');
      const newest = lines[lines.length - 1]?.textContent ?? '';
      if (newest && head !== `Turn ${newest.slice(1)}`)
        return `the head says ${head}, the log is at ${newest}`;
      const auto = document.querySelector('[data-testid="auto-switch"]');
      if (auto?.getAttribute('title') === 'The battle is over')
        return 'the Auto switch said the battle is over';
      return false;
    },
    undefined,
    { polling: 'raf', timeout: 90_000 },
  );
  expect(await seen.jsonValue()).toBe('result');
  // The result shown, the head at the battle's last turn.
  const last = await page.locator('[data-testid="battle-log"] .battle-log__turn').last().textContent();
  await expect(page.locator('.battle-view__where .tabular')).toHaveText(`Turn ${last!.slice(1)}`);
});
