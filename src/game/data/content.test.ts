// Data consistency over every content table: ids unique and lowercase, glyphs that exist in game-icons,
// references that resolve, and enough of everything for generation and for the engine.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ABILITIES } from './abilities.ts';
import { CLASSES } from './classes.ts';
import { RACES } from './races.ts';
import { STATUSES, type StatusId } from './statuses.ts';
import { BANES, BOONS } from './traits.ts';
import { ABILITY_TYPES, HERO_TYPES } from '../types.ts';
import type { TraitMods } from './schema.ts';
import { own } from './table.ts';
import { GAME_CONTENT, contentProblems } from './check.ts';
import { DUNGEONS } from './dungeons.ts';
import { findClass, findRace, findTrait } from '../content.ts';
import { renderPortrait } from '../art/portrait.ts';

const require = createRequire(import.meta.url);
const icons = new Set(Object.keys(JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')).icons));
const aliases = new Set(Object.keys(JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')).aliases ?? {}));

const tables = { RACES, CLASSES, ABILITIES, STATUSES, BOONS, BANES } as Record<string, Record<string, { id: string; name: string; glyph: string }>>;

describe('content tables', () => {
  for (const [name, table] of Object.entries(tables)) {
    it(`${name}: ids are lowercase, unique, match their keys; every glyph is a game-icons icon`, () => {
      for (const [key, v] of Object.entries(table)) {
        expect(v.id).toBe(key);
        expect(v.id).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(v.name.length).toBeGreaterThan(1);
        expect(icons.has(v.glyph) || aliases.has(v.glyph), `${name}.${key} glyph ${v.glyph}`).toBe(true);
      }
    });
  }

  it('ids are unique across boons and banes (they share the trait icon space)', () => {
    const ids = [...Object.keys(BOONS), ...Object.keys(BANES)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has enough of everything', () => {
    expect(Object.keys(RACES).length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(CLASSES).length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(ABILITIES).length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(BOONS).length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(BANES).length).toBeGreaterThanOrEqual(20);
    for (const t of ABILITY_TYPES) expect(Object.values(ABILITIES).some((a) => a.type === t), t).toBe(true);
  });

  it('names every status: the table holds exactly these, by these names', () => {
    // A Record over StatusId: a status added to the table and not named here fails to compile.
    const named: Record<StatusId, string> = {
      burn: 'Burn', poison: 'Poison', bleed: 'Bleed', stun: 'Stun', freeze: 'Freeze', taunt: 'Taunt', shield: 'Shield',
      regeneration: 'Regeneration', haste: 'Haste', slow: 'Slow', weaken: 'Weaken', vulnerable: 'Vulnerable',
      silence: 'Silence', empower: 'Empower', fortify: 'Fortify', blind: 'Blind', mark: 'Mark', curse: 'Curse',
    };
    expect(Object.fromEntries(Object.values(STATUSES).map((s) => [s.id, s.name]))).toEqual(named);
  });

  it('races: description, stat shape and a name grammar', () => {
    for (const r of Object.values(RACES)) {
      expect(r.description.length).toBeGreaterThan(20);
      for (const part of ['start', 'middle', 'end', 'family'] as const) expect(r.names[part].length).toBeGreaterThan(0);
      expect(r.names.start.length * r.names.end.length * r.names.family.length).toBeGreaterThan(1000);
      for (const b of r.favouredBoons) expect(BOONS[b], b).toBeDefined();
    }
  });

  it('classes: description, a leaning, and enough abilities of each kind for generation and rerolls', () => {
    const used = new Set<string>();
    for (const c of Object.values(CLASSES)) {
      expect(c.description.length).toBeGreaterThan(20);
      expect(HERO_TYPES).toContain(c.leaning);
      expect(c.abilities.length).toBeGreaterThanOrEqual(4);
      expect(c.ultimates.length).toBeGreaterThanOrEqual(2);
      for (const id of c.abilities) {
        expect(ABILITIES[id], id).toBeDefined();
        expect(ABILITIES[id].type).not.toBe('ultimate');
        used.add(id);
      }
      for (const id of c.ultimates) {
        expect(ABILITIES[id]?.type, id).toBe('ultimate');
        used.add(id);
      }
    }
    // every ability can be rolled by some class
    for (const id of Object.keys(ABILITIES)) expect(used.has(id), id).toBe(true);
  });

  it('abilities: effects (or passive modifiers) that the engine can read', () => {
    for (const a of Object.values(ABILITIES)) {
      if (a.type === 'passive') {
        expect(a.passive && Object.keys(a.passive).length, a.id).toBeGreaterThan(0);
        continue;
      }
      expect(a.effects.length, a.id).toBeGreaterThan(0);
      expect(a.effects.length, a.id).toBeLessThanOrEqual(4);
      for (const e of a.effects) {
        if (e.op === 'status') expect(STATUSES[e.status ?? ''], `${a.id} → ${e.status}`).toBeDefined();
        if (e.op === 'damage' || e.op === 'heal' || e.op === 'shield' || e.op === 'energy') expect(e.power ?? 0).toBeGreaterThan(0);
        if (e.chance !== undefined) expect(e.chance).toBeGreaterThan(0);
      }
      expect(a.cooldown).toBeGreaterThanOrEqual(0);
    }
  });

  it('statuses: a positive duration and at least one effect', () => {
    for (const s of Object.values(STATUSES)) {
      expect(s.turns).toBeGreaterThan(0);
      // Shield's effect is the amount the shield op gives it (the rules core holds it per unit).
      if (s.id === 'shield') continue;
      const { id: _id, name: _n, glyph: _g, harmful: _h, description: _d, turns: _t, ...effects } = s;
      expect(Object.keys(effects).length, s.id).toBeGreaterThan(0);
    }
  });

  it('boons help and banes hurt; every trait has at least one modifier and valid statuses', () => {
    const check = (m: TraitMods) => {
      expect(Object.keys(m).length).toBeGreaterThan(0);
      if (m.startStatus) expect(STATUSES[m.startStatus.status]).toBeDefined();
    };
    for (const t of Object.values(BOONS)) check(t.mods);
    for (const t of Object.values(BANES)) {
      check(t.mods);
      if (t.mods.startStatus) expect(STATUSES[t.mods.startStatus.status].harmful).toBe(true);
    }
  });
});

describe('content lookups by a name from outside', () => {
  const builtIns = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
  it('find nothing for the names every object answers to, in every table and every lookup', () => {
    for (const [name, table] of Object.entries(tables)) {
      for (const key of builtIns) {
        expect(own(table, key), `${name}.${key}`).toBeUndefined();
        expect(table[key], `${name}[${key}]`).toBeUndefined();
      }
      expect(Object.isFrozen(table)).toBe(true);
    }
    for (const key of builtIns) {
      expect(findRace(key)).toBeUndefined();
      expect(findClass(key)).toBeUndefined();
      expect(findTrait(key)).toBeUndefined();
    }
    expect(own(RACES, 'elf')?.id).toBe('elf');
    expect(own(RACES, 42)).toBeUndefined();
  });

  it('a portrait for a built-in name draws the generic figure, never Object.prototype', () => {
    for (const key of builtIns) {
      const svg = renderPortrait({ raceId: key, classId: key, type: 'Tank', rarity: 3, seed: 1 });
      expect(svg).toMatch(/^<svg/);
      expect(svg).not.toMatch(/NaN|undefined|function/);
    }
  });

  it('every reference between tables resolves; a broken one is named', () => {
    expect(contentProblems()).toEqual([]);
    const knight = { ...CLASSES.knight, abilities: [...CLASSES.knight.abilities, 'lost_art'] };
    const crypt = { ...DUNGEONS[0], npcs: [] };
    const broken = {
      ...GAME_CONTENT,
      classes: { ...CLASSES, knight },
      dungeons: [crypt],
      boons: { ...BOONS, x: { ...Object.values(BOONS)[0], id: 'x', mods: { startStatus: { status: 'doom', turns: 1 } } } },
    };
    const problems = contentProblems(broken);
    expect(problems).toContain("class knight names ability 'lost_art', which is not in ABILITIES");
    expect(problems).toContain("trait x names status 'doom', which is not in STATUSES");
    expect(problems).toContain(`dungeon ${crypt.id} has 0 NPCs, not 4 for each of its ${crypt.floors} floors`);
  });
});
