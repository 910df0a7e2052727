// /shop: item cards with Buy / 'Not Enough Gold' /
// 'Purchasing...', one item per purchase, gold updated from remaining_gold and the user re-read after.
// Errors in a red banner; success in a banner with View Inventory. State and Buy: ./ctrl.ts.
import { Link } from 'react-router';
import { CURRENCY_NAMES, insufficient } from '../../../api/rules.ts';
import { errorText } from '../../api/client.ts';
import { Icon } from '../../components/icon.tsx';
import { Button, ErrorBanner, Loading, Skeleton, SuccessBanner } from '../../components/ui.tsx';
import { formatNumber } from '../../components/format.ts';
import { ItemCardFace } from '../../components/item-card.tsx';
import { useShopCtrl } from './ctrl.ts';
import './shop.css';

export default function ShopPage() {
  const ctrl = useShopCtrl();
  const { user, shop, bought } = ctrl;

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

      {ctrl.error && <ErrorBanner onDismiss={ctrl.dismissError}>{ctrl.error}</ErrorBanner>}
      {bought && (
        <SuccessBanner key={bought.key} onDone={ctrl.boughtShown} toast>
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
            const currencyName = CURRENCY_NAMES[currency];
            const affordable = ctrl.affordable(item);
            const isBuying = ctrl.buying === item.id;
            return (
              <li key={item.id} className={`item-card item-card--${item.type}`} data-item-id={item.id}>
                <ItemCardFace item={item} />
                <div className="item-card__foot">
                  <span
                    className={`item-cost currency--${currency}`}
                    title={`${formatNumber(item.cost)} ${currencyName}`}
                  >
                    <Icon name={currency} size={18} />
                    <span className="tabular">{formatNumber(item.cost)}</span>
                    <span className="visually-hidden">{currencyName}</span>
                  </span>
                  <Button
                    onClick={() => ctrl.buy(item)}
                    disabled={!affordable || (ctrl.buying !== null && !isBuying)}
                    busy={isBuying}
                    busyText="Purchasing..."
                    variant={affordable ? 'primary' : 'secondary'}
                    title={affordable ? `Buy ${item.name}` : insufficient(currency)}
                  >
                    {affordable ? 'Buy' : `Not Enough ${currencyName}`}
                  </Button>
                </div>
                {/* Below the cost, the error is shown as well as the disabled button. */}
                {!affordable && (
                  <p className="item-card__short" data-testid="short-of">
                    {insufficient(currency)}
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
