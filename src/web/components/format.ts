// Number and text formatting shared by the screens: compact currencies (1.2k), percentages, dates, item types.
import { wholePercent } from '../../api/rules.ts';

/**
 * 950 → "950", 1194 → "1.2k", 15_000 → "15k", 2_550_000 → "2.6M": rounded to the nearest tenth below 100 of a unit,
 * the nearest whole above (99_950 → "100k"; 999_500 → "1M", never "1000k"). The exact amount goes in the title.
 */
export function formatCompact(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0;
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const units: [number, string][] = [
    [1e3, 'k'],
    [1e6, 'M'],
    [1e9, 'B'],
  ];
  if (abs < 1e3) return `${sign}${abs}`;
  for (const [i, [size, suffix]] of units.entries()) {
    const tenths = Math.round(abs / (size / 10));
    const shown = tenths >= 1000 ? Math.round(abs / size) : tenths / 10;
    // Rounding up to a thousand of this unit reads as one of the next ("1M", not "1000k").
    if (shown >= 1000 && i < units.length - 1) continue;
    return `${sign}${shown}${suffix}`;
  }
  return `${sign}${abs}`;
}

/** A count and its noun, singular for one: (1, 'star') → '1 star', (2, 'star') → '2 stars', (3, 'enemy', 'enemies'). */
export const counted = (n: number, one: string, many = `${one}s`): string =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/** A 0..1 chance as a whole percentage, as the server's texts say it too (api/rules.ts). */
export { wholePercent };

/**
 * A fight's figures as shown: the win chance (whole percent, as everywhere), the line the roll had to pass and the
 * roll, as percentages of 0..100 to `decimals` places (rollText).
 */
export interface RollFigures {
  chance: number;
  needed: number;
  rolled: number;
  /** decimals the line and the roll are shown with */
  decimals: number;
}

/** The line or the roll as shown: '37', '44.65'. */
export const rollText = (x: number, decimals: number): string => x.toFixed(decimals);

/**
 * The win chance in whole percent, and the line (100 − the chance) and the roll whole too unless that would
 * contradict the outcome or the chance — won with "Roll Needed >45, You Rolled 45", or a line of 0 under a chance
 * that is not sure — then to as few decimals as tell the roll from the line: a fight is won when the roll is above
 * 1 − probability, and the figures shown always say the same.
 */
export function rollFigures(
  probability: number | null | undefined,
  roll: number | null | undefined,
  won: boolean,
): RollFigures {
  const known = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);
  const chance = wholePercent(probability);
  // A stored result without its figures shows the defaults (50), whole: there is nothing to agree with.
  if (!known(probability) || !known(roll))
    return { chance, needed: 100 - chance, rolled: wholePercent(roll), decimals: 0 };
  const [p, r] = [probability, roll];
  const line = (1 - p) * 100;
  // The line shown must not claim a sure or hopeless fight the chance does not: 0 only when p is 1, 100 only when 0.
  const honest = (needed: number) => (needed > 0 || p >= 1) && (needed < 100 || p <= 0);
  let figures: RollFigures = { chance, needed: 100 - chance, rolled: Math.round(r * 100), decimals: 0 };
  if (figures.rolled > figures.needed === won && honest(figures.needed)) return figures;
  // A roll may lie within a billionth of the line (0.9460000031 against 1 − 0.054): up to 12 decimals, where a
  // double still tells two percentages apart.
  for (let decimals = 1; decimals <= 12; decimals++) {
    const f = 10 ** decimals;
    figures = { chance, needed: Math.round(line * f) / f, rolled: Math.round(r * 100 * f) / f, decimals };
    if (figures.rolled > figures.needed === won && honest(figures.needed)) break;
  }
  return figures;
}

/** A hero's spread on one stat: 4 → '+4%', -3 → '−3%', 0 → '±0%'. */
export const formatSpread = (pct: number): string =>
  pct > 0 ? `+${pct}%` : pct < 0 ? `\u2212${-pct}%` : '\u00b10%';

/** 'upgrade_mat' → 'UPGRADE MAT', as the shop shows it. */
export const itemTypeLabel = (type: string): string => type.replace(/_/g, ' ').toUpperCase();

