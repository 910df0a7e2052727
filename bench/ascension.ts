// The numbers behind ascension and gear (docs/game-rules.md "Ascension" and "Gear"), measured on the real rules:
//   1. What a star and what gear are worth in a fight: level-matched 4v4 battles on the fast path the odds use
//      (normal AI both sides), one hero among three typical ones against four typical ones (typical: rarity rolled
//      at the altar's odds) — the hero one star up from its own rarity (ascension.ts atRarity), or wearing 2 or 4
//      pieces of each set (gear.ts wearing). Draws count half; the hero bare scores its own baseline.
//   2. The climb: a player of the daily layer's measured income (docs/game-rules.md "The daily layer": scrolls,
//      essence and tokens a day) summons pairs at the real altar (its pity counters), keeps the rarer candidate, fields
//      its four rarest heroes, spends the rest as copies or dismisses them for Star Shards, ascends its lowest hero
//      whenever it can pay, and buys gear with its tokens (Star Shards with what gear leaves), plus the dungeons' drops.
//      Printed: the day each star and each full set comes, the longest wait for the next, and what is left unspent.
// Run: npm run sim:ascension [battles per cell, default 3000]
import {
  afterPair,
  compileTeam,
  createPrng,
  DRAW,
  generateHero,
  generatePair,
  pairFloor,
  SIDE0_WON,
  simulate,
  type Hero,
  type PityCounters,
} from '../src/game/index.ts';
import { ascend, atRarity, rungFrom, shardsFor } from '../src/game/ascension.ts';
import { GEAR_LIST, GEAR_PRICE_TOKENS, GEAR_SETS, wearing } from '../src/game/gear.ts';
import { GEAR_DROP_CHANCE } from '../src/game/data/gear.ts';
import { STAR_SHARD_TOKENS } from '../src/game/data/ascension.ts';

const BATTLES = Number(process.argv[2] ?? 3000);
const POOL = 400;
const pct = (x: number, d = 1) => `${(x * 100).toFixed(d)}%`;

// --- 1. What a star and gear are worth ----------------------------------------------------------------------------
function pool(level: number, seed: number, rarity?: number): Hero[] {
  return Array.from({ length: POOL }, (_, i) =>
    generateHero(seed * 1_000_003 + level * 7_919 + i * 104_729, {
      id: `p${seed}_${i}`,
      userId: null,
      level,
      rarity,
    }),
  );
}

function winRate(mine: (h: Hero) => Hero, typical: Hero[], seed: number): number {
  const rng = createPrng(seed);
  const pick = () => typical[rng.int(typical.length)];
  let score = 0;
  for (let i = 0; i < BATTLES; i++) {
    const a = [mine(pick()), pick(), pick(), pick()];
    const b = [pick(), pick(), pick(), pick()];
    const r = simulate(rng.int(2 ** 31), compileTeam(a), compileTeam(b));
    score += r === SIDE0_WON ? 1 : r === DRAW ? 0.5 : 0;
  }
  return score / BATTLES;
}

const started = performance.now();
const rows: string[] = [];
for (const level of [1, 5, 10]) {
  const typical = pool(level, 1);
  const bare = winRate((h) => h, typical, 11);
  const star = winRate((h) => (h.rarity < 5 ? atRarity(h, h.rarity + 1) : h), typical, 11);
  const cells = [pct(bare), pct(star)];
  for (const set of Object.values(GEAR_SETS)) {
    const pieces = GEAR_LIST.filter((g) => g.set === set.id).map((g) => g.id);
    cells.push(pct(winRate((h) => wearing(h, pieces.slice(0, 2)), typical, 11)));
    cells.push(pct(winRate((h) => wearing(h, pieces), typical, 11)));
  }
  rows.push(`| ${level} | ${cells.join(' | ')} |`);
}
console.log(
  `\nOne hero among four typical ones, 4v4 against four typical ones, ${BATTLES} battles a cell:\n`,
);
console.log(
  `| Level | Bare | One star up | ${Object.values(GEAR_SETS)
    .map((s) => `${s.name} 2 | ${s.name} 4`)
    .join(' | ')} |`,
);
console.log(
  `| ----- | ---- | ----------- | ${Object.values(GEAR_SETS)
    .map(() => '--- | ---')
    .join(' | ')} |`,
);
for (const r of rows) console.log(r);
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);

