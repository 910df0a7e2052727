// The player's turn-based battle in play, shown wherever a new one can start (/battle, /campaign, the boss turn by
// turn): where it is and its turn, Resume battle, and what the button beside it does to it — the server keeps one
// turn-based battle in play per player, and starting another ends it as a loss with no rewards. The battle in play is
// the server's (GET /api/battles/active, read afresh whenever a page showing it opens: api/hooks.ts useActiveBattle).
// Styles in ./battle-in-play.css.
import type { ActiveBattle } from '../../api/index.ts';
import { useActiveBattle } from '../api/hooks.ts';
import { ButtonLink } from './ui.tsx';
import './battle-in-play.css';

/** The player's turn-based battle in play, or null (none, not read yet, or not asked: no `userId`). */
export function useBattleInPlay(userId: string | undefined): ActiveBattle | null {
  return useActiveBattle(userId).data?.battle ?? null;
}

/** What a start button says of the battle in play, as its title: that it ends it (null: nothing is in play). */
export const endsInPlayTitle = (inPlay: ActiveBattle | null): string | null =>
  inPlay ? `Start a new battle: the one at ${inPlay.location} ends as a loss` : null;

/**
 * 'You have a battle in progress at Old Mill (turn 3)', the warning that `action` (the button's name) ends it as a
 * loss, and Resume battle. Nothing while no battle is in play.
 */
export function BattleInPlay({
  inPlay,
  action,
  className,
}: {
  inPlay: ActiveBattle | null;
  /** the button that would end it, as the player reads it ('Fight') */
  action: string;
  className?: string;
}) {
  if (!inPlay) return null;
  return (
    <div
      className={`battle-in-play panel${className ? ` ${className}` : ''}`}
      role="status"
      data-testid="battle-in-play"
      data-battle-id={inPlay.battle_id}
    >
      <p>
        <strong>You have a battle in progress at {inPlay.location}</strong>{' '}
        <span className="muted tabular">(turn {inPlay.turn})</span>
      </p>
      <p className="battle-in-play__warning">
        Your battle at {inPlay.location} will end as a loss, with no rewards, if you press {action}.
      </p>
      <ButtonLink to={`/battle/${encodeURIComponent(inPlay.battle_id)}`} variant="secondary">
        Resume battle
      </ButtonLink>
    </div>
  );
}
