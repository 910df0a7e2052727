// /live — live play: challenge a player (found by name) or make an open link anyone may accept
// (components/challenge-dialog.tsx), and the player's challenges — Incoming (open ones to them: Answer opens the
// challenge's page to pick a team and accept, Decline) and Outgoing (theirs of the last day: the link to copy and
// Cancel while open, the match once accepted) — and the live ladder with the player's own live rating. Reached from the
// map and the navigation's badge.
import { useState } from 'react';
import { SearchField, useSearch } from '../../components/search-field.tsx';
import { USERNAME_MAX } from '../../../api/rules.ts';
import { useUsers } from '../../api/hooks.ts';
import type { Challenge } from '../../api/client.ts';
import { errorText } from '../../api/client.ts';
import { useAnswerChallenge, useChallenges, useLiveLadder } from '../../api/live-hooks.ts';
import { ChallengeDialog, challengeLink, CopyLink } from '../../components/challenge-dialog.tsx';
import { counted, formatDeviation, formatRating, wholePercent } from '../../components/format.ts';
import { Icon } from '../../components/icon.tsx';
import { Button, ButtonLink, ErrorBox, Skeleton, Tabs } from '../../components/ui.tsx';
import { useSignedInUser } from '../../session.ts';
import './live.css';

type Tab = 'incoming' | 'outgoing';
const STATUS: Record<string, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const clockTime = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleTimeString([], { timeStyle: 'short' });

function ChallengeRow({
  c,
  incoming,
  answer,
}: {
  c: Challenge;
  incoming: boolean;
  answer: ReturnType<typeof useAnswerChallenge>;
}) {
  const busy = answer.isPending && answer.variables.id === c.id;
  const open = c.status === 'open';
  const who = incoming ? c.challenger.username : (c.opponent?.username ?? 'Open link');
  const chance = incoming ? (c.probability === null ? null : 1 - c.probability) : c.probability;
  return (
    <li className="live-row panel" data-testid="challenge-row" data-status={c.status}>
      <div className="live-row__main">
        <strong className="live-row__who">{who}</strong>
        <span className={`live-row__status live-row__status--${c.status}`}>
          {STATUS[c.status] ?? c.status}
        </span>
        <span className="muted live-row__meta">
          {counted(c.size, 'hero', 'heroes')} a side
          {chance !== null && <> · your chance {wholePercent(chance)}%</>}
          {open ? <> · open until {clockTime(c.expires_at)}</> : <> · made {clockTime(c.created_at)}</>}
        </span>
      </div>
      <div className="live-row__actions">
        {c.status === 'accepted' && c.match_id && (
          <ButtonLink to={`/matches/${encodeURIComponent(c.match_id)}`}>Go to match</ButtonLink>
        )}
        {open && incoming && (
          <>
            <ButtonLink to={`/duel/${encodeURIComponent(c.id)}`}>Answer</ButtonLink>
            <Button
              variant="secondary"
              onClick={() => answer.mutate({ id: c.id, answer: 'decline' })}
              busy={busy}
              busyText="Declining..."
            >
              Decline
            </Button>
          </>
        )}
        {open && !incoming && (
          <>
            <ButtonLink to={`/duel/${encodeURIComponent(c.id)}`} variant="secondary">
              View
            </ButtonLink>
            <Button
              variant="danger"
              onClick={() => answer.mutate({ id: c.id, answer: 'cancel' })}
              busy={busy}
              busyText="Cancelling..."
            >
              Cancel
            </Button>
          </>
        )}
      </div>
      {open && !incoming && !c.opponent && <CopyLink url={challengeLink(c)} />}
    </li>
  );
}

