// Sparring partners: a make names one partner, the same every time; a seed's options sit near the hero's level and
// rarity, ordered by power, with trained partners at the top and weakened ones at the bottom; and the search's aim
// moves toward a stronger partner when the hero wins too often, a weaker one when it loses, and stops when none is
// left between.
import { describe, expect, it } from 'vitest';
import { heroPower } from './campaign.ts';
import { generateHero } from './generation.ts';
import { MAX_TRAINING, TRAINING_STEP, withTraining } from './training.ts';
import {
  aimMake,
  firstAim,
  isFairChance,
  isSparringId,
  SPARRING_MAX_WEAKENING,
  sparringId,
  sparringMakeOf,
  sparringOptions,
  sparringPartner,
} from './sparring.ts';

const heroAt = (level: number, rarity: number, seed = 11) =>
  generateHero(seed, { id: 'h_me', userId: 'u_me', level, rarity });

describe('a sparring partner', () => {
  it('is named by its make and made the same every time, an NPC', () => {
    const make = { seed: 42, level: 4, rarity: 2, training: 0 };
    const a = sparringPartner(make);
    expect(a).toEqual(sparringPartner(make));
    expect(a).toMatchObject({ id: sparringId(make), user_id: null, level: 4, rarity: 2 });
    expect(isSparringId(a.id)).toBe(true);
    expect(isSparringId('npc_woods_poacher')).toBe(false);
    expect(sparringMakeOf(a.id)).toEqual(make);
    expect(sparringMakeOf(sparringId({ ...make, training: -7 }))).toEqual({ ...make, training: -7 });
    for (const other of ['npc_woods_poacher', 'npc_spar_1_2_3', 'npc_spar_x_1_1_0', 'h_npc_spar_1_1_1_0'])
      expect(sparringMakeOf(other)).toBeNull();
  });

  it('trained, is the hero trained as any (withTraining); weakened, the same rule run backwards', () => {
    const plain = sparringPartner({ seed: 7, level: 10, rarity: 5, training: 0 });
    const up = sparringPartner({ seed: 7, level: 10, rarity: 5, training: 25 });
    expect(up).toEqual({ ...withTraining(plain, 25), id: up.id });
    expect(up.training).toBe(25);
    expect(up.max_hp / plain.max_hp).toBeCloseTo(1 + 25 * TRAINING_STEP, 2);
    expect(up.hp).toBe(up.max_hp);
    expect(up.spd).toBe(plain.spd);
    const down = sparringPartner({ seed: 7, level: 1, rarity: 1, training: -10 });
    const floor = sparringPartner({ seed: 7, level: 1, rarity: 1, training: 0 });
    for (const s of ['max_hp', 'atk', 'def'] as const)
      expect(down[s]).toBe(Math.round(floor[s] * (1 - 10 * TRAINING_STEP)));
    expect(down.hp).toBe(down.max_hp);
    expect(down.spd).toBe(floor.spd);
  });
});

describe("a seed's options", () => {
  it('sit within two levels and one rarity of a plain hero, weakest first', () => {
    const options = sparringOptions(heroAt(5, 3), 3);
    expect(options).toHaveLength(15);
    for (const o of options) {
      expect(Math.abs(o.make.level - 5)).toBeLessThanOrEqual(2);
      expect(Math.abs(o.make.rarity - 3)).toBeLessThanOrEqual(1);
      expect(o.make.training).toBe(0);
      expect(o.power).toBe(heroPower(o.partner));
    }
    const powers = options.map((o) => o.power);
    expect(powers).toEqual([...powers].sort((a, b) => a - b));
  });

  it('reach level 10 5★ trained for a hero at the top, and level 1 1★ weakened for one at the bottom', () => {
    const top = sparringOptions(heroAt(10, 5), 3).map((o) => o.make);
    expect(top.filter((m) => m.training > 0)).toHaveLength(MAX_TRAINING);
    expect(top.filter((m) => m.training !== 0).every((m) => m.level === 10 && m.rarity === 5)).toBe(true);
    const bottom = sparringOptions(heroAt(1, 1), 3).map((o) => o.make);
    expect(bottom.filter((m) => m.training < 0)).toHaveLength(SPARRING_MAX_WEAKENING);
    expect(bottom.filter((m) => m.training !== 0).every((m) => m.level === 1 && m.rarity === 1)).toBe(true);
  });

  it('grow to stronger levels and rarities for a hero stronger than its own level and rarity make it', () => {
    const plain = heroAt(4, 2);
    const mighty = { ...plain, max_hp: plain.max_hp * 2, hp: plain.max_hp * 2, atk: plain.atk * 2 };
    const options = sparringOptions(mighty, 3);
    expect(options.some((o) => o.make.level === 10 && o.make.rarity === 5)).toBe(true);
    expect(options.every((o) => o.make.level >= 2 && o.make.rarity >= 1)).toBe(true);
    expect(Math.max(...options.map((o) => o.power))).toBeGreaterThan(heroPower(mighty));
  });
});

describe("the search's aim", () => {
  const hero = heroAt(6, 3);
  // A seed whose kind is about as strong as the hero's: its first option has weaker and stronger ones on both sides.
  const options = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    .map((seed) => sparringOptions(hero, seed))
    .find((o) => {
      const { at } = firstAim(o, hero);
      return at >= 2 && at <= o.length - 3;
    })!;

  it('begins at the option nearest the hero’s power', () => {
    for (const seed of [1, 5, 9]) {
      const some = sparringOptions(hero, seed);
      const { at } = firstAim(some, hero);
      const gap = (i: number) => Math.abs(Math.log(some[i]!.power / heroPower(hero)));
      for (let i = 0; i < some.length; i++) expect(gap(at)).toBeLessThanOrEqual(gap(i));
    }
    // A hero weaker than all of a seed's options begins at its weakest, and losing there ends that seed.
    const strong = sparringOptions(hero, 5);
    const first = firstAim(strong, hero);
    expect(first.at).toBe(0);
    expect(aimMake(strong, first.aim, 0, 0.1, 800).at).toBeNull();
  });

  it('moves to a stronger partner when the hero wins too often, a weaker one when it loses too often', () => {
    const { at, aim } = firstAim(options, hero);
    const up = aimMake(options, aim, at, 0.9, 800);
    expect(up.at).toBeGreaterThan(at);
    expect(up.aim.lo).toBe(at + 1);
    const down = aimMake(options, aim, at, 0.1, 800);
    expect(down.at).toBeLessThan(at);
    expect(down.aim.hi).toBe(at - 1);
    // Surer results aim further.
    expect(aimMake(options, aim, at, 0.99, 800).at!).toBeGreaterThanOrEqual(up.at!);
  });

  it('stops once no option is left between a partner too weak and one too strong', () => {
    const { at, aim } = firstAim(options, hero);
    const up = aimMake(options, aim, at, 0.8, 800);
    const back = aimMake(options, up.aim, up.at!, 0.2, 800);
    if (back.at !== null) {
      expect(back.at).toBeGreaterThan(at);
      expect(back.at).toBeLessThan(up.at!);
    } else expect(back.aim.lo).toBeGreaterThan(back.aim.hi);
    expect(aimMake(options, { lo: at, hi: at, last: null }, at, 0.9, 800).at).toBeNull();
  });

  it('takes 40–60% as fair, edges included', () => {
    expect([0.39, 0.4, 0.5, 0.6, 0.61].map(isFairChance)).toEqual([false, true, true, true, false]);
  });
});
