// The art's own seeded dice: a tiny mulberry32 stream so portraits and scenes stay pure and repeatable.
// Game rules use src/game/prng.ts; art keeps its own so a change there never repaints every hero.

export interface ArtDice {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function artDice(seed: number): ArtDice {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

/** One decimal is plenty for a 200-unit viewBox and keeps the markup small. */
export function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

/** An HSL colour as the shortest safe SVG paint: #rrggbb when opaque, hsl(… / a) when not. */
export function hsl(h: number, s: number, l: number, a = 1): string {
  const hh = Math.round(((h % 360) + 360) % 360);
  const ss = Math.round(Math.max(0, Math.min(100, s)));
  const ll = Math.round(Math.max(0, Math.min(100, l)));
  if (a < 1) return `hsl(${hh} ${ss}% ${ll}% / ${Math.round(a * 100) / 100})`;
  const k = (m: number): number => (m + hh / 30) % 12;
  const c = (ss / 100) * Math.min(ll / 100, 1 - ll / 100);
  const channel = (m: number): string =>
    Math.round(255 * (ll / 100 - c * Math.max(-1, Math.min(k(m) - 3, 9 - k(m), 1))))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
