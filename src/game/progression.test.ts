// XP table, levelling with carry-over and the level-10 cap, and rewards by kind of fight.

import { describe, expect, it } from 'vitest';
import { grantXp, MAX_LEVEL, xpToNextLevel } from './progression.ts';
import { generateHero } from './generation.ts';

describe('xp', () => {
  it('follows the XP table', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(xpToNextLevel)).toEqual([
      100, 160, 256, 410, 656, 1050, 1680, 2690, 4300,
    ]);
    expect(xpToNextLevel(10)).toBe(0);
    expect(MAX_LEVEL).toBe(10);
  });

  it('carries xp over, can gain several levels at once, and grows stats', () => {
    const h = generateHero(1, { id: 'a', userId: 'u' });
    const one = grantXp(h, 130);
    expect(one).toMatchObject({ leveledUp: true, newLevel: 2 });
    expect(one.hero.xp).toBe(30);
    expect(one.hero.max_hp).toBeGreaterThan(h.max_hp);
    expect(one.hero.atk).toBeGreaterThan(h.atk);
    expect(one.hero.hp).toBe(one.hero.max_hp);
    const none = grantXp(h, 99);
    expect(none).toMatchObject({ leveledUp: false, newLevel: 1 });
    expect(none.hero.xp).toBe(99);
    expect(none.hero.max_hp).toBe(h.max_hp);
    const many = grantXp(h, 100 + 160 + 256 + 5);
    expect(many.newLevel).toBe(4);
    expect(many.hero.xp).toBe(5);
  });

  it('stops at level 10 with xp 0', () => {
    const h = generateHero(2, { id: 'a', userId: 'u', level: 9 });
    const r = grantXp(h, 1_000_000);
    expect(r.newLevel).toBe(10);
    expect(r.hero.xp).toBe(0);
    const again = grantXp(r.hero, 500);
    expect(again).toMatchObject({ leveledUp: false, newLevel: 10 });
    expect(again.hero.xp).toBe(0);
    expect(again.hero.max_hp).toBe(r.hero.max_hp);
  });
});
