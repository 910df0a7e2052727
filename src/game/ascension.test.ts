// Ascension: a star costs its rung's copies (heroes of at least the hero's rarity, or Star Shards in their place)
// and essence; the hero's stats at the new rarity are the generation's formula there; level, xp, abilities, traits,
// spread and gear stay; a reset goes back to the summoned rarity with the summoned stats.
import { describe, expect, it } from 'vitest';
import {
  ascend,
  ascensionPreview,
  resetAscension,
  rungFrom,
  shardsFor,
  spendableCopies,
  statsAtRarity,
  suggestedCopies,
  STAR_SHORT,
  starShortfall,
} from './ascension.ts';
import { ASCENSION, MAX_STARS, SHARDS_PER_HERO } from './data/ascension.ts';
import { generateHero } from './generation.ts';
import { grantXp, statsFor } from './progression.ts';
import { findClass, findRace } from './content.ts';
import { wearing } from './gear.ts';
import type { Hero } from './types.ts';

const hero = (seed: number, rarity: number, level = 1): Hero =>
  generateHero(seed, { id: `h${seed}`, userId: 'u', rarity, level });
const formula = (h: Hero, rarity: number) =>
  statsFor(h.type, findClass(h.class)!, findRace(h.race)!, rarity, h.level, h.spread);

