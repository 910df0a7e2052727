// The page the server sends for an address names the scripts and styles of the screen that address opens.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPageShell } from './page-shell.ts';

const dir = mkdtempSync(join(tmpdir(), 'runeborn-shell-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PAGE =
  '<!doctype html><html><head><title>Runeborn</title>' +
  '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-r.js"></head><body><div id="root"></div></body></html>';

function shellWith(preloads: Record<string, string[]> | null) {
  const root = mkdtempSync(join(dir, 'dist-'));
  writeFileSync(join(root, 'index.html'), PAGE);
  if (preloads) writeFileSync(join(root, 'page-preloads.json'), JSON.stringify(preloads));
  return readPageShell(root);
}

describe('the page for an address', () => {
  const shell = shellWith({
    herocard: [
      '/assets/herocard-h.js',
      '/assets/herocard-h.css',
      '/assets/runtime-r.js',
      '/assets/card-c.js',
    ],
    'heroes/:heroId': ['/assets/hero-detail-d.js'],
    heroes: ['/assets/heroes-l.js'],
    'arena/:duel': ['/assets/duel-x.js'],
    'arena/leaderboard': ['/assets/leaderboard-b.js'],
  });

  it('names the screen’s scripts (modulepreload) and styles (preload), none the page names already', () => {
    const html = shell.forPath('/herocard');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/herocard-h.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/card-c.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/herocard-h.css">');
    expect(html.split('/assets/runtime-r.js').length).toBe(2); // once, as built
    expect(html).toContain('<div id="root"></div>');
  });

  it('matches a route’s parameters, its literal words before a parameter, and nothing more or less', () => {
    expect(shell.forPath('/heroes/h_123')).toContain('hero-detail-d.js');
    expect(shell.forPath('/heroes/h_123')).not.toContain('heroes-l.js');
    expect(shell.forPath('/heroes')).toContain('heroes-l.js');
    expect(shell.forPath('/heroes/')).toContain('heroes-l.js');
    expect(shell.forPath('/arena/leaderboard')).toContain('leaderboard-b.js');
    expect(shell.forPath('/arena/d_1')).toContain('duel-x.js');
    expect(shell.forPath('/heroes/h_1/more')).toBe(PAGE);
    expect(shell.forPath('/no/such/page')).toBe(PAGE);
    expect(shell.plain).toBe(PAGE);
  });

  it('without the build’s list, every address gets the page as built', () => {
    expect(shellWith(null).forPath('/herocard')).toBe(PAGE);
  });
});
