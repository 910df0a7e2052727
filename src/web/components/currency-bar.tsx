// The four currencies with icons (header, /create with scrolls highlighted, /profile). Compact amounts
// (1.2k) in the header; the full amount is in the title and accessible name.
import type { Currency } from '../../api/rules.ts';
import type { User } from '../../api/index.ts';
import { Icon, type IconName } from './icon.tsx';
import { formatCompact, formatNumber } from './format.ts';
import './currency-bar.css';

export type CurrencyName = Currency;

export const CURRENCIES: { key: CurrencyName; label: string; icon: IconName }[] = [
  { key: 'gold', label: 'Gold', icon: 'gold' },
  { key: 'magic_essence', label: 'Magic Essence', icon: 'magic_essence' },
  { key: 'summoning_scrolls', label: 'Summoning Scrolls', icon: 'summoning_scrolls' },
  { key: 'combat_tokens', label: 'Combat Tokens', icon: 'combat_tokens' },
];

type Currencies = Pick<User, CurrencyName>;

export function CurrencyBar({
  user,
  highlight,
  variant = 'compact',
}: {
  user: Partial<Currencies>;
  /** One currency drawn emphasised (e.g. summoning_scrolls on /create). */
  highlight?: CurrencyName;
  /** compact: icons + 1.2k (header); full: cards with labels and exact amounts. */
  variant?: 'compact' | 'full';
}) {
  return (
    <ul className={`currency-bar currency-bar--${variant}`} aria-label="Currencies">
      {CURRENCIES.map(({ key, label, icon }) => {
        const amount = user[key] ?? 0;
        const exact = formatNumber(amount);
        return (
          <li
            key={key}
            className={`currency currency--${key}${highlight === key ? ' currency--highlight' : ''}`}
            title={`${label}: ${exact}`}
            data-currency={key}
          >
            <Icon name={icon} size={variant === 'full' ? 24 : 16} />
            {variant === 'full' ? (
              <>
                <span className="currency__label">{label}</span>
                <span className="currency__amount tabular">{exact}</span>
              </>
            ) : (
              <>
                <span className="visually-hidden">{label}: </span>
                <span className="currency__amount tabular" aria-hidden="false">
                  {formatCompact(amount)}
                </span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
