// What the browser tests of live play share: a page in a context of its own (a second player, a spectator), and
// playback at once, so that a test waits on the match and not on animations.
import type { Browser, Page, TestInfo } from '@playwright/test';

/** A page in a context of its own, as the project's (phone or desktop) pages are. */
export async function openContext(
  browser: Browser,
  testInfo: TestInfo,
  baseURL: string | undefined,
): Promise<Page> {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    userAgent: use.userAgent,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** Turns play back at once: the test waits on the match, not on animations. */
export async function instantPlayback(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('runeborn_battle_speed', 'instant'));
}
