// The four currencies with icons (header, /create with scrolls highlighted, /profile). Compact amounts
// (1.2k) in the header; the full amount is in the title and accessible name. Which currencies, their order and
// names: api/rules.ts; each one's icon is the interface icon of its id (./icon-bodies.ts).
import { CURRENCIES, CURRENCY_NAMES, type Currency } from '../../api/rules.ts';
import type { User } from '../../api/index.ts';
import { Icon } from './icon.tsx';
import { formatCompact, formatNumber } from './format.ts';
import './currency-bar.css';

type Currencies = Pick<User, Currency>;

export function CurrencyBar({
  user,
  highlight,
  variant = 'compact',
}: {
  user: Partial<Currencies>;
  /** One currency drawn emphasised (e.g. summoning_scrolls on /create). */
  highlight?: Currency;
  /** compact: icons + 1.2k (header); full: cards with labels and exact amounts. */
  variant?: 'compact' | 'full';
}) {
  return (
    <ul className={`currency-bar currency-bar--${variant}`} aria-label="Currencies">
      {CURRENCIES.map((key) => {
        const label = CURRENCY_NAMES[key];
        const amount = user[key] ?? 0;
        const exact = formatNumber(amount);
        return (
          <li
            key={key}
            className={`currency currency--${key}${highlight === key ? ' currency--highlight' : ''}`}
            title={`${label}: ${exact}`}
            data-currency={key}
          >
            <Icon name={key} size={variant === 'full' ? 24 : 16} />
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
