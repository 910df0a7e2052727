// HeroCard: the collectible card of a hero or NPC in five sizes: portrait (~60%),
// type emblem, rarity stars (colour + count), name band, 'Lv X Race Class', HP/ATK/DEF/SPD, and on large the
// 3 abilities with tooltips. The stats are the ones it fights with (the server's fighting_stats: its gear, traits and
// passives on its own stats), its own in each stat's title. Clickable (to / onClick) or selectable (selected → check mark, optional order
// number). The root always carries data-hero-id. Each stat shows the hero's own spread beside it ('+4') where it
// fits (not on x-small, nor beside 4-digit stats on tiny; the stat's title says it everywhere). Styles in
// ./hero-card.css; the demo is pages/herocard.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Hero } from '../../api/index.ts';
import { Icon } from './icon.tsx';
import { counted, formatSpread } from './format.ts';

import './hero-card.css';

/**
 * The gear a hero wears, on its portrait's foot: the pieces' icons (a count on the two smallest cards) and, from
 * small up, its best set bonus ('Ember 4'); every piece and bonus named in the badge's title.
 */
function GearBadge({ hero, size }: { hero: HeroCardData; size: HeroCardSize }) {
  const worn = hero.gear ?? [];
  if (worn.length === 0) return null;
  const sets = hero.gear_sets ?? [];
  const best = sets.reduce<(typeof sets)[number] | null>((b, s) => (!b || s.pieces > b.pieces ? s : b), null);
  const title = [
    ...worn.map((w) => `${w.name}: ${w.description}`),
    ...sets.map((s) => `${s.name} set (${s.pieces}): ${s.description}`),
  ].join('\n');
  const compact = size === 'tiny' || size === 'x-small';
  return (
    <span
      className="hero-card__gear"
      title={title}
      aria-label={`Gear: ${worn.map((w) => w.name).join(', ')}`}
    >
      {compact ? (
        <>
          <img src={worn[0].icon} alt="" width={14} height={14} />
          <span>{worn.length}</span>
        </>
      ) : (
        worn.map((w) => <img key={w.slot} src={w.icon} alt="" width={18} height={18} />)
      )}
      {!compact && best && (
        <span className="hero-card__set">
          {best.name} {best.pieces}
        </span>
      )}
    </span>
  );
}

/** One of a hero's abilities. */
export type Ability = Hero['abilities'][number];

export type HeroCardSize = 'tiny' | 'x-small' | 'small' | 'medium' | 'large';

/** Pixel sizes of each card: tiny 180×260, small 220×300, medium 260×370, large 280×400, x-small 150×215. */
export const HERO_CARD_SIZES: Record<HeroCardSize, { width: number; height: number; use: string }> = {
  tiny: { width: 180, height: 260, use: 'arena, dungeons' },
  'x-small': { width: 150, height: 215, use: 'phone grids, pickers' },
  small: { width: 220, height: 300, use: 'browsing' },
  medium: { width: 260, height: 370, use: 'team previews' },
  large: { width: 280, height: 400, use: 'selection, creation' },
};

export const RARITY_NAMES = ['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'] as const;

/** What a card needs of a hero; a full Hero (or NPC) fits. */
export type HeroCardData = Pick<
  Hero,
  | 'id'
  | 'name'
  | 'level'
  | 'race'
  | 'class'
  | 'type'
  | 'rarity'
  | 'portrait_url'
  | 'hp'
  | 'max_hp'
  | 'atk'
  | 'def'
  | 'spd'
> & {
  abilities?: Ability[];
  spread?: Hero['spread'];
  gear?: Hero['gear'];
  gear_sets?: Hero['gear_sets'];
  fighting_stats?: Hero['fighting_stats'];
};

