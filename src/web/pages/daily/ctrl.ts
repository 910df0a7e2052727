// /daily's controller: the player's day (GET /api/daily through useDaily), the time to its reset, and Claim for a
// quest, the bonus or the calendar (api/writes/claims.ts useClaimDaily) with its outcome — the paid reward's banner, or
// the server's refusal in the error line. View: ./index.tsx.
import { useCallback, useState } from 'react';
import { useDaily } from '../../api/hooks.ts';
import { useClaimDaily } from '../../api/writes/claims.ts';
import { useErrorLine } from '../../api/writes/core.ts';
import { useUntilReset } from '../../components/daily.tsx';
import { rewardText } from '../../components/daily-text.ts';
import { useSignedInUser } from '../../session.ts';

export function useDailyCtrl() {
  const user = useSignedInUser();
  const daily = useDaily(user.id);
  const left = useUntilReset(user.id, daily.data, daily.dataUpdatedAt);
  const claiming = useClaimDaily(user.id);
  const errors = useErrorLine([claiming]);
  const [paid, setPaid] = useState<{ text: string; key: number } | null>(null);

  const claim = (what: string, label: string) => {
    errors.clear();
    claiming.mutate(what, {
      onSuccess: (res) => setPaid({ text: `${label}: ${rewardText(res.reward)}`, key: Date.now() }),
      onError: () => setPaid(null),
    });
  };

  return {
    user,
    daily,
    day: daily.data,
    left,
    claim,
    /** what is being claimed (one at a time: every Claim waits while one is under way) */
    pending: claiming.isPending ? claiming.variables : null,
    busy: claiming.isPending,
    error: errors.text,
    dismissError: errors.clear,
    paid,
    paidShown: useCallback(() => setPaid(null), []),
  };
}
