// /shop (spec §2 "/shop", §4 "Shop purchase", §5 shop rule): item cards with Buy / 'Not Enough Gold' /
// 'Purchasing...', one item per purchase, gold updated from remaining_gold and the user re-read after.
// Errors in a red banner; success in a banner with View Inventory.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ShopItem } from '../../../api/index.ts';
import { useShop, queryKeys, refreshUser } from '../../api/hooks.ts';
import { errorText, purchaseItem } from '../../api/client.ts';
import { saveUser, useSignedInUser } from '../../session.ts';
import { Icon } from '../../components/icon.tsx';
import { Button, ErrorBanner, Loading, Skeleton, SuccessBanner } from '../../components/ui.tsx';
import { formatNumber } from '../../components/format.ts';
import { CURRENCIES } from '../../components/currency-bar.tsx';
import { ItemCardFace } from '../../components/item-card.tsx';
import './shop.css';

/** Spec §5's refusal for gold; items priced in another currency (DESIGN.md) name theirs. */
const shortOf = (currency: string): string =>
  currency === 'gold'
    ? 'Insufficient gold'
    : `Insufficient ${(CURRENCIES.find((c) => c.key === currency)?.label ?? currency).toLowerCase()}`;

export default function ShopPage() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const shop = useShop();
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [bought, setBought] = useState<{ name: string; key: number } | null>(null);

  async function buy(item: ShopItem) {
    const currency = item.currency ?? 'gold';
    const held = user[currency] ?? 0;
    if (held < item.cost) {
      setError(shortOf(currency));
      return;
    }
    setError(null);
    setBuying(item.id);
    try {
      const res = await purchaseItem(user.id, item.id);
      saveUser({ ...(res.user ?? user), gold: res.remaining_gold });
      setBought({ name: res.item?.name ?? item.name, key: Date.now() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inventory(user.id) });
      void refreshUser(user.id);
    } catch (err) {
      setBought(null);
      setError(errorText(err, 'Purchase failed'));
    } finally {
      setBuying(null);
    }
  }

  return (
    <div className="shop">
      <header className="shop__head">
        <div>
          <h1>Shop</h1>
          <p className="muted">Potions, upgrade materials and gear for your heroes.</p>
        </div>
        <div className="shop__gold" title={`Gold: ${formatNumber(user.gold)}`} data-testid="shop-gold">
          <Icon name="gold" size={22} />
          <span className="tabular">{formatNumber(user.gold)}</span>
          <span className="visually-hidden">gold</span>
        </div>
      </header>

      {error && <ErrorBanner onDismiss={() => setError(null)}>{error}</ErrorBanner>}
      {bought && (
        <SuccessBanner key={bought.key} onDone={() => setBought(null)} toast>
          {bought.name} added to inventory! <Link to="/inventory">View Inventory</Link>
        </SuccessBanner>
      )}

      {shop.isPending ? (
        <Loading label="Loading shop">
          <div className="item-grid">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={200} radius={10} />
            ))}
          </div>
        </Loading>
      ) : shop.error && !shop.data ? (
        <ErrorBanner>{errorText(shop.error, 'Failed to fetch shop items')}</ErrorBanner>
      ) : shop.data.length === 0 ? (
        <div className="empty-state panel">
          <strong>Shop is currently empty</strong>
        </div>
      ) : (
        <ul className="item-grid">
          {shop.data.map((item) => {
            const currency = item.currency ?? 'gold';
            const currencyInfo = CURRENCIES.find((c) => c.key === currency) ?? CURRENCIES[0];
            const affordable = (user[currency] ?? 0) >= item.cost;
            const isBuying = buying === item.id;
            return (
              <li key={item.id} className={`item-card item-card--${item.type}`} data-item-id={item.id}>
                <ItemCardFace item={item} />
                <div className="item-card__foot">
                  <span
                    className={`item-cost currency--${currency}`}
                    title={`${formatNumber(item.cost)} ${currencyInfo.label}`}
                  >
                    <Icon name={currencyInfo.icon} size={18} />
                    <span className="tabular">{formatNumber(item.cost)}</span>
                    <span className="visually-hidden">{currencyInfo.label}</span>
                  </span>
                  <Button
                    onClick={() => buy(item)}
                    disabled={!affordable || (buying !== null && !isBuying)}
                    busy={isBuying}
                    busyText="Purchasing..."
                    variant={affordable ? 'primary' : 'secondary'}
                    title={affordable ? `Buy ${item.name}` : shortOf(currency)}
                  >
                    {affordable
                      ? 'Buy'
                      : currency === 'gold'
                        ? 'Not Enough Gold'
                        : `Not Enough ${currencyInfo.label}`}
                  </Button>
                </div>
                {/* Spec §5: below the cost, the error is shown as well as the disabled button. */}
                {!affordable && (
                  <p className="item-card__short" data-testid="short-of">
                    {shortOf(currency)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
