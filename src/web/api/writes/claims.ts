// The claims' writes: a daily quest, bonus or calendar reward, and idle income — paying writes, one press each.
import { useQueryClient } from '@tanstack/react-query';
import * as api from '../client.ts';
import { queryKeys, refreshUser } from '../hooks.ts';
import { failing, usePaying, type Intent } from './core.ts';

/**
 * Claim on the daily screen — a paying write like a purchase (one press, one Idempotency-Key; a lost answer asked
 * again under it is answered, not refused as already claimed): the day as the answer left it, the new balances, the
 * ledger read anew.
 */
export function useClaimDaily(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ input: claim, key }: Intent<string>) => api.claimDaily(userId, claim, key),
      onSuccess: (res) => {
        client.setQueryData(queryKeys.daily(userId), res.daily);
        void refreshUser(userId, res.user);
        void client.invalidateQueries({ queryKey: ['ledger', userId] });
      },
      // A refused claim (already paid elsewhere, the day turned over): show the day as it is now.
      onError: () => void client.invalidateQueries({ queryKey: queryKeys.daily(userId) }),
    },
    failing('Failed to claim the reward'),
  );
}

/** Claim idle income (a paying write: one press, one Idempotency-Key): the campaign, balances and heroes anew. */
export function useClaimIdle(userId: string) {
  const client = useQueryClient();
  return usePaying(
    {
      mutationFn: ({ key }: Intent<null>) => api.claimIdle(userId, key),
      onSuccess: (res) => {
        void refreshUser(userId, res.user);
        void client.invalidateQueries({ queryKey: queryKeys.campaign(userId) });
        void client.invalidateQueries({ queryKey: ['ledger', userId] });
        void client.invalidateQueries({ queryKey: queryKeys.myHeroes(userId) });
      },
      onError: () => void client.invalidateQueries({ queryKey: queryKeys.campaign(userId) }),
    },
    failing('Failed to claim idle income'),
  );
}
