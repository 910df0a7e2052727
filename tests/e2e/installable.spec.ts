// Installable on a phone: the web app manifest and its icons (made from the sigil, one maskable), a service worker
// that Chromium finds installable (its own installability check, over the DevTools protocol), that keeps the app
// shell and art for later, never answers an API request, and shows the offline page when there is no network.
// The offline page passes axe. Screenshots: test-results/screens/<project>-offline.png.
import { chromium, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEBIAN_CHROMIUM } from './debian-chromium.ts';
import { test, expect, shot, createUser, createHero, signIn } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Loads the app until its service worker controls the page (the first visit installs it; the next is served). */
async function controlled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the manifest names the game and its icons, made from the sigil, one of them maskable', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href!);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Runeborn',
    short_name: 'Runeborn',
    start_url: '/',
    display: 'standalone',
    background_color: '#0f1117',
    theme_color: '#0f1117',
  });
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type']).toBe('image/png');
    const [w, h] = pngSize(await file.body());
    expect(`${w}x${h}`).toBe(icon.sizes);
  }
  const sizes = manifest.icons.filter((i) => i.purpose !== 'maskable').map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await request.get(apple!)).ok()).toBe(true);
  // The worker itself is checked for a new version on every visit, never kept by a cache.
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

// Chromium never offers to install from an incognito profile, which every test's context is: this one runs in a
// profile on disk, as a player's browser would.
test('Chromium finds the app installable, with no errors', async ({ baseURL }, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'runeborn-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...DEBIAN_CHROMIUM,
    ...testInfo.project.use,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await controlled(page, '/');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
      data: string;
    };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    expect(JSON.parse(data)).toMatchObject({ name: 'Runeborn' });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the worker keeps the app shell and art, never an API answer, and shows the offline page without a network', async ({
  page,
  context,
  request,
}, testInfo) => {
  const user = await createUser(request);
  const hero = await createHero(request, user);
  await signIn(page, user);
  await controlled(page, `/heroes/${hero.id}`);
  await expect(page.getByRole('heading', { name: hero.name })).toBeVisible();

  // Online: the page's API answers come from the server, even with a worker in charge; art is kept.
  const answer = page.waitForResponse((r) => r.url().includes(`/api/users/${user.id}`));
  await page.reload();
  expect((await answer).fromServiceWorker()).toBe(false);
  await expect(page.getByRole('heading', { name: hero.name })).toBeVisible();
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
    return urls.map((u) => new URL(u).pathname);
  });
  expect(kept).toContain('/offline.html');
  expect(kept.some((p) => /^\/assets\/index-.*\.js$/.test(p))).toBe(true);
  expect(kept.some((p) => p.startsWith('/api/art/'))).toBe(true);
  expect(kept.filter((p) => p.startsWith('/api/') && !p.startsWith('/api/art/'))).toEqual([]);

  // Offline: an API request fails (never a stored answer), and any page shows the offline page.
  await context.setOffline(true);
  const apiWhileOffline = await page.evaluate(async (id) => {
    try {
      const res = await fetch(`/api/users/${id}`);
      return `answered ${res.status}`;
    } catch {
      return 'failed';
    }
  }, user.id);
  expect(apiWhileOffline).toBe('failed');
  for (const path of ['/heroes', '/fairness', `/heroes/${hero.id}`]) {
    const tab = await context.newPage();
    await tab.goto(path);
    await expect(tab).toHaveURL(new RegExp(`${path}$`));
    await expect(tab.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(tab.getByRole('link', { name: 'Try again' })).toBeVisible();
    if (path === '/heroes') {
      await shot(tab, testInfo, 'offline');
      const { violations } = await new AxeBuilder({ page: tab }).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    }
    await tab.close();
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();

  // The network returns: the page the player wanted comes back by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: hero.name })).toBeVisible();
});
