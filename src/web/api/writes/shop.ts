// The shop's and the inventory's writes: a purchase and an item's use, paying writes (./core.ts usePaying).
import { useQueryClient } from '@tanstack/react-query';
import * as api from '../client.ts';
import { queryKeys, refreshUser } from '../hooks.ts';
import { saveUser } from '../../session.ts';
import type { InventoryItem, ShopItem, User } from '../../../api/index.ts';
import { failing, usePaying, type Intent } from './core.ts';

/** Buy: one item; gold from remaining_gold at once, then the user re-read and the inventory dropped. */
export function usePurchase(user: User) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: item, key }: Intent<ShopItem>) => api.purchaseItem(user.id, item.id, key),
      onSuccess: (res) => {
        saveUser({ ...(res.user ?? user), gold: res.remaining_gold });
        void client.invalidateQueries({ queryKey: queryKeys.inventory(user.id) });
        void refreshUser(user.id);
      },
    },
    failing('Purchase failed'),
  );
}

/** Use Item (on a hero when the item acts on one): done once the inventory, the heroes and the user are re-read. */
export function useItemUse(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({
        input: { item, heroId },
        key,
      }: Intent<{ item: InventoryItem; heroId: string | null }>) =>
        api.applyItem(userId, item.item_id, key, item.targets_hero ? (heroId ?? undefined) : undefined),
      onSuccess: async (res) => {
        await Promise.all([
          client.invalidateQueries({ queryKey: queryKeys.inventory(userId) }),
          client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) }),
          res.hero ? client.invalidateQueries({ queryKey: queryKeys.hero(res.hero.id) }) : undefined,
          refreshUser(userId, res.user),
        ]);
      },
    },
    failing('Failed to use item'),
  );
}
