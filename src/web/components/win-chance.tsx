// The win chance shown before a fight (GET /api/odds through useOdds) next to its button, what a win pays, and the
// one question asked before a long shot ('4% to win — fight anyway?'). Used by /arena, /battle, the dungeon pages,
// the team picker and /combat's next fight; the number is the one the fight then states (the result panel shows it
// again), shown only while it is for the heroes as they are. Styles in ./win-chance.css.
import { useRef, useState, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { OddsQuery, OddsResponse, Rewards } from '../../api/index.ts';
import { errorText } from '../api/client.ts';
import { oddsQueryIn, shownOdds, type OddsView } from '../api/hooks.ts';
import { formatNumber, formatShare, wholePercent } from './format.ts';
import { Icon } from './icon.tsx';
import { Button } from './ui.tsx';
import './win-chance.css';

/** Below this chance a fight asks once before it starts. */
export const LONG_SHOT = 0.1;

const band = (p: number): 'low' | 'mid' | 'high' => (p < LONG_SHOT ? 'low' : p < 0.5 ? 'mid' : 'high');

/**
 * What a page being left shows: the odds as they were when the navigation began. A fight's answer refreshes every
 * odds read at once, and the next page (a lazy chunk) may still be loading: the page the fight started from would
 * otherwise show the next fight's chance for a moment, under the fight just started.
 */
function useSteady(odds: OddsView): OddsView {
  const leaving = useNavigation().state !== 'idle';
  const shown = useRef(odds);
  if (!leaving) shown.current = odds;
  return shown.current;
}

/**
 * 'Win chance 42%' with a small meter — only while it is the number the fight will use (useOdds: for the heroes as
 * they are now); 'computing…' otherwise; nothing until the fight is chosen. The fight's button never waits for it.
 * A chance a fight brought back, refused because it had changed since it was shown, says so under it.
 */
export function WinChance({
  odds: live,
  idle,
  className,
}: {
  odds: OddsView;
  /** shown while nothing is chosen yet */
  idle?: ReactNode;
  className?: string;
}) {
  const odds = useSteady(live);
  const cls = `win-chance${className ? ` ${className}` : ''}`;
  if (odds.answer) {
    const chance = wholePercent(odds.answer.probability);
    return (
      <>
        <div
          className={`${cls} win-chance--${band(odds.answer.probability)}`}
          data-testid="odds"
          data-probability={odds.answer.probability}
          data-odds-key={odds.answer.key}
          aria-live="polite"
        >
          <span className="win-chance__label">Win chance</span>
          <strong className="win-chance__value tabular">{chance}%</strong>
          <span className="win-chance__meter" aria-hidden="true">
            <span style={{ width: `${chance}%` }} />
          </span>
        </div>
        {odds.changed && (
          <p className="win-chance__changed" role="status" data-testid="odds-changed">
            <Icon name="sparkles" size={16} className="win-chance__changed-icon" />
            {odds.changed}
          </p>
        )}
      </>
    );
  }
  if (odds.state === 'failed')
    return (
      <div className={`${cls} win-chance--unknown`} data-testid="odds" aria-live="polite">
        <span className="win-chance__label">Win chance</span>
        <span
          className="win-chance__value muted"
          title={errorText(odds.error, 'Could not estimate the odds')}
        >
          unknown
        </span>
      </div>
    );
  if (odds.state === 'idle') return idle ? <div className={`${cls} muted`}>{idle}</div> : null;
  return (
    <div
      className={`${cls} win-chance--pending`}
      data-testid="odds"
      data-computing=""
      aria-live="polite"
      aria-busy="true"
    >
      <span className="win-chance__label">Win chance</span>
      <span className="win-chance__value win-chance__value--computing">computing…</span>
    </div>
  );
}

/** A note after an arena win's pay: the repeat-win rule, when it will shrink it ('×½: your 2nd win over Mira today'). */
export const repeatWinNote = (a: OddsResponse): ReactNode =>
  a.repeat_win && a.repeat_win.factor < 1 ? (
    <span className="win-pays__note muted">
      {' '}
      (×{formatShare(a.repeat_win.factor)}: a repeat win within 24 h)
    </span>
  ) : null;

/** A note after a turn-based win's least pay: what each minute of play adds (it is paid for the time played). */
export const perMinuteNote = (a: OddsResponse): ReactNode =>
  a.turn_based_per_minute ? (
    <span className="win-pays__note muted">
      {' '}
      at least, +{formatNumber(a.turn_based_per_minute.gold)} gold · +
      {formatNumber(a.turn_based_per_minute.xp_per_hero)} XP each a minute of play
    </span>
  ) : null;

/** A note after a dungeon floor's pay: the clear bonus, on the boss floor. */
export const clearBonusNote = (a: OddsResponse): ReactNode =>
  a.clear_bonus ? <span className="win-pays__note muted"> (with the clear bonus)</span> : null;

/** '30 gold · 40 XP each · 5 essence · 1 token': what a win pays, the currencies it pays in. */
export function rewardsText(r: Rewards): string {
  const parts = [`${formatNumber(r.gold)} gold`, `${formatNumber(r.xp_per_hero)} XP each`];
  if (r.magic_essence) parts.push(`${formatNumber(r.magic_essence)} essence`);
  if (r.combat_tokens)
    parts.push(`${formatNumber(r.combat_tokens)} ${r.combat_tokens === 1 ? 'token' : 'tokens'}`);
  return parts.join(' · ');
}

/**
 * 'A win pays 30 gold · 40 XP each · 5 essence': what winning pays at the stated odds (the server's win_rewards,
 * priced by the function the fight pays with), shown with the number it belongs to and only then.
 */
export function WinPays({
  odds: live,
  rewards,
  label = 'A win pays',
  note,
  className,
  name = 'fight',
}: {
  odds: OddsView;
  /** which pay this is, for tests and styles (data-pays): 'fight', 'quick', 'turn_based' */
  name?: string;
  /** which of the answer's rewards (default win_rewards: the fight at once) */
  rewards?: (answer: OddsResponse) => Rewards | undefined;
  label?: ReactNode;
  /** said after it (the repeat-win rule, the clear bonus) */
  note?: (answer: OddsResponse) => ReactNode;
  className?: string;
}) {
  const odds = useSteady(live);
  if (odds.state === 'idle' || odds.state === 'failed') return null;
  const cls = `win-pays${className ? ` ${className}` : ''}`;
  const paid = odds.answer && (rewards ? rewards(odds.answer) : odds.answer.win_rewards);
  if (!odds.answer || !paid)
    return (
      <p className={`${cls} muted`} data-testid="win-pays" data-pays={name} data-computing="">
        {label} <span className="win-pays__value">…</span>
      </p>
    );
  return (
    <p
      className={cls}
      data-testid="win-pays"
      data-pays={name}
      data-gold={paid.gold}
      data-xp={paid.xp_per_hero}
      data-essence={paid.magic_essence}
      data-tokens={paid.combat_tokens}
    >
      <span className="win-pays__label">{label}</span>{' '}
      <strong className="win-pays__value tabular">{rewardsText(paid)}</strong>
      {note?.(odds.answer)}
      {name !== 'turn_based' && odds.answer.loss_stake > 0 && (
        <span className="win-pays__stake" data-testid="loss-stake" data-gold={odds.answer.loss_stake}>
          {' '}
          · a loss costs {formatNumber(odds.answer.loss_stake)} gold
        </span>
      )}
    </p>
  );
}

/**
 * The fight's chance before starting: the one the page shows (the fight names its key, and is refused with the new
 * chance if it changed since: api/writes/fights.ts shownFight), else read (or waited for) now; null if unknown.
 */
export async function chanceBeforeFight(client: QueryClient, query: OddsQuery): Promise<number | null> {
  try {
    const shown = shownOdds(client, query);
    return shown ? shown.probability : (await client.fetchQuery(oddsQueryIn(client, query))).probability;
  } catch {
    return null; // the fight states its own odds; an unreadable estimate does not block it
  }
}

/**
 * Asks once before a long shot: `check(p, go)` runs `go` at once when the chance is 10% or more (or unknown), else
 * holds it as `asking` for LongShotPrompt ('4% to win — fight anyway?'), whose Fight anyway runs it (`confirm`).
 */
export function useLongShot() {
  const [held, setHeld] = useState<{ probability: number; go: () => void } | null>(null);
  const check = (probability: number | null, go: () => void) => {
    if (probability !== null && probability < LONG_SHOT) setHeld({ probability, go });
    else go();
  };
  const confirm = () => {
    setHeld(null);
    held?.go();
  };
  return {
    check,
    confirm,
    dismiss: () => setHeld(null),
    probability: held?.probability ?? null,
    asking: held !== null,
  };
}
export type LongShot = ReturnType<typeof useLongShot>;

/** The question a held long shot asks, in place (nothing while none is held). */
export function LongShotPrompt({ longShot }: { longShot: LongShot }) {
  if (longShot.probability === null) return null;
  return (
    <div className="long-shot" role="alertdialog" aria-label="Long odds" data-testid="long-shot">
      <p className="long-shot__text">
        <strong className="tabular">{wholePercent(longShot.probability)}% to win</strong> — fight anyway?
      </p>
      <div className="long-shot__actions">
        <Button variant="secondary" onClick={longShot.dismiss}>
          Not now
        </Button>
        <Button variant="danger" onClick={longShot.confirm}>
          Fight anyway
        </Button>
      </div>
    </div>
  );
}
