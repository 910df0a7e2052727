// / — landing and login (spec §2 "/ Landing and login", §4 "Login mode", §5 username rules).
// Select User: a searchable list of accounts (GET /api/users?q=&limit=), Continue → /heroes.
// Create New: username, POST /api/users, → /create. Loaded with the entry chunk: keep it light.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useUsers } from '../../api/hooks.ts';
import { createUser, errorText, getUser } from '../../api/client.ts';
import { saveUser } from '../../session.ts';
import { Button, ErrorBox } from '../../components/ui.tsx';
import { formatNumber } from '../../components/format.ts';
import { Sigil } from '../../components/sigil.tsx';
import { usernameProblem } from '../../../api/rules.ts';
import './landing.css';

type Mode = 'select' | 'create';

/** Spec §5 (api/rules.ts): the message, or null when valid. */
export const validateUsername = usernameProblem;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

function SelectUser({ onError, error }: { onError: (msg: string | null) => void; error: string | null }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 200);
  const users = useUsers(debounced);
  const [selected, setSelected] = useState('');
  const [busy, setBusy] = useState(false);
  const searchId = useId();
  const listId = useId();

  useEffect(() => {
    // Spec §8: a failed user-list fetch is only logged; the list stays empty.
    if (users.error) console.error('Failed to load users', users.error);
  }, [users.error]);

  const list = users.error ? [] : (users.data ?? []);

  async function onContinue(e: FormEvent) {
    e.preventDefault();
    if (!selected) {
      onError('Please select a user');
      return;
    }
    onError(null);
    setBusy(true);
    try {
      const user = await getUser(selected);
      saveUser(user);
      navigate('/heroes');
    } catch (err) {
      onError(errorText(err, 'Failed to load user'));
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={onContinue} noValidate>
      <div className="field">
        <label htmlFor={searchId}>Find your account</label>
        <input
          id={searchId}
          className="input"
          type="search"
          placeholder="Search by username"
          value={search}
          maxLength={20}
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={listId}>Account</label>
        {users.isPending && !users.error ? (
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
            value={selected}
            onChange={(e) => {
              setSelected(e.target.value);
              if (error) onError(null);
            }}
          >
            <option value="">Select a user</option>
            {list.map((u) => (
              <option key={u.id} value={u.id}>
                {u.username} — {formatNumber(u.gold)} gold
              </option>
            ))}
          </select>
        )}
      </div>
      {error && <ErrorBox>{error}</ErrorBox>}
      <Button type="submit" block busy={busy} busyText="Loading...">
        Continue
      </Button>
    </form>
  );
}

function CreateNew({ onError, error }: { onError: (msg: string | null) => void; error: string | null }) {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const name = username.trim();
    const invalid = validateUsername(name);
    if (invalid) {
      onError(invalid);
      return;
    }
    onError(null);
    setBusy(true);
    try {
      const user = await createUser(name);
      saveUser(user);
      navigate('/create');
    } catch (err) {
      onError(errorText(err, 'Failed to create account'));
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={inputId}>Username</label>
        <input
          id={inputId}
          className="input"
          name="username"
          placeholder="3-20 letters, numbers or _"
          value={username}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={!!error}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      {error && <ErrorBox>{error}</ErrorBox>}
      <Button type="submit" block busy={busy} busyText="Creating...">
        Create Account
      </Button>
    </form>
  );
}

export default function Landing() {
  const [mode, setMode] = useState<Mode>('select');
  const [error, setError] = useState<string | null>(null);
  const switchTo = (next: Mode) => {
    setMode(next);
    setError(null); // spec §4: switching clears the error
  };
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
            aria-selected={mode === 'select'}
            onClick={() => switchTo('select')}
          >
            Select User
          </button>
          <button
            type="button"
            role="tab"
            className="tab"
            aria-selected={mode === 'create'}
            onClick={() => switchTo('create')}
          >
            Create New
          </button>
        </div>
        <div role="tabpanel">
          {mode === 'select' ? (
            <SelectUser error={error} onError={setError} />
          ) : (
            <CreateNew error={error} onError={setError} />
          )}
        </div>
        <p className="landing__note">No password required. Your progress is saved to the database.</p>
      </section>
      <p className="landing__fair">
        <Link to="/fairness">How fair is Runeborn? Every stated chance, checked against what happened</Link>
      </p>
    </div>
  );
}
