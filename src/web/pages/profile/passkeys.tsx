// The profile's "Passkeys": lock the account with a passkey (then only this player's passkeys open it —
// open accounts stay open until their player chooses this), add another, remove one (never the last: unlocking
// does that), unlock, and sign out everywhere. Actions: api/writes/accounts.ts usePasskeys; the prompts:
// api/passkey-prompt.ts; the server: docs/api.md "Locked accounts".
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../api/index.ts';
import { signOut } from '../../api/client.ts';
import { usePasskeyList } from '../../api/hooks.ts';
import { usePasskeys } from '../../api/writes/accounts.ts';
import { formatJoined } from '../../components/format.ts';
import { Button, ErrorBox } from '../../components/ui.tsx';
import { logout } from '../../session.ts';
import { LockMark } from '../../components/lock-mark.tsx';

/** Leaves the account on this browser: its session ended on the server, the stored player forgotten. */
export function useLeave() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async (endSession: boolean) => {
    if (endSession) await signOut().catch(() => null);
    logout();
    client.clear();
    navigate('/', { replace: true });
  };
}

export function Passkeys({ user }: { user: User }) {
  const ids = useId();
  const list = usePasskeyList(user.id);
  const { add, remove, unlock, everywhere, errors } = usePasskeys(user.id);
  const leave = useLeave();
  const locked = list.data?.locked ?? false;
  const keys = list.data?.passkeys ?? [];

  return (
    <section className="panel passkeys" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>
        <LockMark /> Passkeys
      </h2>
      {list.isPending ? (
        <p className="muted">Loading…</p>
      ) : !locked ? (
        <>
          <p className="muted passkeys__lead">
            Anyone can pick this account on the first page and play it. Lock it with a passkey — this device’s
            screen lock, or a security key — and only your passkeys open it.
          </p>
          <Button
            onClick={() => add.mutate(undefined)}
            busy={add.isPending}
            busyText="Waiting for your passkey..."
          >
            <LockMark /> Lock this account with a passkey
          </Button>
        </>
      ) : (
        <>
          <p className="muted passkeys__lead">
            This account is locked: on the first page it shows a lock and no gold, and only your passkeys open
            it.
          </p>
          <ul className="passkeys__list" aria-label="Your passkeys">
            {keys.map((k) => (
              <li key={k.id} className="passkeys__item">
                <span className="passkeys__name">{k.name}</span>
                <span className="muted passkeys__when">
                  added {formatJoined(k.created_at)}
                  {k.used_at ? ` · last used ${formatJoined(k.used_at)}` : ''}
                </span>
                <Button
                  variant="ghost"
                  onClick={() => remove.mutate(k.id)}
                  disabled={keys.length <= 1}
                  busy={remove.isPending && remove.variables === k.id}
                  busyText="Removing..."
                  aria-label={`Remove ${k.name}`}
                  title={keys.length <= 1 ? 'The last passkey goes only by unlocking the account' : undefined}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <div className="passkeys__actions">
            <Button
              variant="secondary"
              onClick={() => add.mutate(undefined)}
              busy={add.isPending}
              busyText="Waiting for your passkey..."
            >
              Add a passkey
            </Button>
            <Button
              variant="secondary"
              onClick={() => everywhere.mutate(undefined, { onSuccess: () => void leave(false) })}
              busy={everywhere.isPending}
              busyText="Signing out..."
            >
              Sign out everywhere
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                if (window.confirm('Unlock this account? Anyone will be able to play it again.'))
                  unlock.mutate(undefined);
              }}
              busy={unlock.isPending}
              busyText="Unlocking..."
            >
              Unlock this account
            </Button>
          </div>
        </>
      )}
      {errors.text && <ErrorBox>{errors.text}</ErrorBox>}
    </section>
  );
}