export interface HeroCardProps {
  hero: HeroCardData;
  size?: HeroCardSize;
  /** Shown instead of the name (e.g. 'NPC: {name}'). */
  label?: string;
  /** Navigates on click. */
  to?: string;
  /** Called on click (ignored when `to` is set). */
  onClick?: () => void;
  /** Selectable variant: draws a check mark when true; the card is a toggle (aria-pressed). */
  selected?: boolean;
  /** 1-based selection order shown in the check badge (team picker on the dungeon list). */
  selectionOrder?: number;
  disabled?: boolean;
  /** Extra content drawn over the portrait's bottom edge (e.g. a Defeated ribbon). */
  overlay?: ReactNode;
  className?: string;
}

const clampRarity = (r: number): number => Math.min(5, Math.max(1, Math.round(r || 1)));

export function RarityStars({ rarity, size = 14 }: { rarity: number; size?: number }) {
  const r = clampRarity(rarity);
  return (
    <span
      className={`rarity-stars rarity-text-${r}`}
      role="img"
      aria-label={`${r} star${r === 1 ? '' : 's'} (${RARITY_NAMES[r - 1]})`}
      title={`${r}★ ${RARITY_NAMES[r - 1]}`}
      data-stars={r}
      style={{ fontSize: size }}
    >
      {Array.from({ length: r }, (_, i) => (
        <svg
          key={i}
          className="rarity-star"
          viewBox="0 0 24 24"
          width="1em"
          height="1em"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
            fill="currentColor"
          />
        </svg>
      ))}
      <span className="rarity-stars__count" aria-hidden="true">
        {r}
      </span>
    </span>
  );
}

/** 'Lv X Race Class'. */
export const roleLine = (hero: Pick<Hero, 'level' | 'race' | 'class'>): string =>
  `Lv ${hero.level} ${hero.race} ${hero.class}`;

function AbilityChip({ ability }: { ability: Ability }) {
  const tipId = useId();
  const ultimate = ability.type === 'ultimate';
  return (
    <li className={`ability-chip${ultimate ? ' ability-chip--ultimate' : ''}`}>
      <span
        className="ability-chip__trigger"
        tabIndex={0}
        aria-describedby={tipId}
        data-ability-type={ability.type}
      >
        <img src={ability.icon} alt="" width={26} height={26} loading="lazy" decoding="async" />
        <span className="ability-chip__name">{ability.name}</span>
      </span>
      <span role="tooltip" id={tipId} className="ability-tooltip">
        <strong>{ability.name}</strong>
        <em>
          {ultimate ? 'Ultimate' : ability.type} · Lv {ability.level}
        </em>
        {ability.description}
      </span>
    </li>
  );
}

const CARD_STATS = [
  { key: 'max_hp', icon: 'hp', label: 'HP', name: 'Health' },
  { key: 'atk', icon: 'atk', label: 'ATK', name: 'Attack' },
  { key: 'def', icon: 'def', label: 'DEF', name: 'Defense' },
  { key: 'spd', icon: 'spd', label: 'SPD', name: 'Speed' },
] as const;

/** What a stat's spread measures, in the words a stat's title and screen readers use. */
const spreadMeaning = (pct: number): string =>
  `${formatSpread(pct)} from the base of its race, class, type, rarity and level`;

/**
 * The hero's own spread on one stat: '+4' / '−3' beside the number where it fits. Where it does not (x-small, and
 * 4-digit stats on tiny) nothing is drawn: a bare arrow beside a stat read as a judgement of the stat (a fast hero's
 * speed with a red ▾), when it only says how this hero rolled against its base.
 */
function SpreadMark({ pct }: { pct: number }) {
  return (
    <span className={`stat-spread stat-spread--${pct > 0 ? 'up' : 'down'}`} data-spread={pct}>
      <span aria-hidden="true">{formatSpread(pct).replace('%', '')}</span>
      <span className="visually-hidden">{` (${spreadMeaning(pct)})`}</span>
    </span>
  );
}

