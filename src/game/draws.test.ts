// The bar the stalemate rule (exhaustion: FATIGUE_FROM / FATIGUE_STEP in battle/numbers.ts) is held to: at most
// DRAW_GATE (0.2%) of battles end in a draw, at 1v1, 2v2 and 4v4 alike. Measured as `npm run balance` measures it
// (measureLength in ./balance.ts): level-matched random teams from the bench's hero pools, both sides played by the
// normal AI on the fast path. 4,000 battles a size from fixed seeds, so the figure is the same on every run: the gate
// allows 8 draws a size; these battles have none, and with exhaustion turned off (FATIGUE_FROM past the turn limit)
// 44, 33 and 20.
import { describe, expect, it } from 'vitest';
import { BALANCE_POOL, DRAW_GATE, balancePools, measureLength } from './balance.ts';
import { createPrng } from './prng.ts';

const BATTLES = 4000;

describe('draws', () => {
  const pools = balancePools(BALANCE_POOL);

  for (const size of [1, 2, 4])
    it(`are at most 0.2% of level-matched random ${size}v${size} battles`, () => {
      const run = measureLength(pools, BATTLES, createPrng(20261121 + size), size);
      expect(run.draws / run.battles, `${run.draws} draws in ${run.battles}`).toBeLessThanOrEqual(DRAW_GATE);
    });
});
