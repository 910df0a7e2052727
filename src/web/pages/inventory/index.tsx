// /inventory (spec §2 "/inventory"): Total Items (total_quantity), five tabs with count badges, item cards,
// the detail modal with Use Item (a hero picker when the item acts on a hero), its hint, and the outcome in
// an alert. Loading text, error panel with Retry, and the two empty states with Visit Shop. `?item=<item_id>`
// (the profile History's link to an item) opens that item's modal while the player holds it.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { InventoryItem } from '../../../api/index.ts';
import { useInventory, useMyHeroes, queryKeys, refreshUser } from '../../api/hooks.ts';
import { applyItem, errorText } from '../../api/client.ts';
import { useSignedInUser } from '../../session.ts';
import { HeroCard } from '../../components/hero-card.tsx';
import { Button, ButtonLink, ErrorBox, Modal, RetryPanel, Skeleton, Tabs } from '../../components/ui.tsx';
import { itemTypeLabel } from '../../components/format.ts';
import { ItemCardFace } from '../../components/item-card.tsx';
import { ItemIcon } from '../../components/item-icon.tsx';
import '../shop/shop.css';
import './inventory.css';

type TabKey = 'all' | 'potion' | 'upgrade_mat' | 'gear_token' | 'hero_shard';
const TABS: { key: TabKey; label: string }[] = [
  { key: 'all', label: 'All Items' },
  { key: 'potion', label: 'Potions' },
  { key: 'upgrade_mat', label: 'Upgrades' },
  { key: 'gear_token', label: 'Gear' },
  { key: 'hero_shard', label: 'Shards' },
];

function HeroPicker({
  userId,
  value,
  onChange,
}: {
  userId: string;
  value: string | null;
  onChange: (id: string) => void;
}) {
  const heroes = useMyHeroes(userId);
  if (heroes.isPending) return <Skeleton height={215} />;
  if (heroes.error && !heroes.data)
    return <ErrorBox>{errorText(heroes.error, 'Failed to fetch heroes')}</ErrorBox>;
  const own = heroes.data.filter((h) => h.user_id === userId);
  if (own.length === 0) return <p className="muted">You have no heroes to use this on.</p>;
  return (
    <fieldset className="hero-picker">
      <legend>Choose a hero</legend>
      <div className="hero-picker__row">
        {own.map((h) => (
          <HeroCard
            key={h.id}
            hero={h}
            size="x-small"
            selected={value === h.id}
            onClick={() => onChange(h.id)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function ItemModal({ item, userId, onClose }: { item: InventoryItem; userId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [heroId, setHeroId] = useState<string | null>(null);
  const [using, setUsing] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function use() {
    setUsing(true);
    setOutcome(null);
    try {
      const res = await applyItem(
        userId,
        item.item_id,
        item.targets_hero ? (heroId ?? undefined) : undefined,
      );
      setOutcome({ ok: true, text: res.message });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.inventory(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) }),
        res.hero
          ? queryClient.invalidateQueries({ queryKey: queryKeys.hero(res.hero.id) })
          : Promise.resolve(),
        refreshUser(userId, res.user),
      ]);
    } catch (err) {
      setOutcome({ ok: false, text: errorText(err, 'Failed to use item') });
    } finally {
      setUsing(false);
    }
  }

  return (
    <Modal
      title={item.name}
      subtitle={itemTypeLabel(item.type)}
      onClose={onClose}
      className="item-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={use}
            busy={using}
            busyText="Using..."
            disabled={item.quantity < 1 || (item.targets_hero && !heroId)}
            title={
              item.quantity < 1
                ? 'None left'
                : item.targets_hero && !heroId
                  ? 'Choose a hero first'
                  : undefined
            }
          >
            Use Item
          </Button>
        </>
      }
    >
      <div className="item-modal__head">
        <ItemIcon icon={item.icon} size={64} />
        <div>
          <p className="item-modal__qty tabular">×{item.quantity}</p>
          <p>{item.description}</p>
        </div>
      </div>
      {item.targets_hero && <HeroPicker userId={userId} value={heroId} onChange={setHeroId} />}
      <p className="item-modal__hint muted">Some items require specific conditions to use</p>
      {outcome &&
        (outcome.ok ? (
          <div className="banner banner--success" role="alert">
            {outcome.text}
          </div>
        ) : (
          <ErrorBox>{outcome.text}</ErrorBox>
        ))}
    </Modal>
  );
}

export default function InventoryPage() {
  const user = useSignedInUser();
  const inventory = useInventory(user.id);
  const [tab, setTab] = useState<TabKey>('all');
  // The opened item is kept as a snapshot so its modal (and the outcome alert) stays after its last one is used.
  const [opened, setOpened] = useState<InventoryItem | null>(null);
  const [params] = useSearchParams();
  // The item a link named opens once, as if tapped, when the inventory has loaded and holds it.
  const [linkFollowed, setLinkFollowed] = useState(false);
  const linked = params.get('item');

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

  const items = inventory.data.items;
  const byType = (key: TabKey) => (key === 'all' ? items : items.filter((i) => i.type === key));
  const shown = byType(tab);
  if (linked && !linkFollowed) {
    setLinkFollowed(true);
    const held = items.find((i) => i.item_id === linked && i.quantity > 0);
    if (held) setOpened(held);
  }
  const open = opened ? (items.find((i) => i.id === opened.id) ?? { ...opened, quantity: 0 }) : null;

  return (
    <div>
      {head}
      <Tabs
        label="Item types"
        tabs={TABS.map((t) => ({ ...t, count: byType(t.key).length }))}
        value={tab}
        onChange={setTab}
      />
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
                  onClick={() => setOpened(item)}
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
      {open && <ItemModal key={open.id} item={open} userId={user.id} onClose={() => setOpened(null)} />}
    </div>
  );
}