export function HeroCard({
  hero,
  size = 'small',
  label,
  to,
  onClick,
  selected,
  selectionOrder,
  disabled,
  overlay,
  className,
}: HeroCardProps) {
  const rarity = clampRarity(hero.rarity);
  const { width, height } = HERO_CARD_SIZES[size];
  const name = label ?? hero.name;
  const selectable = selected !== undefined;
  const showAbilities = size === 'large' && hero.abilities && hero.abilities.length > 0;
  // Two normal abilities, then the ultimate (a hero has 3: 2 normal and 1 ultimate).
  const abilities = showAbilities
    ? [
        ...hero.abilities!.filter((a) => a.type !== 'ultimate').slice(0, 2),
        ...hero.abilities!.filter((a) => a.type === 'ultimate').slice(0, 1),
      ]
    : [];
  const accessibleName = `${name}, ${roleLine(hero)}, ${counted(rarity, 'star')}`;

  const classes = [
    'hero-card',
    `hero-card--${size}`,
    `rarity-${rarity}`,
    selectable ? 'hero-card--selectable' : '',
    selected ? 'hero-card--selected' : '',
    disabled ? 'hero-card--disabled' : '',
    to || onClick ? 'hero-card--interactive' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

  // The whole card is one link/button (a stretched overlay), so the ability tooltips stay separately focusable.
  let action: ReactNode = null;
  if (to && !disabled) {
    action = <Link className="hero-card__action" to={to} aria-label={accessibleName} />;
  } else if (onClick) {
    action = (
      <button
        type="button"
        className="hero-card__action"
        onClick={onClick}
        disabled={disabled}
        aria-label={accessibleName}
        aria-pressed={selectable ? !!selected : undefined}
      />
    );
  }

  return (
    <article
      className={classes}
      style={{ width, height }}
      data-hero-id={hero.id}
      data-size={size}
      data-rarity={rarity}
      data-selected={selectable ? String(!!selected) : undefined}
    >
      <div className="hero-card__frame">
        <div className="hero-card__portrait">
          <img
            src={hero.portrait_url}
            alt={`Portrait of ${hero.name}`}
            loading="lazy"
            decoding="async"
            draggable={false}
          />
          <span className={`hero-card__type type-${hero.type.toLowerCase()}`} title={hero.type}>
            <Icon name={hero.type} size={size === 'x-small' || size === 'tiny' ? 13 : 15} label={hero.type} />
          </span>
          <span className="hero-card__stars">
            <RarityStars rarity={rarity} size={size === 'x-small' ? 11 : size === 'tiny' ? 12 : 14} />
          </span>
          <GearBadge hero={hero} size={size} />
          {overlay}
        </div>
        <div className="hero-card__band">
          <h3 className="hero-card__name" title={name}>
            {name}
          </h3>
          <p className="hero-card__role">{roleLine(hero)}</p>
        </div>
        <dl className="hero-card__stats tabular">
          {CARD_STATS.map(({ key, icon, label, name }) => {
            // The number it fights with (its gear, traits and passives on its own stats), its own in the title.
            const value = hero.fighting_stats?.[key] ?? (key === 'max_hp' ? hero.hp : hero[key]);
            const pct = hero.spread?.[key] ?? 0;
            const spreadText = pct ? ` (${spreadMeaning(pct)})` : '';
            const roomForSpread = size !== 'x-small' && !(size === 'tiny' && value >= 1000);
            const own = hero[key] !== value ? ` in battle; its own ${hero[key]}` : '';
            const full = `${name} ${value}${own}`;
            return (
              <div key={key} title={full + spreadText}>
                <dt>
                  <Icon name={icon} size={12} />
                  <span>{label}</span>
                </dt>
                <dd>
                  {value}
                  {pct !== 0 && roomForSpread && <SpreadMark pct={pct} />}
                </dd>
              </div>
            );
          })}
        </dl>
        {showAbilities && (
          <ul className="hero-card__abilities" aria-label="Abilities">
            {abilities.map((a) => (
              <AbilityChip key={a.id + a.name} ability={a} />
            ))}
          </ul>
        )}
      </div>
      {action}
      {selectable && (
        <span className="hero-card__check" aria-hidden="true" data-checked={selected ? 'true' : 'false'}>
          {selected ? (selectionOrder ?? <Icon name="check" size={16} />) : null}
        </span>
      )}
    </article>
  );
}
