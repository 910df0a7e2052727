import { describe, expect, it } from 'vitest';
import { STATUSES } from './content.ts';
import { describeStatus } from './describe.ts';

describe('describeStatus', () => {
  it('writes each status from the numbers the rules read', () => {
    expect(describeStatus(STATUSES.weaken)).toBe('Attack is reduced. −25% attack.');
    expect(describeStatus(STATUSES.poison)).toMatch(/loses 5% of max health each turn/i);
    expect(describeStatus(STATUSES.stun)).toMatch(/loses its next turn/i);
    // A changed number changes the text: it is never written twice.
    expect(describeStatus({ ...STATUSES.weaken, atkMul: 0.6 })).toContain('−40% attack');
  });

  it('gives every status of the game its figures', () => {
    for (const st of Object.values(STATUSES)) {
      const text = describeStatus(st);
      expect(text.startsWith(st.description), st.id).toBe(true);
      if (st.id !== 'shield') expect(text.length, st.id).toBeGreaterThan(st.description.length);
    }
  });
});
