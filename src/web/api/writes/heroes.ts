// A hero's writes: summoning and keeping one, a reroll, training, deleting, a star and its reset, Star Shards fused,
// gear put on and taken off. Those that charge the player are paying writes (./core.ts usePaying).
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import * as api from '../client.ts';
import { queryKeys, refreshUser } from '../hooks.ts';
import type { Hero, PendingPair } from '../../../api/index.ts';
import { failing, usePaying, useWrite, type Intent } from './core.ts';

/**
 * Generate Heroes / Regenerate: one intent, two parallel generate calls sharing a generation_id (the intent's key;
 * each call has its own key of it). The server answers the pending pair free when one waits, or pays one scroll for a
 * new pair — Regenerate names the pair it `replaces` — and either way the answer is the pair, which becomes the
 * player's pending pair here too; after a failure whatever the server kept of a paid pair is read back.
 */
export function useSummon(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: async ({ input: replaces, key }: Intent<string | null>) => {
        const calls = await Promise.all(
          [1, 2].map((n) => api.generateHero(userId, key, `${key}:${n}`, replaces)),
        );
        const answer = calls.find((c) => c.charged) ?? calls[0];
        return { generationId: answer.generation_id!, pair: answer.candidates, charged: answer.charged };
      },
      onSuccess: ({ generationId, pair }) =>
        client.setQueryData<PendingPair>(queryKeys.pending(userId), {
          generation_id: generationId,
          candidates: pair,
          expires_at: null,
        }),
      onError: () => void client.invalidateQueries({ queryKey: queryKeys.pending(userId) }),
      onSettled: () => {
        void refreshUser(userId);
        // A paid pair moved the pity counters and joined the history.
        void client.invalidateQueries({ queryKey: queryKeys.altar(userId) });
      },
    },
    // Generation errors are shown as the message received.
    (err) => api.errorText(err, err instanceof Error ? err.message : 'Failed to create hero'),
  );
}

/** Create Hero: the chosen candidate kept; the pending pair is gone and the hero list re-read. */
export function useKeepHero(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: (candidate: Hero) => api.createHero(userId, candidate),
      onSuccess: async () => {
        client.setQueryData<PendingPair>(queryKeys.pending(userId), {
          generation_id: null,
          candidates: [],
          expires_at: null,
        });
        await client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
        void client.invalidateQueries({ queryKey: queryKeys.altar(userId) });
        void refreshUser(userId);
      },
    },
    failing('Failed to create hero'),
  );
}

// --- A hero --------------------------------------------------------------------------------------------------

/** Reroll Abilities: the hero as rerolled, shown at once; the essence paid re-read. */
export function useReroll(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: heroId, key }: Intent<string>) => api.rerollAbilities(heroId, userId, key),
      onSuccess: async ({ user, ...rerolled }, { input: heroId }) => {
        client.setQueryData(queryKeys.hero(heroId), rerolled);
        void client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
        await refreshUser(userId, user);
      },
    },
    failing('Failed to reroll abilities'),
  );
}

/** Train: the hero as trained, shown at once; the gold paid re-read. */
export function useTrain(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: heroId, key }: Intent<string>) => api.trainHero(heroId, userId, key),
      onSuccess: async ({ user, cost: _cost, ...trained }, { input: heroId }) => {
        client.setQueryData(queryKeys.hero(heroId), trained);
        void client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
        await refreshUser(userId, user);
      },
    },
    failing('Failed to train the hero'),
  );
}

/** Delete: the hero forgotten and the player's list re-read before the page leaves. */
export function useDeleteHero(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: (heroId: string) => api.deleteHero(heroId, userId),
      onSuccess: async (_, heroId) => {
        await client.cancelQueries({ queryKey: queryKeys.hero(heroId) });
        dropWhenUnread(client, queryKeys.hero(heroId));
        await client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
      },
    },
    failing('Failed to delete hero'),
  );
}

/**
 * Drops a query from the cache once nothing on screen reads it. Dropped while a page still shows it (the deleted
 * hero's page, until the navigation away has rendered), the page reads it again at its next render: a request
 * for what is gone, and its 404.
 */
function dropWhenUnread(client: QueryClient, queryKey: QueryKey): void {
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  if (query.getObserversCount() === 0) return cache.remove(query);
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.getObserversCount() > 0) return;
    unsubscribe();
    cache.remove(query);
  });
}

// --- Ascension and gear ---------------------------------------------------------------------------------------

/** After a hero changed by ascension or gear: its page, the player's list, inventory and ascension read again. */
function heroMoved(client: QueryClient, userId: string, hero: Hero) {
  client.setQueryData(queryKeys.hero(hero.id), hero);
  void client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
  void client.invalidateQueries({ queryKey: queryKeys.inventory(userId) });
  void client.invalidateQueries({ queryKey: ['ascension'] });
}

/** Ascend: one star, paid with the chosen heroes and (when asked) Star Shards, and essence. */
export function useAscend(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({
        input,
        key,
      }: Intent<{ heroId: string; spend_hero_ids: string[]; use_shards: boolean }>) =>
        api.ascendHero(
          input.heroId,
          userId,
          { spend_hero_ids: input.spend_hero_ids, use_shards: input.use_shards },
          key,
        ),
      onSuccess: async (res) => {
        heroMoved(client, userId, res.hero);
        for (const id of res.spent_hero_ids) dropWhenUnread(client, queryKeys.hero(id));
        await refreshUser(userId, res.user);
      },
    },
    failing('Failed to ascend'),
  );
}

/** Star Shards fused into a summoning scroll (Use Item on the shards): the inventory, ascension views and user re-read. */
export function useFuseShards(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ key }: Intent<null>) => api.applyItem(userId, 'star_shard', key),
      onSuccess: async (res) => {
        await Promise.all([
          client.invalidateQueries({ queryKey: queryKeys.inventory(userId) }),
          client.invalidateQueries({ queryKey: ['ascension'] }),
          refreshUser(userId, res.user),
        ]);
      },
    },
    failing('Failed to fuse Star Shards'),
  );
}

/** Reset: back to the summoned rarity, every star refunded. */
export function useResetAscension(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: heroId, key }: Intent<string>) => api.resetAscension(heroId, userId, key),
      onSuccess: async (res) => {
        heroMoved(client, userId, res.hero);
        await refreshUser(userId, res.user);
      },
    },
    failing('Failed to reset'),
  );
}

/** Put on a piece from the inventory, or take off what a slot holds. */
export function useGear(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: (
        change: { heroId: string; put: string } | { heroId: string; off: api.GearSlot },
      ): Promise<api.GearChange> =>
        'put' in change
          ? api.equipGear(change.heroId, userId, change.put)
          : api.unequipGear(change.heroId, userId, change.off),
      onSuccess: (res) => heroMoved(client, userId, res.hero),
    },
    failing('Failed to change gear'),
  );
}
