import { describe, expect, it } from 'vitest';
import { glicko2Expected, glicko2Update } from './glicko2.ts';

describe('Glicko-2', () => {
  it("reproduces the worked example of Glickman's paper", () => {
    // "Example of the Glicko-2 system": a 1500 / 200 player (σ 0.06) plays three opponents in one period,
    // winning the first and losing the others, with τ = 0.5.
    const after = glicko2Update(
      { rating: 1500, rd: 200, vol: 0.06 },
      [
        { opponent: { rating: 1400, rd: 30 }, score: 1 },
        { opponent: { rating: 1550, rd: 100 }, score: 0 },
        { opponent: { rating: 1700, rd: 300 }, score: 0 },
      ],
      0.5,
    );
    // The paper rounds its intermediate values to four places (μ' = −0.2069, φ' = 0.8722), so its figures are
    // met to within a hundredth: exactly, the rating is 1464.0507, the deviation 151.5165, σ' 0.0599960.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.02);
    expect(Math.abs(after.rd - 151.52)).toBeLessThan(0.02);
    expect(Math.abs(after.vol - 0.05999)).toBeLessThan(0.00001);
  });

  it('a period without games only widens the deviation (step 6)', () => {
    const after = glicko2Update({ rating: 1700, rd: 100, vol: 0.06 }, [], 0.5);
    expect(after.rating).toBe(1700);
    expect(after.vol).toBe(0.06);
    expect(after.rd).toBeCloseTo(Math.sqrt((100 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 9);
  });

  it('a win raises, a loss lowers, and an upset moves more than an expected result', () => {
    const me = { rating: 1500, rd: 120, vol: 0.06 };
    const weak = { rating: 1300, rd: 80 };
    const strong = { rating: 1700, rd: 80 };
    const beatWeak = glicko2Update(me, [{ opponent: weak, score: 1 }], 0.5).rating - 1500;
    const beatStrong = glicko2Update(me, [{ opponent: strong, score: 1 }], 0.5).rating - 1500;
    const loseToStrong = glicko2Update(me, [{ opponent: strong, score: 0 }], 0.5).rating - 1500;
    expect(beatWeak).toBeGreaterThan(0);
    expect(beatStrong).toBeGreaterThan(beatWeak);
    expect(loseToStrong).toBeLessThan(0);
    expect(-loseToStrong).toBeLessThan(beatStrong);
    // Every game makes the rating surer.
    expect(glicko2Update(me, [{ opponent: weak, score: 1 }], 0.5).rd).toBeLessThan(me.rd);
  });

  it('expects an even result between equals and favours the higher rating', () => {
    expect(glicko2Expected({ rating: 1500 }, { rating: 1500, rd: 50 })).toBeCloseTo(0.5, 12);
    expect(glicko2Expected({ rating: 1700 }, { rating: 1500, rd: 0 })).toBeCloseTo(1 / (1 + 10 ** -0.5), 5);
  });
});
