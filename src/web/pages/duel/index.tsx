// /duel/{challengeId} — a challenge's page (the link a challenger sends): both teams as far as they are known, the
// reader's win chance, and what they may do — the player it names (or anyone, for an open link) picks as many heroes
// as the challenger fields and Accepts (the match opens: /matches/{id}) or Declines; the challenger sees it waiting,
// with the link to copy and Cancel. Closed challenges say how they closed. A signed-out visitor is sent to sign in
// first and comes back (routes.tsx). State and actions: ./ctrl.ts.
import { Navigate, useLocation } from 'react-router';
import { errorText, isNotFound } from '../../api/client.ts';
import { challengeLink, CopyLink } from '../../components/challenge-dialog.tsx';
import { counted } from '../../components/format.ts';
import { LiveChance, LiveTeamPick, TeamStrip } from '../../components/live-team.tsx';
import { Button, ButtonLink, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import { useSession } from '../../session.ts';
import { useDuelCtrl, type DuelCtrl } from './ctrl.ts';
import './duel.css';

const CLOSED: Record<string, string> = {
  declined: 'This challenge was declined.',
  cancelled: 'This challenge was cancelled by its challenger.',
  expired: 'This challenge expired: nobody answered it within 10 minutes.',
  accepted: 'This challenge was accepted: its match is under way.',
};

function Answer({ ctrl }: { ctrl: DuelCtrl }) {
  const c = ctrl.challenge!;
  return (
    <section className="duel__answer panel" aria-labelledby="duel-pick">
      <h2 id="duel-pick">Your team</h2>
      <p className="muted">
        Pick {counted(ctrl.size, 'hero', 'heroes')} to meet {c.challenger.username}&rsquo;s team.{' '}
        <span className="live-pick__count tabular" data-testid="pick-count">
          {ctrl.picked.length}/{ctrl.size} picked
        </span>
      </p>
      {ctrl.error && <ErrorBox onDismiss={ctrl.dismissError}>{ctrl.error}</ErrorBox>}
      {!ctrl.heroesLoading && ctrl.heroes.length === 0 ? (
        <div className="empty-state">
          <p>You have no heroes yet: create one to answer a challenge.</p>
          <ButtonLink to="/create">Create Hero</ButtonLink>
        </div>
      ) : (
        <LiveTeamPick
          heroes={ctrl.heroes}
          loading={ctrl.heroesLoading}
          picked={ctrl.picked}
          max={ctrl.size}
          onToggle={ctrl.toggle}
        />
      )}
      <div className="action-bar duel__bar">
        {ctrl.role === 'named' && (
          <Button
            variant="secondary"
            onClick={ctrl.decline}
            busy={ctrl.declining}
            busyText="Declining..."
            disabled={ctrl.busy}
          >
            Decline
          </Button>
        )}
        <Button
          onClick={ctrl.accept}
          disabled={!ctrl.ready || ctrl.busy}
          busy={ctrl.accepting}
          busyText="Accepting..."
          title={ctrl.ready ? undefined : `Pick ${counted(ctrl.size, 'hero', 'heroes')} first`}
          data-testid="accept-challenge"
        >
          Accept ({ctrl.picked.length}/{ctrl.size})
        </Button>
      </div>
    </section>
  );
}

function DuelPage() {
  const ctrl = useDuelCtrl();
  const { query, challenge: c, role } = ctrl;
  if (query.isPending)
    return (
      <Loading label="Loading challenge">
        <div className="duel">
          <Skeleton height={32} width="50%" />
          <Skeleton height={140} />
          <Skeleton height={220} />
        </div>
      </Loading>
    );
  if (!c)
    return (
      <section className="duel">
        <div className="empty-state panel">
          <strong>{isNotFound(query.error) ? 'Challenge not found' : 'Something went wrong'}</strong>
          <p>
            {isNotFound(query.error)
              ? 'This challenge does not exist. Check the link you were sent.'
              : errorText(query.error, 'Failed to fetch the challenge')}
          </p>
          <ButtonLink to="/live">Live play</ButtonLink>
        </div>
      </section>
    );

  const open = c.status === 'open';
  const heading =
    role === 'challenger'
      ? c.opponent
        ? `Your challenge to ${c.opponent.username}`
        : 'Your open challenge'
      : `${c.challenger.username} challenges ${role === 'named' ? 'you' : c.opponent ? c.opponent.username : 'anyone'}`;
  return (
    <section className="duel" data-status={c.status} data-role={role}>
      <header className="duel__head">
        <h1>{heading}</h1>
        <p className="muted">
          A live match, {counted(c.size, 'hero', 'heroes')} a side: both players choose each turn at once.
          {open && (
            <> Open until {new Date(c.expires_at * 1000).toLocaleTimeString([], { timeStyle: 'short' })}.</>
          )}
        </p>
      </header>

      <div className="duel__sides">
        <section className="duel__side panel" aria-labelledby="duel-theirs">
          <h2 id="duel-theirs">
            {role === 'challenger' ? 'Your team' : `${c.challenger.username}\u2019s team`}
          </h2>
          <TeamStrip heroes={c.heroes} label={`${c.challenger.username}'s heroes`} />
        </section>
        <div className="duel__versus" aria-hidden="true">
          VS
        </div>
        <section className="duel__side panel" aria-labelledby="duel-chance">
          <h2 id="duel-chance">
            {c.opponent ? (role === 'named' ? 'You' : c.opponent.username) : 'Open to anyone'}
          </h2>
          {role === 'challenger' || role === 'named' ? (
            <LiveChance probability={ctrl.chance} />
          ) : (
            <p className="muted">An open link states no chance: it is not known who will answer it.</p>
          )}
          {c.probability !== null && (
            <p className="muted duel__note">
              The honest chance, as every chance here: both sides played by the AI, against the strongest team
              of this size.
            </p>
          )}
        </section>
      </div>

      {!open ? (
        <div className="empty-state panel" role="status" data-testid="challenge-closed">
          <p>{CLOSED[c.status] ?? 'This challenge is closed.'}</p>
          <ButtonLink to="/live">Your challenges</ButtonLink>
        </div>
      ) : role === 'challenger' ? (
        <section className="duel__answer panel" aria-label="Waiting">
          <p className="challenge-wait__status" role="status">
            <span className="spinner" aria-hidden="true" />{' '}
            {c.opponent
              ? `Waiting for ${c.opponent.username} to answer...`
              : 'Waiting for someone to accept...'}
          </p>
          <CopyLink url={challengeLink(c)} />
          {ctrl.error && <ErrorBox onDismiss={ctrl.dismissError}>{ctrl.error}</ErrorBox>}
          <div className="row">
            <Button variant="danger" onClick={ctrl.cancel} busy={ctrl.cancelling} busyText="Cancelling...">
              Cancel challenge
            </Button>
          </div>
        </section>
      ) : role === 'other' ? (
        <div className="empty-state panel">
          <p>This challenge is for {c.opponent?.username}: only they can answer it.</p>
          <ButtonLink to="/live">Live play</ButtonLink>
        </div>
      ) : (
        <Answer ctrl={ctrl} />
      )}
    </section>
  );
}

export default function DuelRoute() {
  const user = useSession();
  const { pathname } = useLocation();
  if (!user) return <Navigate replace to={`/?next=${encodeURIComponent(pathname)}`} />;
  return <DuelPage />;
}
