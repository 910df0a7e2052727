// Location art: every theme draws a self-contained wide SVG; unknown themes fall back to the forest;
// dungeon names find their theme. Code in scene.ts.

import { describe, expect, it } from 'vitest';
import { renderScene, SCENE_THEMES, sceneThemeFor } from './scene.ts';
import { checkSvg } from './svg-check.ts';

describe('renderScene', () => {
  it.each(SCENE_THEMES)('draws %s as a self-contained 1200×600 SVG', (theme) => {
    const svg = renderScene(theme);
    expect(svg).toContain('viewBox="0 0 1200 600"');
    expect(svg).toContain(`data-theme="${theme}"`);
    expect(checkSvg(svg).problems).toEqual([]);
    expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|<image|<script/);
    expect(svg.length).toBeGreaterThan(3_000);
    expect(svg.length).toBeLessThan(60_000);
    expect(renderScene(theme)).toBe(svg);
  });

  it('gives each theme its own picture', () => {
    expect(new Set(SCENE_THEMES.map(renderScene)).size).toBe(SCENE_THEMES.length);
  });

  it('falls back to the forest for an unknown theme and honours aliases', () => {
    expect(renderScene('nowhere')).toBe(renderScene('forest'));
    expect(renderScene('')).toBe(renderScene('forest'));
    expect(renderScene('sanctum')).toBe(renderScene('void'));
    expect(renderScene('CRYPT')).toBe(renderScene('crypt'));
  });

  it('marks the three places on the map', () => {
    const map = renderScene('map');
    for (const place of ['arena', 'shop', 'dungeons']) expect(map).toContain(`data-place="${place}"`);
  });

  it('finds a dungeon’s theme from its name, and the combat background from the location type', () => {
    expect(sceneThemeFor('The Forgotten Crypt', 'dungeon')).toBe('crypt');
    expect(sceneThemeFor('Iron Fortress', 'dungeon')).toBe('fortress');
    expect(sceneThemeFor('Void Sanctum', 'dungeon')).toBe('void');
    expect(sceneThemeFor('Sanctum of Stars', 'dungeon')).toBe('void');
    expect(sceneThemeFor('Grand Arena', 'arena')).toBe('arena');
    expect(sceneThemeFor('Unknown', 'random')).toBe('forest');
  });
});
