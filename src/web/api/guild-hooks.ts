// Guilds' reads and writes over the API client (./client.ts): the guilds found by name (a page at a time), the
// ranking of the week, one guild as its reader sees it, its message board (read again at once when the live socket
// tells of a new message, and every 1.5 s while the page is in view and the socket is not open — every 10 s when it
// is —, so another member's message shows within 2 s, the read's own time included), the week's boss and a team's
// expected damage; the writes — make, join or ask, accept or refuse, leave, remove, name a role, write on the board,
// attack the boss. A write that changes whose guild the player is in reads the player again (the user record carries
// guild_id). Pages: pages/guilds (find and make), pages/guild (a guild, its board and its boss).
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import * as api from './client.ts';
import { refreshUser } from './hooks.ts';
import { useLiveMessages, useLiveStatus, watchGuild } from './live-socket.ts';
import { failing, usePaying, useWrite } from './writes/core.ts';

export const guildKeys = {
  all: ['guild'] as const,
  list: (query: string, userId: string) => ['guild', 'list', query, userId] as const,
  ranking: ['guild', 'ranking'] as const,
  guild: (id: string, userId: string) => ['guild', 'one', id, userId] as const,
  messages: (id: string, userId: string) => ['guild', 'messages', id, userId] as const,
  boss: (id: string, userId: string) => ['guild', 'boss', id, userId] as const,
  expected: (id: string, userId: string, heroIds: readonly string[]) =>
    ['guild', 'expected', id, userId, heroIds.join(',')] as const,
};

/**
 * How often the board is read again while the page is in view: under 2 s by the time a read takes, so another member's
 * message shows within 2 s of being written.
 */
export const BOARD_POLL_MS = 1500;
/** …and while the live socket is open (it tells of each new message): a read now and then, in case a note was lost. */
export const BOARD_POLL_SOCKET_MS = 10_000;

