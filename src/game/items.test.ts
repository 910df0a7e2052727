import { describe, expect, it } from 'vitest';
import { generateHero, grantXp } from './index.ts';
import { baseStats, useItem } from './items.ts';
import { ITEMS, UPGRADE_CAP, upgradeShare, type UpgradeStat } from './data/items.ts';
import type { Hero } from './types.ts';

const hero = (level: number) => generateHero(4242, { id: 'h_test', userId: 'u', level, rarity: 2 });

function useUntilRefused(item: string, h: Hero): { hero: Hero; uses: number; error: string } {
  let current = h;
  for (let uses = 0; uses < 50; uses++) {
    const r = useItem(item, { hero: current, seed: uses });
    if (!r.ok) return { hero: current, uses, error: r.error };
    expect(r.message).toContain(current.name);
    current = r.hero!;
  }
  throw new Error(`${item} never stopped`);
}

describe('upgrade items', () => {
  const single: [string, UpgradeStat][] = [
    ['tempered_edge', 'atk'],
    ['runed_plating', 'def'],
    ['heroic_tonic', 'max_hp'],
    ['zephyr_feather', 'spd'],
  ];

  it.each(single)(
    '%s raises %s by a share of the hero’s base, so it is worth more at a higher level',
    (id, stat) => {
      const low = hero(1);
      const high = hero(10);
      const gainLow = (useItem(id, { hero: low, seed: 1 }) as { hero: Hero }).hero[stat] - low[stat];
      const gainHigh = (useItem(id, { hero: high, seed: 1 }) as { hero: Hero }).hero[stat] - high[stat];
      expect(gainLow).toBeGreaterThan(0);
      if (stat === 'spd') expect(gainHigh).toBeGreaterThanOrEqual(gainLow);
      else expect(gainHigh).toBeGreaterThan(gainLow);
      expect(gainHigh).toBeCloseTo(baseStats(high)[stat] * (stat === 'spd' ? 0.03 : 0.05), -0.5);
    },
  );

  it.each(single)('%s stops at its cap (five uses), refused without a change, and says why', (id, stat) => {
    const h = hero(5);
    const r = useUntilRefused(id, h);
    expect(r.uses).toBe(5);
    expect(r.error).toMatch(/fully upgraded/);
    const base = baseStats(r.hero);
    const share = upgradeShare(r.hero, stat, base);
    expect(share).toBeLessThanOrEqual(UPGRADE_CAP[stat] + 1 / base[stat]); // rounding to whole points
    expect(share).toBeGreaterThan(UPGRADE_CAP[stat] - 0.02);
    // The other stats are untouched; hp follows max hp.
    for (const other of ['atk', 'def', 'spd', 'max_hp'] as const)
      if (other !== stat) expect(r.hero[other]).toBe(h[other]);
    if (stat === 'max_hp') expect(r.hero.hp - h.hp).toBe(r.hero.max_hp - h.max_hp);
  });

  it('keeps upgrades through level-ups and leaves room for no more after', () => {
    const capped = useUntilRefused('tempered_edge', hero(3)).hero;
    const up = grantXp(capped, 5000).hero;
    expect(up.level).toBeGreaterThan(3);
    expect(upgradeShare(up, 'atk', baseStats(up))).toBeGreaterThan(0.2);
    expect(useItem('tempered_edge', { hero: up, seed: 1 }).ok).toBe(false);
  });

  it('the banner raises attack, defense and speed within the same caps', () => {
    const h = hero(6);
    const r = useItem('champions_banner', { hero: h, seed: 1 });
    expect(r.ok).toBe(true);
    const after = (r as { hero: Hero }).hero;
    expect(after.atk).toBeGreaterThan(h.atk);
    expect(after.def).toBeGreaterThan(h.def);
    expect(after.spd).toBeGreaterThan(h.spd);
    expect(after.max_hp).toBe(h.max_hp);
    expect(useUntilRefused('champions_banner', h).uses).toBe(5);
  });

  it('every item is for sale at a positive price, and every hero item refuses no hero', () => {
    for (const item of ITEMS) {
      expect(item.cost).toBeGreaterThan(0);
      if (item.targetsHero) expect(useItem(item, { seed: 1 }).ok).toBe(false);
    }
  });
});
