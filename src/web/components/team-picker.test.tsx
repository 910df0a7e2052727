// @vitest-environment happy-dom
// TeamPicker: no hero card is pickable while the starting team is read (a pick made then flipped when the strongest
// four came — a browser test's click left a card unselected), and the team read is what shows picked.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { TeamPicker, type TeamPickerProps } from './team-picker.tsx';
import { DEMO_HERO } from '../pages/herocard/index.tsx';

afterEach(cleanup);

const heroes = [DEMO_HERO, { ...DEMO_HERO, id: 'second_hero', name: 'Second' }];

function picker(props: Partial<TeamPickerProps>) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TeamPicker
          heroes={heroes}
          initial={[]}
          variant="detail"
          onCancel={() => {}}
          onConfirm={() => {}}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const selected = (root: HTMLElement) =>
  [...root.querySelectorAll('.hero-card[data-selected="true"]')].map((e) => e.getAttribute('data-hero-id'));

describe('TeamPicker', () => {
  it('shows no pickable card while the starting team is read, then the team read as picked', () => {
    const { container, rerender } = render(picker({ loading: true }));
    expect(container.querySelectorAll('.hero-card')).toHaveLength(0);
    rerender(picker({ loading: false, initial: ['demo_hero'] }));
    expect(selected(container)).toEqual(['demo_hero']);
  });

  it('a pick toggles from the team shown', () => {
    const { container } = render(picker({ initial: ['demo_hero'] }));
    fireEvent.click(container.querySelector('[data-hero-id="second_hero"] .hero-card__action')!);
    expect(selected(container)).toEqual(['demo_hero', 'second_hero']);
    fireEvent.click(container.querySelector('[data-hero-id="demo_hero"] .hero-card__action')!);
    expect(selected(container)).toEqual(['second_hero']);
    expect(container.textContent).toContain('Confirm Team (1)');
  });
});
