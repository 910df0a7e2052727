// Idle income as the map and /campaign show it (issue 30): what has accrued since the last claim, filling a bar
// toward the 12-hour cap by the server's clock (its `now` when read, then the browser's seconds since), the hourly
// rate, when it is full, and Claim (a paying write: api/writes/claims.ts useClaimIdle). The numbers are the server's
// (GET /api/campaign's `idle`); the bar only counts the seconds between reads.
import { useEffect, useState } from 'react';
import type { IdleView } from '../../api/index.ts';
import { useClaimIdle } from '../api/writes/claims.ts';
import { idleClaimText } from './format.ts';
import { Icon } from './icon.tsx';
import { Button, ErrorBox } from './ui.tsx';
import './idle-income.css';

const fmt = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** "5 h 12 min", "42 min": how long until the bar is full. */
function until(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  const h = Math.floor(m / 60);
  return h > 0 ? `${h} h${m % 60 ? ` ${m % 60} min` : ''}` : `${m} min`;
}

/** The seconds since the read, ticking once a minute (the bar fills slowly: no need for more). */
function useElapsed(readAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return Math.max(0, Math.floor((now - readAt) / 1000));
}

export function IdleIncome({ idle, userId, readAt }: { idle: IdleView; userId: string; readAt: number }) {
  const claim = useClaimIdle(userId);
  const elapsed = useElapsed(readAt);
  const [claimed, setClaimed] = useState<string | null>(null);
  if (idle.since === null || idle.full_at === null)
    return (
      <section
        className="idle-income idle-income--empty panel"
        aria-labelledby="idle-title"
        data-testid="idle-income"
      >
        <h2 id="idle-title" className="idle-income__title">
          <Icon name="chest" size={20} /> Idle income
        </h2>
        <p className="muted">
          Clear stage 1-1 of the campaign and your heroes earn gold, xp and essence while you are away.
        </p>
      </section>
    );
  const now = idle.now + elapsed;
  const cap = idle.cap_hours * 3600;
  const share = Math.min(1, Math.max(0, (now - idle.since) / cap));
  const full = now >= idle.full_at;
  const fullAt = new Date(idle.full_at * 1000).toLocaleTimeString('en-US', {
    hour: '2-digit',
    minute: '2-digit',
  });
  const nothing =
    idle.accrued.gold === 0 && idle.accrued.xp_per_hero === 0 && idle.accrued.magic_essence === 0;
  return (
    <section className="idle-income panel" aria-labelledby="idle-title" data-testid="idle-income">
      <div className="idle-income__head row row--spread">
        <h2 id="idle-title" className="idle-income__title">
          <Icon name="chest" size={20} /> Idle income
        </h2>
        <span className="idle-income__when muted" data-testid="idle-full">
          {full ? 'Full — claim it to keep earning' : `Full in ${until(idle.full_at - now)} (${fullAt})`}
        </span>
      </div>
      <div
        className={`idle-income__bar${full ? ' idle-income__bar--full' : ''}`}
        role="progressbar"
        aria-label="Idle income filling"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <span style={{ width: `${share * 100}%` }} />
      </div>
      <div className="row row--spread">
        <ul className="idle-income__amounts tabular" aria-label="Accrued">
          <li>
            <Icon name="gold" size={16} /> {fmt(idle.accrued.gold)}
          </li>
          <li>
            <Icon name="sparkles" size={16} /> {fmt(idle.accrued.xp_per_hero)} xp
          </li>
          <li>
            <Icon name="magic_essence" size={16} /> {fmt(idle.accrued.magic_essence)}
          </li>
        </ul>
        <Button
          onClick={() => {
            setClaimed(null);
            claim.mutate(null, {
              onSuccess: (r) => setClaimed(idleClaimText(r.claimed)),
            });
          }}
          disabled={claim.isPending || nothing}
          title={nothing ? 'Nothing has accrued yet' : undefined}
          data-testid="idle-claim"
        >
          {claim.isPending ? 'Claiming...' : 'Claim'}
        </Button>
      </div>
      <p className="idle-income__rate muted tabular">
        {fmt(idle.rate.gold)} gold, {fmt(idle.rate.xp_per_hero)} xp and {fmt(idle.rate.magic_essence)} essence
        an hour, up to {idle.cap_hours} hours
      </p>
      {claimed && (
        <p className="idle-income__claimed" role="status">
          {claimed}
        </p>
      )}
      {claim.failure && <ErrorBox>{claim.failure}</ErrorBox>}
    </section>
  );
}
