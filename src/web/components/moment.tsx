// The moments that matter (issue 18): a 4★ or 5★ summon, the boss floor ahead, a cleared dungeon — a short rise-in
// with a glow (none under prefers-reduced-motion), announced to screen readers (role=status).
// Level-ups have their own cards in the rewards (battle-result.tsx).
import type { ReactNode } from 'react';
import type { Hero } from '../../api/index.ts';
import './moment.css';

export function Moment({
  kind,
  title,
  portrait,
  children,
}: {
  kind: 'summon' | 'boss' | 'cleared';
  title: string;
  portrait?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`moment moment--${kind}`} role="status" data-testid="moment" data-moment={kind}>
      {portrait && <img className="moment__portrait" src={portrait} alt="" width={56} height={56} />}
      <div className="moment__text">
        <strong className="moment__title">{title}</strong>
        {children && <span className="moment__body">{children}</span>}
      </div>
    </div>
  );
}

/** A fresh summon's moment: the best of the pair when it is 4★ or 5★, else nothing. */
export function SummonMoment({ heroes }: { heroes: readonly Hero[] }) {
  const best = [...heroes].sort((a, b) => b.rarity - a.rarity)[0];
  if (!best || best.rarity < 4) return null;
  return (
    <Moment
      kind="summon"
      title={`${best.rarity}★ ${best.rarity === 5 ? 'Legendary' : 'Epic'} summon!`}
      portrait={best.portrait_url}
    >
      {best.name}, {best.race} {best.class}, answers the runes.
    </Moment>
  );
}
