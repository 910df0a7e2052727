// The balance measure and its intervals: the Wilson interval against published values, the effective sample size
// of teammates who share a result, and the measure itself — seeded, every appearance counted once per group.
import { describe, expect, it } from 'vitest';
import { balanceInterval, balancePools, measureBalance, wilsonInterval, type BalanceRun } from './balance.ts';
import { createPrng } from './prng.ts';

describe('wilsonInterval', () => {
  it('matches the textbook values', () => {
    // 50 of 100: 40.38%–59.62%; 0 of 10: 0–27.75%; 10 of 10: 72.25%–100% (Wilson 1927, z = 1.96).
    const half = wilsonInterval(0.5, 100)!;
    expect(half.low).toBeCloseTo(0.4038, 4);
    expect(half.high).toBeCloseTo(0.5962, 4);
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.2775, 4) });
    expect(wilsonInterval(1, 10)).toEqual({ low: expect.closeTo(0.7225, 4), high: 1 });
  });

  it('holds the share, stays in 0–1, narrows with more trials, and is null for none', () => {
    for (const p of [0, 0.001, 0.3, 0.5, 0.97, 1])
      for (const n of [1, 7.5, 40, 10_000]) {
        const i = wilsonInterval(p, n)!;
        expect(i.low).toBeGreaterThanOrEqual(0);
        expect(i.high).toBeLessThanOrEqual(1);
        expect(i.low).toBeLessThanOrEqual(p);
        expect(i.high).toBeGreaterThanOrEqual(p);
      }
    const wide = wilsonInterval(0.3, 50)!;
    const narrow = wilsonInterval(0.3, 5000)!;
    expect(narrow.high - narrow.low).toBeLessThan(wide.high - wide.low);
    expect(wilsonInterval(0.5, 0)).toBeNull();
  });
});

describe('balanceInterval', () => {
  it('counts teammates who share a result as fewer independent results', () => {
    // 400 games as 400 lone heroes, or as 100 teams of 4 of the group: the same share, a wider interval.
    const alone = balanceInterval({ wins: 220, games: 400, clustered: 400 })!;
    const teams = balanceInterval({ wins: 220, games: 400, clustered: 100 * 16 })!;
    expect(alone.rate).toBe(0.55);
    expect(teams.rate).toBe(0.55);
    expect(alone).toMatchObject(wilsonInterval(0.55, 400)!);
    expect(teams).toMatchObject(wilsonInterval(0.55, 100)!);
    expect(balanceInterval({ wins: 0, games: 0, clustered: 0 })).toBeNull();
  });
});

describe('measureBalance', () => {
  const pools = balancePools(12);
  const run = (seed: number): BalanceRun => measureBalance(pools, 150, createPrng(seed));

  it('is a function of its seed', () => {
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });

  it('counts every appearance once under its race, its class, its type and its spread band; one side wins', () => {
    const r = run(7);
    const appearances = (r.battles - r.draws) * 2 * 4;
    for (const tally of [r.race, r.class, r.type, r.spread]) {
      const records = [...tally.values()];
      expect(records.reduce((n, x) => n + x.games, 0)).toBe(appearances);
      expect(records.reduce((n, x) => n + x.wins, 0)).toBe(appearances / 2);
      for (const x of records) {
        // k heroes of a group on a side: games add k, clustered k², so games ≤ clustered ≤ 4·games.
        expect(x.clustered).toBeGreaterThanOrEqual(x.games);
        expect(x.clustered).toBeLessThanOrEqual(4 * x.games);
      }
    }
  });
});
