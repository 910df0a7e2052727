// /inventory: Total Items (total_quantity), five tabs with count badges, item cards,
// the detail modal with Use Item (a hero picker when the item acts on a hero), its hint, and the outcome in
// an alert — once the last one is used, the outcome and 'None left' with Close alone (the item has left the list). Loading text, error panel with Retry, and the two empty states with Visit Shop. `?item=<item_id>`
// (the profile History's link to an item) opens that item's modal while the player holds it. State and Use Item:
// ./ctrl.ts.
import { useEffect, useRef } from 'react';
import type { InventoryItem } from '../../../api/index.ts';
import { errorText } from '../../api/client.ts';
import { HeroCard } from '../../components/hero-card.tsx';
import { Button, ButtonLink, ErrorBox, Modal, RetryPanel, Skeleton, Tabs } from '../../components/ui.tsx';
import { itemTypeLabel } from '../../components/format.ts';
import { ItemCardFace } from '../../components/item-card.tsx';
import { ItemIcon } from '../../components/item-icon.tsx';
import { useInventoryCtrl, type InventoryCtrl } from './ctrl.ts';
import '../shop/shop.css';
import './inventory.css';

function HeroPicker({ ctrl }: { ctrl: InventoryCtrl }) {
  const { heroes, ownHeroes: own } = ctrl;
  if (heroes.isPending) return <Skeleton height={215} />;
  if (heroes.error && !heroes.data)
    return <ErrorBox>{errorText(heroes.error, 'Failed to fetch heroes')}</ErrorBox>;
  if (!own || own.length === 0) return <p className="muted">You have no heroes to use this on.</p>;
  return (
    <fieldset className="hero-picker">
      <legend>Choose a hero</legend>
      <div className="hero-picker__row">
        {own.map((h) => (
          <HeroCard
            key={h.id}
            hero={h}
            size="x-small"
            selected={ctrl.heroId === h.id}
            onClick={() => ctrl.chooseHero(h.id)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The general hint names no condition; this says the one this item has, as things stand in the dialog. */
function conditionOf(item: InventoryItem, ctrl: InventoryCtrl): string {
  if (!item.targets_hero) return 'This one has none: it is used on your account.';
  if (ctrl.ownHeroes?.length === 0) return 'This one is used on a hero, and you have none yet.';
  const hero = ctrl.ownHeroes?.find((h) => h.id === ctrl.heroId);
  if (item.slot) return hero ? `${hero.name} will wear it.` : 'Choose a hero to wear it.';
  return hero ? `It will be used on ${hero.name}.` : 'Choose a hero to use this on.';
}

/** Use Item's outcome, brought into view: below a long hero list it would otherwise land out of sight. */
function Outcome({ ok, text }: { ok: boolean; text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref}>
      {ok ? (
        <div className="banner banner--success" role="alert">
          {text}
        </div>
      ) : (
        <ErrorBox>{text}</ErrorBox>
      )}
    </div>
  );
}

function ItemModal({ item, ctrl }: { item: InventoryItem; ctrl: InventoryCtrl }) {
  const { heroId, outcome } = ctrl;
  // The last one used: the dialog keeps what came of it and says none are left; nothing more to use or choose.
  const usedUp = item.quantity < 1;
  return (
    <Modal
      title={item.name}
      subtitle={itemTypeLabel(item.type)}
      onClose={ctrl.close}
      className="item-modal"
      footer={
        <>
          <Button variant={usedUp ? 'primary' : 'secondary'} onClick={ctrl.close}>
            Close
          </Button>
          {!usedUp && (
            <Button
              onClick={ctrl.use}
              busy={ctrl.using}
              busyText="Using..."
              disabled={item.targets_hero && !heroId}
              title={item.targets_hero && !heroId ? 'Choose a hero first' : undefined}
            >
              Use Item
            </Button>
          )}
        </>
      }
    >
      <div className="item-modal__head">
        <ItemIcon icon={item.icon} size={64} />
        <div>
          <p className="item-modal__qty tabular" data-testid="item-quantity">
            {usedUp ? 'None left: that was the last one.' : `×${item.quantity}`}
          </p>
          <p>{item.description}</p>
        </div>
      </div>
      {!usedUp && item.targets_hero && <HeroPicker ctrl={ctrl} />}
      {!usedUp && (
        <p className="item-modal__hint muted" data-testid="item-condition">
          Some items require specific conditions to use. <strong>{conditionOf(item, ctrl)}</strong>
        </p>
      )}
      {outcome && <Outcome key={outcome.text} ok={outcome.ok} text={outcome.text} />}
    </Modal>
  );
}

export default function InventoryPage() {
  const ctrl = useInventoryCtrl();
  const { inventory, open } = ctrl;

  const head = (
    <div className="page-head">
      <h1>Inventory</h1>
      {inventory.data && (
        <div className="inventory__total" data-testid="total-items">
          Total Items: <strong className="tabular">{inventory.data.total_quantity}</strong>
        </div>
      )}
    </div>
  );

  if (inventory.isPending) {
    return (
      <div>
        {head}
        <div role="status" aria-live="polite">
          <p className="muted">Loading inventory...</p>
          <div className="item-grid" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={150} radius={10} />
            ))}
          </div>
        </div>
      </div>
    );
  }
  if (inventory.error && !inventory.data) {
    return (
      <div>
        {head}
        <RetryPanel
          message={errorText(inventory.error, 'Failed to fetch inventory')}
          onRetry={() => void inventory.refetch()}
          retrying={inventory.isFetching}
        />
      </div>
    );
  }

  const { items, shown } = ctrl;
  return (
    <div>
      {head}
      <Tabs label="Item types" tabs={ctrl.tabs} value={ctrl.tab} onChange={ctrl.setTab} />
      {items.length === 0 ? (
        <div className="empty-state panel">
          <strong>Inventory Empty</strong>
          <p>Buy potions, materials and gear for your heroes.</p>
          <ButtonLink to="/shop">Visit Shop</ButtonLink>
        </div>
      ) : shown.length === 0 ? (
        <div className="empty-state panel">
          <strong>No Items in This Category</strong>
          <ButtonLink to="/shop">Visit Shop</ButtonLink>
        </div>
      ) : (
        // The tab's panel holds the list (a list's own role must stay a list: its items are list items).
        <div role="tabpanel">
          <ul className="item-grid">
            {shown.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={`item-card item-card--${item.type} inventory-card`}
                  onClick={() => ctrl.openItem(item)}
                  data-item-id={item.item_id}
                >
                  <ItemCardFace
                    item={item}
                    corner={<span className="inventory-card__qty tabular">×{item.quantity}</span>}
                  />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {open && <ItemModal key={open.id} item={open} ctrl={ctrl} />}
    </div>
  );
}
