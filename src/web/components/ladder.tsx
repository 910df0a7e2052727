// The arena ladder on screen: a hero's rating chip, the band a fight's honest win chance falls in (from GET
// /api/odds, never from ratings), the strip both draw over an arena card's portrait, and what an arena result did
// to the ratings and the rewards (the repeat-win rule). Styles in ./ladder.css; the leaderboard is pages/leaderboard.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ArenaResponse, HeroRating, OddsQuery, RepeatWin } from '../../api/index.ts';
import { isProvisional } from '../../api/rules.ts';
import { getOdds } from '../api/client.ts';
import { useOdds } from '../api/hooks.ts';
import {
  chanceBand,
  formatDeviation,
  formatNumber,
  formatRating,
  formatRatingChange,
  formatRecord,
  formatShare,
  ordinal,
  wholePercent,
} from './format.ts';
import { Icon } from './icon.tsx';
import './ladder.css';

/** What a provisional rating means, said wherever one is shown (its title, the result's note). */
export const PROVISIONAL_TEXT =
  'Provisional: too few arena fights to say much yet, so each result moves it a lot.';

/**
 * '⚑ 1624 ±98': a hero's rating with its deviation (hidden where there is no room); a provisional one (a deviation
 * above PROVISIONAL_RD: a new hero's) is marked '1500?' and says so in its title.
 */
export function RatingChip({ rating, compact = false }: { rating: HeroRating; compact?: boolean }) {
  const provisional = isProvisional(rating.rd);
  return (
    <span
      className={`rating-chip tabular${provisional ? ' rating-chip--provisional' : ''}`}
      data-testid="rating-chip"
      data-rating={Math.round(rating.rating)}
      data-provisional={provisional || undefined}
      title={`Arena rating ${formatRating(rating.rating)} ${formatDeviation(rating.rd)} · record ${formatRecord(rating)}${provisional ? ` · ${PROVISIONAL_TEXT}` : ''}`}
    >
      <Icon name="ladder" size={12} />
      <span className="rating-chip__value">
        {formatRating(rating.rating)}
        <ProvisionalMark rd={rating.rd} />
      </span>
      {!compact && <span className="rating-chip__rd">{formatDeviation(rating.rd)}</span>}
      <span className="visually-hidden"> arena rating</span>
    </span>
  );
}

/**
 * '?' after a provisional rating (lichess's mark for the same thing), or the word with `long`; nothing for a
 * settled one. Its title says what it means.
 */
export function ProvisionalMark({ rd, long = false }: { rd: number; long?: boolean }) {
  if (!isProvisional(rd)) return null;
  return (
    <span className="provisional-mark" data-testid="provisional" title={PROVISIONAL_TEXT}>
      {long ? 'Provisional' : '?'}
      {!long && <span className="visually-hidden"> (provisional)</span>}
    </span>
  );
}

// ---- win chance bands ------------------------------------------------------------------------------------------

/** Estimates the picker asks for at once: the odds pool is shared, so the cards wait their turn, two at a time. */
const BAND_READS_AT_ONCE = 2;
let reading = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (reading >= BAND_READS_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  reading++;
  try {
    return await work();
  } finally {
    reading--;
    waiting.shift()?.();
  }
}

/** Whether an element has come within a screen of the viewport (once true, stays true). */
export function useNearView(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '200px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near]);
  return near;
}

/** The duel's honest odds for a card's band (the same read, and cache, as the win chance beside Fight!). */
export function useBandOdds(query: OddsQuery | null, enabled: boolean) {
  return useOdds(query, { enabled, fetch: (signal) => inTurn(() => getOdds(query!, signal)) });
}

/** 'Favoured · 72%': the band the honest win chance falls in. */
export function ChanceBandChip({ probability }: { probability: number }) {
  const { band, label } = chanceBand(probability);
  const pct = wholePercent(probability);
  return (
    <span
      className={`band-chip band-chip--${band}`}
      data-testid="chance-band"
      data-band={band}
      title={`${pct}% to win (the honest odds of this duel)`}
    >
      {label}
      <span className="band-chip__pct tabular"> {pct}%</span>
    </span>
  );
}

/**
 * The strip over an arena card's portrait: the hero's rating and, once your hero is chosen, the band of your
 * chance against it — read when the card comes near the screen, or at once when `eager` (a short row of offers).
 */
