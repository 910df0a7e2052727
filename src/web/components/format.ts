// Number and text formatting shared by the screens: compact currencies (1.2k), percentages, dates, item types.

/** 950 → "950", 1234 → "1.2k", 15_000 → "15k", 2_500_000 → "2.5M". Rounds down so it never shows more than held. */
export function formatCompact(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const scaled = Math.floor((abs / size) * 10) / 10;
      const text = scaled >= 100 ? String(Math.floor(scaled)) : String(scaled);
      return `${sign}${text}${suffix}`;
    }
  }
  return `${sign}${abs}`;
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/** A 0..1 chance as a whole percentage (spec §9). */
export const wholePercent = (p: number | null | undefined): number =>
  typeof p === 'number' && Number.isFinite(p) ? Math.round(p * 100) : 50;

/** A hero's spread on one stat: 4 → '+4%', -3 → '−3%', 0 → '±0%'. */
export const formatSpread = (pct: number): string =>
  pct > 0 ? `+${pct}%` : pct < 0 ? `\u2212${-pct}%` : '\u00b10%';

/** 'upgrade_mat' → 'UPGRADE MAT' (spec §2 /shop). */
export const itemTypeLabel = (type: string): string => type.replace(/_/g, ' ').toUpperCase();

/** Epoch seconds → 'November 21, 2026'. */
export function formatJoined(epochSeconds: number): string {
  if (!epochSeconds) return '—';
  return new Date(epochSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