describe('ascension', () => {
  it('has a rung for every rarity below the top, costs that grow, and shards for every rarity', () => {
    expect(ASCENSION.map((r) => r.from)).toEqual([1, 2, 3, 4]);
    for (let i = 1; i < ASCENSION.length; i++) {
      expect(ASCENSION[i].essence).toBeGreaterThan(ASCENSION[i - 1].essence);
      expect(ASCENSION[i].copies).toBeGreaterThanOrEqual(ASCENSION[i - 1].copies);
    }
    expect(SHARDS_PER_HERO).toHaveLength(MAX_STARS);
    expect(rungFrom(MAX_STARS)).toBeUndefined();
  });

  it('one star up: the formula’s stats at the new rarity; level, xp, abilities, traits, spread and gear kept', () => {
    const base = grantXp(hero(11, 1, 3), 20).hero;
    const h = wearing(base, ['ember_weapon']);
    const copy = hero(12, 1);
    const out = ascend(h, [copy], false);
    if (!out.ok) throw new Error(out.error);
    const up = out.hero;
    expect(up.rarity).toBe(2);
    expect(up.summoned_rarity).toBe(1);
    const want = formula(h, 2);
    expect({ max_hp: up.max_hp, atk: up.atk, def: up.def, spd: up.spd }).toEqual(want);
    expect(up.hp).toBe(up.max_hp);
    for (const k of ['level', 'xp', 'abilities', 'boon', 'bane', 'spread', 'gear', 'name', 'seed'] as const)
      expect(up[k]).toEqual(h[k]);
    expect(up.portrait_url).toContain('/2/');
    expect(out.paid).toEqual({ heroes: [copy], shards: 0, essence: ASCENSION[0].essence });
  });

  it('the preview states the cost and the stats ascending gives', () => {
    const h = hero(21, 3, 5);
    const p = ascensionPreview(h);
    expect(p.next).toMatchObject({ rarity: 4, copies: 3, copy_min_rarity: 3, shards_per_copy: shardsFor(3) });
    expect(p.next!.stats_next).toEqual(formula(h, 4));
    expect(ascensionPreview(hero(22, 5)).next).toBeNull();
  });

  it('Star Shards stand in for the copies the heroes leave unpaid', () => {
    const h = hero(31, 2);
    const out = ascend(h, [hero(32, 4)], true);
    if (!out.ok) throw new Error(out.error);
    expect(out.paid.shards).toBe((ASCENSION[1].copies - 1) * shardsFor(2));
    const all = ascend(h, [], true);
    expect(all.ok && all.paid.shards).toBe(ASCENSION[1].copies * shardsFor(2));
  });

  it('refuses a copy below the rarity, the hero itself, too many copies, too few without shards, the top', () => {
    const h = hero(41, 2);
    const refusal = (o: ReturnType<typeof ascend>) => (o.ok ? '' : o.error);
    expect(refusal(ascend(h, [hero(42, 1), hero(43, 2)], false))).toMatch(/at least 2★/);
    expect(refusal(ascend(h, [h, hero(43, 2)], false))).toMatch(/itself/);
    expect(refusal(ascend(h, [hero(44, 2), hero(45, 3), hero(46, 2)], false))).toMatch(
      /takes 2 copies, not 3/,
    );
    expect(refusal(ascend(h, [hero(44, 2)], false))).toMatch(/1 more hero or use Star Shards/);
    expect(refusal(ascend(hero(47, 5), [], true))).toMatch(/highest rarity/);
  });

  it('a reset goes back to the summoned rarity and its stats, exactly; upgrades ride along', () => {
    let h = hero(51, 1, 4);
    const start = h;
    for (const seed of [52, 53, 54]) {
      const rung = rungFrom(h.rarity)!;
      const copies = Array.from({ length: rung.copies }, (_, i) => hero(seed * 10 + i, 5));
      const out = ascend(h, copies, false);
      if (!out.ok) throw new Error(out.error);
      h = out.hero;
    }
    expect(h.rarity).toBe(4);
    expect(h.summoned_rarity).toBe(1);
    const back = resetAscension(h);
    if (!back.ok) throw new Error(back.error);
    expect(back.hero).toEqual(start);
    expect(resetAscension(start).ok).toBe(false);
    // an upgraded attack (+10%) stays 10% above the formula at every rarity, within rounding
    const upgraded = { ...start, atk: Math.round(formula(start, 1).atk * 1.1) };
    expect(statsAtRarity(upgraded, 3).atk / formula(start, 3).atk).toBeCloseTo(1.1, 1);
  });

  it('offers the least valuable copies that fit first, the rarer after, and starts a payment from fitting ones only', () => {
    const h = hero(40, 2);
    const copy = (id: string, rarity: number, level = 1, xp = 0, summoned_rarity?: number) => ({
      ...hero(41, rarity, level),
      id,
      xp,
      ...(summoned_rarity === undefined ? {} : { summoned_rarity }),
    });
    const offered = spendableCopies(h, [
      copy('five', 5),
      copy('one', 1),
      copy('two_lv3', 2, 3),
      copy('two_xp', 2, 1, 40),
      copy('three', 3),
      copy('two_risen', 2, 1, 0, 1),
      copy('two', 2),
      h,
    ]);
    expect(offered.map((c) => [c.id, c.rarer])).toEqual([
      ['two', false],
      ['two_xp', false],
      ['two_lv3', false],
      ['two_risen', false],
      ['three', true],
      ['five', true],
    ]);
    // a 2★'s star takes two copies: the two least valuable 2★s
    expect(suggestedCopies(h, offered)).toEqual(['two', 'two_xp']);
    // with only rarer heroes about, nothing is picked for the player: Star Shards stand in
    expect(suggestedCopies(h, spendableCopies(h, [copy('five', 5), copy('three', 3)]))).toEqual([]);
    expect(suggestedCopies(hero(42, 5), [])).toEqual([]);
  });
});

describe('starShortfall', () => {
  const star = { copies: 2, shardsPerCopy: 20, shardsHeld: 0, essence: 700, essenceHeld: 100 };
  it('names every reason the star is out of reach, in the words the ascend call refuses with', () => {
    expect(starShortfall({ ...star, chosen: 1, useShards: true })).toEqual([
      STAR_SHORT.shards(20, 0),
      STAR_SHORT.essence(700, 100),
    ]);
    expect(STAR_SHORT.essence(1200, 100)).toBe('Not enough magic essence: 1,200 needed, you have 100');
    expect(starShortfall({ ...star, chosen: 0, useShards: false, essenceHeld: 700 })).toEqual([
      'Choose 2 more heroes or use Star Shards',
    ]);
  });
  it('is empty when the chosen heroes and what is held pay for it', () => {
    expect(starShortfall({ ...star, chosen: 2, useShards: false, essenceHeld: 700 })).toEqual([]);
    expect(starShortfall({ ...star, chosen: 1, useShards: true, shardsHeld: 20, essenceHeld: 700 })).toEqual(
      [],
    );
  });
});
