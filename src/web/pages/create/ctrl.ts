// /create's controller: the candidates — a fresh draw, or the paid pair the server keeps waiting (after a reload,
// Cancel or on another device) —, the one chosen (the rarer by default, the first of two alike), Generate /
// Regenerate (api/writes/heroes.ts useSummon: 1 scroll; Regenerate names the pair it replaces, so a second press or a
// retry pays nothing more), Create Hero (useKeepHero → /heroes, or the `?next=` a challenge's link set), the altar
// (rates, pity, the player's counters and history: GET /api/summons) and the error line.
// View: ./index.tsx.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { insufficient, PRICE_RULES, SUMMON_COST } from '../../../api/rules.ts';
import { useAltar, usePendingPair } from '../../api/hooks.ts';
import { useErrorLine } from '../../api/writes/core.ts';
import { useKeepHero, useSummon } from '../../api/writes/heroes.ts';
import { nextPath, useSignedInUser } from '../../session.ts';

/** The candidate chosen before the player picks: the rarer of the pair, the first when they are alike. */
export function rarest<T extends { rarity: number }>(candidates: readonly T[] | null): T | null {
  return (candidates ?? []).reduce<T | null>((best, c) => (!best || c.rarity > best.rarity ? c : best), null);
}

export function useCreateCtrl() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  // where a challenge's link was going before the account was made (`?next=`), else the heroes
  const after = nextPath(useSearchParams()[0].get('next')) ?? '/heroes';
  const pending = usePendingPair(user.id);
  const altar = useAltar(user.id);
  const summon = useSummon(user.id);
  const keep = useKeepHero(user.id);
  const errors = useErrorLine([summon, keep]);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  // A press answered with a pair that was already waiting (paid on another device, say) is not a fresh draw.
  const drawn = summon.data?.charged ? summon.data.pair : null;
  const answered = summon.data
    ? { generation_id: summon.data.generationId, candidates: summon.data.pair }
    : null;
  const waiting = pending.data?.candidates.length ? pending.data : null;
  const shown = answered ?? waiting;
  const candidates = shown?.candidates ?? null;
  const selected = candidates?.some((c) => c.id === selectedId)
    ? selectedId
    : (rarest(candidates)?.id ?? null);
  const scrolls = user.summoning_scrolls ?? 0;
  const canGenerate = scrolls >= SUMMON_COST;
  // The pair shows as soon as it is answered; the buttons stay busy a moment longer (api/writes/core.ts usePaying).
  const generating = summon.answering;
  const pressing = summon.isPending;

  return {
    user,
    /** the rates, the pity rule with the player's counters, their history (shown before paying) */
    altar: altar.data,
    altarFailed: !!altar.error && !altar.data,
    scrolls,
    canGenerate,
    generateTitle: canGenerate ? `Costs ${SUMMON_COST} scroll` : insufficient('summoning_scrolls'),
    /** a fresh draw (a 4★ or 5★ in it is a moment), not a pair found waiting */
    drawn,
    candidates,
    restored: !drawn && !!candidates,
    lookingForPair: pending.isPending,
    selected,
    choose: setSelectedId,
    generating,
    /** Generate / Regenerate pressed and not yet free again */
    pressing,
    saving: keep.isPending,
    /** The scrolls refusal stands on its own while there is nothing else to show; the error line otherwise. */
    outOfScrolls: !canGenerate && !generating && !candidates,
    error:
      errors.text && (canGenerate || candidates || errors.text !== PRICE_RULES.summon(scrolls))
        ? errors.text
        : null,
    generate: () => {
      if (!canGenerate) return errors.refuse(PRICE_RULES.summon(scrolls));
      errors.clear();
      summon.mutate(shown?.generation_id ?? null);
    },
    create: () => {
      const chosen = candidates?.find((c) => c.id === selected);
      if (!chosen) return errors.refuse('Please select a character');
      errors.clear();
      keep.mutate(chosen, { onSuccess: () => navigate(after) });
    },
    cancel: () => navigate(after),
  };
}
