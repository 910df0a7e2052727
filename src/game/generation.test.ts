// Hero generation: 1,000 heroes, every field valid, names ≥95% unique, rarity odds as documented,
// descriptions that name race, class, boon and bane; rerolls change the abilities and nothing else.

import { describe, expect, it } from 'vitest';
import { generateHero, rerollAbilities, RARITY_ODDS } from './generation.ts';
import { ABILITIES, BANES, BOONS, findClass, findRace } from './content.ts';
import { portraitPath, iconPath } from './art/paths.ts';
import type { Hero } from './types.ts';
import { HERO_TYPES } from './types.ts';

function expectValid(h: Hero) {
  expect(h.id).toBeTruthy();
  expect(h.name).toMatch(/^\S+ .+/);
  const race = findRace(h.race)!;
  const cls = findClass(h.class)!;
  expect(race).toBeDefined();
  expect(cls).toBeDefined();
  expect(h.race_description).toBe(race.description);
  expect(h.class_description).toBe(cls.description);
  expect(HERO_TYPES).toContain(h.type);
  expect(h.rarity).toBeGreaterThanOrEqual(1);
  expect(h.rarity).toBeLessThanOrEqual(5);
  expect(h.level).toBeGreaterThanOrEqual(1);
  expect(h.level).toBeLessThanOrEqual(10);
  expect(h.xp).toBe(0);
  expect(h.hp).toBe(h.max_hp);
  for (const s of [h.max_hp, h.atk, h.def, h.spd]) expect(Number.isInteger(s) && s > 0).toBe(true);
  expect(h.portrait_url).toBe(
    portraitPath({ raceId: race.id, classId: cls.id, type: h.type, rarity: h.rarity, seed: h.seed }),
  );
  expect(BOONS[h.boon.id]).toBeDefined();
  expect(BANES[h.bane.id]).toBeDefined();
  expect(h.boon_icon).toBe(iconPath('trait', h.boon.id));
  expect(h.bane_icon).toBe(iconPath('trait', h.bane.id));
  expect(h.abilities).toHaveLength(3);
  expect(h.abilities.filter((a) => a.type === 'ultimate')).toHaveLength(1);
  expect(new Set(h.abilities.map((a) => a.id)).size).toBe(3);
  for (const a of h.abilities) {
    expect(ABILITIES[a.id]).toBeDefined();
    expect([...cls.abilities, ...cls.ultimates]).toContain(a.id);
    expect(a.icon).toBe(iconPath('ability', a.id));
    expect(a.description.length).toBeGreaterThan(10);
  }
  const sentences = h.description.split(/(?<=[.!])\s+/).filter(Boolean);
  expect(sentences.length).toBeGreaterThanOrEqual(2);
  expect(sentences.length).toBeLessThanOrEqual(4);
  for (const word of [race.name, cls.name, h.boon.name, h.bane.name]) expect(h.description).toContain(word);
}

describe('generateHero', () => {
  it('1,000 heroes are all valid, with at least 95% unique names', () => {
    const heroes = Array.from({ length: 1000 }, (_, i) =>
      generateHero(i * 104_729 + 17, { id: `h${i}`, userId: 'u' }),
    );
    heroes.forEach(expectValid);
    expect(new Set(heroes.map((h) => h.name)).size).toBeGreaterThanOrEqual(950);
  });

  it('is a pure function of its seed', () => {
    expect(generateHero(99, { id: 'a', userId: null })).toEqual(generateHero(99, { id: 'a', userId: null }));
  });

  it('rolls rarity as documented: 5★ about 1-2%', () => {
    const counts = [0, 0, 0, 0, 0];
    const N = 20_000;
    for (let i = 0; i < N; i++) counts[generateHero(i, { id: 'x', userId: null }).rarity - 1]++;
    RARITY_ODDS.forEach((p, r) => expect(Math.abs(counts[r] / N - p)).toBeLessThan(0.015));
    expect(counts[4] / N).toBeGreaterThan(0.008);
    expect(counts[4] / N).toBeLessThan(0.025);
  });

  it('scales stats with rarity and level', () => {
    const low = generateHero(5, { id: 'x', userId: null, rarity: 1, level: 1 });
    const rare = generateHero(5, { id: 'x', userId: null, rarity: 5, level: 1 });
    const high = generateHero(5, { id: 'x', userId: null, rarity: 1, level: 10 });
    expect(rare.max_hp).toBeGreaterThan(low.max_hp);
    expect(rare.atk).toBeGreaterThan(low.atk);
    expect(high.max_hp).toBeGreaterThan(low.max_hp);
    expect(high.def).toBeGreaterThan(low.def);
  });

  it('makes NPCs from the same generator with the id given', () => {
    const npc = generateHero(3, { id: 'npc_crypt_1', userId: null, level: 6 });
    expectValid(npc);
    expect(npc.id).toBe('npc_crypt_1');
    expect(npc.level).toBe(6);
    expect(npc.user_id).toBeNull();
  });
});

describe('rerollAbilities', () => {
  it('replaces the three abilities with a different valid set and changes nothing else', () => {
    for (let i = 0; i < 50; i++) {
      const h = generateHero(i * 31 + 2, { id: `h${i}`, userId: 'u', level: 4 });
      const r = rerollAbilities(h, i);
      expectValid(r);
      expect({ ...r, abilities: [] }).toEqual({ ...h, abilities: [] });
      expect(r.abilities.map((a) => a.id).sort()).not.toEqual(h.abilities.map((a) => a.id).sort());
    }
  });
});
