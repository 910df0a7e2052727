// Compact currencies (header: 1.2k) and the other display formats.
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../game/prng.ts';
import {
  chanceBand,
  formatCompact,
  formatRatingChange,
  formatRecord,
  formatSpread,
  idleClaimText,
  itemTypeLabel,
  ordinal,
  rollFigures,
  wholePercent,
} from './format.ts';

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1194, '1.2k'],
    [1234, '1.2k'],
    [1249, '1.2k'],
    [1250, '1.3k'],
    [1299, '1.3k'],
    [15_000, '15k'],
    [99_949, '99.9k'],
    [99_950, '100k'],
    [123_456, '123k'],
    [123_500, '124k'],
    [999_499, '999k'],
    [999_500, '1M'],
    [1_000_000, '1M'],
    [2_550_000, '2.6M'],
    [3_000_000_000, '3B'],
    [-1500, '-1.5k'],
    [-1194, '-1.2k'],
  ])('%d → %s', (n, text) => {
    expect(formatCompact(n)).toBe(text);
  });
  it('missing values count as 0', () => {
    expect(formatCompact(undefined)).toBe('0');
    expect(formatCompact(null)).toBe('0');
    expect(formatCompact(Number.NaN)).toBe('0');
  });
});

describe('other formats', () => {
  it('item types in capitals with spaces', () => {
    expect(itemTypeLabel('upgrade_mat')).toBe('UPGRADE MAT');
    expect(itemTypeLabel('hero_shard')).toBe('HERO SHARD');
  });
  it('whole percentages, 50 when missing', () => {
    expect(wholePercent(0.634)).toBe(63);
    expect(wholePercent(undefined)).toBe(50);
  });
  it('a chance neither sure nor hopeless never reads as one', () => {
    expect([0, 0.0004, 0.004, 0.996, 0.9996, 1].map(wholePercent)).toEqual([0, 1, 1, 99, 99, 100]);
  });
});

describe('formatSpread', () => {
  it('signs every percent, with a true minus and ±0', () => {
    expect([5, 1, 0, -1, -5].map(formatSpread)).toEqual(['+5%', '+1%', '\u00b10%', '\u22121%', '\u22125%']);
  });
});

describe('rollFigures', () => {
  it('shows whole percentages when they agree with the outcome', () => {
    expect(rollFigures(0.634, 0.9, true)).toEqual({ chance: 63, needed: 37, rolled: 90, decimals: 0 });
    expect(rollFigures(undefined, undefined, false)).toEqual({
      chance: 50,
      needed: 50,
      rolled: 50,
      decimals: 0,
    });
  });

  it('adds decimals until the figures agree with the outcome (won 0.554 / 0.4465 once read "needed >45, rolled 45")', () => {
    const f = rollFigures(0.554, 0.4465, true);
    expect(f.decimals).toBeGreaterThan(0);
    expect(f.rolled).toBeGreaterThan(f.needed);
    // The line is shown as it is (44.6), the chance whole (55), as everywhere.
    expect(f).toMatchObject({ chance: 55, needed: 44.6, rolled: 44.7, decimals: 1 });
  });

  it('keeps the chance whole and tells a roll from a line near 0 ("100.0% · >0.0 · 0.1" once)', () => {
    expect(rollFigures(0.9995, 0.001, true)).toEqual({ chance: 99, needed: 0.05, rolled: 0.1, decimals: 2 });
    expect(rollFigures(1, 0.3, true)).toEqual({ chance: 100, needed: 0, rolled: 30, decimals: 0 });
  });

  it('agrees with the outcome for every fight the server could decide', () => {
    // The server's rule: won = roll > 1 − probability. Whatever the pair, the shown figures say the same: drawn
    // pairs (the same every run), half of them within 0.001 of the line, and one a billionth past it.
    const rng = createPrng(29);
    const pairs: [number, number][] = [[0.054, 0.9460000030638419]];
    for (let i = 0; i < 20_000; i++) {
      const p = Math.round(rng.next() * 1000) / 1000;
      pairs.push([p, i % 2 ? rng.next() : 1 - p + (rng.next() - 0.5) * 0.002]);
    }
    for (const [p, roll] of pairs) {
      const won = roll > 1 - p;
      const f = rollFigures(p, roll, won);
      const needed = Number(f.needed.toFixed(f.decimals));
      expect(Number(f.rolled.toFixed(f.decimals)) > needed, `${p} ${roll}`).toBe(won);
      // The chance is whole, and neither it nor the line claims a sure or hopeless fight that is not one.
      expect(f.chance).toBe(wholePercent(p));
      if (p > 0 && p < 1) expect(needed > 0 && needed < 100, `${p} ${roll}: line ${needed}`).toBe(true);
    }
  });
});

describe('chanceBand', () => {
  it.each([
    [0, 'Long shot'],
    [0.0999, 'Long shot'],
    [0.1, 'Underdog'],
    [0.39, 'Underdog'],
    [0.4, 'Even'],
    [0.5, 'Even'],
    [0.5999, 'Even'],
    [0.6, 'Even'], // a duel Find a fair match offers at exactly 60% (1,500 of 2,500 battles) reads as fair
    [0.6001, 'Favoured'],
    [0.8999, 'Favoured'],
    [0.9, 'Sure thing'],
    [1, 'Sure thing'],
  ])('%d → %s', (p, label) => {
    expect(chanceBand(p).label).toBe(label);
  });
  it('reads nonsense as even', () => expect(chanceBand(Number.NaN).band).toBe('even'));
});

describe('ladder figures', () => {
  it('signs a rating change, writes a record and an ordinal', () => {
    expect([162.4, -40.6, 0.2].map(formatRatingChange)).toEqual(['+162', '\u221241', '\u00b10']);
    expect(formatRecord({ wins: 12, losses: 5 })).toBe('12\u20135');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
});

describe('idleClaimText', () => {
  it('names only what a claim paid', () => {
    expect(idleClaimText({ gold: 11, xp_per_hero: 12, magic_essence: 0 })).toBe(
      'Claimed 11 gold, 12 xp per hero',
    );
    expect(idleClaimText({ gold: 1200, xp_per_hero: 0, magic_essence: 3 })).toBe(
      'Claimed 1,200 gold, 3 essence',
    );
    expect(idleClaimText({ gold: 0, xp_per_hero: 0, magic_essence: 0 })).toBe('Nothing had accrued yet');
  });
});
