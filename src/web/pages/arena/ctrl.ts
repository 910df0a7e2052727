// /arena's controller: the hero and the opponent chosen (remembered per user,
// api/battle-hooks.ts), the opponent lists (Players a page at a time, each player's whole collection on Show all;
// NPCs by dungeon; a remembered opponent on no loaded page read by its id), Find a fair match (today's set of
// opponents your hero wins 40–60% of the time, asked once per hero, and another set on refresh), the duel's win
// chance, and Fight! (api/writes/fights.ts useArenaFight, after the odds are read and a long shot has asked once) with
// its result and Fight Again. View: ./index.tsx.
import { useMemo, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { Hero, OpponentsResponse, PlayerHeroes } from '../../../api/index.ts';
import { errorText, listHeroes, refreshFairMatches } from '../../api/client.ts';
import {
  fairMatchesQuery,
  queryKeys,
  useBrowseHeroes,
  useFairMatches,
  useHero,
  useMyHeroes,
  useNpcs,
  useOdds,
} from '../../api/hooks.ts';
import { useArenaFight } from '../../api/writes/fights.ts';
import { useErrorLine } from '../../api/writes/core.ts';
import { loadArenaChoice, saveArenaChoice } from '../../api/battle-hooks.ts';
import { chanceBeforeFight, useLongShot } from '../../components/win-chance.tsx';
import { useSignedInUser } from '../../session.ts';

export type OpponentTab = 'players' | 'npcs';
export interface OpponentGroup {
  key: string;
  title: string;
  heroes: Hero[];
  /** a player whose browse entry shows only their first heroes: how many they have in all */
  total?: number;
}

export const isNpc = (id: string): boolean => id.startsWith('npc_');
export const opponentLabel = (h: Pick<Hero, 'id' | 'name'>): string =>
  isNpc(h.id) ? `NPC: ${h.name}` : h.name;
/**
 * A chosen opponent as the Selected summary reads it: its name and whose it is — a player's hero by its owner's
 * username, an NPC by its dungeon — never an id; the name alone when whose it is is not known.
 */
export const opponentSummary = (h: Pick<Hero, 'id' | 'name'>, owner: string | null): string =>
  owner ? (isNpc(h.id) ? `NPC: ${h.name}, ${owner}` : `${h.name}, ${owner}’s hero`) : opponentLabel(h);

/** Find a fair match pressed again: the next of the fair opponents after the one chosen (the first at first). */
export function nextFairOpponent(fair: Hero[], chosenId: string | null): Hero | null {
  if (fair.length === 0) return null;
  const at = fair.findIndex((h) => h.id === chosenId);
  return fair[(at + 1) % fair.length];
}

/** Other players' groups from the browse pages: never the player's own, never an empty one, whole when shown all. */
export function playerGroups(
  players: PlayerHeroes[],
  userId: string,
  whole: Map<string, Hero[] | undefined>,
): OpponentGroup[] {
  return players
    .filter((p) => p.user_id !== userId && p.heroes.length > 0)
    .map((p) => ({
      key: p.user_id,
      title: p.username,
      heroes: whole.get(p.user_id) ?? p.heroes,
      total: p.hero_count,
    }));
}

export function useArenaCtrl() {
  const user = useSignedInUser();
  const client = useQueryClient();
  const remembered = useMemo(() => loadArenaChoice(user.id), [user.id]);
  const [attackerId, setAttackerId] = useState<string | null>(remembered.attackerId);
  const [opponentId, setOpponentId] = useState<string | null>(remembered.opponentId);
  const [tab, setTab] = useState<OpponentTab>(
    remembered.opponentId && isNpc(remembered.opponentId) ? 'npcs' : 'players',
  );
  // Reading the duel's odds before it starts (Fight! is busy already).
  const [checking, setChecking] = useState(false);
  const fight = useArenaFight(user.id);
  const errors = useErrorLine([fight]);
  const longShot = useLongShot();

  const mine = useMyHeroes(user.id);
  const players = useBrowseHeroes(user.id);
  const npcs = useNpcs();
  // Players shown in full ("Show all N"): their whole collections, read once asked for.
  const [expanded, setExpanded] = useState<string[]>([]);
  const whole = useQueries({
    queries: expanded.map((id) => ({ queryKey: queryKeys.myHeroes(id), queryFn: () => listHeroes(id) })),
  });
  const players_ = playerGroups(
    (players.data?.pages ?? []).flatMap((p) => p.players),
    user.id,
    new Map(expanded.map((id, i) => [id, whole[i]?.data])),
  );
  // A failed NPC list is silently empty.
  const npcGroups: OpponentGroup[] = useMemo(
    () =>
      (npcs.data?.dungeons ?? [])
        .filter((d) => d.npcs.length > 0)
        .map((d) => ({ key: d.dungeon_id, title: d.dungeon_name, heroes: d.npcs })),
    [npcs.data],
  );
  const heroes = mine.data ?? [];
  const attacker = heroes.find((h) => h.id === attackerId) ?? null;
  // Find a fair match: asked for one hero at a time, shown above both lists while that hero is chosen.
  const [fairFor, setFairFor] = useState<string | null>(null);
  const fair = useFairMatches(user.id, attacker && fairFor === attacker.id ? attacker.id : null);
  const fairSet: OpponentsResponse | null = attacker && fairFor === attacker.id ? (fair.data ?? null) : null;
  const fairShown = fairSet?.opponents ?? null;
  const [refreshing, setRefreshing] = useState(false);
  const allOpponents = [...(fairShown ?? []), ...[...players_, ...npcGroups].flatMap((g) => g.heroes)];
  // A remembered opponent on no loaded page (a later page of players, say) is read by its id and kept.
  const listed = allOpponents.find((h) => h.id === opponentId) ?? null;
  const lastOpponent = useHero(!listed && opponentId ? opponentId : undefined);
  const recalled =
    !listed &&
    lastOpponent.data &&
    lastOpponent.data.id === opponentId &&
    lastOpponent.data.user_id !== user.id
      ? lastOpponent.data
      : null;
  const opponent = listed ?? recalled;
  // Whose the opponent is: a player by the browse pages or the fair matches' owners, an NPC by its dungeon.
  // A sparring partner (an NPC of no dungeon, made for the hero) is named so by the fair matches.
  const ownerOf = (h: Hero): string | null => {
    const fairAt = fair.data?.opponents.findIndex((o) => o.id === h.id) ?? -1;
    if (isNpc(h.id))
      return (
        npcs.data?.dungeons.find((d) => d.npcs.some((n) => n.id === h.id))?.dungeon_name ??
        (fairAt >= 0 && fair.data!.sparring[fairAt] ? 'sparring partner' : null)
      );
    if (fairAt >= 0 && fair.data!.owners[fairAt]) return fair.data!.owners[fairAt];
    return players_.find((g) => g.key === h.user_id)?.title ?? null;
  };
  // A remembered choice that no longer exists is dropped once its lists and its own read have answered.
  const attackerShown = attacker ? attacker.id : mine.isSuccess ? null : attackerId;
  const opponentShown = opponent
    ? opponent.id
    : players.isSuccess && (npcs.isSuccess || npcs.isError) && !lastOpponent.isPending
      ? null
      : opponentId;
  const ready = !!attacker && !!opponent;
  // The duel's win chance, shown next to Fight! as soon as both are chosen: the number the fight then uses.
  const oddsQuery = ready
    ? { user_id: user.id, kind: 'arena' as const, hero_id: attacker.id, opponent_id: opponent.id }
    : null;
  const odds = useOdds(oddsQuery);
  const lastGroup: OpponentGroup[] =
    recalled && isNpc(recalled.id) === (tab === 'npcs')
      ? [{ key: 'last', title: 'Your last opponent', heroes: [recalled] }]
      : [];

  const choose = (nextAttacker: string | null, nextOpponent: string | null) => {
    longShot.dismiss();
    saveArenaChoice(user.id, nextAttacker, nextOpponent);
  };
  const chooseOpponent = (id: string | null) => {
    setOpponentId(id);
    choose(attackerShown, id);
  };
  const duel = (attacker: Hero, opponent: Hero) => {
    saveArenaChoice(user.id, attacker.id, opponent.id);
    fight.mutate(
      { attackerId: attacker.id, opponentId: opponent.id },
      { onSuccess: () => window.scrollTo({ top: 0 }) },
    );
  };

  return {
    userId: user.id,
    mine,
    heroes,
    players,
    attacker,
    opponent,
    /** the chosen opponent as the Selected summary reads it (opponentSummary) */
    opponentName: opponent ? opponentSummary(opponent, ownerOf(opponent)) : null,
    attackerShown,
    opponentShown,
    ready,
    odds,
    longShot,
    error: errors.text,
    dismissError: errors.clear,
    tab,
    opponentGroups: [...lastGroup, ...(tab === 'players' ? players_ : npcGroups)],
    opponentsLoading: tab === 'players' ? players.isPending : npcs.isPending,
    /** a player's group whose whole collection is being read */
    loadingAll: (key: string) => whole[expanded.indexOf(key)]?.isPending ?? false,
    showAll: (key: string) => setExpanded((ids) => [...ids, key]),
    fairShown,
    /** the set shown: each opponent's stated chance and whether it is a sparring partner, its day and draw */
    fairSet,
    finding: fair.fetchStatus === 'fetching',
    refreshing,
    /** The duel's odds for a card's band, once your hero is chosen (the same read as the win chance by Fight!). */
    bandQuery: (h: Hero) =>
      attacker ? { user_id: user.id, kind: 'arena' as const, hero_id: attacker.id, opponent_id: h.id } : null,
    chooseAttacker: (id: string) => {
      const next = attackerShown === id ? null : id;
      setAttackerId(next);
      choose(next, opponentShown);
    },
    chooseOpponent: (id: string) => chooseOpponent(opponentShown === id ? null : id),
    /**
     * Switching lists never leaves chosen an opponent the player cannot see: one from the other list is let go (a
     * fair match stays: its row is shown above both lists).
     */
    switchTab: (next: OpponentTab) => {
      setTab(next);
      const inFairRow = !!fairShown?.some((h) => h.id === opponentShown);
      if (opponentShown && !inFairRow && isNpc(opponentShown) !== (next === 'npcs')) chooseOpponent(null);
    },
    /** Chooses the fairest opponent not already chosen, asking the server for them the first time for this hero. */
    findFairMatch: async () => {
      if (!attacker) return;
      errors.clear();
      let list: Hero[] | null = fairShown;
      if (!list) {
        setFairFor(attacker.id);
        try {
          list = (await client.fetchQuery({ ...fairMatchesQuery(user.id, attacker.id), staleTime: 0 }))
            .opponents;
        } catch (err) {
          return errors.refuse(errorText(err, 'Failed to find a fair match'));
        }
      }
      const next = nextFairOpponent(list ?? [], opponentShown);
      if (!next) return errors.refuse('No opponents available.');
      setOpponentId(next.id);
      choose(attacker.id, next.id);
    },
    /** Another set for the hero (the day's next draw, away from this one); its fairest is chosen. */
    refreshFairMatches: async () => {
      if (!attacker || refreshing) return;
      errors.clear();
      setRefreshing(true);
      try {
        const next = await refreshFairMatches(user.id, attacker.id);
        client.setQueryData(fairMatchesQuery(user.id, attacker.id).queryKey, next);
        setFairFor(attacker.id);
        const first = nextFairOpponent(next.opponents, null);
        if (first) {
          setOpponentId(first.id);
          choose(attacker.id, first.id);
        }
      } catch (err) {
        errors.refuse(errorText(err, 'Failed to find another set'));
      } finally {
        setRefreshing(false);
      }
    },
    fighting: checking || fight.isPending,
    fight: async () => {
      if (!attacker || !opponent || !oddsQuery)
        return errors.refuse('Select your hero and an opponent first');
      errors.clear();
      setChecking(true);
      const chance = await chanceBeforeFight(client, oddsQuery);
      setChecking(false);
      longShot.check(chance, () => duel(attacker, opponent));
    },
    result: fight.data ?? null,
    fightAgain: fight.reset,
  };
}
export type ArenaCtrl = ReturnType<typeof useArenaCtrl>;
