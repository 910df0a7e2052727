// Honest odds: stated probabilities match how fights actually go (binned calibration against independent
// simulated battles), the roll rule is exactly `won ⇔ roll > 1 - probability`, and the story told matches it.

import { describe, expect, it } from 'vitest';
import { generateHero } from '../generation.ts';
import { createPrng, hashSeed } from '../prng.ts';
import type { Hero } from '../types.ts';
import { compileTeam } from './compile.ts';
import { simulate } from './simulate.ts';
import { SIDE0_WON } from './core.ts';
import {
  ODDS_SAMPLING,
  STORY_TRIES,
  estimateOdds,
  intervalHalfWidth,
  narrateFight,
  resolveFight,
  sampleWins,
  screenedEstimate,
  tellAgain,
} from './odds.ts';
import { LOOKS } from '../fair-screen.ts';

const hero = (seed: number, id: string, level: number) => generateHero(seed, { id, userId: null, level });

describe('estimateOdds', () => {
  it('is calibrated: in every probability bin, the observed win rate matches the stated one', () => {
    const rng = createPrng(77);
    const bins = Array.from({ length: 5 }, () => ({ stated: 0, won: 0, n: 0 }));
    for (let m = 0; m < 200; m++) {
      // half even matchups, half uneven (sizes and levels differ), so the probabilities spread over 0..1
      const even = m % 2 === 0;
      const la = 1 + rng.int(10),
        lb = even ? la : Math.max(1, Math.min(10, la + rng.int(5) - 2));
      const na = 1 + rng.int(4),
        nb = even ? na : 1 + rng.int(4);
      const a: Hero[] = Array.from({ length: na }, (_, k) => hero(rng.int(2 ** 31), `a${k}`, la));
      const b: Hero[] = Array.from({ length: nb }, (_, k) => hero(rng.int(2 ** 31), `b${k}`, lb));
      const { probability } = estimateOdds(rng.int(2 ** 31), a, b, { minSamples: 400, maxSamples: 400 });
      const ta = compileTeam(a),
        tb = compileTeam(b);
      const bin = bins[Math.min(4, Math.floor(probability * 5))];
      for (let f = 0; f < 20; f++) {
        bin.n++;
        bin.stated += probability;
        if (simulate(rng.int(2 ** 31), ta, tb) === SIDE0_WON) bin.won++;
      }
    }
    const filled = bins.filter((b) => b.n >= 200);
    for (const b of filled) {
      // three standard errors of a binomial rate, plus a little for the estimate's own sampling noise
      expect(Math.abs(b.won / b.n - b.stated / b.n)).toBeLessThan(3 * Math.sqrt(0.25 / b.n) + 0.02);
    }
    expect(filled.length).toBeGreaterThanOrEqual(3);
  });

  it('stops as soon as the 95% interval is ±3 points: early far from even, late near it', () => {
    const even = estimateOdds(9, [hero(1, 'a', 5)], [hero(1, 'b', 5)]); // a hero against its like
    expect(even.samples).toBeGreaterThanOrEqual(1000);
    expect(even.samples).toBeLessThanOrEqual(6000);
    const lopsided = estimateOdds(9, [hero(3, 'a', 10), hero(4, 'c', 10)], [hero(5, 'b', 1)]);
    expect(lopsided.probability).toBeGreaterThan(0.95);
    expect(lopsided.samples).toBeLessThan(500);
    for (const r of [even, lopsided])
      expect(intervalHalfWidth(r.probability * r.samples, r.samples)).toBeLessThanOrEqual(ODDS_SAMPLING.half);
  });

  it('keeps its precision: each estimate within ±3 points of the matchup’s chance about 19 times in 20', () => {
    // The chance as 20,000 other battles of the same matchup tell it (±0.7 points or better). Every matchup is a
    // team against its own likeness — near even, where an estimate needs the most battles — so one that stopped
    // too early (at ±6 points: 29 of 40) misses far more often. The precision the fairness page states is
    // written here, so that loosening the sampling fails.
    const STATED = 0.03;
    const rng = createPrng(5150);
    let within = 0;
    const N = 40;
    for (let m = 0; m < N; m++) {
      const level = 1 + rng.int(10);
      const seeds = [rng.int(2 ** 31), rng.int(2 ** 31)];
      const a = [hero(seeds[0], 'a', level), hero(seeds[1], 'c', level)];
      const b = [hero(seeds[0], 'b', level), hero(seeds[1], 'd', level)];
      const estimate = estimateOdds(rng.int(2 ** 31), a, b).probability;
      const truth = estimateOdds(rng.int(2 ** 31), a, b, {
        minSamples: 20000,
        maxSamples: 20000,
      }).probability;
      if (Math.abs(estimate - truth) <= STATED + 0.005) within++;
    }
    expect(within).toBeGreaterThanOrEqual(N - 4);
  });
});

describe('screenedEstimate', () => {
  it('is the estimate — same battles, same stop — or a look that passed the matchup over', () => {
    const rng = createPrng(77);
    let passed = 0;
    let estimated = 0;
    for (let m = 0; m < 30; m++) {
      const level = 1 + rng.int(10);
      const own = rng.int(2 ** 31);
      const a = [hero(own, 'a', level)];
      // every other duel the hero's likeness: near even, so estimated
      const b = [hero(m % 2 ? own : rng.int(2 ** 31), 'b', level)];
      const seed = rng.int(2 ** 31);
      const s = screenedEstimate(seed, a, b, LOOKS);
      if (s.estimate === null) {
        passed++;
        const look = LOOKS.find((l) => l.battles === s.samples)!;
        expect(s.chance < look.within[0] || s.chance > look.within[1]).toBe(true);
        expect(sampleWins(seed, a, b, 0, s.samples) / s.samples).toBe(s.chance);
      } else {
        estimated++;
        expect({ probability: s.estimate, samples: s.samples }).toEqual(estimateOdds(seed, a, b));
      }
    }
    expect(passed).toBeGreaterThan(5);
    expect(estimated).toBeGreaterThan(5);
  });
});

