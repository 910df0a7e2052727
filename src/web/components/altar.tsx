// The altar on /create, before a summon is paid for: the chance of each rarity per hero, the pity rule and the
// player's own counters toward it (GET /api/summons), and their summon history — each pair paid for, its two
// rarities and the one kept. Words: ./altar-text.ts. The long-run shares with the pity included are on /fairness.
import { Link } from 'react-router';
import type { SummonsResponse } from '../../api/summons.ts';
import { chanceText, counterText, dueText, pityRuleText, summonedAt } from './altar-text.ts';
import { Skeleton } from './ui.tsx';
import './altar.css';

export function AltarPanel({ altar, failed }: { altar: SummonsResponse | undefined; failed: boolean }) {
  if (!altar)
    return failed ? (
      <p className="muted altar__failed">The altar’s odds could not be read just now.</p>
    ) : (
      <Skeleton height={168} radius={10} />
    );
  const due = dueText(altar.pity);
  return (
    <section className="panel altar" aria-labelledby="altar-title" data-testid="altar">
      <h2 id="altar-title" className="altar__title">
        The altar’s odds
      </h2>
      <ul className="altar__rates" data-testid="altar-rates" aria-label="Chance of each rarity, per hero">
        {altar.rates.map((r) => (
          <li key={r.rarity} className={`altar__rate rarity-text--${r.rarity}`}>
            <span className="altar__stars">{r.rarity}★</span>
            <strong className="tabular">{chanceText(r.chance)}</strong>
          </li>
        ))}
      </ul>
      <p className="altar__rule" data-testid="altar-rule">
        Pity promise: {pityRuleText(altar.pity)}.
      </p>
      <ul className="altar__counters" data-testid="altar-counters">
        {altar.pity.map((p) => (
          <li key={p.rarity} className="altar__counter">
            <span>
              {counterText(p)}
              <span className="muted"> / {p.within}</span>
            </span>
            <span className="altar__bar" aria-hidden="true">
              <span
                className={`altar__fill rarity-fill--${p.rarity}`}
                style={{ width: `${Math.min(100, ((p.since_last + 1) / p.within) * 100)}%` }}
              />
            </span>
          </li>
        ))}
      </ul>
      {due && (
        <p className="altar__due" data-testid="altar-due">
          {due}
        </p>
      )}
      <p className="altar__more">
        <Link to="/fairness#summons">What every rarity comes to with the pity, and what was drawn</Link>
      </p>
    </section>
  );
}

export function SummonHistory({ history }: { history: SummonsResponse['history'] | undefined }) {
  if (!history) return null;
  return (
    <details className="panel altar-history" data-testid="summon-history">
      <summary>
        Your summons <span className="muted tabular">({history.length})</span>
      </summary>
      {history.length === 0 ? (
        <p className="muted">No pairs summoned yet: every pair you pay for is listed here, newest first.</p>
      ) : (
        <ol className="altar-history__list">
          {history.map((h) => (
            <li key={h.generation_id} className="altar-history__row">
              <time dateTime={new Date(h.at * 1000).toISOString()}>{summonedAt(h.at)}</time>
              <span className="altar-history__pair">
                {h.rarities.map((r, i) => (
                  <span
                    key={i}
                    className={`altar-history__hero rarity-text--${r}${h.kept === i ? ' altar-history__hero--kept' : ''}`}
                  >
                    {r}★{h.kept === i && <span className="altar-history__kept">kept</span>}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
