// What the fairness page's verdicts count (./ctrl.ts): ranges and rarities within their intervals, groups outside
// the balance gate.
import { describe, expect, it } from 'vitest';
import type { Balance, FairnessResponse } from '../../../api/index.ts';
import { balanceVerdict, oddsVerdict, summonVerdict } from './ctrl.ts';

const bucket = (from: number, fights: number, stated: number | null, low = 0.4, high = 0.6) => ({
  from,
  to: from + 0.1,
  fights,
  won: Math.round(fights / 2),
  stated,
  observed: fights ? 0.5 : null,
  interval: fights ? { low, high } : null,
});

describe('the fairness verdicts', () => {
  it('count the ranges with fights that held, allowing one in ten to miss, and the fights of each kind', () => {
    const buckets = [
      ...Array.from({ length: 9 }, (_, i) => bucket(i / 10, 10, 0.5)),
      bucket(0.9, 10, 0.95), // outside its interval
      bucket(0.95, 0, null), // no fights: not a range that counts
    ];
    const fights = {
      buckets,
      fights: 100,
      won: 50,
      stated: 0.5,
      by_kind: [
        { kind: 'arena', fights: 60, won: 30 },
        { kind: 'dungeon', fights: 40, won: 20 },
      ],
    } as unknown as FairnessResponse['fights'];
    const v = oddsVerdict(fights);
    expect(v).toMatchObject({ filled: 10, holding: 9, good: true, wonShare: 0.5 });
    expect([v.fightsOf('all'), v.fightsOf('arena'), v.fightsOf('campaign')]).toEqual([100, 60, 0]);
    const twoOff = {
      ...fights,
      buckets: [...buckets.slice(0, 8), bucket(0.8, 10, 0.9), bucket(0.9, 10, 0.95)],
    };
    expect(oddsVerdict(twoOff)).toMatchObject({ filled: 10, holding: 8, good: false });
  });

  it('hold the summons good with one rarity off, and name the groups outside the balance gate', () => {
    const rarity = (stated: number) => ({ stated, interval: { low: 0.1, high: 0.2 } });
    const summons = (...stated: number[]) =>
      ({ rarities: stated.map(rarity) }) as unknown as FairnessResponse['summons'];
    expect(summonVerdict(summons(0.15, 0.15, 0.3))).toEqual({ holding: 2, good: true });
    expect(summonVerdict(summons(0.15, 0.3, 0.3))).toEqual({ holding: 1, good: false });
    const entry = (name: string, rate: number) => ({ id: name, name, rate, interval: null, games: 10 });
    const balance = {
      gate: { low: 0.42, high: 0.58 },
      race: [entry('Elf', 0.5)],
      class: [entry('Mage', 0.6)],
      type: [entry('Fire', 0.41)],
    } as unknown as Balance;
    const v = balanceVerdict(balance);
    expect(v.outside.map((e) => e.name)).toEqual(['Mage', 'Fire']);
    expect(v).toMatchObject({ groups: 3, lowest: 0.41, highest: 0.6 });
  });
});
