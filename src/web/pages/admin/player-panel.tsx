// One player in the console (index.tsx): who they are, balances, grant or take back, suspend or restore, their
// heroes, newest ledger entries and live sessions.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIMITS, CURRENCIES, CURRENCY_NAMES, type Currency } from '../../../api/rules.ts';
import type { AdminPlayerDetail } from '../../../api/admin.ts';
import * as api from '../../api/client.ts';
import { formatNumber } from '../../components/format.ts';
import { Button, ErrorBox, Skeleton, SuccessBanner } from '../../components/ui.tsx';
import { ACTION_TEXT, changeText, keys, signed, useIntentKey, when } from './parts.ts';

function MoveForm({ player }: { player: AdminPlayerDetail['player'] }) {
  const ids = useId();
  const qc = useQueryClient();
  const intent = useIntentKey();
  const [currency, setCurrency] = useState<Currency>('gold');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: (action: 'grant' | 'take') =>
      api.adminMove(
        player.id,
        action,
        { currency, amount: Number(amount), reason: reason.trim() },
        intent.key(),
      ),
    onSuccess: (r) => {
      intent.done();
      setAmount('');
      setReason('');
      qc.setQueryData<AdminPlayerDetail>(keys.player(player.id), (d) => (d ? { ...d, player: r.player } : d));
      void qc.invalidateQueries({ queryKey: keys.player(player.id) });
      void qc.invalidateQueries({ queryKey: keys.audit });
    },
    onError: (err) => {
      if (!api.isUnanswered(err)) intent.done();
    },
  });
  const submit = (action: 'grant' | 'take') => (e?: FormEvent) => {
    e?.preventDefault();
    const n = Number(amount);
    if (!Number.isInteger(n) || n < 1 || n > ADMIN_LIMITS.amountMax)
      return setProblem(`The amount is a whole number from 1 to ${formatNumber(ADMIN_LIMITS.amountMax)}.`);
    if (reason.trim().length < ADMIN_LIMITS.reasonMin)
      return setProblem(`Say why, in ${ADMIN_LIMITS.reasonMin} to ${ADMIN_LIMITS.reasonMax} characters.`);
    setProblem(null);
    move.mutate(action);
  };
  const change = (f: () => void) => {
    f();
    intent.done();
    if (move.isError || move.isSuccess) move.reset();
  };
  return (
    <form className="admin-form panel" onSubmit={submit('grant')} noValidate aria-labelledby={`${ids}-t`}>
      <h3 id={`${ids}-t`}>Grant or take back</h3>
      <div className="admin-form__row">
        <div className="field">
          <label htmlFor={`${ids}-c`}>Currency</label>
          <select
            id={`${ids}-c`}
            className="input"
            value={currency}
            onChange={(e) => change(() => setCurrency(e.target.value as Currency))}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {CURRENCY_NAMES[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-a`}>Amount</label>
          <input
            id={`${ids}-a`}
            className="input tabular"
            type="number"
            inputMode="numeric"
            min={1}
            max={ADMIN_LIMITS.amountMax}
            step={1}
            value={amount}
            onChange={(e) => change(() => setAmount(e.target.value))}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-r`}>Reason</label>
        <input
          id={`${ids}-r`}
          className="input"
          value={reason}
          maxLength={ADMIN_LIMITS.reasonMax}
          onChange={(e) => change(() => setReason(e.target.value))}
          placeholder="Why, for the audit trail"
          autoComplete="off"
        />
      </div>
      {problem && <ErrorBox onDismiss={() => setProblem(null)}>{problem}</ErrorBox>}
      {move.isError && (
        <ErrorBox onDismiss={move.reset}>{api.errorText(move.error, 'The change was not made')}</ErrorBox>
      )}
      {move.isSuccess && (
        <SuccessBanner onDone={move.reset}>
          {ACTION_TEXT[move.data.audit.action]}: {changeText(move.data.audit)}
        </SuccessBanner>
      )}
      <div className="admin-form__actions">
        <Button
          type="submit"
          busy={move.isPending && move.variables === 'grant'}
          busyText="Granting…"
          disabled={move.isPending}
        >
          Grant
        </Button>
        <Button
          variant="secondary"
          onClick={() => submit('take')()}
          busy={move.isPending && move.variables === 'take'}
          busyText="Taking…"
          disabled={move.isPending}
        >
          Take back
        </Button>
      </div>
    </form>
  );
}

