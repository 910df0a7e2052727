// Live play's reads and writes over the API client (./client.ts): a player's challenges (to them and theirs), one
// challenge (its link's page), a match (read again whenever the socket says it moved: ./live-socket.ts; polled when
// no socket carries it — a signed-out spectator, or the socket down), and the writes — challenge, accept, decline,
// cancel, choose, forfeit, rematch. Pages: pages/live, pages/duel, pages/match, components/challenge-dialog.tsx.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from './client.ts';
import { failing, useWrite } from './writes/core.ts';

export const liveKeys = {
  challenges: (userId: string) => ['challenges', userId] as const,
  challenge: (id: string) => ['challenge', id] as const,
  match: (id: string, userId: string | undefined) => ['match', id, userId ?? null] as const,
};

/** How often a match is read again when no socket tells its moves (a spectator signed out, a socket down). */
export const MATCH_POLL_MS = 2000;

/** The player's open challenges to them and their own of the last day. */
export function useChallenges(userId: string | undefined) {
  return useQuery({
    queryKey: liveKeys.challenges(userId ?? ''),
    queryFn: () => api.listChallenges(userId!),
    enabled: !!userId,
    staleTime: 5_000,
  });
}

/** The live ladder's top players, and the player's own live rating (GET /api/users/{id} `live_rating`, if stated). */
export function useLiveLadder(userId: string) {
  const ladder = useQuery({
    queryKey: ['live-ladder'] as const,
    queryFn: () => api.getLiveLeaderboard(10),
    staleTime: 30_000,
    retry: false,
  });
  const me = useQuery({
    queryKey: ['live-rating', userId] as const,
    queryFn: async () => {
      const u = (await api.getUser(userId)) as {
        live_rating?: { rating: number; rd: number; games: number };
      };
      return u.live_rating ?? null;
    },
    staleTime: 30_000,
  });
  return { ladder, rating: me.data ?? null };
}

/** One challenge, as its link's page shows it (public). */
export function useChallenge(id: string) {
  return useQuery({
    queryKey: liveKeys.challenge(id),
    queryFn: () => api.getChallenge(id),
    retry: (count, err) => !api.isNotFound(err) && count < 1,
    staleTime: 0,
  });
}

/**
 * A live match as `userId` sees it (their options with it); `poll` while no socket tells its moves. Once over, a
 * player's page still reads it every 4 s while the tab is in view (a rematch asked for by the other player), until a
 * rematch is made.
 */
export function useMatch(id: string, userId: string | undefined, poll: boolean) {
  return useQuery({
    queryKey: liveKeys.match(id, userId),
    queryFn: () => api.getMatch(id, userId),
    retry: (count, err) => !api.isNotFound(err) && count < 1,
    staleTime: 0,
    refetchInterval: (q) => {
      const m = q.state.data;
      if (m?.status === 'aborted') return false;
      if (m?.status === 'over') {
        const player = m.sides.some((s) => s.user_id === userId);
        const rematched = !!(m as { rematch_id?: string | null }).rematch_id;
        return player && !rematched ? 4000 : false;
      }
      return poll ? MATCH_POLL_MS : 15_000;
    },
  });
}

export function useCreateChallenge(userId: string) {
  const client = useQueryClient();
  return useWrite<api.Challenge, { heroIds: string[]; opponentId?: string }>(
    {
      mutationFn: ({ heroIds, opponentId }) => api.createChallenge(userId, heroIds, opponentId),
      onSuccess: (c) => {
        client.setQueryData(liveKeys.challenge(c.id), c);
        void client.invalidateQueries({ queryKey: ['challenges'] });
      },
    },
    failing('Failed to send the challenge'),
  );
}

/** Accept, decline or cancel a challenge; the lists and the challenge are read again. */
export function useAnswerChallenge(userId: string) {
  const client = useQueryClient();
  return useWrite<
    { match_id: string } | api.Challenge,
    { id: string; answer: 'accept' | 'decline' | 'cancel'; heroIds?: string[] }
  >(
    {
      mutationFn: ({ id, answer, heroIds }) =>
        answer === 'accept'
          ? api.acceptChallenge(id, userId, heroIds ?? [])
          : answer === 'decline'
            ? api.declineChallenge(id, userId)
            : api.cancelChallenge(id, userId),
      onSettled: (_d, _e, v) => {
        void client.invalidateQueries({ queryKey: ['challenges'] });
        void client.invalidateQueries({ queryKey: liveKeys.challenge(v.id) });
      },
    },
    (err, v) =>
      api.errorText(
        err,
        v.answer === 'accept'
          ? 'Failed to accept the challenge'
          : v.answer === 'decline'
            ? 'Failed to decline the challenge'
            : 'Failed to cancel the challenge',
      ),
  );
}

/** The player's choice for this turn: the match it answers replaces the one shown. */
export function useChooseInMatch(matchId: string, userId: string) {
  const client = useQueryClient();
  return useWrite<Awaited<ReturnType<typeof api.chooseInMatch>>, { turn: number; actions: api.LiveAction[] }>(
    {
      mutationFn: ({ turn, actions }) => api.chooseInMatch(matchId, userId, turn, actions),
      onSuccess: (r) => {
        const key = liveKeys.match(matchId, userId);
        const shown = client.getQueryData<api.Match>(key);
        if (!shown || r.match.version >= shown.version) client.setQueryData(key, r.match);
      },
      onError: () => void client.invalidateQueries({ queryKey: liveKeys.match(matchId, userId) }),
    },
    failing('Failed to send your choice'),
  );
}

export function useForfeit(matchId: string, userId: string) {
  const client = useQueryClient();
  return useWrite<api.Match, void>(
    {
      mutationFn: () => api.forfeitMatch(matchId, userId),
      onSuccess: (m) => client.setQueryData(liveKeys.match(matchId, userId), m),
    },
    failing('Failed to leave the match'),
  );
}

export function useRematch(matchId: string, userId: string) {
  return useWrite<{ match_id: string | null; waiting: boolean }, void>(
    { mutationFn: () => api.requestRematch(matchId, userId) },
    (err) =>
      err instanceof api.ApiError && err.status === 404 && !err.serverText
        ? 'Rematch is not open yet.'
        : api.errorText(err, 'Failed to ask for a rematch'),
  );
}
