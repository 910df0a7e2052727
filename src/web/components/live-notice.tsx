// A challenge made to the player, told on whatever page is open (the live socket's `challenge` message:
// api/live-socket.ts): who challenges, with how many heroes, and the way to the challenge (/duel/{id}). It stays
// until it is opened or dismissed, or the challenge is answered, cancelled or lapses (the player's open challenges). Drawn by the layout; styles in ./live.css.
import { Link, useLocation } from 'react-router';
import { useChallenges } from '../api/live-hooks.ts';
import { dismissNotice, useLiveNotices, type LiveNotice } from '../api/live-socket.ts';
import { counted } from './format.ts';
import { Icon } from './icon.tsx';
import './live.css';

export function LiveNotices({ userId }: { userId: string }) {
  const notices = useLiveNotices();
  const { pathname } = useLocation();
  // Answered, cancelled or lapsed meanwhile (the list is read again at each challenge message): no longer told.
  const list = useChallenges(userId);
  const closed = (n: LiveNotice) =>
    !!list.data &&
    list.dataUpdatedAt > n.at &&
    !list.data.incoming.some((c) => c.id === n.challenge.id && c.status === 'open');
  // The challenge's own page says it already.
  const shown = notices.filter((n) => pathname !== `/duel/${n.challenge.id}` && !closed(n));
  if (shown.length === 0) return null;
  return (
    <div className="live-notices" aria-live="polite">
      {shown.map(({ challenge: c }) => (
        <div key={c.id} className="live-notice" role="status" data-testid="challenge-notice">
          <div>
            <p className="live-notice__text">
              <strong>{c.challenger.username}</strong> challenges you to a live match,{' '}
              {counted(c.size, 'hero', 'heroes')} a side.
            </p>
            <Link
              to={`/duel/${encodeURIComponent(c.id)}`}
              className="btn btn--primary"
              onClick={() => dismissNotice(c.id)}
            >
              View challenge
            </Link>
          </div>
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => dismissNotice(c.id)}>
            <Icon name="cross" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
