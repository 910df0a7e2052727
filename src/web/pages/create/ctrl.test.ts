// /create's choice before the player picks: the rarer candidate of the pair, the first of two alike.
import { describe, expect, it } from 'vitest';
import { rarest } from './ctrl.ts';

describe('the candidate chosen at first', () => {
  it('is the rarer of the pair, wherever it was drawn', () => {
    expect(
      rarest([
        { id: 'a', rarity: 2 },
        { id: 'b', rarity: 4 },
      ])?.id,
    ).toBe('b');
    expect(
      rarest([
        { id: 'a', rarity: 5 },
        { id: 'b', rarity: 1 },
      ])?.id,
    ).toBe('a');
  });
  it('is the first of two alike, and none of none', () => {
    expect(
      rarest([
        { id: 'a', rarity: 3 },
        { id: 'b', rarity: 3 },
      ])?.id,
    ).toBe('a');
    expect(rarest([])).toBeNull();
    expect(rarest(null)).toBeNull();
  });
});
