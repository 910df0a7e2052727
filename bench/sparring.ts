// Sparring partners (src/game/sparring.ts, searched by src/server/fights/fair-matches.ts sparringOffers): how
// steeply a 1v1 duel's odds turn with the partner's power (SPARRING_SLOPE), and how the search does — for generated
// heroes of several levels and rarities (and some far beyond level 10 5★), how many of 6 wanted partners it finds
// within its budget, and what that costs in looks, estimates and simulated battles. The same search the server runs,
// with the odds computed in this process (the estimate and the looks of the rules core, as the odds pool runs them).
// Run: npm run bench:sparring [-- heroes=40]
import { estimateOdds } from '../src/game/battle/odds.ts';
import { screenMatchups } from '../src/game/fair-screen.ts';
import { heroPower } from '../src/game/campaign.ts';
import { generateHero } from '../src/game/generation.ts';
import { createPrng, hashSeed } from '../src/game/prng.ts';
import { SPARRING_SLOPE, sparringOptions } from '../src/game/sparring.ts';
import type { Hero } from '../src/game/types.ts';
import { sparringOffers, type FairOdds } from '../src/server/fights/fair-matches.ts';

const arg = (name: string, dflt: number) =>
  Number(process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? dflt);
const HEROES = arg('heroes', 40);
const started = Date.now();

// ---- the slope: log-odds against ln power, partners 5% either side of a pair at even power ---------------------
const logit = (p: number) => Math.log(p / (1 - p));
const slopes: number[] = [];
for (let i = 0; slopes.length < 200 && i < 5000; i++) {
  const level = (i % 10) + 1;
  const rarity = (i % 5) + 1;
  const hero = generateHero(hashSeed('slope hero', i), { id: 'h', userId: 'u', level, rarity });
  const options = sparringOptions(hero, i % 1000).filter((o) => o.make.training === 0);
  const o = options.reduce((a, b) =>
    Math.abs(Math.log(b.power / heroPower(hero))) < Math.abs(Math.log(a.power / heroPower(hero))) ? b : a,
  );
  const at = (m: number) => {
    const p = {
      ...o.partner,
      max_hp: Math.round(o.partner.max_hp * m),
      hp: Math.round(o.partner.max_hp * m),
      atk: Math.round(o.partner.atk * m),
      def: Math.round(o.partner.def * m),
    };
    return {
      p: estimateOdds(hashSeed('slope', i, m), [hero], [p], { minSamples: 800, maxSamples: 800 }).probability,
      power: heroPower(p),
    };
  };
  const [lo, hi] = [at(0.95), at(1.05)];
  // Only pairs measured away from all-or-nothing say anything of the slope.
  if (Math.min(lo.p, hi.p) < 0.03 || Math.max(lo.p, hi.p) > 0.97) continue;
  slopes.push((logit(lo.p) - logit(hi.p)) / Math.log(hi.power / lo.power));
}
slopes.sort((a, b) => a - b);
const q = (f: number) => slopes[Math.floor(f * (slopes.length - 1))]!.toFixed(1);
console.log(
  `Slope of log-odds per ln power, ${slopes.length} pairs (partner ×0.95 and ×1.05, 800 duels each): ` +
    `quartiles ${q(0.25)} / ${q(0.5)} / ${q(0.75)} (SPARRING_SLOPE = ${SPARRING_SLOPE})\n`,
);

// ---- the search ------------------------------------------------------------------------------------------------
let looks = 0;
let estimates = 0;
let battles = 0;
const inProcess: FairOdds = {
  screen: async (a, bs, need) => {
    const out = screenMatchups(
      bs.map((b) => ({ seed: hashSeed('bench', a[0]!.id, a[0]!.atk, b[0]!.id), a, b })),
      need,
    );
    for (const m of out) {
      if (!m) continue;
      battles += m.samples;
      if (m.estimate === null) looks++;
      else estimates++;
    }
    return out;
  },
};
const scaled = (h: Hero, by: number): Hero => {
  const max_hp = Math.round(h.max_hp * by);
  return { ...h, max_hp, hp: max_hp, atk: Math.round(h.atk * by), def: Math.round(h.def * by) };
};
console.log(`Sparring partners for ${HEROES} generated heroes each, 6 wanted\n`);
console.log(
  '| Hero | Found | Short heroes | Passed over at a look a set | Estimates a set | Battles a set | ms a set |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const [level, rarity, by] of [
  [1, 1, 1],
  [1, 2, 1],
  [3, 2, 1],
  [5, 3, 1],
  [8, 4, 1],
  [10, 5, 1],
  [10, 5, 1.5],
  [10, 5, 2.5],
] as const) {
  const [l0, e0, b0, t0] = [looks, estimates, battles, performance.now()];
  let found = 0;
  let short = 0;
  for (let i = 0; i < HEROES; i++) {
    const hero = scaled(
      generateHero(hashSeed('bench hero', level, rarity, i), { id: `h_${i}`, userId: 'u', level, rarity }),
      by,
    );
    const got = await sparringOffers(inProcess, hero, createPrng(hashSeed('draw', i)), new Set(), 6);
    found += got.length;
    if (got.length < 6) short++;
  }
  const per = (n: number) => (n / HEROES).toFixed(1);
  console.log(
    `| level ${level} ${rarity}★${by > 1 ? ` ×${by}` : ''} | ${found}/${HEROES * 6} | ${short} | ${per(looks - l0)} | ` +
      `${per(estimates - e0)} | ${Math.round((battles - b0) / HEROES / 1000)}k | ${per(performance.now() - t0)} |`,
  );
}
console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s, one thread)`);
