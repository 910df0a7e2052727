// @vitest-environment happy-dom
// HeroCard: every size at its pixels, stars in number and colour class, data-hero-id, abilities only
// on large (2 normal then the ultimate), the selectable variant's check mark and aria-pressed.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { HeroCard, HERO_CARD_SIZES, type HeroCardSize } from './hero-card.tsx';
import { DEMO_HERO } from '../pages/herocard/index.tsx';

afterEach(cleanup);

const renderCard = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('HeroCard', () => {
  it.each(Object.entries(HERO_CARD_SIZES) as [HeroCardSize, { width: number; height: number }][])(
    '%s is drawn at its fixed size with the hero id',
    (size, { width, height }) => {
      const { container } = renderCard(<HeroCard hero={DEMO_HERO} size={size} />);
      const root = container.querySelector('article')!;
      expect(root.getAttribute('data-hero-id')).toBe('demo_hero');
      expect(root.style.width).toBe(`${width}px`);
      expect(root.style.height).toBe(`${height}px`);
      expect(root.textContent).toContain('Lv 5 Elf Sorcerer');
      expect(container.querySelectorAll('.ability-chip')).toHaveLength(size === 'large' ? 3 : 0);
    },
  );

  it('the sizes are the fixed numbers', () => {
    expect(HERO_CARD_SIZES.tiny).toMatchObject({ width: 180, height: 260 });
    expect(HERO_CARD_SIZES.small).toMatchObject({ width: 220, height: 300 });
    expect(HERO_CARD_SIZES.medium).toMatchObject({ width: 260, height: 370 });
    expect(HERO_CARD_SIZES.large).toMatchObject({ width: 280, height: 400 });
  });

  it.each([1, 2, 3, 4, 5])('rarity %i shows that many stars, readable as a number and a label', (rarity) => {
    const { container } = renderCard(<HeroCard hero={{ ...DEMO_HERO, rarity }} />);
    const stars = container.querySelector('[data-stars]')!;
    expect(stars.getAttribute('data-stars')).toBe(String(rarity));
    expect(stars.querySelectorAll('svg.rarity-star')).toHaveLength(rarity);
    expect(stars.className).toContain(`rarity-text-${rarity}`);
    expect(stars.getAttribute('aria-label')).toMatch(new RegExp(`^${rarity} stars?`));
    expect(stars.textContent).toBe(String(rarity));
    expect(container.querySelector('article')!.className).toContain(`rarity-${rarity}`);
  });

  it.each([
    [1, 'Aelindra Stormveil, Lv 5 Elf Sorcerer, 1 star'],
    [2, 'Aelindra Stormveil, Lv 5 Elf Sorcerer, 2 stars'],
  ])('a card of rarity %i is named "%s" (one star, two stars)', (rarity, name) => {
    const { container } = renderCard(<HeroCard hero={{ ...DEMO_HERO, rarity }} onClick={() => undefined} />);
    expect(container.querySelector('.hero-card__action')!.getAttribute('aria-label')).toBe(name);
  });

  it('shows the stats the hero fights with, its own in each title', () => {
    const fighting_stats = { max_hp: 935, atk: 99, def: 72, spd: 88 };
    const { container } = renderCard(<HeroCard hero={{ ...DEMO_HERO, fighting_stats }} size="small" />);
    const stats = [...container.querySelectorAll('.hero-card__stats > div')];
    expect(stats.map((d) => d.querySelector('dd')!.firstChild!.textContent)).toEqual([
      '935',
      '99',
      '72',
      '88',
    ]);
    expect(stats[0].getAttribute('title')).toMatch(/^Health 935 in battle; its own 850 /);
    expect(stats[1].getAttribute('title')).toMatch(/^Attack 99 in battle; its own 95 /);
    expect(stats[2].getAttribute('title')).toMatch(/^Defense 72 \(/);
  });

  it('puts the ultimate last among the abilities on large', () => {
    const abilities = [DEMO_HERO.abilities[2], DEMO_HERO.abilities[0], DEMO_HERO.abilities[1]];
    const { container } = renderCard(<HeroCard hero={{ ...DEMO_HERO, abilities }} size="large" />);
    const types = [...container.querySelectorAll('[data-ability-type]')].map((e) =>
      e.getAttribute('data-ability-type'),
    );
    expect(types).toEqual(['offensive', 'offensive', 'ultimate']);
    expect(container.querySelectorAll('[role="tooltip"]')).toHaveLength(3);
  });

  it('the selectable variant toggles through its button and shows a check mark when selected', () => {
    let clicks = 0;
    const { container, rerender } = renderCard(
      <HeroCard hero={DEMO_HERO} selected={false} onClick={() => clicks++} />,
    );
    const button = container.querySelector('button.hero-card__action')!;
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(clicks).toBe(1);
    rerender(
      <MemoryRouter>
        <HeroCard hero={DEMO_HERO} selected onClick={() => clicks++} selectionOrder={2} />
      </MemoryRouter>,
    );
    expect(container.querySelector('.hero-card__check')!.getAttribute('data-checked')).toBe('true');
    expect(container.querySelector('.hero-card__check')!.textContent).toBe('2');
    expect(container.querySelector('button.hero-card__action')!.getAttribute('aria-pressed')).toBe('true');
  });

  it('a label replaces the name (NPC: …) and `to` makes the card a link', () => {
    const { container } = renderCard(
      <HeroCard hero={DEMO_HERO} label={`NPC: ${DEMO_HERO.name}`} to="/heroes/demo_hero" />,
    );
    expect(container.querySelector('.hero-card__name')!.textContent).toBe('NPC: Aelindra Stormveil');
    expect(container.querySelector('a.hero-card__action')!.getAttribute('href')).toBe('/heroes/demo_hero');
  });

  it.each(['tiny', 'small', 'large'] as HeroCardSize[])(
    '%s marks the hero’s own spread beside each stat that has one, saying what it is measured against',
    (size) => {
      const { container } = renderCard(<HeroCard hero={DEMO_HERO} size={size} />);
      // Demo spread: HP +3, ATK +4, DEF −2, SPD ±0 (no mark).
      const marks = [...container.querySelectorAll('.hero-card__stats [data-spread]')];
      expect(marks.map((m) => m.getAttribute('data-spread'))).toEqual(['3', '4', '-2']);
      expect(marks.map((m) => m.querySelector('[aria-hidden]')!.textContent)).toEqual([
        '+3',
        '+4',
        '\u22122',
      ]);
      const base = 'from the base of its race, class, type, rarity and level';
      expect(marks.map((m) => m.querySelector('.visually-hidden')!.textContent)).toEqual([
        ` (+3% ${base})`,
        ` (+4% ${base})`,
        ` (\u22122% ${base})`,
      ]);
      expect(marks[2].className).toContain('stat-spread--down');
      const atk = container.querySelectorAll('.hero-card__stats > div')[1];
      expect(atk.getAttribute('title')).toBe(`Attack 95 (+4% ${base})`);
    },
  );

  it('draws no spread mark where a number would not fit (x-small, 4-digit stats on tiny): no bare arrows', () => {
    const marks = (size: HeroCardSize, hp: number) => {
      const { container } = renderCard(<HeroCard hero={{ ...DEMO_HERO, hp, max_hp: hp }} size={size} />);
      const found = [...container.querySelectorAll('[data-spread]')].map((m) =>
        m.getAttribute('data-spread'),
      );
      const hpTitle = container.querySelector('.hero-card__stats > div')!.getAttribute('title');
      expect(container.textContent).not.toMatch(/[\u25b4\u25be]/);
      cleanup();
      return [found, hpTitle?.includes('+3% from the base')];
    };
    expect(marks('x-small', 850)).toEqual([[], true]);
    expect(marks('tiny', 850)).toEqual([['3', '4', '-2'], true]);
    expect(marks('tiny', 2150)).toEqual([['4', '-2'], true]);
    expect(marks('small', 2150)).toEqual([['3', '4', '-2'], true]);
  });

  const GEARED = {
    ...DEMO_HERO,
    gear: (['weapon', 'armour', 'charm', 'relic'] as const).map((slot) => ({
      slot,
      item_id: `ember_${slot}`,
      name: `Ember ${slot}`,
      set: 'ember',
      set_name: 'Ember',
      icon: `/api/art/icons/item/ember_${slot}.svg`,
      description: 'Attack is 8% higher.',
    })),
    gear_sets: [
      { set: 'ember', name: 'Ember', pieces: 2 as const, description: 'Attack is 6% higher.' },
      { set: 'ember', name: 'Ember', pieces: 4 as const, description: 'Deals 10% more damage.' },
    ],
  };

  it.each(Object.keys(HERO_CARD_SIZES) as HeroCardSize[])(
    '%s shows the gear it wears: a count on the two smallest, the pieces and the best set bonus above',
    (size) => {
      const { container } = renderCard(<HeroCard hero={GEARED} size={size} />);
      const badge = container.querySelector('.hero-card__gear')!;
      expect(badge.getAttribute('aria-label')).toBe(
        'Gear: Ember weapon, Ember armour, Ember charm, Ember relic',
      );
      expect(badge.getAttribute('title')).toContain('Ember set (4): Deals 10% more damage.');
      const compact = size === 'tiny' || size === 'x-small';
      expect(badge.querySelectorAll('img')).toHaveLength(compact ? 1 : 4);
      expect(badge.textContent).toBe(compact ? '4' : 'Ember 4');
    },
  );

  it('shows no gear badge on a hero wearing nothing', () => {
    const { container } = renderCard(<HeroCard hero={DEMO_HERO} size="large" />);
    expect(container.querySelector('.hero-card__gear')).toBeNull();
  });
});
