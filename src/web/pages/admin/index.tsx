// /admin — the operator's console (issue 45): find a player by name or id; see their balances, heroes, newest ledger
// entries and sessions; grant or take back currency with a reason; suspend or restore the account; the audit trail
// every action writes. Operators only — an account ADMIN_USERNAMES names, signed in with its passkey: anyone else
// is told plainly why not, and the console's calls are made only once a session is known (a 401 would sign the
// browser out of its player, api/client.ts). Not in the navigation. One player: ./player-panel.tsx; the trail:
// ./audit-trail.tsx; the routes and rules: src/server/routes/admin.ts.
import { useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import * as api from '../../api/client.ts';
import { ErrorBox, Skeleton } from '../../components/ui.tsx';
import { SearchField, useSearch } from '../../components/search-field.tsx';
import { ADMIN_LIMITS } from '../../../api/rules.ts';
import { AuditTrail, auditPages } from './audit-trail.tsx';
import { keys } from './parts.ts';
import { PlayerPanel } from './player-panel.tsx';
import './admin.css';

function Refused({ text }: { text: string }) {
  return (
    <div className="admin-refused panel" role="alert" data-testid="admin-refused">
      <h2>Operators only</h2>
      <p>{text}</p>
      <p className="muted">
        Operators are the accounts the server names in <code>ADMIN_USERNAMES</code>, each locked with a
        passkey and signed in with it. <Link to="/">Go to the game</Link>
      </p>
    </div>
  );
}

function FindPlayer({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const search = useSearch();
  const { query } = search;
  const found = useQuery({
    queryKey: keys.search(query),
    queryFn: ({ signal }) => api.adminFindPlayers(query, signal),
    enabled: query !== '',
  });
  const players = found.data?.players ?? [];
  return (
    <section className="admin-find panel" aria-labelledby="admin-find-title">
      <h2 id="admin-find-title">Find a player</h2>
      <SearchField
        search={search}
        label="Name or id"
        placeholder="The start of a name, or an id"
        maxLength={ADMIN_LIMITS.searchMax}
      />
      {found.isError && <ErrorBox>{api.errorText(found.error, 'The search failed')}</ErrorBox>}
      {query !== '' && found.isSuccess && players.length === 0 && (
        <p className="muted">No player’s name starts with “{query}”, and no id is it.</p>
      )}
      {players.length > 0 && (
        <ul className="plain-list" aria-label="Players found">
          {players.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={`raised-row admin-result${p.id === selected ? ' admin-result--on' : ''}`}
                aria-pressed={p.id === selected}
                onClick={() => onSelect(p.id)}
              >
                <strong>{p.username}</strong>
                <span className="muted admin-result__id">{p.id}</span>
                <span className="admin-result__badges">
                  {p.locked && <span className="admin-badge">Passkey</span>}
                  {p.suspended && <span className="admin-badge admin-badge--bad">Suspended</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AdminPage() {
  const [selected, setSelected] = useState<string | null>(null);
  const session = useQuery({ queryKey: keys.session, queryFn: api.getSession, staleTime: 0 });
  const signedIn = session.data?.user_id != null;
  // The first console call says whether this session is an operator's: its refusal is the page's answer.
  const probe = useInfiniteQuery({ ...auditPages, enabled: signedIn, retry: false });
  let body;
  if (session.isPending || (signedIn && probe.isPending)) body = <Skeleton height={240} />;
  else if (session.isError)
    body = <ErrorBox>{api.errorText(session.error, 'Could not read who is signed in')}</ErrorBox>;
  else if (!signedIn)
    body = (
      <Refused text="The operator’s console needs an operator signed in with their passkey: sign in with it first." />
    );
  else if (probe.isError)
    body = <Refused text={api.errorText(probe.error, 'The console refused this account.')} />;
  else
    body = (
      <div className="admin-layout">
        <div className="admin-layout__main">
          <FindPlayer selected={selected} onSelect={setSelected} />
          {selected ? (
            <PlayerPanel key={selected} id={selected} />
          ) : (
            <p className="empty-state panel">
              Find a player to see what they hold and to act on their account.
            </p>
          )}
        </div>
        <AuditTrail onSelect={setSelected} />
      </div>
    );
  return (
    <section className="admin-page">
      <header className="page-head">
        <div>
          <h1>Operator’s console</h1>
          <p className="muted admin-page__lede">
            Every action here is written to the audit trail, with who did it and why.
          </p>
        </div>
      </header>
      {body}
    </section>
  );
}