/** Epoch seconds → 'November 21, 2026': the date in `timeZone` (the player's, on the profile), else the device's. */
export function formatJoined(epochSeconds: number, timeZone?: string): string {
  if (!epochSeconds) return '—';
  const options = { year: 'numeric', month: 'long', day: 'numeric' } as const;
  const at = new Date(epochSeconds * 1000);
  try {
    return at.toLocaleDateString('en-US', { ...options, timeZone });
  } catch {
    return at.toLocaleDateString('en-US', options); // a zone this browser lacks: its own
  }
}

/** How a win chance reads in words, from the honest odds of the fight (GET /api/odds), never from ratings. */
export type ChanceBand = 'long-shot' | 'underdog' | 'even' | 'favoured' | 'sure-thing';
/** Each band from `from` up (past it when `past`): Even is 40–60% both included, the fair range Find a fair match offers. */
export const CHANCE_BANDS: { band: ChanceBand; label: string; from: number; past?: true }[] = [
  { band: 'sure-thing', label: 'Sure thing', from: 0.9 },
  { band: 'favoured', label: 'Favoured', from: 0.6, past: true },
  { band: 'even', label: 'Even', from: 0.4 },
  { band: 'underdog', label: 'Underdog', from: 0.1 },
  { band: 'long-shot', label: 'Long shot', from: 0 },
];
/** 0.95 → Sure thing (≥ 90%), Favoured (over 60%), Even (40–60%), Underdog (10–40%), Long shot (< 10%). */
export function chanceBand(p: number): { band: ChanceBand; label: string } {
  const x = Number.isFinite(p) ? p : 0.5;
  const b =
    CHANCE_BANDS.find((c) => (c.past ? x > c.from : x >= c.from)) ?? CHANCE_BANDS[CHANCE_BANDS.length - 1];
  return { band: b.band, label: b.label };
}

/** A rating as shown: whole points ('1624'); its deviation as '±98'. */
export const formatRating = (r: number): string => String(Math.round(r));
export const formatDeviation = (rd: number): string => `\u00b1${Math.round(rd)}`;
/** A rating change: +162 / −40 / ±0. */
export function formatRatingChange(delta: number): string {
  const d = Math.round(delta);
  return d > 0 ? `+${d}` : d < 0 ? `\u2212${-d}` : '\u00b10';
}
/** An arena record: '12–5'. */
export const formatRecord = (r: { wins: number; losses: number }): string => `${r.wins}\u2013${r.losses}`;
/** 1 → '1st', 2 → '2nd', 11 → '11th', 23 → '23rd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A repeat win's share of its rewards as said: 1 → '1', 0.5 → '½', 0.25 → '¼', 0.125 → '⅛'. */
export function formatShare(factor: number): string {
  return factor === 0.5 ? '½' : factor === 0.25 ? '¼' : factor === 0.125 ? '⅛' : String(factor);
}

/** What a campaign stage's first clear pays, in words: "80 gold, 12 essence" (the currencies it pays, in this order). */
export function stageRewardText(r: {
  gold: number;
  magic_essence: number;
  summoning_scrolls: number;
  combat_tokens: number;
}): string {
  return [
    r.gold && `${formatNumber(r.gold)} gold`,
    r.magic_essence && `${formatNumber(r.magic_essence)} essence`,
    r.combat_tokens && counted(r.combat_tokens, 'token'),
    r.summoning_scrolls && counted(r.summoning_scrolls, 'summoning scroll'),
  ]
    .filter(Boolean)
    .join(', ');
}

/** What an idle claim paid, naming only what it paid: 'Claimed 11 gold, 12 xp per hero' (no '0 essence'). */
export function idleClaimText(c: { gold: number; xp_per_hero: number; magic_essence: number }): string {
  const parts = [
    c.gold && `${formatNumber(c.gold)} gold`,
    c.xp_per_hero && `${formatNumber(c.xp_per_hero)} xp per hero`,
    c.magic_essence && `${formatNumber(c.magic_essence)} essence`,
  ].filter(Boolean);
  return parts.length > 0 ? `Claimed ${parts.join(', ')}` : 'Nothing had accrued yet';
}
