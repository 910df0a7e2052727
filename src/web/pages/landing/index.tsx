// / — landing and login, with the username rules (api/rules.ts).
// Select User: a searchable list of accounts (GET /api/users?q=&limit=), Continue → /heroes.
// Create New: username, POST /api/users, → /create. State and actions: ./ctrl.ts. Loaded with the entry chunk:
// keep it light.
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { USERNAME_LENGTHS } from '../../../api/rules.ts';
import { Button, ErrorBox } from '../../components/ui.tsx';
import { formatNumber } from '../../components/format.ts';
import { Sigil } from '../../components/sigil.tsx';
import { LockMark } from '../../components/lock-mark.tsx';
import { useLandingCtrl, type LandingCtrl } from './ctrl.ts';
import './landing.css';

/** A form's submit, handled by the controller instead of the browser. */
const submitting = (act: () => void) => (e: FormEvent) => {
  e.preventDefault();
  act();
};

function SelectUser({ ctrl }: { ctrl: LandingCtrl }) {
  const searchId = useId();
  const listId = useId();
  const { users: list, error } = ctrl;
  return (
    <form className="stack" onSubmit={submitting(ctrl.signIn)} noValidate>
      <div className="field">
        <label htmlFor={searchId}>Find your account</label>
        <input
          id={searchId}
          className="input"
          type="search"
          placeholder="Search by username"
          value={ctrl.search}
          maxLength={20}
          autoComplete="off"
          onChange={(e) => ctrl.setSearch(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={listId}>Account</label>
        {ctrl.usersLoading ? (
          <div className="input input--loading" aria-busy="true">
            Loading accounts…
          </div>
        ) : list.length === 0 ? (
          <p className="landing__empty" role="status">
            No users found. Create a new account to get started.
          </p>
        ) : (
          <select
            id={listId}
            className="input"
            value={ctrl.selected}
            onChange={(e) => ctrl.choose(e.target.value)}
          >
            <option value="">Select a user</option>
            {list.map((u) => (
              <option key={u.id} value={u.id} data-locked={u.locked || undefined}>
                {u.gold === null ? `${u.username} — locked` : `${u.username} — ${formatNumber(u.gold)} gold`}
              </option>
            ))}
          </select>
        )}
      </div>
      {ctrl.selectedLocked && (
        <p className="landing__locked" role="status">
          <LockMark /> Locked: Continue asks for this account’s passkey.
        </p>
      )}
      {error && <ErrorBox>{error}</ErrorBox>}
      <Button type="submit" block busy={ctrl.signingIn} busyText="Loading...">
        Continue
      </Button>
    </form>
  );
}

function CreateNew({ ctrl }: { ctrl: LandingCtrl }) {
  const inputId = useId();
  const { error } = ctrl;
  return (
    <form className="stack" onSubmit={submitting(ctrl.create)} noValidate>
      <div className="field">
        <label htmlFor={inputId}>Username</label>
        <input
          id={inputId}
          className="input"
          name="username"
          placeholder={`${USERNAME_LENGTHS} letters, numbers or _`}
          value={ctrl.username}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={!!error}
          onChange={(e) => ctrl.setUsername(e.target.value)}
        />
      </div>
      {error && <ErrorBox>{error}</ErrorBox>}
      <Button type="submit" block busy={ctrl.creating} busyText="Creating...">
        Create Account
      </Button>
    </form>
  );
}

export default function Landing() {
  const ctrl = useLandingCtrl();
  return (
    <div className="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <div className="landing__sigil" aria-hidden="true">
          <Sigil size={48} />
        </div>
        <h1 id="landing-title">Runeborn</h1>
        <p className="landing__tagline">
          Summon heroes. Forge a team. Conquer the arena and the dungeons below.
        </p>
      </section>
      <section className="landing__panel panel">
        <div className="tabs" role="tablist" aria-label="Sign in">
          <button
            type="button"
            role="tab"
            className="tab"
            aria-selected={ctrl.mode === 'select'}
            onClick={() => ctrl.switchTo('select')}
          >
            Select User
          </button>
          <button
            type="button"
            role="tab"
            className="tab"
            aria-selected={ctrl.mode === 'create'}
            onClick={() => ctrl.switchTo('create')}
          >
            Create New
          </button>
        </div>
        <div role="tabpanel">
          {ctrl.mode === 'select' ? <SelectUser ctrl={ctrl} /> : <CreateNew ctrl={ctrl} />}
        </div>
        <p className="landing__note">No password required. Your progress is saved to the database.</p>
      </section>
      <p className="landing__fair">
        <Link to="/fairness">How fair is Runeborn? Every stated chance, checked against what happened</Link>
      </p>
    </div>
  );
}
