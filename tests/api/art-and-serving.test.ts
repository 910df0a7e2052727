// Generated art served as cacheable SVG (every hero's portrait and icons, every dungeon's scene), the web app
// with its client-route fallback, health and the API docs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, newPlayer, startHarness, summonHero, type Harness } from './helpers.ts';

describe.each(DATABASES)('art and serving on %s', (kind) => {
  let h: Harness;
  const web = mkdtempSync(join(tmpdir(), 'runeborn-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Runeborn</title><div id="root"></div>');
  writeFileSync(join(web, 'app.js'), 'console.log(1)');
  // A built asset big enough to be worth compressing, and its copies made by the build's own script.
  const bundle = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `rune ${i % 40}`))};`;
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets', 'index-C0ffee12.js'), bundle);
  beforeAll(async () => {
    const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/compress-dist.ts', web], {
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
    expect(existsSync(join(web, 'assets', 'index-C0ffee12.js.br'))).toBe(true);
    h = await startHarness(kind, { webRoot: web });
  });
  afterAll(async () => h?.close());

  const svg = async (url: string) => {
    const r = await h.app.inject({ method: 'GET', url });
    expect(r.statusCode, url).toBe(200);
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.body.startsWith('<svg')).toBe(true);
    return r.body;
  };

  it('serves a replay’s page with a title and Open Graph tags naming the fight, never its result', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const fight = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: [a.id],
      mode: 'auto',
    });
    const page = await h.app.inject({ method: 'GET', url: `/replay/${fight.body.battle_id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toMatch(/<title>Replay: .+ vs .+ at [^<]+ · Runeborn<\/title>/);
    expect(page.body).toMatch(/<meta property="og:title" content="Replay: [^"<>]+">/);
    expect(page.body).toMatch(
      /<meta property="og:description" content="[^"<>]+ \d+ turns?\. Watch how it ends on Runeborn\.">/,
    );
    // Nothing in the head tells how it ended (the tab shows this title before the page's script runs; a shared
    // link is sent to be watched): nothing tells a result before its playback does.
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).not.toMatch(/\b(victory|defeat|draw)\b/i);
    expect(page.body).toContain(`/replay/${fight.body.battle_id}">`);
    expect(page.body).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/api\/art\/portraits\//);
    // An id that names no fight: the plain shell (the page says Battle Not Found).
    // So does one longer than any id, or one whose bytes are not UTF-8, which the router itself refuses: still the
    // page, with a page's headers.
    for (const url of [
      '/replay/b_0000',
      '/replay/%00%3Cscript%3E',
      `/replay/${'a'.repeat(5000)}`,
      '/replay/%ED%A0%80',
    ]) {
      const plain = await h.app.inject({ method: 'GET', url });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-type'], url).toContain('text/html');
      expect(plain.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(plain.body).toContain('<title>Runeborn</title>');
    }
    // An API address the router refuses is a 400 that says why.
    for (const [url, why] of [
      [`/api/heroes/${'a'.repeat(5000)}`, 'longer than any id'],
      ['/api/heroes/%ED%A0%80', 'not UTF-8'],
    ]) {
      const refused = await h.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error, url).toContain(why);
    }
  });

  it('serves every art URL a hero and an NPC carry, the same every time', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const npcs = (await h.call('GET', '/api/npcs')).body.dungeons.flatMap((d: { npcs: unknown[] }) => d.npcs);
    for (const x of [hero, ...npcs.slice(0, 10)]) {
      const first = await svg(x.portrait_url);
      expect(await svg(x.portrait_url)).toBe(first);
      await svg(x.boon_icon);
      await svg(x.bane_icon);
      for (const a of x.abilities) await svg(a.icon);
    }
  });

  it('serves every dungeon scene and the small icon families', async () => {
    for (const d of (await h.call('GET', '/api/dungeons')).body) await svg(d.image_url);
    for (const url of [
      '/api/art/scenes/arena.svg',
      '/api/art/icons/currency/gold.svg',
      '/api/art/icons/type/tank.svg',
      '/api/art/icons/status/burn.svg',
    ])
      await svg(url);
  });

  it('refuses unknown art with JSON errors', async () => {
    expect((await h.call('GET', '/api/art/icons/ability/no_such_thing.svg')).status).toBe(404);
    expect((await h.call('GET', '/api/art/icons/weapon/sword.svg')).status).toBe(400);
    expect((await h.call('GET', '/api/art/portraits/elf/mage/tank/9/1.svg')).status).toBe(400);
    expect((await h.call('GET', '/api/art/scenes/nowhere.svg')).status).toBe(400);
  });

  it('serves the web app, with client routes falling back to index.html', async () => {
    for (const url of ['/', '/heroes', '/battle/b_123', '/dungeons/forgotten_crypt']) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toContain('<div id="root">');
    }
    const js = await h.app.inject({ method: 'GET', url: '/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
  });

  it('sends built assets precompressed and cacheable for good, the page checked on every visit', async () => {
    const url = '/assets/index-C0ffee12.js';
    const plain = await h.app.inject({ method: 'GET', url });
    expect(plain.body).toBe(bundle);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await h.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    const gz = await h.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);
    for (const page of ['/', '/heroes'])
      expect((await h.app.inject({ method: 'GET', url: page })).headers['cache-control'], page).toBe(
        'no-cache',
      );
  });

  it('reports health and serves the OpenAPI docs', async () => {
    expect(await h.call('GET', '/api/health')).toMatchObject({
      status: 200,
      body: { ok: true, database: kind },
    });
    const docs = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    for (const p of [
      '/api/users',
      '/api/characters/generate',
      '/api/shop/purchase',
      '/api/arena/battle',
      '/api/dungeon-runs/{runId}/battle',
    ])
      expect(paths).toContain(p);
    expect((await h.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('without a built web app', () => {
  it('says how to build it', async () => {
    const h = await startHarness('sqlite', { webRoot: join(tmpdir(), 'runeborn-no-such-dir') });
    const r = await h.app.inject({ method: 'GET', url: '/heroes' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('npm run build');
    await h.close();
  });
});
