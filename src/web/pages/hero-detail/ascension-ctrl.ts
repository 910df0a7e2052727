// The Ascension panel's controller: the server's view of the next star (GET /api/heroes/{id}/ascension), the heroes
// the player picks to spend (the server's suggestion until they pick), whether Star Shards pay the rest, and what
// the choice costs and why it is out of reach — both read from the server's answer for that many heroes chosen, never
// worked out here; the ascend, reset and fuse writes and the confirmation asked first. View: ./ascension-panel.tsx.
import { useState } from 'react';
import type { Hero } from '../../../api/index.ts';
import { useAscension } from '../../api/hooks.ts';
import { useAscend, useFuseShards, useResetAscension } from '../../api/writes/heroes.ts';
import { counted, formatNumber } from '../../components/format.ts';

export function useAscensionCtrl(hero: Hero, userId: string) {
  const view = useAscension(hero.id, userId);
  const ascend = useAscend(userId);
  const reset = useResetAscension(userId);
  const fuse = useFuseShards(userId);
  // The heroes to spend: the server's suggestion (the least valuable that fit) until the player picks.
  const [picked, setPicked] = useState<string[] | null>(null);
  const [useShards, setUseShards] = useState(true);
  const [asking, setAsking] = useState<'ascend' | 'reset' | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const a = view.data;
  const next = a?.next ?? null;
  const copies = next ? next.copies : 0;
  const chosen = a
    ? (picked ?? a.suggested).filter((id) => a.copies.some((c) => c.id === id)).slice(0, copies)
    : [];
  const missing = copies - chosen.length;
  const pick = a?.by_chosen[chosen.length];
  const shardsNeeded = useShards ? (pick?.shards ?? 0) : 0;
  // Every reason the star is out of reach, in the words the server refuses with.
  const shortOf = (useShards ? pick?.short_with_shards : pick?.short_without_shards) ?? [];
  const spentNames = a ? a.copies.filter((c) => chosen.includes(c.id)).map((c) => c.name) : [];

  return {
    view,
    ascend,
    reset,
    fuse,
    failure: ascend.failure ?? reset.failure ?? fuse.failure,
    first: hero.name.split(' ')[0],
    chosen,
    missing,
    useShards,
    setUseShards,
    shardsNeeded,
    shortOf,
    /** every reason at once, as the Ascend button's title says them (null: it can be paid) */
    short: shortOf.length ? shortOf.join('. ') : null,
    spentNames,
    /** what Ascend spends: the heroes chosen, the shards and the essence */
    paying: [
      ...(spentNames.length ? [spentNames.join(', ')] : []),
      ...(shardsNeeded ? [counted(shardsNeeded, 'Star Shard')] : []),
      ...(next ? [`${formatNumber(next.essence)} magic essence`] : []),
    ],
    toggle: (id: string) => setPicked(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]),
    // Offered in the server's order: those that fit first, least valuable first; the rarer after, set apart.
    fitting: a ? a.copies.filter((c) => !c.rarer) : [],
    rarer: a ? a.copies.filter((c) => c.rarer) : [],
    rarerChosen: a ? a.copies.filter((c) => c.rarer && chosen.includes(c.id)).map((c) => c.name) : [],
    asking,
    ask: setAsking,
    done,
    clearDone: () => setDone(null),
    confirmAscend: () =>
      ascend.mutate(
        { heroId: hero.id, spend_hero_ids: chosen, use_shards: useShards && missing > 0 },
        {
          onSuccess: (r) => {
            setPicked(null);
            setDone(r.message);
          },
          onSettled: () => setAsking(null),
        },
      ),
    confirmReset: () =>
      reset.mutate(hero.id, { onSuccess: (r) => setDone(r.message), onSettled: () => setAsking(null) }),
    fuseShards: () => fuse.mutate(null, { onSuccess: (r) => setDone(r.message) }),
  };
}
export type AscensionCtrl = ReturnType<typeof useAscensionCtrl>;
