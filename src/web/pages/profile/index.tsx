// /profile: username, joined date (created_at, epoch seconds), currencies, when the player's
// day resets (./day-rule.tsx), the History of
// every change to them (./ledger-history.tsx), the battle history, the account's passkeys (./passkeys.tsx: lock,
// add, remove, unlock, sign out everywhere), Logout (clears the stored session — and a locked account's session
// on the server — and goes to /), and the ways to the Fairness page and the Credits view.
import { Link } from 'react-router';
import { useSignedInUser } from '../../session.ts';
import { CurrencyBar } from '../../components/currency-bar.tsx';
import { Icon } from '../../components/icon.tsx';
import { Button, ErrorBox } from '../../components/ui.tsx';
import { useBattleHistory } from '../../api/hooks.ts';
import { errorText } from '../../api/client.ts';
import { formatJoined } from '../../components/format.ts';
import { LedgerHistory } from './ledger-history.tsx';
import { DayRule } from './day-rule.tsx';
import { Passkeys, useLeave } from './passkeys.tsx';
import './profile.css';

export default function ProfilePage() {
  const user = useSignedInUser();

  const leave = useLeave();

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
              {formatJoined(user.created_at, user.time_zone)}
            </time>
          </p>
        </div>
      </section>
      <section className="panel">
        <h2>Currencies</h2>
        <CurrencyBar user={user} variant="full" />
      </section>
      <Passkeys user={user} />
      <DayRule user={user} />
      <LedgerHistory userId={user.id} timeZone={user.time_zone} />
      <BattleHistory userId={user.id} />
      <section className="profile__actions">
        <span className="profile__links">
          <Link to="/fairness" className="profile__credits">
            <Icon name="fair_match" size={18} /> Fairness
          </Link>
          <Link to="/profile/credits" className="profile__credits">
            <Icon name="credits" size={18} /> Credits
          </Link>
        </span>
        <Button variant="danger" onClick={() => void leave(true)}>
          <Icon name="logout" size={18} /> Logout
        </Button>
      </section>
    </div>
  );
}

const KIND_LABEL: Record<string, string> = { random: 'Battle', arena: 'Arena', dungeon: 'Dungeon' };
const RESULT_LABEL: Record<string, string> = { won: 'Victory', lost: 'Defeat', draw: 'Draw' };

/** Battle history: the player's fights, newest first, each opening its replay; more a page at a time. */
function BattleHistory({ userId }: { userId: string }) {
  const history = useBattleHistory(userId);
  const fights = history.data?.pages.flatMap((p) => p.battles) ?? [];
  return (
    <section className="panel profile__history" aria-labelledby="history-title">
      <h2 id="history-title">Battle History</h2>
      {history.isPending ? (
        <p className="muted">Loading your fights…</p>
      ) : history.isError ? (
        <ErrorBox>{errorText(history.error, 'Failed to load your fights')}</ErrorBox>
      ) : fights.length === 0 ? (
        <p className="muted">No fights yet: every one you finish appears here, to be watched again.</p>
      ) : (
        <ol className="history" data-testid="battle-history">
          {fights.map((f) => (
            <li key={f.battle_id} className={`history__item history__item--${f.status}`}>
              <Link to={`/replay/${f.battle_id}`} className="history__link" data-battle-id={f.battle_id}>
                <span className="history__result">{RESULT_LABEL[f.status] ?? f.status}</span>
                <span className="history__what">
                  {KIND_LABEL[f.location_type] ?? 'Battle'} · {f.location}
                  {f.opponents.length > 0 && (
                    <span className="muted"> vs {f.opponents.map((n) => n.split(' ')[0]).join(', ')}</span>
                  )}
                </span>
                <span className="history__when muted">
                  <time dateTime={new Date(f.created_at * 1000).toISOString()}>
                    {new Date(f.created_at * 1000).toLocaleString()}
                  </time>
                  {f.rewards && f.rewards.gold > 0 && <> · +{f.rewards.gold} gold</>}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {history.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void history.fetchNextPage()}
          busy={history.isFetchingNextPage}
          busyText="Loading..."
        >
          More fights
        </Button>
      )}
    </section>
  );
}
