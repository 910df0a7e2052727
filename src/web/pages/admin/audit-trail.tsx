// The audit trail in the console (index.tsx): every console action, newest first, older ones a page at a time.
import { useInfiniteQuery } from '@tanstack/react-query';
import * as api from '../../api/client.ts';
import { ErrorBox, MorePages, Skeleton } from '../../components/ui.tsx';
import { ACTION_TEXT, changeText, keys, when } from './parts.ts';

/** The trail's pages (the page's first call, too: its refusal says whether this session is an operator's). */
export const auditPages = {
  queryKey: keys.audit,
  queryFn: ({ pageParam }: { pageParam: string | null }) => api.adminAudit(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last: { next_cursor: string | null }) => last.next_cursor,
};

export function AuditTrail({ onSelect }: { onSelect: (id: string) => void }) {
  const audit = useInfiniteQuery(auditPages);
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section className="admin-audit panel" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">Audit trail</h2>
      {audit.isError && (
        <ErrorBox>{api.errorText(audit.error, 'The audit trail could not be read')}</ErrorBox>
      )}
      {audit.isPending ? (
        <Skeleton height={120} />
      ) : entries.length === 0 ? (
        <p className="muted">No console action yet.</p>
      ) : (
        <ol className="admin-list" aria-label="Console actions, newest first" data-testid="admin-audit">
          {entries.map((e) => (
            <li key={e.id} data-testid="admin-audit-row">
              <span>
                <strong>{ACTION_TEXT[e.action]}</strong> · {changeText(e)}
              </span>
              <span className="muted">
                by {e.operator_username} ·{' '}
                <button type="button" className="admin-link" onClick={() => onSelect(e.target_user_id)}>
                  {e.target_user_id}
                </button>{' '}
                · {when(e.at)}
              </span>
              {e.reason && <span className="admin-audit__reason">“{e.reason}”</span>}
            </li>
          ))}
        </ol>
      )}
      <MorePages pages={audit} block>
        Show older actions
      </MorePages>
    </section>
  );
}
