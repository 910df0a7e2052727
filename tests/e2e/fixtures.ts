// Shared helpers for the browser tests: fresh players and heroes made through the real
// API, signing in by the stored session (runeborn_user), a virtual passkey authenticator, and screenshots of every
// screen saved to test-results/screens/<project>-<screen>.png.
import {
  test as base,
  expect,
  type APIRequestContext,
  type CDPSession,
  type Page,
  type TestInfo,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Hero, Summons, User } from '../../src/api/index.ts';

export { expect };

/**
 * Holds every request to `url` until the returned `release()` (then lets them through, and any later ones at once):
 * a busy state is looked at for as long as the test needs, never for a guessed time.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A username no other test uses: letters, digits and underscore, at most 20 characters. */
export function uniqueName(prefix = 'p'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`.slice(0, 20);
}

/** The answer's JSON, or a failure that names the call, its status and its body (so a failing arrangement says why). */
export async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function createUser(request: APIRequestContext, username = uniqueName()): Promise<User> {
  return ok<User>(await request.post('/api/users', { data: { username } }));
}

export async function getUser(request: APIRequestContext, userId: string): Promise<User> {
  return ok<User>(await request.get(`/api/users/${userId}`));
}

/** One generation (one scroll), keeping the first candidate — what /create does. */
export async function createHero(request: APIRequestContext, user: Pick<User, 'id'>): Promise<Hero> {
  const generation_id = randomUUID();
  const candidate = await ok<Hero>(
    await request.post('/api/characters/generate', { data: { user_id: user.id, generation_id } }),
  );
  return ok<Hero>(
    await request.post('/api/heroes', { data: { user_id: user.id, character_data: candidate } }),
  );
}

/**
 * Spends scrolls on generations until none are left — each paying for a new pair in place of the one waiting, as
 * Regenerate does — keeping a hero of the last so no pair is left waiting.
 */
export async function spendAllScrolls(request: APIRequestContext, user: Pick<User, 'id'>): Promise<void> {
  let last: Summons | null = null;
  for (
    let u = await getUser(request, user.id);
    u.summoning_scrolls > 0;
    u = await getUser(request, user.id)
  ) {
    last = await ok<Summons>(
      await request.post('/api/characters/generate', {
        data: { user_id: user.id, ...(last ? { replaces: last.generation_id } : {}) },
      }),
    );
  }
  if (last) await ok(await request.post('/api/heroes', { data: { user_id: user.id, character_data: last } }));
}

/** Stores the session before any page script runs, as the landing page would after Continue. */
export async function signIn(page: Page, user: User): Promise<void> {
  await page.addInitScript((stored) => {
    if (!window.sessionStorage.getItem('e2e_signed_in')) {
      window.localStorage.setItem('runeborn_user', stored);
      window.sessionStorage.setItem('e2e_signed_in', '1');
    }
  }, JSON.stringify(user));
}

/** On /heroes/{heroId}: Delete Hero, then Delete in the 'Delete Hero?' dialog. */
export async function confirmDeleteHero(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Delete Hero' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Hero?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
}

/** Reroll Abilities, confirmed in its dialog (it asks first and states its cost). */
export async function confirmReroll(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Reroll Abilities' }).click();
  await page
    .getByRole('dialog', { name: 'Reroll Abilities?' })
    .getByRole('button', { name: /^Reroll for \d+ essence$/ })
    .click();
}

/** A page's virtual authenticator (Chromium's CDP WebAuthn.*): its session, to read its passkeys back, and its id. */
export interface Authenticator {
  cdp: CDPSession;
  id: string;
}

/** A platform authenticator that says yes at once (user present and verified), as a phone's screen lock would. */
export async function virtualAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/** Full-page screenshot of a settled screen: test-results/screens/<project>-<screen>.png. */
/** Just what the player sees now (the viewport): quick, for a moment that fades (a toast). */
export async function glance(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-${screen}.png` });
}

export async function shot(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.screenshot({
    path: `test-results/screens/${testInfo.project.name}-${screen}.png`,
    fullPage: true,
  });
}

/**
 * axe's serious and critical findings on the page as it stands, each naming `screen` (as a11y-every-screen.spec.ts
 * counts them, with label-content-name-mismatch on: a control's name holds its visible text).
 */
export async function axeFindings(page: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface Fixtures {
  /** A fresh player with the starting balances, already signed in on `page`. */
  player: User;
  /**
   * Answer 'Fight anyway' whenever a fight under 10% asks (components/win-chance.tsx), as a player set on
   * fighting would: tests about something else then fight whatever the odds. odds-before-fight.spec.ts turns it off.
   */
  fightLongShots: boolean;
}

export const test = base.extend<Fixtures>({
  fightLongShots: [true, { option: true }],
  page: async ({ page, fightLongShots }, use) => {
    if (fightLongShots)
      // The prompt may be answered meanwhile by the test itself (battle.spec.ts does): then the button is gone,
      // and a click without a bound waits for it until the test ends (seen in CI), so it gives up quietly.
      await page.addLocatorHandler(page.getByTestId('long-shot'), (prompt) =>
        prompt
          .getByRole('button', { name: 'Fight anyway' })
          .click({ timeout: 2_000 })
          .catch(() => undefined),
      );
    await use(page);
  },
  player: async ({ page, request }, use) => {
    const user = await createUser(request);
    await signIn(page, user);
    await use(user);
  },
});
