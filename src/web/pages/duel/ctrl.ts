// /duel/{challengeId}'s controller: the challenge (read again every 3 s while open, and at once when the socket tells
// of it), who the reader is to it (its challenger, the player it names, anyone for an open link, or someone else),
// their win chance (the challenger's as stated; the accepter's its complement when the challenge names them; none
// stated for an open link), the heroes picked to answer it (as many as the challenger's), Accept (→ the match),
// Decline and Cancel. View: ./index.tsx.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import * as api from '../../api/client.ts';
import { useMyHeroes } from '../../api/hooks.ts';
import { liveKeys, useAnswerChallenge } from '../../api/live-hooks.ts';
import { useLiveMessages } from '../../api/live-socket.ts';
import { togglePick } from '../../components/live-team.tsx';
import { useSignedInUser } from '../../session.ts';

export type DuelRole = 'challenger' | 'named' | 'open' | 'other';

/** Who the reader is to a challenge. */
export function roleIn(c: Pick<api.Challenge, 'challenger' | 'opponent'>, userId: string): DuelRole {
  if (c.challenger.id === userId) return 'challenger';
  if (!c.opponent) return 'open';
  return c.opponent.id === userId ? 'named' : 'other';
}

/** The reader's win chance: the challenger's as stated; its complement for the player it names; else none. */
export function chanceOf(c: Pick<api.Challenge, 'probability'>, role: DuelRole): number | null {
  if (c.probability === null) return null;
  if (role === 'challenger') return c.probability;
  if (role === 'named') return 1 - c.probability;
  return null;
}

export function useDuelCtrl() {
  const { challengeId = '' } = useParams();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: liveKeys.challenge(challengeId),
    queryFn: () => api.getChallenge(challengeId),
    retry: (count, err) => !api.isNotFound(err) && count < 1,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'open' ? 3000 : false),
  });
  const challenge = query.data;
  const role = challenge ? roleIn(challenge, user.id) : null;
  const mine = useMyHeroes(user.id);
  const [picked, setPicked] = useState<string[]>([]);
  const answer = useAnswerChallenge(user.id);

  useLiveMessages((m) => {
    if (m.type === 'challenge' && m.challenge.id === challengeId) void query.refetch();
  });
  // Accepted (here, or — for its challenger — by the other player): the match opens.
  const matchId =
    challenge?.status === 'accepted' && (role === 'challenger' || role === 'named' || answer.isSuccess)
      ? challenge.match_id
      : null;
  useEffect(() => {
    if (matchId) void navigate(`/matches/${encodeURIComponent(matchId)}`, { replace: true });
  }, [matchId, navigate]);

  const size = challenge?.size ?? 1;
  return {
    userId: user.id,
    query,
    challenge,
    role,
    chance: challenge && role ? chanceOf(challenge, role) : null,
    heroes: mine.data ?? [],
    heroesLoading: mine.isPending,
    picked,
    size,
    toggle: (heroId: string) => {
      answer.reset();
      setPicked((p) => togglePick(p, heroId, size));
    },
    ready: picked.length === size,
    accepting: answer.isPending && answer.variables.answer === 'accept',
    declining: answer.isPending && answer.variables.answer === 'decline',
    cancelling: answer.isPending && answer.variables.answer === 'cancel',
    busy: answer.isPending,
    accept: () =>
      answer.mutate(
        { id: challengeId, answer: 'accept', heroIds: picked },
        {
          onSuccess: (r) => {
            if ('match_id' in r && typeof r.match_id === 'string')
              void navigate(`/matches/${encodeURIComponent(r.match_id)}`);
          },
        },
      ),
    decline: () => answer.mutate({ id: challengeId, answer: 'decline' }),
    cancel: () => answer.mutate({ id: challengeId, answer: 'cancel' }),
    error: answer.failure,
    dismissError: answer.reset,
  };
}
export type DuelCtrl = ReturnType<typeof useDuelCtrl>;
