// The campaign's eighteen chapters in the browser: a player far up the climb (17-5 next) sees the chapter they are
// in, its tab pressed and in view — on a phone the tabs are one row that scrolls sideways (three rows of tabs pushed
// the stage below the fold), on a desktop they wrap. Screens: the chapters on each.
import { test, expect, shot, createHero } from './fixtures.ts';
import { setCleared } from './store-setup.ts';

test('a player deep in the campaign sees their chapter’s tab pressed and in view', async ({
  page,
  request,
  player,
}, testInfo) => {
  await createHero(request, player);
  await setCleared(player.id, 132);
  await page.goto('/campaign');
  await expect(page.getByTestId('stage').getByRole('heading', { name: /^17-5 · / })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Chapters' });
  const tabs = nav.getByRole('button');
  await expect(tabs).toHaveCount(18);
  const pressed = nav.locator('[aria-pressed="true"]');
  await expect(pressed).toHaveText('17');
  // the pressed tab lies wholly inside the row's visible box
  await expect
    .poll(async () => {
      const [n, t] = [await nav.boundingBox(), await pressed.boundingBox()];
      return !!n && !!t && t.x >= n.x - 1 && t.x + t.width <= n.x + n.width + 1;
    })
    .toBe(true);
  const tops = await tabs.evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLElement).offsetTop))]);
  if (testInfo.project.name === 'phone') expect(tops).toHaveLength(1);
  else expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await shot(page, testInfo, 'campaign-chapters');
});
