// @vitest-environment happy-dom
// Moments (issue 18): a 4★ or 5★ summon is one, announced (role=status) with the hero; a 1–3★ pair is not.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Moment, SummonMoment } from './moment.tsx';
import { DEMO_HERO } from '../pages/herocard/index.tsx';

afterEach(cleanup);

describe('moments', () => {
  it('a 5★ in a fresh pair is a Legendary summon, announced with the hero', () => {
    const { getByRole } = render(
      <SummonMoment
        heroes={[
          { ...DEMO_HERO, rarity: 2 },
          { ...DEMO_HERO, id: 'h2', rarity: 5 },
        ]}
      />,
    );
    const moment = getByRole('status');
    expect(moment.dataset.moment).toBe('summon');
    expect(moment.textContent).toContain('5★ Legendary summon!');
    expect(moment.textContent).toContain(DEMO_HERO.name);
  });

  it('a 4★ is an Epic one; a pair of 1–3★ heroes is no moment', () => {
    const epic = render(<SummonMoment heroes={[{ ...DEMO_HERO, rarity: 4 }]} />);
    expect(epic.getByRole('status').textContent).toContain('4★ Epic summon!');
    cleanup();
    const plain = render(
      <SummonMoment
        heroes={[
          { ...DEMO_HERO, rarity: 3 },
          { ...DEMO_HERO, id: 'h2', rarity: 1 },
        ]}
      />,
    );
    expect(plain.container.textContent).toBe('');
  });

  it('a moment is a status for screen readers, with its kind', () => {
    const { getByRole } = render(<Moment kind="cleared" title="Dungeon cleared!" />);
    expect(getByRole('status').dataset.moment).toBe('cleared');
  });
});
