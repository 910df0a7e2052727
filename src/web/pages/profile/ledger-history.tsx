// The profile's History: every change of the player's currencies (GET /api/users/{id}/ledger), newest first, one
// row per change with its reason in words, what it added or took, and a link to what caused it (the fight's replay,
// the hero, the item), its time on the clock of the player's day (their zone); filtered by currency (then each row
// also states the balance after it, as a statement does), more a page at a time. Words: ./ledger-text.ts.
import { useState } from 'react';
import { Link } from 'react-router';
import type { LedgerReason } from '../../../api/ledger.ts';
import { CURRENCIES, CURRENCY_NAMES, type Currency } from '../../../api/rules.ts';
import { errorText } from '../../api/client.ts';
import { useLedger } from '../../api/hooks.ts';
import { Icon, type IconName } from '../../components/icon.tsx';
import { Button, ErrorBox, Skeleton, Tabs } from '../../components/ui.tsx';
import { formatNumber } from '../../components/format.ts';
import {
  entryTime,
  ledgerRows,
  reasonText,
  rowLink,
  rowPlace,
  signedAmount,
  type LedgerRow,
} from './ledger-text.ts';

const REASON_ICON: Record<LedgerReason, IconName> = {
  opening_balance: 'profile',
  start_grant: 'credits',
  summon: 'sparkles',
  reroll: 'reroll',
  purchase: 'shop',
  item_use: 'inventory',
  battle_reward: 'atk',
  arena_reward: 'arena',
  dungeon_reward: 'dungeons',
  dungeon_clear: 'dungeons',
  adjustment: 'check',
  daily_quest: 'quest',
  daily_bonus: 'chest',
  daily_calendar: 'calendar',
  campaign_reward: 'map',
  campaign_first_clear: 'map',
  idle_income: 'chest',
  ascension: 'sparkles',
  ascension_reset: 'reroll',
  training: 'atk',
  fight_stake: 'atk',
  live_reward: 'arena',
  guild_attack: 'atk',
  guild_kill: 'chest',
  admin_grant: 'check',
  admin_take: 'check',
};

/** The filter tabs' short names (the full ones, CURRENCY_NAMES, label everything else). */
const SHORT: Record<Currency, string> = {
  gold: CURRENCY_NAMES.gold,
  magic_essence: 'Essence',
  summoning_scrolls: 'Scrolls',
  combat_tokens: 'Tokens',
};

type Filter = Currency | 'all';
const FILTERS = [
  { key: 'all' as Filter, label: 'All' },
  ...CURRENCIES.map((c) => ({ key: c as Filter, label: SHORT[c], icon: c })),
];

export function LedgerHistory({ userId, timeZone }: { userId: string; timeZone: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const currency = filter === 'all' ? null : filter;
  const ledger = useLedger(userId, currency);
  const rows = ledgerRows(ledger.data?.pages.flatMap((p) => p.entries) ?? []);
  return (
    <section className="panel ledger" id="history" aria-labelledby="ledger-title">
      <div className="ledger__head">
        <h2 id="ledger-title">History</h2>
        <p className="muted">Every change to your currencies, newest first.</p>
      </div>
      <Tabs label="Currency" tabs={FILTERS} value={filter} onChange={setFilter} />
      <div role="tabpanel" aria-label={currency ? `${CURRENCY_NAMES[currency]} history` : 'All currencies'}>
        {ledger.isPending ? (
          <div role="status" aria-live="polite">
            <span className="visually-hidden">Loading your history…</span>
            <ul className="ledger__list" aria-hidden="true">
              {Array.from({ length: 4 }, (_, i) => (
                <li key={i} className="ledger__row ledger__row--skeleton">
                  <Skeleton width={40} height={40} radius={10} />
                  <span className="ledger__skeleton-text">
                    <Skeleton height={14} width="70%" />
                    <Skeleton height={12} width="40%" />
                  </span>
                  <Skeleton width={56} height={18} />
                </li>
              ))}
            </ul>
          </div>
        ) : ledger.isError ? (
          <ErrorBox>{errorText(ledger.error, 'Failed to load your history')}</ErrorBox>
        ) : rows.length === 0 ? (
          <p className="muted ledger__empty">
            {currency
              ? `Nothing here yet: no change to your ${CURRENCY_NAMES[currency].toLowerCase()}.`
              : 'Nothing yet: every coin, scroll and token you gain or spend appears here.'}
          </p>
        ) : (
          <ol className="ledger__list" data-testid="ledger">
            {rows.map((row) => (
              <LedgerRowView key={row.key} row={row} statement={currency !== null} timeZone={timeZone} />
            ))}
          </ol>
        )}
        {ledger.hasNextPage && (
          <Button
            variant="secondary"
            block
            className="ledger__more"
            onClick={() => void ledger.fetchNextPage()}
            busy={ledger.isFetchingNextPage}
            busyText="Loading..."
          >
            Load more
          </Button>
        )}
      </div>
    </section>
  );
}

/** One change: the whole row opens what caused it when there is something to open. */
function LedgerRowView({
  row,
  statement,
  timeZone,
}: {
  row: LedgerRow;
  statement: boolean;
  timeZone: string;
}) {
  const link = rowLink(row);
  const place = rowPlace(row);
  const gained = row.changes.every((c) => c.delta > 0);
  const body = (
    <>
      <span className={`ledger__icon ledger__icon--${gained ? 'gain' : 'spend'}`}>
        <Icon name={REASON_ICON[row.reason]} size={22} />
      </span>
      <span className="ledger__what">
        <span className="ledger__reason">{reasonText(row)}</span>
        <span className="ledger__meta muted">
          <time dateTime={new Date(row.created_at * 1000).toISOString()}>
            {entryTime(row.created_at, timeZone)}
          </time>
          {place && <> · {place}</>}
        </span>
        {link && (
          <span className="ledger__cue">
            {link.label} <span aria-hidden="true">›</span>
          </span>
        )}
      </span>
      <span className="ledger__changes">
        {row.changes.map((c) => (
          <span
            key={c.id}
            className={`ledger__change ledger__change--${c.delta > 0 ? 'gain' : 'spend'}`}
            data-currency={c.currency}
            title={`${CURRENCY_NAMES[c.currency]}: ${signedAmount(c.delta)}, ${formatNumber(c.balance_after)} after`}
          >
            <span className="ledger__delta tabular">
              {signedAmount(c.delta)}
              <span className="visually-hidden"> {CURRENCY_NAMES[c.currency]}</span>
              <Icon name={c.currency} size={16} className={`ledger__coin ledger__coin--${c.currency}`} />
            </span>
            {statement && (
              <span className="ledger__after muted tabular">Balance {formatNumber(c.balance_after)}</span>
            )}
          </span>
        ))}
      </span>
    </>
  );
  return (
    <li className="ledger__item" data-reason={row.reason}>
      {link ? (
        <Link to={link.to} className="ledger__row ledger__row--link">
          {body}
        </Link>
      ) : (
        <div className="ledger__row">{body}</div>
      )}
    </li>
  );
}
