// /shop's controller: the catalogue, what the player can afford, Buy (one item per purchase, api/writes/shop.ts
// usePurchase) and its outcome — the bought item's banner, or the refusal or failure in the error line.
// View: ./index.tsx.
import { useState } from 'react';
import type { ShopItem } from '../../../api/index.ts';
import { insufficient } from '../../../api/rules.ts';
import { useShop } from '../../api/hooks.ts';
import { useErrorLine } from '../../api/writes/core.ts';
import { usePurchase } from '../../api/writes/shop.ts';
import { useSignedInUser } from '../../session.ts';

export function useShopCtrl() {
  const user = useSignedInUser();
  const shop = useShop();
  const purchase = usePurchase(user);
  const errors = useErrorLine([purchase]);
  // The last purchase's banner: it stays while another is bought, until it fades or that one fails.
  const [bought, setBought] = useState<{ name: string; key: number } | null>(null);

  const held = (item: ShopItem): number => user[item.currency ?? 'gold'] ?? 0;
  const buy = (item: ShopItem) => {
    if (held(item) < item.cost) return errors.refuse(insufficient(item.currency ?? 'gold'));
    errors.clear();
    purchase.mutate(item, {
      onSuccess: (res) => setBought({ name: res.item?.name ?? item.name, key: Date.now() }),
      onError: () => setBought(null),
    });
  };

  return {
    user,
    shop,
    affordable: (item: ShopItem) => held(item) >= item.cost,
    /** the item being bought (one at a time: the other Buy buttons wait) */
    buying: purchase.isPending ? (purchase.variables?.id ?? null) : null,
    buy,
    error: errors.text,
    dismissError: errors.clear,
    bought,
    boughtShown: () => setBought(null),
  };
}