/** Guilds whose names hold `query` (all of them, by name, when empty), a page at a time: whether the player asked each. */
export function useGuildList(query: string, userId: string) {
  return useInfiniteQuery({
    queryKey: guildKeys.list(query, userId),
    queryFn: ({ pageParam, signal }) => api.listGuilds({ query, cursor: pageParam, userId }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** The guilds that killed the most bosses this week. */
export function useGuildRanking() {
  return useQuery({ queryKey: guildKeys.ranking, queryFn: api.getGuildRanking, staleTime: 30_000 });
}

/** One guild as the player reads it: read afresh every visit and every 15 s (members come and go). */
export function useGuild(id: string, userId: string) {
  return useQuery({
    queryKey: guildKeys.guild(id, userId),
    queryFn: () => api.getGuild(id, userId),
    retry: (count, err) => !api.isNotFound(err) && count < 1,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: 15_000,
  });
}

/**
 * The board, newest first, a page at a time (older pages on asking): read again when the live socket tells of a new
 * message (watchGuild), and every BOARD_POLL_MS while the page is in view (BOARD_POLL_SOCKET_MS while the socket is open)
 * (TanStack stops a refetchInterval while the tab is hidden), only for a member (`enabled`). A read again asks each
 * page shown in turn from the newest, each from the cursor of the page before it as it now stands, so a new message
 * moves the pages along without a gap.
 */
export function useGuildMessages(id: string, userId: string, enabled: boolean) {
  const client = useQueryClient();
  const socketUp = useLiveStatus() === 'open';
  useEffect(() => (enabled ? watchGuild(id) : undefined), [id, enabled]);
  useLiveMessages((m) => {
    if (enabled && m.type === 'guild_message' && m.guild_id === id)
      void client.invalidateQueries({ queryKey: guildKeys.messages(id, userId) });
  });
  return useInfiniteQuery({
    queryKey: guildKeys.messages(id, userId),
    queryFn: ({ pageParam }) => api.getGuildMessages(id, userId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
    staleTime: 0,
    // no longer a member (removed meanwhile) or no longer a guild: stop asking
    refetchInterval: (q) =>
      closedTo(q.state.error) ? false : socketUp ? BOARD_POLL_SOCKET_MS : BOARD_POLL_MS,
    refetchIntervalInBackground: false,
    retry: (count, err) => !closedTo(err) && count < 2,
  });
}

/** A read the player may no longer make (403: not a member; 404: no such guild): asking again changes nothing. */
const closedTo = (err: unknown): boolean =>
  err instanceof api.ApiError && (err.status === 403 || err.status === 404);

/** The week's boss as the player stands against it (its health moves as members attack: read every 10 s). */
export function useGuildBoss(id: string, userId: string, enabled: boolean) {
  return useQuery({
    queryKey: guildKeys.boss(id, userId),
    queryFn: () => api.getGuildBoss(id, userId),
    enabled,
    staleTime: 0,
    refetchInterval: (q) => (closedTo(q.state.error) ? false : 10_000),
    retry: (count, err) => !closedTo(err) && count < 2,
  });
}

/** The expected damage of a team of the player's heroes against the boss as it stands (none for no team). */
export function useExpectedDamage(id: string, userId: string, heroIds: string[], level: number | undefined) {
  return useQuery({
    queryKey: [...guildKeys.expected(id, userId, heroIds), level ?? 0] as const,
    queryFn: async () => (await api.getGuildBoss(id, userId, heroIds)).expected_damage ?? null,
    enabled: heroIds.length > 0 && level !== undefined,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** After a write that moves the player in or out of a guild: the guild views, and the player's guild_id. */
function useGuildChanged(userId: string) {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: guildKeys.all }), refreshUser(userId)]);
  };
}

export function useCreateGuild(userId: string) {
  const changed = useGuildChanged(userId);
  return useWrite<api.GuildView, { name: string; description?: string; join_policy: 'open' | 'request' }>(
    { mutationFn: (g) => api.createGuild(userId, g), onSuccess: changed },
    failing('Failed to make the guild'),
  );
}

/** Join (an open guild) or ask to join (one by request). */
export function useJoinGuild(userId: string) {
  const changed = useGuildChanged(userId);
  return useWrite<api.GuildJoin, string>(
    { mutationFn: (id) => api.joinGuild(id, userId), onSuccess: changed },
    failing('Failed to join the guild'),
  );
}

/** The guild's leader or an officer accepts or refuses a request to join. */
export function useAnswerJoinRequest(guildId: string, userId: string) {
  const client = useQueryClient();
  return useWrite<api.GuildView, { asker: string; answer: 'accept' | 'refuse' }>(
    {
      mutationFn: ({ asker, answer }) => api.answerJoinRequest(guildId, asker, userId, answer),
      onSuccess: (g) => client.setQueryData(guildKeys.guild(guildId, userId), g),
      onError: () => client.invalidateQueries({ queryKey: guildKeys.guild(guildId, userId) }),
    },
    (err, v) =>
      api.errorText(
        err,
        v.answer === 'accept' ? 'Failed to accept the request' : 'Failed to refuse the request',
      ),
  );
}

/** Remove a member, or name their role ('leader' hands leadership over). */
export function useManageMember(guildId: string, userId: string) {
  const client = useQueryClient();
  return useWrite<api.GuildView, { member: string; change: 'remove' | api.GuildRole }>(
    {
      mutationFn: ({ member, change }) =>
        change === 'remove'
          ? api.removeGuildMember(guildId, member, userId)
          : api.setGuildRole(guildId, member, userId, change),
      onSuccess: (g) => client.setQueryData(guildKeys.guild(guildId, userId), g),
      onError: () => client.invalidateQueries({ queryKey: guildKeys.guild(guildId, userId) }),
    },
    (err, v) =>
      api.errorText(
        err,
        v.change === 'remove'
          ? 'Failed to remove the member'
          : v.change === 'leader'
            ? 'Failed to hand over leadership'
            : 'Failed to change the role',
      ),
  );
}

export function useLeaveGuild(guildId: string, userId: string) {
  const changed = useGuildChanged(userId);
  return useWrite<api.GuildLeave, void>(
    { mutationFn: () => api.leaveGuild(guildId, userId), onSuccess: changed },
    failing('Failed to leave the guild'),
  );
}

/** Writes on the board; the message shows at once on top of the board (and the board is read again). */
export function usePostMessage(guildId: string, userId: string) {
  const client = useQueryClient();
  const key = guildKeys.messages(guildId, userId);
  return useWrite<api.GuildMessage, string>(
    {
      mutationFn: (text) => api.postGuildMessage(guildId, userId, text),
      onSuccess: (m) => {
        const shown = client.getQueryData<InfiniteData<api.GuildMessages, string | null>>(key);
        const [first, ...rest] = shown?.pages ?? [];
        if (shown && first && !first.messages.some((x) => x.id === m.id))
          client.setQueryData(key, {
            ...shown,
            pages: [{ ...first, messages: [m, ...first.messages] }, ...rest],
          });
        void client.invalidateQueries({ queryKey: key });
      },
    },
    failing('Failed to send the message'),
  );
}

/**
 * An attack on the boss: one press, one Idempotency-Key (the route honours it). The boss, the guild and the player's
 * balances are read again.
 */
export function useAttackBoss(guildId: string, userId: string) {
  const client = useQueryClient();
  return usePaying<api.GuildAttack, string[]>(
    {
      mutationFn: ({ input, key }) => api.attackGuildBoss(guildId, userId, input, key),
      onSuccess: (a) => {
        void refreshUser(userId, a.user);
        void client.invalidateQueries({ queryKey: guildKeys.all });
      },
    },
    failing('Failed to attack the boss'),
  );
}
