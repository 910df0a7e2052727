// The Challenge dialog (a modal): pick 1–4 of your heroes, then Send challenge (to a named player) or Make link (an
// open challenge anyone may accept); the answer's honest win chance shows with the waiting view — the link to copy,
// Cancel challenge — until the challenge is answered: accepted, it opens the match (/matches/{id}); declined, expired
// or cancelled, it says so. Opened from Other Heroes (pages/heroes), the arena's Players and /live.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { TEAM_MAX } from '../../api/rules.ts';
import * as api from '../api/client.ts';
import { useMyHeroes } from '../api/hooks.ts';
import { liveKeys, useAnswerChallenge, useCreateChallenge } from '../api/live-hooks.ts';
import { useLiveMessages } from '../api/live-socket.ts';
import { LiveChance, LiveTeamPick, togglePick } from './live-team.tsx';
import { Button, ButtonLink, ErrorBox, Modal } from './ui.tsx';

const CLOSED_TEXT: Record<string, string> = {
  declined: 'declined your challenge.',
  cancelled: 'This challenge was cancelled.',
  expired: 'This challenge expired before anyone answered it.',
};

/** The address to send: the challenge's page on this site. */
export const challengeLink = (c: Pick<api.Challenge, 'url'>): string =>
  new URL(c.url, window.location.origin).toString();

/** Copies `text`; answers whether the clipboard took it. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The link of an open challenge with Copy link (which says Copied! once it has). */
export function CopyLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="copy-link">
      <input
        className="input copy-link__field"
        readOnly
        value={url}
        aria-label="Challenge link"
        onFocus={(e) => e.currentTarget.select()}
        data-testid="challenge-link"
      />
      <Button variant="secondary" onClick={() => void copyText(url).then(setCopied)}>
        {copied ? 'Copied!' : 'Copy link'}
      </Button>
      {copied === false && <p className="muted copy-link__note">Select the link and copy it by hand.</p>}
    </div>
  );
}

export function ChallengeDialog({
  userId,
  opponent,
  onClose,
}: {
  userId: string;
  /** the player challenged; null: an open link */
  opponent: { id: string; username: string } | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const mine = useMyHeroes(userId);
  const [picked, setPicked] = useState<string[]>([]);
  const create = useCreateChallenge(userId);
  const answer = useAnswerChallenge(userId);
  const sent = create.data ?? null;
  // The challenge as it stands: the socket says when it is answered; a read every 3 s covers a socket that is down.
  const current = useQuery({
    queryKey: liveKeys.challenge(sent?.id ?? ''),
    queryFn: () => api.getChallenge(sent!.id),
    enabled: !!sent,
    initialData: sent ?? undefined,
    refetchInterval: (q) => (q.state.data?.status === 'open' ? 3000 : false),
  });
  const challenge = current.data ?? sent;
  const go = (matchId: string) => {
    onClose();
    void navigate(`/matches/${encodeURIComponent(matchId)}`);
  };
  useLiveMessages((m) => {
    if (m.type === 'challenge' && sent && m.challenge.id === sent.id && m.challenge.match_id)
      go(m.challenge.match_id);
  });
  const acceptedMatch = challenge?.status === 'accepted' ? challenge.match_id : null;
  useEffect(() => {
    if (acceptedMatch) go(acceptedMatch);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the match opens
  }, [acceptedMatch]);

  const heroes = mine.data ?? [];
  const title = opponent ? `Challenge ${opponent.username}` : 'Open challenge link';
  const error = create.failure ?? answer.failure;

  if (!challenge)
    return (
      <Modal
        title={title}
        subtitle={`A live match: both of you choose each turn at once. Pick 1–${TEAM_MAX} of your heroes.`}
        onClose={onClose}
        className="challenge-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button
              onClick={() => create.mutate({ heroIds: picked, opponentId: opponent?.id })}
              disabled={picked.length === 0}
              busy={create.isPending}
              busyText="Sending..."
              title={picked.length === 0 ? 'Pick at least one hero first' : undefined}
              data-testid="send-challenge"
            >
              {opponent ? `Send challenge (${picked.length})` : `Make link (${picked.length})`}
            </Button>
          </>
        }
      >
        <p className="live-pick__count tabular" aria-live="polite" data-testid="pick-count">
          {picked.length}/{TEAM_MAX} picked
        </p>
        {error && <ErrorBox onDismiss={create.reset}>{error}</ErrorBox>}
        {mine.isSuccess && heroes.length === 0 ? (
          <div className="empty-state">
            <p>You have no heroes yet.</p>
            <ButtonLink to="/create">Create Hero</ButtonLink>
          </div>
        ) : (
          <LiveTeamPick
            heroes={heroes}
            loading={mine.isPending}
            picked={picked}
            max={TEAM_MAX}
            onToggle={(id) => setPicked((p) => togglePick(p, id, TEAM_MAX))}
          />
        )}
      </Modal>
    );

  const open = challenge.status === 'open';
  const closed = CLOSED_TEXT[challenge.status];
  return (
    <Modal title={title} onClose={onClose} className="challenge-dialog">
      <div className="challenge-wait" data-testid="challenge-waiting" data-status={challenge.status}>
        <LiveChance probability={challenge.probability} />
        {open ? (
          <p className="challenge-wait__status" role="status">
            <span className="spinner" aria-hidden="true" />{' '}
            {opponent
              ? `Waiting for ${opponent.username} to answer...`
              : 'Waiting for someone to accept your link...'}
          </p>
        ) : closed ? (
          <p className="challenge-wait__status" role="status">
            {challenge.status === 'declined' ? `${opponent?.username ?? 'They'} ${closed}` : closed}
          </p>
        ) : (
          <p className="challenge-wait__status" role="status">
            Accepted: opening the match...
          </p>
        )}
        {open && <CopyLink url={challengeLink(challenge)} />}
        {error && <ErrorBox onDismiss={answer.reset}>{error}</ErrorBox>}
        <div className="row">
          {open ? (
            <Button
              variant="danger"
              onClick={() => answer.mutate({ id: challenge.id, answer: 'cancel' })}
              busy={answer.isPending}
              busyText="Cancelling..."
            >
              Cancel challenge
            </Button>
          ) : (
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          )}
          <ButtonLink to="/live" variant="ghost" onClick={onClose}>
            All challenges
          </ButtonLink>
        </div>
      </div>
    </Modal>
  );
}

/** 'Challenge' beside another player's heroes: opens the dialog to challenge them. */
export function ChallengeButton({
  userId,
  opponent,
  className,
}: {
  userId: string;
  opponent: { id: string; username: string };
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        onClick={() => setOpen(true)}
        aria-label={`Challenge ${opponent.username}`}
        data-testid="challenge-player"
      >
        Challenge
      </Button>
      {open && <ChallengeDialog userId={userId} opponent={opponent} onClose={() => setOpen(false)} />}
    </>
  );
}