function SuspendForm({ player }: { player: AdminPlayerDetail['player'] }) {
  const ids = useId();
  const qc = useQueryClient();
  const intent = useIntentKey();
  const [reason, setReason] = useState('');
  const suspended = player.suspended_at !== null;
  const act = useMutation({
    mutationFn: () =>
      suspended
        ? api.adminRestore(player.id, reason.trim(), intent.key())
        : api.adminSuspend(player.id, reason.trim(), intent.key()),
    onSuccess: () => {
      intent.done();
      setReason('');
      void qc.invalidateQueries({ queryKey: keys.player(player.id) });
      void qc.invalidateQueries({ queryKey: keys.audit });
      void qc.invalidateQueries({ queryKey: ['admin', 'search'] });
    },
    onError: (err) => {
      if (!api.isUnanswered(err)) intent.done();
    },
  });
  const short = !suspended && reason.trim().length < ADMIN_LIMITS.reasonMin;
  return (
    <form
      className="admin-form panel"
      onSubmit={(e) => {
        e.preventDefault();
        if (!short) act.mutate();
      }}
      noValidate
      aria-labelledby={`${ids}-t`}
    >
      <h3 id={`${ids}-t`}>{suspended ? 'Restore the account' : 'Suspend the account'}</h3>
      <p className="muted admin-form__note">
        {suspended
          ? 'The player can sign in and play again; nothing of theirs was removed.'
          : 'Every request for this player is refused and their sessions end. Their data stays.'}
      </p>
      <div className="field">
        <label htmlFor={`${ids}-r`}>{suspended ? 'Reason (optional)' : 'Reason'}</label>
        <input
          id={`${ids}-r`}
          className="input"
          value={reason}
          maxLength={ADMIN_LIMITS.reasonMax}
          onChange={(e) => {
            setReason(e.target.value);
            intent.done();
          }}
          placeholder={suspended ? 'Why it is lifted' : 'Why, for the player and the audit trail'}
          autoComplete="off"
        />
      </div>
      {act.isError && (
        <ErrorBox onDismiss={act.reset}>{api.errorText(act.error, 'The change was not made')}</ErrorBox>
      )}
      <div className="admin-form__actions">
        <Button
          type="submit"
          variant={suspended ? 'primary' : 'danger'}
          busy={act.isPending}
          busyText={suspended ? 'Restoring…' : 'Suspending…'}
          disabled={short}
          title={short ? `Say why, in ${ADMIN_LIMITS.reasonMin} characters or more` : undefined}
        >
          {suspended ? 'Restore' : 'Suspend'}
        </Button>
      </div>
    </form>
  );
}

export function PlayerPanel({ id }: { id: string }) {
  const detail = useQuery({ queryKey: keys.player(id), queryFn: () => api.adminGetPlayer(id) });
  if (detail.isPending) return <Skeleton height={320} />;
  if (detail.isError)
    return <ErrorBox>{api.errorText(detail.error, 'The player could not be read')}</ErrorBox>;
  const { player, heroes, ledger, sessions } = detail.data;
  return (
    <section className="admin-player" aria-label={`Player ${player.username}`} data-testid="admin-player">
      <header className="admin-player__head panel">
        <div>
          <h2>{player.username}</h2>
          <p className="muted admin-player__id">{player.id}</p>
          <p className="muted">
            Joined {when(player.created_at)} · last seen {when(player.last_seen)}
            {player.locked ? ' · locked with a passkey' : ''}
          </p>
        </div>
        {player.suspended_at !== null && (
          <p className="admin-suspended" role="status" data-testid="admin-suspended">
            Suspended {when(player.suspended_at)}: {player.suspended_reason}
          </p>
        )}
      </header>
      <dl className="admin-balances panel" aria-label="Balances">
        {CURRENCIES.map((c) => (
          <div key={c} className="admin-balance">
            <dt className="muted">{CURRENCY_NAMES[c]}</dt>
            <dd className="tabular" data-testid={`admin-balance-${c}`}>
              {formatNumber(player.balances[c])}
            </dd>
          </div>
        ))}
      </dl>
      <div className="admin-player__forms">
        <MoveForm player={player} />
        <SuspendForm player={player} />
      </div>
      <div className="admin-player__lists">
        <section className="panel" aria-labelledby={`${id}-heroes`}>
          <h3 id={`${id}-heroes`}>Heroes ({heroes.length})</h3>
          {heroes.length === 0 ? (
            <p className="muted">No heroes.</p>
          ) : (
            <ul className="admin-list">
              {heroes.map((h) => (
                <li key={h.id}>
                  <strong>{h.name}</strong>
                  <span className="muted">
                    Lv {h.level} · {h.race} {h.class} · {h.rarity}★
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="panel" aria-labelledby={`${id}-ledger`}>
          <h3 id={`${id}-ledger`}>Newest ledger entries</h3>
          {ledger.length === 0 ? (
            <p className="muted">No entries.</p>
          ) : (
            <ul className="admin-list">
              {ledger.map((e) => (
                <li key={e.id}>
                  <span>
                    <strong className={`tabular ${e.delta < 0 ? 'admin-out' : 'admin-in'}`}>
                      {signed(e.delta)}
                    </strong>{' '}
                    {CURRENCY_NAMES[e.currency]}
                  </span>
                  <span className="muted">
                    {e.reason.replace(/_/g, ' ')} · {when(e.created_at)} · then{' '}
                    {formatNumber(e.balance_after)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="panel" aria-labelledby={`${id}-sessions`}>
          <h3 id={`${id}-sessions`}>Live sessions ({sessions.length})</h3>
          {sessions.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul className="admin-list">
              {sessions.map((s, i) => (
                <li key={i}>
                  <span>Signed in {when(s.created_at)}</span>
                  <span className="muted">until {when(s.expires_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
