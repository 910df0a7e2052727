// TanStack Query hooks over the API client (./client.ts): one query key per resource, shared by every page,
// so a write (./writes/) can invalidate exactly what it changed. refreshUser() re-reads the signed-in user
// after anything that moves currencies (a failed refetch is silently ignored).
import { useEffect } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as api from './client.ts';
import { fieldedTeam, loadActiveTeam, saveUser } from '../session.ts';
import type {
  ChangedOdds,
  DungeonRun,
  FairnessKind,
  Hero,
  OddsQuery,
  OddsResponse,
  User,
} from '../../api/index.ts';
import type { Currency } from '../../api/rules.ts';

export const queryKeys = {
  users: (search: string) => ['users', search] as const,
  user: (userId: string) => ['user', userId] as const,
  myHeroes: (userId: string) => ['heroes', userId] as const,
  pending: (userId: string) => ['pending', userId] as const,
  altar: (userId: string) => ['altar', userId] as const,
  browse: (userId: string) => ['browse', userId] as const,
  npcs: ['npcs'] as const,
  hero: (heroId: string) => ['hero', heroId] as const,
  ascension: (heroId: string) => ['ascension', heroId] as const,
  shop: ['shop'] as const,
  inventory: (userId: string) => ['inventory', userId] as const,
  dungeons: ['dungeons'] as const,
  dungeon: (dungeonId: string) => ['dungeon', dungeonId] as const,
  battle: (battleId: string) => ['battle', battleId] as const,
  /** a fight's odds, under the versions of the player's heroes it depends on (heroVersions) */
  odds: (query: OddsQuery | null, versions: string) => ['odds', query, versions] as const,
  /** a fight refused because it changed since its chance was shown: the new chance's key and what to say */
  oddsChanged: (query: OddsQuery | null) => ['odds', 'changed', query] as const,
  activeBattle: (userId: string) => ['active-battle', userId] as const,
  run: (runId: string) => ['dungeon-run', runId] as const,
  activeRun: (userId: string) => ['dungeon-run', 'active', userId] as const,
  /** under 'dungeon-run', so a fight's refresh (./writes/fights.ts afterFight) reads which tiers a clear opened */
  dungeonTiers: (userId: string) => ['dungeon-run', 'tiers', userId] as const,
  ledger: (userId: string, currency: Currency | null) => ['ledger', userId, currency] as const,
  fairness: (kind: FairnessKind) => ['fairness', kind] as const,
  daily: (userId: string) => ['daily', userId] as const,
  campaign: (userId: string) => ['campaign', userId] as const,
  passkeys: (userId: string) => ['passkeys', userId] as const,
};

/** Whether the player's account is locked, and its passkeys (the profile's Passkeys section). */
export function usePasskeyList(userId: string) {
  return useQuery({ queryKey: queryKeys.passkeys(userId), queryFn: () => api.listPasskeys(userId) });
}

/**
 * The player's day (quests, bonus, calendar, reset), read afresh whenever a screen showing it opens: progress is
 * counted by the server as the player plays elsewhere.
 */
