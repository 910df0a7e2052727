// The boss as a moment (issue "Trust, part two"): where a run's next floor is its boss, the dungeon pages offer to
// fight it turn by turn — a battle the player commands on /battle/{id}, paid for the minutes it is played — beside
// Fight Again, which fights it at once. What it pays is said before the fight, from GET /api/odds (the function
// the fight pays with): the least, and what each minute of play adds. A floor fought meanwhile in another tab is a
// notice and the run shows as it now is. Another turn-based battle in play is offered for Resume, with the warning that
// the button ends it; the boss's own battle under way is resumed by the button. Used by pages/dungeon-detail and
// pages/combat; styles in ./boss-floor.css.
import { useNavigate } from 'react-router';
import type { DungeonRun } from '../../api/index.ts';
import { useOdds } from '../api/hooks.ts';
import { useFloorTurnByTurn } from '../api/writes/fights.ts';
import { BattleInPlay, endsInPlayTitle, useBattleInPlay } from './battle-in-play.tsx';
import { CaptionedAction, RunNotice, isBossFloor } from './dungeon-run.tsx';
import { formatNumber } from './format.ts';
import { Button, ErrorBox } from './ui.tsx';
import './boss-floor.css';

/** What fighting the boss turn by turn pays, in words: the least and the rate, once the read is in. */
export function turnByTurnPay(
  odds: { win_rewards_turn_based?: { gold: number }; turn_based_per_minute?: { gold: number } } | undefined,
): string {
  const least = odds?.win_rewards_turn_based?.gold;
  const perMinute = odds?.turn_based_per_minute?.gold;
  if (least === undefined || perMinute === undefined)
    return 'You command every turn, paid for every minute you play';
  return `You command every turn: at least ${formatNumber(least)} gold, +${formatNumber(perMinute)} gold a minute you play`;
}

/** 'Fight the boss turn by turn' with its pay, for an active run whose next floor is the boss (else nothing). */
export function BossTurnByTurn({ run, userId }: { run: DungeonRun; userId: string }) {
  const boss = run.status === 'active' && isBossFloor(run);
  const odds = useOdds(boss ? { user_id: userId, kind: 'dungeon', run_id: run.id } : null);
  // The battle in play: this boss's own (the button answers it as it stands), or another that the button ends.
  const inPlay = useBattleInPlay(boss ? userId : undefined);
  const resumes = inPlay !== null && inPlay.run_id === run.id;
  const start = useFloorTurnByTurn(userId);
  const navigate = useNavigate();
  if (!boss) return null;
  const fight = () =>
    start.mutate(run, {
      onSuccess: (next) => {
        if (next.movedOn !== undefined) return;
        const ended = next.battle.ended_battle;
        void navigate(`/battle/${encodeURIComponent(next.battle.battle_id)}`, {
          state: ended ? { endedBattle: ended } : null,
        });
      },
    });
  return (
    <div className="boss-floor" data-testid="boss-turn-by-turn">
      {start.data?.movedOn && <RunNotice onDismiss={start.reset}>{start.data.movedOn}</RunNotice>}
      {start.failure && <ErrorBox onDismiss={start.reset}>{start.failure}</ErrorBox>}
      {!resumes && <BattleInPlay inPlay={inPlay} action={FIGHT_BOSS} />}
      <CaptionedAction
        caption={
          resumes
            ? `Your battle with the boss is under way: turn ${inPlay.turn}`
            : turnByTurnPay(odds.answer ?? undefined)
        }
      >
        {(describedBy) => (
          <Button
            onClick={fight}
            busy={start.isPending}
            busyText="Opening the battle..."
            aria-describedby={describedBy}
            className="boss-floor__fight"
            title={(!resumes && endsInPlayTitle(inPlay)) || undefined}
          >
            {resumes ? 'Resume the boss battle' : FIGHT_BOSS}
          </Button>
        )}
      </CaptionedAction>
    </div>
  );
}

const FIGHT_BOSS = 'Fight the boss turn by turn';