// --- 2. The climb -------------------------------------------------------------------------------------------------
// A day's income of the daily player (docs/game-rules.md "The daily layer", npm run sim:economy, 2026-11-26): the
// fights of 15 minutes and the layer together. Its gold goes to upgrades and levels (the economy's own sinks), so
// summons here are the free scrolls only.
const DAY = { scrolls: 2.57, essence: 434 + 483, tokens: 203 + 45 };
/** Dungeon clears in the day's dungeon minutes (about 12 of the 15: ~4.5 floors of ~5 s each a run, 93% cleared). */
const CLEARS_A_DAY = 30;
const DAYS = Number(process.env.DAYS ?? 90);
const START_SCROLLS = 5;
const KEEP = process.env.KEEP === '1';

interface Player {
  heroes: Hero[];
  essence: number;
  tokens: number;
  shards: number;
  scrolls: number;
  pity: PityCounters;
  /** pieces held, by id (worn or not) */
  gear: Map<string, number>;
  spent: { essence: number; tokens: number };
}

function climb(seed: number) {
  const rng = createPrng(seed);
  const p: Player = {
    heroes: [],
    essence: 100,
    tokens: 0,
    shards: 0,
    scrolls: START_SCROLLS,
    pity: {},
    gear: new Map(),
    spent: { essence: 0, tokens: 0 },
  };
  let n = 0;
  const summon = () => {
    const floor = pairFloor(p.pity);
    const pair = generatePair(rng.int(2 ** 31), { ids: [`h${n++}`, `h${n++}`], userId: 'u', floor });
    const best = pair.reduce((a, b) => (b.rarity > a.rarity ? b : a));
    p.pity = afterPair(p.pity, best.rarity);
    p.heroes.push(best);
  };
  // The team: the four rarest heroes (KEEP=1: the four rarest of day 1, kept and raised for good — later pulls
  // are only copies and shards).
  let kept: string[] | null = null;
  const rarest = () =>
    [...p.heroes].sort((a, b) => b.rarity - a.rarity || a.id.localeCompare(b.id)).slice(0, 4);
  const team = () => (kept ? kept.map((id) => p.heroes.find((h) => h.id === id)!) : rarest());
  const stars = () => team().reduce((s, h) => s + h.rarity, 0);
  const sets = () => {
    let full = 0;
    for (const set of Object.values(GEAR_SETS)) {
      const have = GEAR_LIST.filter((g) => g.set === set.id).map((g) => p.gear.get(g.id) ?? 0);
      full += Math.min(...have);
    }
    return Math.min(4, full);
  };
  const log: { day: number; stars: number; sets: number; essence: number; tokens: number; shards: number }[] =
    [];
  let carry = 0;
  for (let day = 1; day <= DAYS; day++) {
    carry += DAY.scrolls;
    const scrolls = Math.floor(carry) + (day === 1 ? p.scrolls : 0);
    carry -= Math.floor(carry);
    for (let i = 0; i < scrolls; i++) summon();
    if (KEEP && !kept) kept = rarest().map((h) => h.id);
    p.essence += DAY.essence;
    p.tokens += DAY.tokens;
    for (let i = 0; i < CLEARS_A_DAY; i++)
      if (rng.next() < GEAR_DROP_CHANCE) {
        const g = GEAR_LIST[rng.int(GEAR_LIST.length)];
        p.gear.set(g.id, (p.gear.get(g.id) ?? 0) + 1);
      }
    // Ascend the lowest hero of the team while it can pay: copies from outside the team first, shards for the rest.
    for (;;) {
      const t = team();
      const low = t.reduce((a, b) => (b.rarity < a.rarity ? b : a));
      const rung = rungFrom(low.rarity);
      if (!rung || p.essence < rung.essence) break;
      const spare = p.heroes
        .filter((h) => !t.includes(h) && h.rarity >= low.rarity)
        .sort((a, b) => a.rarity - b.rarity)
        .slice(0, rung.copies);
      const missing = rung.copies - spare.length;
      if (missing * shardsFor(low.rarity) > p.shards) break;
      const out = ascend(low, spare, missing > 0);
      if (!out.ok) break;
      p.essence -= out.paid.essence;
      p.spent.essence += out.paid.essence;
      p.shards -= out.paid.shards;
      p.heroes = p.heroes.filter((h) => h !== low && !spare.includes(h)).concat(out.hero);
    }
    // Heroes no team hero could take as a copy are dismissed for their shards.
    const t = team();
    const least = Math.min(...t.map((h) => h.rarity));
    for (const h of p.heroes.filter((x) => !t.includes(x) && x.rarity < least))
      p.shards += shardsFor(h.rarity);
    p.heroes = p.heroes.filter((x) => t.includes(x) || x.rarity >= least);
    // Tokens: the pieces the team lacks (one set a hero), then Star Shards.
    for (const g of GEAR_LIST) {
      // (GEAR_LIST holds each set's pieces together: a set is completed before the next is begun)
      while ((p.gear.get(g.id) ?? 0) < 1 && p.tokens >= GEAR_PRICE_TOKENS) {
        p.tokens -= GEAR_PRICE_TOKENS;
        p.spent.tokens += GEAR_PRICE_TOKENS;
        p.gear.set(g.id, (p.gear.get(g.id) ?? 0) + 1);
      }
    }
    if (sets() >= 4 || GEAR_LIST.every((g) => (p.gear.get(g.id) ?? 0) >= 1)) {
      const buy = Math.floor(p.tokens / STAR_SHARD_TOKENS);
      p.shards += buy;
      p.tokens -= buy * STAR_SHARD_TOKENS;
      p.spent.tokens += buy * STAR_SHARD_TOKENS;
    }
    log.push({ day, stars: stars(), sets: sets(), essence: p.essence, tokens: p.tokens, shards: p.shards });
  }
  return log;
}

