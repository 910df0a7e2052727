// The accounts' writes: making one, signing in (a passkey when it is locked), its passkeys, and the hour its day
// resets at.
import { useQueryClient } from '@tanstack/react-query';
import * as api from '../client.ts';
import { queryKeys } from '../hooks.ts';
import { saveUser } from '../../session.ts';
import { givePasskey, makePasskey, PasskeyNotGiven } from '../passkey-prompt.ts';
import type { PasskeysResponse } from '../../../api/index.ts';
import { failing, useErrorLine, useWrite } from './core.ts';

/** The browser's IANA zone, if it says one. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The zone and hour the player's day resets at (from the next reset): the user and the day read anew. */
export function useDayRule(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: (change: { time_zone?: string; reset_hour?: number }) => api.updateDayRule(userId, change),
      onSuccess: (user) => {
        saveUser(user);
        void client.invalidateQueries({ queryKey: queryKeys.daily(userId) });
      },
    },
    failing('Failed to save your day'),
  );
}

/** Continue on the landing page: the chosen account read afresh and signed in. */
/**
 * Continue on the landing page: the account, signed in. A locked one asks for its passkey first — unless this
 * browser already holds a session of it — and the passkey's sign-in starts that session.
 */
export function useSignIn() {
  return useWrite(
    {
      mutationFn: async ({ userId, locked }: { userId: string; locked: boolean }) => {
        if (locked && (await api.getSession()).user_id !== userId) {
          const ceremony = await api.signInOptions(userId);
          await api.signInWithPasskey(userId, ceremony.challenge_id, await givePasskey(ceremony));
        }
        return api.getUser(userId);
      },
      onSuccess: (user) => saveUser(user),
    },
    passkeyFailing('Failed to load user'),
  );
}

/** A failure's text where a passkey may have been asked for: the prompt's own words, else the server's. */
const passkeyFailing =
  (fallback: string) =>
  (err: Error): string =>
    err instanceof PasskeyNotGiven ? err.message : api.errorText(err, fallback);

/** The profile's passkey actions: lock (the first passkey), add, remove, unlock, sign out everywhere. */
export function usePasskeys(userId: string) {
  const client = useQueryClient();
  const settle = (list: PasskeysResponse) => {
    client.setQueryData(queryKeys.passkeys(userId), list);
    void client.invalidateQueries({ queryKey: ['users'] });
  };
  const add = useWrite(
    {
      mutationFn: async (name: string | undefined) => {
        const ceremony = await api.passkeyOptions(userId);
        return api.addPasskey(userId, ceremony.challenge_id, await makePasskey(ceremony), name);
      },
      onSuccess: settle,
    },
    passkeyFailing('Failed to add the passkey'),
  );
  const remove = useWrite(
    { mutationFn: (passkeyId: string) => api.removePasskey(userId, passkeyId), onSuccess: settle },
    failing('Failed to remove the passkey'),
  );
  const unlock = useWrite(
    { mutationFn: () => api.unlockAccount(userId), onSuccess: settle },
    failing('Failed to unlock the account'),
  );
  const everywhere = useWrite(
    { mutationFn: () => api.signOutEverywhere(userId) },
    failing('Failed to sign out everywhere'),
  );
  return { add, remove, unlock, everywhere, errors: useErrorLine([add, remove, unlock, everywhere]) };
}

/** Create Account: the new account, signed in. */
export function useCreateAccount() {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: async (username: string) => {
        // The player's day starts in the browser's zone; one the server does not know is left to the default.
        const zone = browserTimeZone();
        try {
          return await api.createUser(username, zone);
        } catch (err) {
          if (zone && err instanceof api.ApiError && err.serverText?.includes('"time_zone"'))
            return api.createUser(username);
          throw err;
        }
      },
      onSuccess: (user) => {
        saveUser(user);
        void client.invalidateQueries({ queryKey: ['users'] });
      },
    },
    failing('Failed to create account'),
  );
}