function FindPlayer({
  userId,
  onPick,
}: {
  userId: string;
  onPick: (p: { id: string; username: string }) => void;
}) {
  const search = useSearch(200);
  const users = useUsers(search.query);
  const found = (users.data ?? []).filter((u) => u.id !== userId).slice(0, 8);
  return (
    <div className="live-find">
      <SearchField search={search} label="Find a player" placeholder="Username" maxLength={USERNAME_MAX} />
      {search.text.trim() !== '' && (
        <ul className="live-find__list" aria-label="Players found">
          {found.length === 0 && !users.isFetching && <li className="muted">No player by that name.</li>}
          {found.map((u) => (
            <li key={u.id}>
              <span>{u.username}</span>
              <Button variant="secondary" onClick={() => onPick({ id: u.id, username: u.username })}>
                Challenge
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The player's live rating and the live ladder's top ten (shown once the server states them). */
function LiveLadder({ userId }: { userId: string }) {
  const { ladder, rating } = useLiveLadder(userId);
  const players = ladder.data?.players ?? [];
  if (!rating && players.length === 0) return null;
  return (
    <section className="live-ladder panel" aria-labelledby="live-ladder">
      <h2 id="live-ladder">Live ladder</h2>
      {rating && (
        <p className="live-ladder__mine" data-testid="live-rating">
          Your live rating{' '}
          <strong className="tabular">
            {formatRating(rating.rating)} {formatDeviation(rating.rd)}
          </strong>{' '}
          <span className="muted">· {counted(rating.games, 'match', 'matches')} rated</span>
        </p>
      )}
      {players.length > 0 && (
        <ol className="live-ladder__list">
          {players.map((p) => (
            <li key={p.user_id} className={p.user_id === userId ? 'live-ladder__you' : undefined}>
              <span className="tabular live-ladder__rank">{p.rank}</span>
              <span className="live-ladder__name">{p.username}</span>
              <span className="tabular">{formatRating(p.rating)}</span>
              <span className="muted tabular live-ladder__record">
                {p.wins}/{p.games} won
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function LivePage() {
  const user = useSignedInUser();
  const list = useChallenges(user.id);
  const answer = useAnswerChallenge(user.id);
  const [tab, setTab] = useState<Tab>('incoming');
  const [dialog, setDialog] = useState<{ opponent: { id: string; username: string } | null } | null>(null);
  const incoming = list.data?.incoming ?? [];
  const outgoing = list.data?.outgoing ?? [];
  const shown = tab === 'incoming' ? incoming : outgoing;
  return (
    <section className="live-page">
      <header className="live-page__head">
        <h1>Live Play</h1>
        <p className="muted">
          Fight another player with up to four heroes. Both of you choose every turn at once; each turn has
          its own time, then a bank.
        </p>
      </header>
      <div className="live-page__start panel">
        <FindPlayer userId={user.id} onPick={(p) => setDialog({ opponent: p })} />
        <div className="live-page__open">
          <p className="muted">Or make a link to send: the first player to open it and accept plays you.</p>
          <Button variant="secondary" onClick={() => setDialog({ opponent: null })} data-testid="open-link">
            <Icon name="arena" size={16} /> Make an open link
          </Button>
        </div>
      </div>
      <Tabs<Tab>
        label="Challenges"
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'incoming', label: 'Incoming', count: incoming.filter((c) => c.status === 'open').length },
          { key: 'outgoing', label: 'Outgoing', count: outgoing.length },
        ]}
      />
      {answer.failure && <ErrorBox onDismiss={answer.reset}>{answer.failure}</ErrorBox>}
      {list.isError && <ErrorBox>{errorText(list.error, 'Failed to fetch your challenges')}</ErrorBox>}
      <div role="tabpanel" aria-label={tab === 'incoming' ? 'Incoming' : 'Outgoing'}>
        {list.isPending ? (
          <div className="plain-list">
            <Skeleton height={72} />
            <Skeleton height={72} />
          </div>
        ) : shown.length === 0 ? (
          <p className="empty-state panel">
            {tab === 'incoming'
              ? 'No challenges wait for you. Challenges made to you show here and as a notice on any page.'
              : 'You have made no challenge today.'}
          </p>
        ) : (
          <ul className="plain-list">
            {shown.map((c) => (
              <ChallengeRow key={c.id} c={c} incoming={tab === 'incoming'} answer={answer} />
            ))}
          </ul>
        )}
      </div>
      <LiveLadder userId={user.id} />
      {dialog && (
        <ChallengeDialog userId={user.id} opponent={dialog.opponent} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