describe('resolveFight', () => {
  it('wins exactly when roll > 1 - probability, and tells a story with that outcome', () => {
    let wins = 0;
    for (let s = 0; s < 6; s++) {
      const a = [hero(s * 10 + 1, 'a', 4), hero(s * 10 + 2, 'c', 4)];
      const b = [hero(s * 10 + 3, 'b', 4), hero(s * 10 + 4, 'd', 4)];
      const r = resolveFight(s, a, b);
      expect(r.won).toBe(r.roll > 1 - r.probability);
      expect(r.roll).toBeGreaterThanOrEqual(0);
      expect(r.roll).toBeLessThan(1);
      const sentences = r.description.split(/(?<=[.!])\s+/).filter(Boolean);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(5);
      expect(r.description).toContain(a[0].name.split(' ')[0]);
      expect(r.scenarios.win.length).toBeGreaterThan(10);
      expect(r.scenarios.lose.length).toBeGreaterThan(10);
      if (r.won) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(0);
  });

  it('narrates the outcome it is asked for', () => {
    const a = [hero(11, 'a', 5), hero(12, 'c', 5)];
    const b = [hero(13, 'b', 5), hero(14, 'd', 5)];
    const win = narrateFight(3, a, b, true).description;
    const lose = narrateFight(3, a, b, false).description;
    const names = (hs: Hero[]) => hs.map((h) => h.name.split(' ')[0]);
    expect(win).toMatch(/victorious|overcame/);
    expect(lose).toMatch(/victorious|fell|draw|time ran out/);
    // the winners named at the end of each story differ
    const tail = (s: string) => s.slice(s.lastIndexOf('After'));
    expect(names(a).some((n) => tail(win).includes(n)) || win.includes('overcame')).toBe(true);
    expect(names(b).some((n) => tail(lose).includes(n)) || /fell|time ran out/.test(lose)).toBe(true);
  });

  it('tells the first of its story battles that went the rolled way, looked for on the fast path', () => {
    let told = 0;
    for (let k = 0; k < 40; k++) {
      const a = [hero(300 + k, 'a', 5), hero(400 + k, 'c', 5)];
      const b = [hero(500 + k, 'b', 3 + (k % 6)), hero(600 + k, 'd', 5)];
      for (const won of [true, false]) {
        const story = narrateFight(k, a, b, won);
        // the battle the full path (events and all) finds first, looking through the same seeds
        let first: number | null = null;
        for (let i = 0; i < STORY_TRIES && first === null; i++) {
          const seed = hashSeed(k, 'story', i);
          if ((tellAgain(seed, a, b).events.at(-1)?.outcome === 'won') === won) first = seed;
        }
        expect(story.told?.seed ?? null).toBe(first);
        if (story.told) {
          expect(story.told.events.at(-1)?.outcome === 'won').toBe(won);
          told++;
        }
      }
    }
    expect(told).toBeGreaterThan(60);
  });

  it('tells the moments of a story in the order they happened', () => {
    for (let k = 0; k < 30; k++) {
      const a = [hero(100 + k, 'a', 5)];
      const b = [hero(200 + k, 'b', 5)];
      for (const won of [true, false]) {
        const story = narrateFight(k, a, b, won).description;
        const turns = [...story.matchAll(/turn (\d+)/g)].map((m) => Number(m[1]));
        expect(turns, story).toEqual([...turns].sort((x, y) => x - y));
        // a finishing blow names the blow, basic attacks included
        for (const m of story.matchAll(/On turn \d+, ([^.]+) finished/g)) expect(m[1], story).toMatch(/'s /);
      }
    }
  });
});

describe('the story of a fight', () => {
  it('names what was used from the facts: every ability it names is a whole ability or attack name', async () => {
    const { ABILITIES, CLASSES } = await import('../content.ts');
    const names = new Set([
      ...Object.values(ABILITIES).map((a) => a.name),
      ...Object.values(CLASSES).map((c) => c.attackName),
    ]);
    let told = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const n = 1 + (seed % 4);
      const side = (base: number, p: string) =>
        Array.from({ length: n }, (_, i) => hero(base + i, `${p}${i}`, 1 + (seed % 10)));
      const { description } = narrateFight(
        seed,
        side(seed * 7, 'h'),
        side(seed * 7 + 100, 'npc_'),
        seed % 3 !== 0,
      );
      for (const m of description.matchAll(/(?:opened with|unleashed) /g)) {
        const rest = description.slice(m.index + m[0].length);
        const named = [...names].some(
          (name) => rest.startsWith(name) && /^( on |\.)/.test(rest.slice(name.length)),
        );
        expect(named, `${rest.slice(0, 40)} in: ${description}`).toBe(true);
        told++;
      }
    }
    expect(told).toBeGreaterThan(100);
  });
});

describe('the story’s grammar', () => {
  it('says "1 turn", never "1 turns"', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const a = [hero(seed, 'h0', 30)];
      const b = [hero(seed + 500, 'npc_0', 1)];
      const { description } = narrateFight(seed, a, b, true);
      expect(description).not.toMatch(/\b1 turns\b/);
    }
  });
});