export function useDaily(userId: string) {
  return useQuery({
    queryKey: queryKeys.daily(userId),
    queryFn: () => api.getDaily(userId),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** The campaign as the player stands in it (stages, idle income): read afresh on every visit. */
export function useCampaign(userId: string) {
  return useQuery({
    queryKey: queryKeys.campaign(userId),
    queryFn: () => api.getCampaign(userId),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/**
 * The player's strongest four (hero ids, strongest first, by the server's power): the team a page starts from when
 * the player has none of their own (session.ts fieldedTeam). Read from the campaign's answer under its key, so the
 * pages share one read; afresh on every visit, as the campaign, since heroes grow elsewhere.
 */
export function useStrongestTeam(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.campaign(userId ?? ''),
    queryFn: () => api.getCampaign(userId!),
    enabled: !!userId,
    staleTime: 0,
    select: (c) => c.strongest_team,
  });
}

/**
 * The team a page fights with (session.ts fieldedTeam): the one `picked`, else the last saved, else the player's
 * strongest four — asked of the server only when there is no other (a new player; a last team all dismissed).
 * `reading`: that read is on its way (a page waits for it as for its heroes, so the team does not change under a
 * tap; if it fails, the team is none). Without a `userId` nothing is read and the team is none.
 */
export function useFieldedTeam(
  userId: string | undefined,
  picked: readonly string[] | null,
  heroes: readonly { id: string }[] | undefined,
): { team: string[]; reading: boolean } {
  const owned = new Set((heroes ?? []).map((h) => h.id));
  const own = userId ? fieldedTeam(picked, userId, owned) : [];
  // before the heroes come, a last team saved is taken to be the player's (the read starts beside the heroes')
  const needed =
    !!userId && picked === null && (heroes ? own.length === 0 : loadActiveTeam(userId).length === 0);
  const strongest = useStrongestTeam(needed ? userId : undefined);
  return {
    team: needed ? fieldedTeam(null, userId, owned, strongest.data) : own,
    reading: needed && strongest.isPending,
  };
}

/** Accounts whose username starts with `search` (bounded; the list may hold thousands). */
export function useUsers(search: string) {
  return useQuery({
    queryKey: queryKeys.users(search),
    queryFn: ({ signal }) => api.listUsers(search, 50, signal),
    staleTime: 10_000,
    placeholderData: (prev) => prev,
  });
}

/** The player's paid pair waiting to be kept (/create shows it again after a reload or Cancel). */
export function usePendingPair(userId: string) {
  return useQuery({ queryKey: queryKeys.pending(userId), queryFn: () => api.pendingPair(userId) });
}

/** The altar: the rates, the pity rule with the player's counters, their summon history (/create). */
export function useAltar(userId: string) {
  return useQuery({ queryKey: queryKeys.altar(userId), queryFn: () => api.getAltar(userId) });
}

/** The signed-in user's own heroes. */
export function useMyHeroes(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.myHeroes(userId ?? ''),
    queryFn: () => api.listHeroes(userId!),
    enabled: !!userId,
  });
}

/**
 * A player's whole collection, shown when a browse page's first heroes are not all of them ("Show all N"): asked
 * only once `enabled` (the list read is the player's own hero list, up to 500).
 */
export function usePlayerHeroes(userId: string, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.myHeroes(userId), queryFn: () => api.listHeroes(userId), enabled });
}

/** Other players' heroes, a page of players at a time. */
export function useBrowseHeroes(userId: string | undefined, enabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.browse(userId ?? ''),
    queryFn: ({ pageParam }) => api.browseHeroes({ limit: 20, cursor: pageParam, excludeUserId: userId }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: enabled && !!userId,
  });
}

/**
 * A finished fight as it can be watched again (public; a replay never changes). A signed-in viewer is named, so
 * watching counts toward their daily quest.
 */
export function useReplay(battleId: string, viewerId?: string) {
  return useQuery({
    queryKey: ['replay', battleId] as const,
    queryFn: () => api.getReplay(battleId, viewerId),
    staleTime: Infinity,
    retry: false,
  });
}

