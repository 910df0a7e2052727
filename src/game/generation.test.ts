// Hero generation: 1,000 heroes, every field valid, names ≥95% unique, rarity odds as documented,
// descriptions that name race, class, boon and bane; every hero's own stat spread, kept through rerolls and
// level-ups; a reroll gives three abilities the hero did not have and changes nothing else.

import { describe, expect, it } from 'vitest';
import { generateHero, rerollAbilities, rollSpread, RARITY_ODDS } from './generation.ts';
import { grantXp, NO_SPREAD, SPREAD_PCT, statsFor } from './progression.ts';
import { ABILITIES, BANES, BOONS, CLASSES, findClass, findRace } from './content.ts';
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
  for (const p of Object.values(h.spread)) {
    expect(Number.isInteger(p)).toBe(true);
    expect(Math.abs(p)).toBeLessThanOrEqual(SPREAD_PCT);
  }
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

describe('stat spread', () => {
  const twins = (seeds: number[]) =>
    seeds.map((seed) => generateHero(seed, { id: `t${seed}`, userId: null, rarity: 3, level: 5 }));

  it('is rolled from the seed: the same seed gives the same spread, and the stats carry it', () => {
    for (let seed = 1; seed < 300; seed++) {
      const h = generateHero(seed, { id: 'x', userId: null, rarity: 2, level: 3 });
      expect(h.spread).toEqual(rollSpread(seed));
      const base = statsFor(h.type, findClass(h.class)!, findRace(h.race)!, h.rarity, h.level, NO_SPREAD);
      const own = statsFor(h.type, findClass(h.class)!, findRace(h.race)!, h.rarity, h.level, h.spread);
      expect({ max_hp: h.max_hp, atk: h.atk, def: h.def, spd: h.spd }).toEqual(own);
      // Each stat sits its own percent from the (rounded) base: within one point of rounding twice.
      for (const k of ['max_hp', 'atk', 'def', 'spd'] as const)
        expect(Math.abs(h[k] - base[k] * (1 + h.spread[k] / 100))).toBeLessThanOrEqual(1.03);
    }
  });

  it('makes heroes of the same race, class, type, rarity and level differ', () => {
    const heroes = twins(Array.from({ length: 4000 }, (_, i) => i * 7 + 1));
    const groups = new Map<string, Hero[]>();
    for (const h of heroes) {
      const k = `${h.race}|${h.class}|${h.type}`;
      groups.set(k, [...(groups.get(k) ?? []), h]);
    }
    const big = [...groups.values()].filter((g) => g.length >= 10);
    expect(big.length).toBeGreaterThan(10);
    for (const g of big) {
      const statLines = new Set(g.map((h) => `${h.max_hp}/${h.atk}/${h.def}/${h.spd}`));
      expect(statLines.size).toBeGreaterThanOrEqual(g.length * 0.9);
    }
  });

  it('spans −5 … +5% on every stat, evenly, averaging about zero', () => {
    const N = 11_000;
    for (const k of ['max_hp', 'atk', 'def', 'spd'] as const) {
      const counts = new Map<number, number>();
      let sum = 0;
      for (let seed = 0; seed < N; seed++) {
        const p = rollSpread(seed)[k];
        counts.set(p, (counts.get(p) ?? 0) + 1);
        sum += p;
      }
      expect([...counts.keys()].sort((a, b) => a - b)).toEqual([-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]);
      for (const c of counts.values()) expect(Math.abs(c / N - 1 / 11)).toBeLessThan(0.012);
      expect(Math.abs(sum / N)).toBeLessThan(0.1);
    }
  });

  it('is kept through rerolls and level-ups', () => {
    for (let i = 0; i < 100; i++) {
      const h = generateHero(i * 97 + 5, { id: `h${i}`, userId: 'u' });
      const r = rerollAbilities(h, i);
      expect(r.spread).toEqual(h.spread);
      expect([r.max_hp, r.atk, r.def, r.spd]).toEqual([h.max_hp, h.atk, h.def, h.spd]);
      const up = grantXp(r, 100 + 160 + 256 + 410 + 656).hero;
      expect(up.level).toBe(6);
      expect(up.spread).toEqual(h.spread);
      // A grown hero's stats are still its own spread from the base of its new level (±1 for rounding twice).
      const base = statsFor(h.type, findClass(h.class)!, findRace(h.race)!, h.rarity, 6, h.spread);
      for (const k of ['max_hp', 'atk', 'def', 'spd'] as const)
        expect(Math.abs(up[k] - base[k])).toBeLessThanOrEqual(1);
    }
  });
});

describe('rerollAbilities', () => {
  it('gives three abilities the hero did not have (2 normal + 1 ultimate of its class) and changes nothing else', () => {
    let checked = 0;
    for (let i = 0; i < 200; i++) {
      let h = generateHero(i * 31 + 2, { id: `h${i}`, userId: 'u', level: 1 + (i % 10) });
      for (let n = 0; n < 5; n++) {
        const r = rerollAbilities(h, i * 1009 + n);
        expectValid({ ...r, xp: 0 });
        expect({ ...r, abilities: [] }).toEqual({ ...h, abilities: [] });
        const before = new Set(h.abilities.map((a) => a.id));
        for (const a of r.abilities) expect(before.has(a.id)).toBe(false);
        expect(r.abilities.filter((a) => a.type !== 'ultimate')).toHaveLength(2);
        const cls = findClass(r.class)!;
        expect(cls.ultimates).toContain(r.abilities.find((a) => a.type === 'ultimate')!.id);
        for (const a of r.abilities.filter((x) => x.type !== 'ultimate'))
          expect(cls.abilities).toContain(a.id);
        h = r;
        checked++;
      }
    }
    expect(checked).toBe(1000);
  });

  it('draws each possible new set across seeds, not one fixed answer', () => {
    const h = generateHero(42, { id: 'h', userId: 'u' });
    const sets = new Set(
      Array.from({ length: 300 }, (_, s) =>
        rerollAbilities(h, s)
          .abilities.map((a) => a.id)
          .sort()
          .join(','),
      ),
    );
    // 3 normal abilities left choose 2, and the one other ultimate: 3 possible sets.
    expect(sets.size).toBe(3);
  });

  it('every class can give three new abilities', () => {
    for (const c of Object.values(CLASSES)) {
      expect(c.abilities.length).toBeGreaterThanOrEqual(4);
      expect(c.ultimates.length).toBeGreaterThanOrEqual(2);
    }
  });
});
