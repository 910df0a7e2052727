// /inventory's controller: the tab, the opened item (kept as a snapshot, so its modal and outcome stay after its
// last one is used), the hero it would act on, Use Item (api/writes/shop.ts useItemUse) and its outcome — for a piece of
// gear, Use Item puts it on the chosen hero (useGear, as its page's Gear panel does) — and
// `?item=<item_id>` (the profile History's link), which opens that item once while the player holds it.
// View: ./index.tsx.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { InventoryItem } from '../../../api/index.ts';
import { useInventory, useMyHeroes } from '../../api/hooks.ts';
import { useGear } from '../../api/writes/heroes.ts';
import { useItemUse } from '../../api/writes/shop.ts';
import { useSignedInUser } from '../../session.ts';

export type TabKey = 'all' | 'potion' | 'upgrade_mat' | 'gear_token' | 'hero_shard';
export const TABS: { key: TabKey; label: string }[] = [
  { key: 'all', label: 'All Items' },
  { key: 'potion', label: 'Potions' },
  { key: 'upgrade_mat', label: 'Upgrades' },
  { key: 'gear_token', label: 'Gear' },
  { key: 'hero_shard', label: 'Shards' },
];

export function useInventoryCtrl() {
  const user = useSignedInUser();
  const inventory = useInventory(user.id);
  const [tab, setTab] = useState<TabKey>('all');
  const [opened, setOpened] = useState<InventoryItem | null>(null);
  const [heroId, setHeroId] = useState<string | null>(null);
  const use = useItemUse(user.id);
  const gear = useGear(user.id);
  const [params] = useSearchParams();
  const [linkFollowed, setLinkFollowed] = useState(false);
  const linked = params.get('item');

  const items = inventory.data?.items ?? [];
  const byType = (key: TabKey) => (key === 'all' ? items : items.filter((i) => i.type === key));
  const openItem = (item: InventoryItem) => {
    setOpened(item);
    setHeroId(null);
    use.reset();
    gear.reset();
  };
  // The item a link named opens once, as if tapped, when the inventory has loaded and holds it.
  if (inventory.data && linked && !linkFollowed) {
    setLinkFollowed(true);
    const held = items.find((i) => i.item_id === linked && i.quantity > 0);
    if (held) openItem(held);
  }
  const open = opened ? (items.find((i) => i.id === opened.id) ?? { ...opened, quantity: 0 }) : null;
  // The heroes an item can act on, read when such an item is open.
  const heroes = useMyHeroes(open?.targets_hero ? user.id : undefined);

  return {
    inventory,
    tab,
    setTab,
    // A tab counts the items it holds, as Total Items does (two of one potion are two), so All Items always
    // agrees with Total Items; each card says how many of it there are.
    tabs: TABS.map((t) => ({ ...t, count: byType(t.key).reduce((n, i) => n + i.quantity, 0) })),
    items,
    shown: byType(tab),
    open,
    openItem,
    close: () => {
      setOpened(null);
      use.reset();
      gear.reset();
    },
    heroes,
    ownHeroes: heroes.data?.filter((h) => h.user_id === user.id),
    heroId,
    chooseHero: setHeroId,
    use: () => {
      if (!open) return;
      if (open.slot && heroId) gear.mutate({ heroId, put: open.item_id });
      else use.mutate({ item: open, heroId });
    },
    using: use.isPending || gear.isPending,
    outcome:
      gear.isSuccess && gear.data && open
        ? { ok: true, text: `${gear.data.hero.name} now wears ${open.name}.` }
        : gear.failure !== null
          ? { ok: false, text: gear.failure }
          : use.isSuccess && use.data
            ? { ok: true, text: use.data.message }
            : use.failure !== null
              ? { ok: false, text: use.failure }
              : null,
  };
}
export type InventoryCtrl = ReturnType<typeof useInventoryCtrl>;