console.log(
  `\nThe climb (a day: ${DAY.scrolls} scrolls, ${DAY.essence} essence, ${DAY.tokens} tokens, ${CLEARS_A_DAY} clears):\n`,
);
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const runs = SEEDS.map(climb);
const dayOf = (log: ReturnType<typeof climb>, f: (r: (typeof log)[number]) => boolean) =>
  log.find(f)?.day ?? Infinity;
console.log(
  '| Seed | Team stars day 1 | Day all 4★ | Day all 5★ | Day 4 sets | Longest wait for a star or set (days, to day 60) | Essence held, max (until all 5★, to 60) |',
);
console.log(
  '| ---- | ---------------- | ---------- | ---------- | ---------- | -------------------------------------------------------------- | --------------------------------------- |',
);
for (const [i, log] of runs.entries()) {
  let last = 0;
  let longest = 0;
  for (let d = 1; d < Math.min(60, log.length); d++) {
    const moved = log[d].stars > log[d - 1].stars || log[d].sets > log[d - 1].sets;
    if (moved) {
      longest = Math.max(longest, log[d].day - last);
      last = log[d].day;
    }
  }
  longest = Math.max(longest, Math.min(60, log.length) - last);
  const top = dayOf(log, (r) => r.stars >= 20);
  const maxEssence = Math.max(...log.slice(0, Math.min(60, top)).map((r) => r.essence));
  console.log(
    `| ${SEEDS[i]} | ${log[0].stars} | ${dayOf(log, (r) => r.stars >= 16)} | ${dayOf(log, (r) => r.stars >= 20)} | ${dayOf(log, (r) => r.sets >= 4)} | ${longest} | ${maxEssence} |`,
  );
}
