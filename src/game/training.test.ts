import { describe, expect, it } from 'vitest';
import { generateHero } from './generation.ts';
import { baseStats } from './items.ts';
import { grantXp } from './progression.ts';
import { atRarity } from './ascension.ts';
import { heroPower } from './campaign.ts';
import { MAX_TRAINING, syncOf, trainingCost, withTraining } from './training.ts';

const hero = (seed = 11, level = 5, rarity = 3) =>
  generateHero(seed, { id: `h_${seed}`, userId: 'u', level, rarity });

describe('training', () => {
  it('adds the step of the untrained health, attack and defence a level, and leaves speed', () => {
    const h = hero();
    const t = withTraining(h, 5);
    expect(t.training).toBe(5);
    expect(t.max_hp).toBe(Math.round(baseStats({ ...h, training: 5 }).max_hp));
    expect(t.atk / h.atk).toBeCloseTo(1.2, 1);
    expect(t.def / h.def).toBeCloseTo(1.2, 1);
    expect(t.spd).toBe(h.spd);
    expect(t.hp).toBe(t.max_hp);
    expect(heroPower(t)).toBeGreaterThan(heroPower(h));
  });

  it('is the same hero generated trained and trained afterwards', () => {
    const born = generateHero(7, { id: 'h_7', userId: 'u', level: 4, rarity: 2, training: 3 });
    expect(withTraining(hero(7, 4, 2), 3)).toEqual(born);
  });

  it('keeps a shop upgrade as the same share of the trained base', () => {
    const h = hero();
    const upgraded = { ...h, atk: Math.round(baseStats(h).atk * 1.25) };
    const t = withTraining(upgraded, 10);
    expect(t.atk / baseStats(t).atk).toBeCloseTo(1.25, 2);
  });

  it('survives a level-up and a star with its share', () => {
    const t = withTraining(hero(3, 2, 2), 8);
    const leveled = grantXp(t, 100_000).hero;
    expect(leveled.atk / baseStats(leveled).atk).toBeCloseTo(1, 1);
    const starred = atRarity(t, 3);
    expect(starred.atk).toBe(baseStats(starred).atk);
  });

  it('is clamped to 0 … MAX_TRAINING and priced higher each level', () => {
    expect(withTraining(hero(), 10_000).training).toBe(MAX_TRAINING);
    expect(withTraining(withTraining(hero(), 4), 0)).toEqual(hero());
    for (let l = 0; l < MAX_TRAINING; l++) expect(trainingCost(l + 1)).toBeGreaterThan(trainingCost(l));
  });

  it('syncs a new pull to the weakest of the best four, by level and by training', () => {
    expect(syncOf([])).toEqual({ level: 1, training: 0 });
    expect(syncOf([{ level: 6, training: 2 }])).toEqual({ level: 6, training: 2 });
    const six = [10, 9, 9, 8, 3, 1].map((level, i) => ({ level, training: [0, 5, 7, 4, 9, 0][i] }));
    expect(syncOf(six)).toEqual({ level: 8, training: 4 });
  });
});
