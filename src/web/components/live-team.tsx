// Live play's shared pieces: picking the heroes a side fields (a grid of the player's cards, at most `size` of them,
// pick order kept), a team shown as small portraits with names (the challenge's and the accepter's), and the win
// chance as a whole percent. Used by components/challenge-dialog.tsx, pages/duel and pages/live; styles in ./live.css.
import type { Hero } from '../../api/index.ts';
import { wholePercent } from './format.ts';
import { HeroCard } from './hero-card.tsx';
import { usePhone } from './use-media.ts';
import { Skeleton } from './ui.tsx';
import './live.css';

/** Picking a chosen hero drops it; a pick past `max` is ignored. */
export function togglePick(picked: string[], heroId: string, max: number): string[] {
  if (picked.includes(heroId)) return picked.filter((id) => id !== heroId);
  if (picked.length >= max) return picked;
  return [...picked, heroId];
}

export function LiveTeamPick({
  heroes,
  loading,
  picked,
  max,
  onToggle,
  label = 'Your heroes',
}: {
  heroes: Hero[];
  loading?: boolean;
  picked: string[];
  max: number;
  onToggle: (heroId: string) => void;
  label?: string;
}) {
  const size = usePhone() ? 'x-small' : 'tiny';
  if (loading)
    return (
      <div className="live-pick" aria-hidden="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} width={150} height={215} radius={12} />
        ))}
      </div>
    );
  const full = picked.length >= max;
  return (
    <div className="live-pick" role="group" aria-label={label}>
      {heroes.map((h) => {
        const order = picked.indexOf(h.id);
        return (
          <HeroCard
            key={h.id}
            hero={h}
            size={size}
            selected={order >= 0}
            selectionOrder={order >= 0 ? order + 1 : undefined}
            onClick={() => onToggle(h.id)}
            className={order < 0 && full ? 'live-pick__locked' : undefined}
          />
        );
      })}
    </div>
  );
}

/** A team as a challenge shows it: portrait, name, level and class, power. */
export function TeamStrip({
  heroes,
  label,
}: {
  heroes: { id: string; name: string; level: number; class: string; portrait_url: string; power?: number }[];
  label: string;
}) {
  return (
    <ul className="team-strip" aria-label={label}>
      {heroes.map((h) => (
        <li key={h.id} className="team-strip__hero">
          <img src={h.portrait_url} alt="" width={48} height={48} loading="lazy" />
          <span className="team-strip__text">
            <strong>{h.name}</strong>
            <span className="muted">
              Lv {h.level} {h.class}
              {h.power !== undefined && <> · Power {h.power}</>}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** 'Your win chance 46%' with a meter; 'not known' when the server could not state one (an open link). */
export function LiveChance({ probability, who = 'Your' }: { probability: number | null; who?: string }) {
  if (probability === null)
    return (
      <p className="live-chance live-chance--unknown muted" data-testid="live-chance">
        {who} win chance is stated once an opponent is known.
      </p>
    );
  const pct = wholePercent(probability);
  return (
    <div className="live-chance" data-testid="live-chance" data-probability={probability}>
      <span>
        {who} win chance <strong className="tabular">{pct}%</strong>
      </span>
      <span className="live-chance__meter" aria-hidden="true">
        <span style={{ width: `${pct}%` }} />
      </span>
    </div>
  );
}