export function CardLadder({
  rating,
  odds,
  eager = false,
}: {
  rating: HeroRating | undefined;
  /** the duel's odds query (null: no hero of yours chosen, so no band) */
  odds?: OddsQuery | null;
  eager?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref);
  const chance = useBandOdds(odds ?? null, near || eager);
  // data-read: whether the band is asked for (near the screen or eager), so a pending chip there is a read under way
  return (
    <div className="card-ladder" ref={ref} data-read={near || eager}>
      {rating && <RatingChip rating={rating} compact />}
      {odds &&
        (chance.answer ? (
          <ChanceBandChip probability={chance.answer.probability} />
        ) : (
          <span
            className="band-chip band-chip--pending"
            data-testid="chance-band"
            data-band="pending"
            title={chance.state === 'failed' ? 'The odds could not be estimated' : 'Computing the odds…'}
          >
            {chance.state === 'failed' ? '—' : '…'}
          </span>
        ))}
    </div>
  );
}

// ---- an arena result ------------------------------------------------------------------------------------------

function RatingMove({ who, change }: { who: string; change: ArenaResponse['ratings']['attacker'] }) {
  const delta = change.after.rating - change.before.rating;
  return (
    <li className="ladder-move" data-hero-id={change.hero_id}>
      <span className="ladder-move__who">{who}</span>
      <span className="ladder-move__figures tabular">
        {formatRating(change.before.rating)}
        <ProvisionalMark rd={change.before.rd} /> → <strong>{formatRating(change.after.rating)}</strong>
        <ProvisionalMark rd={change.after.rd} />
      </span>
      <span
        className={`ladder-move__delta tabular ladder-move__delta--${delta >= 0 ? 'up' : 'down'}`}
        data-testid="rating-delta"
      >
        {formatRatingChange(delta)}
      </span>
      <span className="ladder-move__record muted tabular">{formatRecord(change.after)}</span>
    </li>
  );
}

/** 'Your 3rd win over Mira today: rewards × ¼ (a first win would have paid 64 gold)'. */
export function RepeatWinNote({ repeat, opponent }: { repeat: RepeatWin; opponent: string }) {
  if (repeat.factor >= 1) return null;
  const share = formatShare(repeat.factor);
  return (
    <p className="repeat-win" data-testid="repeat-win" data-factor={repeat.factor}>
      <strong>
        Your {ordinal(repeat.earlier_wins + 1)} win over {opponent} in 24 h: rewards × {share}.
      </strong>{' '}
      <span className="muted">
        A first win would have paid {formatNumber(repeat.unreduced.gold)} gold and{' '}
        {formatNumber(repeat.unreduced.xp_per_hero)} XP — beat someone new for full rewards.
      </span>
    </p>
  );
}

/**
 * Why a provisional rating swung so far: 'Kael's rating is provisional (±350): until a hero has fought enough, each
 * result moves it far — +162 here. The ladder weighs the two ratings, not the odds…'.
 */
function ProvisionalNote({ who, change }: { who: string; change: ArenaResponse['ratings']['attacker'] }) {
  if (!isProvisional(change.before.rd)) return null;
  const delta = change.after.rating - change.before.rating;
  return (
    <p className="ladder-provisional" data-testid="provisional-note" data-hero-id={change.hero_id}>
      <strong>
        {who}'s rating is provisional ({formatDeviation(change.before.rd)}): until a hero has fought enough,
        each result moves it far — {formatRatingChange(delta)} here.
      </strong>{' '}
      <span className="muted">
        The ladder weighs the two ratings, not the odds, so even a near-certain win moves a new rating a lot.
        Its deviation narrows with every fight (now {formatDeviation(change.after.rd)}).
      </span>
    </p>
  );
}

/**
 * Ladder: both sides' ratings before → after the duel, why a provisional one swung, and the repeat-win rule when
 * it shrank the rewards.
 */
export function ArenaLadderOutcome({
  result,
  attacker,
  opponent,
}: {
  result: Pick<ArenaResponse, 'ratings' | 'repeat_win'>;
  attacker: string;
  opponent: string;
}) {
  if (!result.ratings) return null;
  return (
    <section className="ladder-outcome" aria-label="Arena ladder" data-testid="ladder-outcome">
      <h3 className="ladder-outcome__title">
        <Icon name="ladder" size={16} /> Arena Ladder
      </h3>
      <ul className="ladder-outcome__moves">
        <RatingMove who={attacker} change={result.ratings.attacker} />
        <RatingMove who={opponent} change={result.ratings.opponent} />
      </ul>
      <ProvisionalNote who={attacker} change={result.ratings.attacker} />
      {result.repeat_win && <RepeatWinNote repeat={result.repeat_win} opponent={opponent} />}
    </section>
  );
}
