// Icons: known glyphs are drawn from the game-icons set, our ids map to glyphs, anything else gets the
// fallback rune, and the tile colour says what kind of thing it is. Code in icon.ts.

import { icons } from '@iconify-json/game-icons';
import { describe, expect, it } from 'vitest';
import { ABILITY_TINTS, ART_CREDITS, GLYPH_FOR_ID, hasGlyph, renderIcon, resolveGlyph } from './icon.ts';
import type { IconKind } from './paths.ts';
import { checkSvg } from './svg-check.ts';

const pathOf = (name: string): string => /\sd="([^"]+)"/.exec(icons.icons[name].body)![1];

describe('renderIcon', () => {
  it('knows which glyphs exist', () => {
    expect(hasGlyph('broadsword')).toBe(true);
    expect(hasGlyph('fireball')).toBe(true);
    expect(hasGlyph('no-such-glyph-anywhere')).toBe(false);
    expect(hasGlyph('')).toBe(false);
  });

  it('draws a known glyph’s own path on the tile', () => {
    for (const name of ['broadsword', 'fireball', 'round-potion', 'two-coins']) {
      const svg = renderIcon('ability', name);
      expect(svg).toContain(pathOf(name));
      expect(svg).toContain(`data-glyph="${name}"`);
      expect(checkSvg(svg).problems).toEqual([]);
    }
  });

  it('draws the neutral rune for an unknown glyph and never throws', () => {
    for (const bad of ['no-such-glyph', '', '<script>', undefined as unknown as string]) {
      const svg = renderIcon('status', bad);
      expect(svg).toContain('glyph-fallback');
      expect(checkSvg(svg).problems).toEqual([]);
    }
  });

  it('maps our own ids to glyphs, preferring the game meaning over a same-named icon', () => {
    for (const glyph of Object.values(GLYPH_FOR_ID)) expect(hasGlyph(glyph), glyph).toBe(true);
    expect(resolveGlyph('tank')).toBe('shield');
    expect(resolveGlyph('magic_essence')).toBe('magic-swirl');
    expect(renderIcon('status', 'burn')).toContain(pathOf('fire'));
  });

  it('colours the tile by kind, ability type, tone or an explicit tint', () => {
    const kinds: IconKind[] = ['ability', 'trait', 'status', 'item', 'currency', 'race', 'class', 'type'];
    const tiles = kinds.map((k) => /<rect[^>]*fill="([^"]+)"/.exec(renderIcon(k, 'broadsword'))![1]);
    expect(new Set(tiles.slice(0, 7)).size).toBe(7);
    expect(renderIcon('ability', 'fireball', { abilityType: 'offensive' })).toContain(
      ABILITY_TINTS.offensive,
    );
    expect(renderIcon('ability', 'fireball', { tint: '#123456' })).toContain('#123456');
    expect(renderIcon('ability', 'fireball', { tint: 'red;"><script>' })).not.toContain('<script>');
    expect(renderIcon('trait', 'skull-crack', { tone: 'bane' })).not.toBe(
      renderIcon('trait', 'skull-crack', { tone: 'boon' }),
    );
  });

  it('credits the icon authors', () => {
    for (const part of ['Lorc', 'Delapouite', 'game-icons.net', 'CC BY 3.0'])
      expect(ART_CREDITS).toContain(part);
  });
});
