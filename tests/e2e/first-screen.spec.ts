// A screen opened by its address: the page the server sends names that screen's own scripts and styles
// (src/server/http/page-shell.ts), and the browser fetches each of them once — the preloads are the very requests the
// screen then uses (a mismatch, say of crossorigin, would fetch them twice).
import { test, expect } from './fixtures.ts';

test('a screen opened by its address fetches its own chunk beside the entry, each file once', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/herocard')).text();
  const named = [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  expect(named.some((href) => /\/assets\/herocard-[\w-]+\.js$/.test(href!))).toBe(true);
  expect(named.some((href) => /\/assets\/hero-card-[\w-]+\.css$/.test(href!))).toBe(true);

  const fetched: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/assets/')) fetched.push(url.pathname);
  });
  await page.goto('/herocard');
  await expect(page.getByRole('heading', { name: 'Hero Cards' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const href of named) expect(fetched, href).toContain(href);
  expect(fetched.filter((f, i) => fetched.indexOf(f) !== i)).toEqual([]);
});