/** A player's finished fights, newest first, a page at a time (each opens its replay). */
export function useBattleHistory(userId: string) {
  return useInfiniteQuery({
    queryKey: ['battle-history', userId] as const,
    queryFn: ({ pageParam }) => api.getBattleHistory(userId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * The player's ledger (every change of a currency), newest first, a page at a time; `currency` keeps one. Read
 * afresh whenever the profile opens: balances and their history on screen are the server's.
 */
export function useLedger(userId: string, currency: Currency | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.ledger(userId, currency),
    queryFn: ({ pageParam }) => api.getLedger(userId, { currency: currency ?? undefined, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** The arena leaderboard a page at a time, with the player's own heroes' standing (asked with the first page). */
export function useLeaderboard(userId: string) {
  return useInfiniteQuery({
    queryKey: ['leaderboard', userId] as const,
    queryFn: ({ pageParam }) => api.getLeaderboard(pageParam ? { cursor: pageParam } : { userId }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** NPCs grouped by dungeon. */
export function useNpcs(enabled = true) {
  return useQuery({ queryKey: queryKeys.npcs, queryFn: api.listNpcs, enabled, staleTime: 60_000 });
}

export function useHero(heroId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.hero(heroId ?? ''),
    queryFn: () => api.getHero(heroId!),
    enabled: !!heroId,
    retry: (count, err) => !api.isNotFound(err) && count < 2,
  });
}

/** The player's turn-based battle in play, asked afresh whenever a screen that shows it opens. */
export function useActiveBattle(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.activeBattle(userId ?? ''),
    queryFn: () => api.getActiveBattle(userId!),
    enabled: !!userId,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useShop() {
  return useQuery({ queryKey: queryKeys.shop, queryFn: api.listShop, staleTime: 60_000 });
}

/** A hero's next star (its cost and gain), the cost table, what the player can pay with, what a reset refunds. */
export function useAscension(heroId: string, userId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.ascension(heroId),
    queryFn: () => api.getAscension(heroId, userId),
    enabled: enabled && !!heroId && !!userId,
    retry: false,
  });
}

export function useInventory(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.inventory(userId ?? ''),
    queryFn: () => api.getInventory(userId!),
    enabled: !!userId,
  });
}

export function useDungeons(enabled = true) {
  return useQuery({ queryKey: queryKeys.dungeons, queryFn: api.listDungeons, staleTime: 60_000, enabled });
}

export function useDungeon(dungeonId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.dungeon(dungeonId ?? ''),
    queryFn: () => api.getDungeon(dungeonId!),
    enabled: !!dungeonId,
    retry: (count, err) => !api.isNotFound(err) && count < 2,
  });
}

/**
 * The fairness figures (/fairness). The server reads its counts at most every 30 s; while the balance measure is
 * still running the page asks again every few seconds, then stops.
 */
export function useFairness(kind: FairnessKind) {
  return useQuery({
    queryKey: queryKeys.fairness(kind),
    queryFn: ({ signal }) => api.getFairness(kind, signal),
    staleTime: 30_000,
    placeholderData: (prev) => prev,
    refetchInterval: (query) => (query.state.data?.balance.status === 'computing' ? 3_000 : false),
  });
}

// --- A fight's odds ----------------------------------------------------------------------------------------------

/** The player's heroes a fight's odds depend on: its team, or the arena hero; a run's team is among all of them. */
function oddsHeroIds(query: OddsQuery, heroes: Hero[]): string[] {
  if (query.team) return query.team.split(',');
  if (query.hero_id) return [query.hero_id];
  return heroes.map((h) => h.id);
}

/**
 * 'h_1@4,h_2@7': the heroes a fight's odds depend on, at the versions the player's hero list has them — part of the
 * odds' query key, so a hero that changed (a level-up, an item, a reroll) never shows the number of its older self.
 */
export function heroVersions(query: OddsQuery, heroes: Hero[] | undefined): string {
  const byId = new Map((heroes ?? []).map((h) => [h.id, h.version ?? 0]));
  return oddsHeroIds(query, heroes ?? [])
    .map((id) => `${id}@${byId.get(id) ?? '?'}`)
    .join(',');
}

/** The query behind useOdds, for a fight handler that needs the number before it fights (fetchQuery). */
export const oddsQuery = (
  query: OddsQuery,
  versions: string,
  fetch: (signal: AbortSignal) => Promise<OddsResponse> = (signal) => api.getOdds(query, signal),
) => ({
  queryKey: queryKeys.odds(query, versions),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetch(signal),
  staleTime: 60_000,
  retry: 1,
});

/** `oddsQuery` keyed by the heroes as the cached hero list has them (a fight handler's read before it fights). */
export function oddsQueryIn(client: QueryClient, query: OddsQuery) {
  return oddsQuery(
    query,
    heroVersions(query, client.getQueryData<Hero[]>(queryKeys.myHeroes(query.user_id))),
  );
}

/**
 * A fight's odds as a page may show them: `answer` only while it is the estimate the fight will use — for the
 * heroes as the player's hero list has them now, not being read again — else `computing` (or `failed`).
 * `changed`: what to say while that answer is the new chance a fight brought back, refused because its fight had
 * changed since the page showed the old one (showChangedOdds).
 */
export interface OddsView {
  answer: OddsResponse | null;
  state: 'idle' | 'computing' | 'ready' | 'failed';
  error: Error | null;
  changed?: string | null;
}

/** What a fight's refusal for a changed chance says, and the key of that chance. */
interface Changed {
  key: string;
  text: string;
}

/**
 * A fight refused because it changed since its chance was shown: the new chance (the answer it brought) shown in
 * place of the old one, with what the refusal said, until another read or a fight moves the odds on.
 */
export function showChangedOdds(client: QueryClient, query: OddsQuery, now: ChangedOdds): void {
  const { error, odds_key, ...answer } = now;
  client.setQueryData(oddsQueryIn(client, query).queryKey, answer);
  client.setQueryData<Changed>(queryKeys.oddsChanged(query), { key: odds_key, text: error });
}

/** The odds a page shows now for `query` (its cached answer), whose key a fight names: null if none is shown. */
export function shownOdds(client: QueryClient, query: OddsQuery): OddsResponse | null {
  return client.getQueryData<OddsResponse>(oddsQueryIn(client, query).queryKey) ?? null;
}

/** Whether an answer is for the team's heroes at the versions the hero list has (a level-up elsewhere: no). */
export function answersFor(answer: OddsResponse, heroes: Hero[] | undefined): boolean {
  const byId = new Map((heroes ?? []).map((h) => [h.id, h.version]));
  return answer.team_hero_ids.every((id) => byId.get(id) === answer.versions[id]);
}

/**
 * A fight's win chance, enemies and what a win pays (null: nothing chosen yet), keyed by the heroes' versions. A
 * fight drops every read (./writes/fights.ts afterFight), so what shows next is read afresh. `fetch` replaces the plain
 * read (the arena cards' bands wait their turn); `enabled` holds it back (a card far off screen).
 */
export function useOdds(
  query: OddsQuery | null,
  opts: { enabled?: boolean; fetch?: (signal: AbortSignal) => Promise<OddsResponse> } = {},
): OddsView {
  const client = useQueryClient();
  const heroes = useMyHeroes(query?.user_id);
  const q = query ?? { user_id: '', kind: 'arena' as const };
  const read = useQuery({
    ...oddsQuery(q, heroVersions(q, heroes.data), opts.fetch),
    enabled: !!query && heroes.isSuccess && opts.enabled !== false,
  });
  const changed = useQuery<Changed | null>({
    queryKey: queryKeys.oddsChanged(q),
    queryFn: () => null,
    enabled: false,
  }).data;
  // An answer for other versions than the list has: the heroes changed elsewhere (another tab fought), so the list
  // is read again — then the key follows it and the odds are read for the heroes as they are.
  const behind = read.isSuccess && !heroes.isFetching && !answersFor(read.data, heroes.data);
  useEffect(() => {
    if (behind) void client.invalidateQueries({ queryKey: queryKeys.myHeroes(q.user_id) });
  }, [behind, client, q.user_id]);
  // A run that is over, read by a page that still holds it (another tab ended it): its reads are read again, so the
  // page shows what comes next; meanwhile the answer is already that (a new run's first floor).
  const over = read.isSuccess && !!read.data.run_status && read.data.run_status !== 'active';
  useEffect(() => {
    if (!over || !q.run_id) return;
    void client.invalidateQueries({ queryKey: queryKeys.run(q.run_id) });
    void client.invalidateQueries({ queryKey: queryKeys.activeRun(q.user_id) });
  }, [over, client, q.run_id, q.user_id]);
  if (!query) return { answer: null, state: 'idle', error: null };
  if (read.isSuccess && !read.isRefetching && answersFor(read.data, heroes.data)) {
    const said = changed && changed.key === read.data.key ? changed.text : null;
    return { answer: read.data, state: 'ready', error: null, changed: said };
  }
  if (read.isError && !read.isFetching) return { answer: null, state: 'failed', error: read.error };
  return { answer: null, state: 'computing', error: null };
}

/**
 * Find a fair match: today's set of opponents the player's hero wins 40–60% of the time, nearest 50% first, with
 * each chance (GET /api/arena/opponents). Asked on demand (the arena's fetchQuery, fresh on the visit's first ask)
 * and then kept as it was for the visit; a refresh (client.refreshFairMatches) puts the next set in its place.
 */
export const fairMatchesQuery = (userId: string, heroId: string) => ({
  queryKey: ['fair-matches', userId, heroId] as const,
  queryFn: () => api.findFairMatches(userId, heroId),
  staleTime: Infinity,
  retry: false,
});

/** The fair matches asked for `heroId` (null: none asked). */
export function useFairMatches(userId: string, heroId: string | null) {
  return useQuery({ ...fairMatchesQuery(userId, heroId ?? ''), enabled: !!heroId });
}

/** A dungeon run as it is now (its next floor, its status); `known` (a fight's answer) shows at once. */
export function useDungeonRun(runId: string | null | undefined, userId: string, known?: DungeonRun) {
  return useQuery({
    queryKey: queryKeys.run(runId ?? ''),
    queryFn: () => api.getDungeonRun(runId!, userId),
    enabled: !!runId,
    initialData: known && known.id === runId ? known : undefined,
    retry: (count, err) => !api.isNotFound(err) && count < 1,
  });
}

/** Each dungeon's tiers as the player has them (open, cleared), by dungeon id. */
export function useDungeonTiers(userId: string) {
  return useQuery({
    queryKey: queryKeys.dungeonTiers(userId),
    queryFn: async () => new Map((await api.listDungeonTiers(userId)).map((d) => [d.dungeon_id, d.tiers])),
  });
}

/** The player's active dungeon run (one at most; starting another dungeon ends it), or null. */
export function useActiveRun(userId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.activeRun(userId),
    queryFn: async () => (await api.getActiveRun(userId)).run,
    enabled,
  });
}

/**
 * Re-reads the user (GET /api/users/{id}) and saves it to the session (after reroll, purchase, item use,
 * battles). A user already carried by a response (`known`) is shown at once while the re-read runs.
 * A failed re-read is ignored.
 */
export async function refreshUser(userId: string, known?: User | null): Promise<User | null> {
  if (known && known.id === userId) saveUser(known);
  try {
    const user = await api.getUser(userId);
    saveUser(user);
    return user;
  } catch {
    return null;
  }
}
