// The only source of randomness in src/game: sfc32, seeded through splitmix32. Its state is four 32-bit
// words, so whatever it drives (a battle, a generation) can store it as JSON and resume exactly.
// The battle core keeps its own copy of these four words inline (src/game/battle/core.ts) for speed.

export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  getState(): number[];
}

/** splitmix32 step: spreads a 32-bit seed into well-mixed words. */
export function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** Four sfc32 words from one seed. */
export function seedWords(seed: number): [number, number, number, number] {
  const s0 = (seed | 0) >>> 0;
  const a = splitmix32(s0);
  const b = splitmix32(a);
  const c = splitmix32(b);
  const d = splitmix32(c);
  return [a, b, c, d];
}

class Sfc32 implements Prng {
  a: number;
  b: number;
  c: number;
  d: number;
  constructor(s: readonly number[]) {
    this.a = s[0] | 0;
    this.b = s[1] | 0;
    this.c = s[2] | 0;
    this.d = s[3] | 0;
  }
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  getState(): number[] {
    return [this.a, this.b, this.c, this.d];
  }
}

export function createPrng(seed: number): Prng {
  const p = new Sfc32(seedWords(seed));
  // Discard a few outputs so nearby seeds diverge at once.
  for (let i = 0; i < 12; i++) p.next();
  return p;
}

export function prngFromState(state: number[]): Prng {
  if (!Array.isArray(state) || state.length !== 4) throw new Error('prng state must be four 32-bit words');
  return new Sfc32(state);
}

/** A stable 32-bit seed from strings and numbers (FNV-1a over the parts, finished with splitmix32). */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = typeof part === 'number' ? `#${part}` : `$${part}`;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x2c;
    h = Math.imul(h, 0x01000193);
  }
  return splitmix32(h >>> 0);
}
