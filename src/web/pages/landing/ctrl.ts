// The landing page's controller: the mode, the account search (debounced) and choice,
// the new username, Continue (api/writes/accounts.ts useSignIn → /heroes; a locked account asks for its passkey first) and Create Account (useCreateAccount →
// /create), and the one error line both forms share — switching modes clears it, and each form starts afresh.
// View: ./index.tsx. Loaded with the entry chunk: keep it light.
import { useEffect, useState } from 'react';
import { useDebounced } from '../../components/use-debounced.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { nextPath } from '../../session.ts';
import { useUsers } from '../../api/hooks.ts';
import { useCreateAccount, useSignIn } from '../../api/writes/accounts.ts';
import { useErrorLine } from '../../api/writes/core.ts';
import { usernameProblem } from '../../../api/rules.ts';

export type Mode = 'select' | 'create';

export function useLandingCtrl() {
  const navigate = useNavigate();
  // Where the visitor was sent from to sign in (a challenge's link): back there after Continue.
  const next = nextPath(useSearchParams()[0].get('next'));
  const [mode, setMode] = useState<Mode>('select');
  const [search, setSearch] = useState('');
  const users = useUsers(useDebounced(search.trim(), 200));
  const [selected, setSelected] = useState('');
  const [username, setUsername] = useState('');
  const signIn = useSignIn();
  const createAccount = useCreateAccount();
  const errors = useErrorLine([signIn, createAccount]);

  useEffect(() => {
    // A failed user-list fetch is only logged; the list stays empty.
    if (users.error) console.error('Failed to load users', users.error);
  }, [users.error]);

  const selectedLocked = (users.data ?? []).some((u) => u.id === selected && u.locked);

  return {
    mode,
    switchTo: (next: Mode) => {
      setMode(next);
      setSearch('');
      setSelected('');
      setUsername('');
      errors.clear(); // switching clears the error
    },
    error: errors.text,
    search,
    setSearch,
    usersLoading: users.isPending && !users.error,
    users: users.error ? [] : (users.data ?? []),
    selected,
    /** the chosen account is locked: Continue asks for its passkey */
    selectedLocked,
    choose: (userId: string) => {
      setSelected(userId);
      if (errors.text) errors.clear();
    },
    signingIn: signIn.isPending,
    signIn: () => {
      if (!selected) return errors.refuse('Please select a user');
      errors.clear();
      signIn.mutate(
        { userId: selected, locked: selectedLocked },
        { onSuccess: () => navigate(next ?? '/heroes') },
      );
    },
    username,
    setUsername,
    creating: createAccount.isPending,
    create: () => {
      const name = username.trim();
      const invalid = usernameProblem(name);
      if (invalid) return errors.refuse(invalid);
      errors.clear();
      // a new account makes its first hero, then goes where the link was going (a challenge needs a hero)
      createAccount.mutate(name, {
        onSuccess: () => navigate(next ? `/create?next=${encodeURIComponent(next)}` : '/create'),
      });
    },
  };
}
export type LandingCtrl = ReturnType<typeof useLandingCtrl>;
