// Portraits: distinct per hero, well-formed, repeatable, small, and saying race, class, type and rarity
// in the markup itself. The drawing is in portrait.ts; the contact sheet (scripts/contact-sheet.ts) is the eye test.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { artDice } from './art-dice.ts';
import type { PortraitKey } from './paths.ts';
import { DRAWN_CLASSES, DRAWN_RACES, RARITY_COLOURS, renderPortrait } from './portrait.ts';
import { RACES as GAME_RACES } from '../data/races.ts';
import { CLASSES as GAME_CLASSES } from '../data/classes.ts';
import { checkSvg } from './svg-check.ts';
import { HERO_TYPES } from '../types.ts';

const RACES = DRAWN_RACES;
const CLASSES = DRAWN_CLASSES;
const TYPES = HERO_TYPES;

const sha = (s: string): string => createHash('sha1').update(s).digest('hex');
const featuresOf = (svg: string): string[] =>
  [...new Set([...svg.matchAll(/class="(feature-[a-z-]+|item-[a-z-]+)"/g)].map((m) => m[1]))].sort();

function variedKeys(count: number): PortraitKey[] {
  const d = artDice(20261121);
  return Array.from({ length: count }, () => ({
    raceId: d.pick([...RACES, 'halfling', 'tiefling', 'goblin', 'dragonborn', 'kobold']),
    classId: d.pick([...CLASSES, 'knight', 'sorcerer', 'assassin', 'alchemist']),
    type: d.pick(TYPES),
    rarity: d.int(1, 5),
    seed: d.int(0, 2 ** 31),
  }));
}

describe('renderPortrait', () => {
  const keys = variedKeys(1000);
  const svgs = keys.map(renderPortrait);

  it('draws 1,000 varied heroes as 1,000 different pictures', () => {
    expect(new Set(svgs.map(sha)).size).toBe(1000);
  });

  it('tells apart 1,000 heroes of the same race, class, type and rarity by seed alone', () => {
    const same = Array.from({ length: 1000 }, (_, i) =>
      renderPortrait({ raceId: 'human', classId: 'knight', type: 'Tank', rarity: 1, seed: i * 2654435761 }),
    );
    expect(new Set(same.map(sha)).size).toBe(1000);
  });

  it('emits well-formed SVG with every reference resolved', () => {
    for (const svg of svgs) {
      const report = checkSvg(svg);
      expect(report.problems).toEqual([]);
    }
  });

  it('is a pure function of the key', () => {
    for (const k of keys.slice(0, 50)) expect(renderPortrait({ ...k })).toBe(renderPortrait(k));
  });

  it('stays between 2 and 12 KB', () => {
    const sizes = svgs.map((s) => s.length);
    expect(Math.min(...sizes)).toBeGreaterThan(2_000);
    expect(Math.max(...sizes)).toBeLessThan(12_000);
  });

  it('prefixes its ids with the seed so many portraits can share one page', () => {
    const owner = new Map<string, number>();
    svgs.slice(0, 300).forEach((svg, i) => {
      const { ids } = checkSvg(svg);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        expect(id.startsWith(`p${(keys[i].seed >>> 0).toString(36)}`)).toBe(true);
        const before = owner.get(id);
        if (before !== undefined) expect(svgs[before]).toBe(svg);
        owner.set(id, i);
      }
    });
  });

  it('gives every race its own features, the same for every seed', () => {
    const signatures = RACES.map((raceId) => {
      const sigs = new Set<string>();
      for (let seed = 1; seed <= 12; seed++) {
        const svg = renderPortrait({ raceId, classId: 'sorcerer', type: 'Damage', rarity: 2, seed });
        expect(svg).toContain(`data-race="${raceId}"`);
        sigs.add(
          featuresOf(svg)
            .filter((f) => f.startsWith('feature-') && f !== 'feature-beard')
            .join(' '),
        );
      }
      return [...sigs];
    });
    const byRace = Object.fromEntries(RACES.map((r, i) => [r, signatures[i]]));
    expect(byRace.elf.every((s) => s.includes('feature-long-ears'))).toBe(true);
    expect(byRace.orc.every((s) => s.includes('feature-tusks'))).toBe(true);
    expect(byRace.dwarf.every((s) => s.includes('feature-braided-beard'))).toBe(true);
    expect(byRace.dragonborn.every((s) => s.includes('feature-horns') && s.includes('feature-scales'))).toBe(
      true,
    );
    expect(byRace.tiefling.every((s) => s.includes('feature-horns') && s.includes('feature-fangs'))).toBe(
      true,
    );
    expect(byRace.goblin.every((s) => s.includes('feature-wide-ears'))).toBe(true);
    // No two races share a signature.
    for (let a = 0; a < RACES.length; a++)
      for (let b = a + 1; b < RACES.length; b++)
        expect(
          signatures[a].some((s) => signatures[b].includes(s)),
          `${RACES[a]} vs ${RACES[b]}`,
        ).toBe(false);
  });

  it('gives every class its own held items', () => {
    const itemSets = CLASSES.map((classId) => {
      const svg = renderPortrait({ raceId: 'human', classId, type: 'Tank', rarity: 3, seed: 7 });
      expect(svg).toContain(`data-class="${classId}"`);
      const items = featuresOf(svg).filter((f) => f.startsWith('item-'));
      expect(items.length, classId).toBeGreaterThan(0);
      return items.join(' ');
    });
    expect(new Set(itemSets).size).toBe(CLASSES.length);
  });

  it('draws unknown races and classes with a generic look instead of failing', () => {
    const svg = renderPortrait({
      raceId: 'kobold',
      classId: 'alchemist',
      type: 'Wizardly',
      rarity: 9,
      seed: -5,
    });
    expect(checkSvg(svg).problems).toEqual([]);
    expect(svg).toContain('data-race="generic"');
    expect(svg).toContain('data-class="generic"');
    expect(svg).toContain('rarity-5');
  });

  it('has a look for every race and class of the game, and for nothing else', () => {
    expect([...DRAWN_RACES].sort()).toEqual(Object.keys(GAME_RACES).sort());
    expect([...DRAWN_CLASSES].sort()).toEqual(Object.keys(GAME_CLASSES).sort());
    for (const raceId of Object.keys(GAME_RACES))
      expect(renderPortrait({ raceId, classId: 'knight', type: 'Tank', rarity: 1, seed: 1 })).toContain(
        `data-race="${raceId}"`,
      );
    expect(
      renderPortrait({ raceId: 'goblin', classId: 'assassin', type: 'Damage', rarity: 1, seed: 1 }),
    ).toContain('feature-mask');
  });

  it('shows the type emblem and the rarity in colour and stars, shimmering only at 5★', () => {
    for (let rarity = 1; rarity <= 5; rarity++) {
      const svg = renderPortrait({
        raceId: 'elf',
        classId: 'bard',
        type: TYPES[rarity % 3],
        rarity,
        seed: 99,
      });
      expect(svg).toContain(`rarity-${rarity}`);
      expect(svg).toContain(RARITY_COLOURS[rarity]);
      expect(svg).toContain(`type-${TYPES[rarity % 3].toLowerCase()}`);
      expect(svg.match(/class="star"/g)?.length).toBe(rarity);
      expect(svg.includes('@keyframes')).toBe(rarity === 5);
    }
    const gold = renderPortrait({ raceId: 'elf', classId: 'bard', type: 'Support', rarity: 5, seed: 99 });
    expect(gold).toMatch(/@media \(prefers-reduced-motion: reduce\)\{[^}]*animation:none/);
  });
});
