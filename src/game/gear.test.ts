// Gear: one piece a slot; pieces and set bonuses are modifier sources, so a hero's compiled numbers, its fighting
// fingerprint (what odds are remembered under) and its win chance move with its gear; texts come from the figures.
import { describe, expect, it } from 'vitest';
import { equip, gearSources, unequip, wearing, GEAR, GEAR_LIST, GEAR_SETS, GEAR_SLOTS } from './gear.ts';
import { generateHero } from './generation.ts';
import {
  compileTeam,
  fightingFingerprints,
  fightingStats,
  modifierSources,
  ATK,
  DEF,
  MAXHP,
  SPD,
  DMGDEALT,
} from './battle/compile.ts';
import { estimateOdds } from './battle/odds.ts';
import { ITEMS_BY_ID } from './data/items.ts';
import type { Hero } from './types.ts';

const hero = (seed: number, level = 5): Hero =>
  generateHero(seed, { id: `g${seed}`, userId: 'u', level, rarity: 3 });
const ember = GEAR_LIST.filter((g) => g.set === 'ember').map((g) => g.id);

describe('gear', () => {
  it('has one piece of every set in every slot, each a shop item bought with combat tokens', () => {
    for (const set of Object.keys(GEAR_SETS))
      for (const slot of GEAR_SLOTS) expect(GEAR[`${set}_${slot}`]).toMatchObject({ set, slot });
    for (const g of GEAR_LIST)
      expect(ITEMS_BY_ID.get(g.id)).toMatchObject({ type: 'gear_token', currency: 'combat_tokens' });
  });

  it('wears one piece a slot: a new piece in a slot takes the old one off', () => {
    const h = wearing(hero(1), ['ember_weapon', 'bulwark_armour']);
    expect(h.gear!.map((g) => g.slot)).toEqual(['weapon', 'armour']);
    const swapped = equip(h, 'gale_weapon');
    expect(swapped.ok && swapped.removed).toBe('ember_weapon');
    expect(swapped.ok && swapped.hero.gear!.map((g) => g.item_id)).toEqual(['gale_weapon', 'bulwark_armour']);
    const off = unequip(h, 'armour');
    expect(off.ok && off.removed).toBe('bulwark_armour');
    expect(unequip(hero(1), 'relic').ok).toBe(false);
    expect(equip(hero(1), 'draught_of_insight').ok).toBe(false);
  });

  it('sets give their 2-piece bonus at two pieces and both at four, as sources after the pieces', () => {
    const two = wearing(hero(2), ember.slice(0, 2));
    expect(two.gear_sets).toEqual([expect.objectContaining({ set: 'ember', pieces: 2 })]);
    const four = wearing(hero(2), ember);
    expect(four.gear_sets!.map((s) => s.pieces)).toEqual([2, 4]);
    expect(four.gear_sets![0].description).toBe('Attack is 6% higher.');
    expect(gearSources(four).map((s) => `${s.from}:${s.id}`)).toEqual([
      ...ember.map((id) => `gear:${id}`),
      'set:ember:2',
      'set:ember:4',
    ]);
    expect(modifierSources(four).slice(-6)).toEqual(gearSources(four));
  });

  it('changes the hero’s compiled numbers through the modifier registry, and its texts say the figures', () => {
    const bare = hero(3);
    const geared = wearing(bare, ember);
    const a = compileTeam([bare]).units;
    const b = compileTeam([geared]).units;
    expect(b[ATK] / a[ATK]).toBeCloseTo(1.08 * 1.06, 6);
    expect(b[MAXHP]).toBe(Math.round(a[MAXHP] * 1.04));
    expect(b[DMGDEALT]).toBeCloseTo(a[DMGDEALT] + 0.1, 9);
    expect(geared.gear![0].description).toBe('Attack is 8% higher.');
  });

  it('moves the fighting fingerprint and the win chance', () => {
    const team = [hero(4), hero(5), hero(6), hero(7)];
    const foes = [hero(8), hero(9), hero(10), hero(11)];
    const geared = team.map((h) => wearing(h, ember));
    expect(fightingFingerprints(geared)).not.toEqual(fightingFingerprints(team));
    const before = estimateOdds(1, team, foes, { minSamples: 2000, maxSamples: 2000 }).probability;
    const after = estimateOdds(1, geared, foes, { minSamples: 2000, maxSamples: 2000 }).probability;
    expect(after).toBeGreaterThan(before + 0.05);
  });

  it('the stats a hero is shown to fight with are its battle unit’s: traits, passives, gear and sets at work', () => {
    let moved = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const h = wearing(
        hero(seed),
        GEAR_LIST.filter((g, i) => (seed >> (i % 4)) & 1).map((g) => g.id),
      );
      const unit = compileTeam([h]).units;
      const shown = fightingStats(h);
      expect(shown).toEqual({
        max_hp: unit[MAXHP],
        atk: Math.round(unit[ATK]),
        def: Math.round(unit[DEF]),
        spd: Math.round(unit[SPD]),
      });
      if (shown.max_hp !== h.max_hp || shown.atk !== h.atk) moved++;
    }
    expect(moved).toBeGreaterThan(100);
  });
});
