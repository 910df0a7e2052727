// The win chance shown before a fight (GET /api/odds through useOdds) next to its button, and the one question
// asked before a long shot ('4% to win — fight anyway?'). Used by /arena, /battle and the dungeon team picker;
// the number is the one the fight then states (the result panel shows it again). Styles in ./win-chance.css.
import { useState, type ReactNode } from 'react';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { OddsQuery, OddsResponse } from '../../api/index.ts';
import { errorText } from '../api/client.ts';
import { oddsQuery } from '../api/hooks.ts';
import { wholePercent } from './format.ts';
import { Button } from './ui.tsx';
import './win-chance.css';

/** Below this chance a fight asks once before it starts. */
export const LONG_SHOT = 0.1;

const band = (p: number): 'low' | 'mid' | 'high' => (p < LONG_SHOT ? 'low' : p < 0.5 ? 'mid' : 'high');

/** 'Win chance 42%' with a small meter; '…' while it is estimated; nothing until the fight is chosen. */
export function WinChance({
  odds,
  idle,
  className,
}: {
  odds: UseQueryResult<OddsResponse>;
  /** shown while nothing is chosen yet */
  idle?: ReactNode;
  className?: string;
}) {
  const cls = `win-chance${className ? ` ${className}` : ''}`;
  if (odds.isSuccess) {
    const chance = wholePercent(odds.data.probability);
    return (
      <div
        className={`${cls} win-chance--${band(odds.data.probability)}`}
        data-testid="odds"
        data-probability={odds.data.probability}
        aria-live="polite"
      >
        <span className="win-chance__label">Win chance</span>
        <strong className="win-chance__value tabular">{chance}%</strong>
        <span className="win-chance__meter" aria-hidden="true">
          <span style={{ width: `${chance}%` }} />
        </span>
      </div>
    );
  }
  if (odds.isError)
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
  if (odds.fetchStatus === 'idle') return idle ? <div className={`${cls} muted`}>{idle}</div> : null;
  return (
    <div className={`${cls} win-chance--pending`} data-testid="odds" aria-live="polite" aria-busy="true">
      <span className="win-chance__label">Win chance</span>
      <span className="win-chance__value tabular">…</span>
    </div>
  );
}

/** The fight's chance as the fight will state it, read (or waited for) before starting; null if unknown. */
export async function chanceBeforeFight(client: QueryClient, query: OddsQuery): Promise<number | null> {
  try {
    return (await client.fetchQuery(oddsQuery(query))).probability;
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
