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

export function hsl(h: number, s: number, l: number, a = 1): string {
  const hh = Math.round(((h % 360) + 360) % 360);
  return a >= 1
    ? `hsl(${hh} ${Math.round(s)}% ${Math.round(l)}%)`
    : `hsl(${hh} ${Math.round(s)}% ${Math.round(l)}% / ${Math.round(a * 100) / 100})`;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
