// /profile (spec §2 "/profile"): username, joined date (created_at, epoch seconds), currencies, Logout
// (clears the stored session and goes to /), and the way to the Credits view.
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logout, useSignedInUser } from '../../session.ts';
import { CurrencyBar } from '../../components/currency-bar.tsx';
import { Icon } from '../../components/icon.tsx';
import { Button } from '../../components/ui.tsx';
import { formatJoined } from '../../components/format.ts';
import './profile.css';

export default function ProfilePage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function onLogout() {
    logout();
    queryClient.clear();
    navigate('/', { replace: true });
  }

  return (
    <div className="profile stack">
      <section className="profile__card panel">
        <div className="profile__avatar" aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </div>
        <div className="profile__who">
          <h1 className="profile__name">{user.username}</h1>
          <p className="muted">
            Joined{' '}
            <time dateTime={new Date(user.created_at * 1000).toISOString()}>
              {formatJoined(user.created_at)}
            </time>
          </p>
        </div>
      </section>
      <section className="panel">
        <h2>Currencies</h2>
        <CurrencyBar user={user} variant="full" />
      </section>
      <section className="profile__actions">
        <Link to="/profile/credits" className="profile__credits">
          <Icon name="credits" size={18} /> Credits
        </Link>
        <Button variant="danger" onClick={onLogout}>
          <Icon name="logout" size={18} /> Logout
        </Button>
      </section>
    </div>
  );
}
