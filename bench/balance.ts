// Balance check: many level-matched random 4v4 battles (both sides played by the normal AI, the fast path the
// odds use). Prints the win rate of every race, class and type; exits non-zero if any is outside 42–58%. Also
// prints (not gated) the win rate by the sum of a hero's own stat spread: what a lucky roll is worth.
// Run: node --import tsx bench/balance.ts [battles=100000]

import {
  CLASSES,
  RACES,
  compileTeam,
  createPrng,
  findClass,
  findRace,
  generateHero,
  lastSimulation,
  simulate,
  DRAW,
  SIDE0_WON,
  SIDE1_WON,
  type Hero,
} from '../src/game/index.ts';

const BATTLES = Number(process.argv[2] ?? 100_000);
const LEVELS = [1, 3, 5, 7, 10];
const POOL = 1500;
const rng = createPrng(20261121);

const pools = new Map<number, Hero[]>();
for (const level of LEVELS)
  pools.set(
    level,
    Array.from({ length: POOL }, (_, i) =>
      generateHero(level * 1_000_003 + i * 7919, { id: `b${level}_${i}`, userId: null, level }),
    ),
  );

type Tally = Map<string, { wins: number; games: number }>;
const byRace: Tally = new Map(),
  byClass: Tally = new Map(),
  byType: Tally = new Map(),
  bySpread: Tally = new Map();
/** The sum of a hero's four spread percents (−20 … +20), in bands. */
const spreadBand = (h: Hero) => {
  const sum = h.spread.max_hp + h.spread.atk + h.spread.def + h.spread.spd;
  return sum <= -8
    ? '−20 … −8'
    : sum < -2
      ? '−7 … −3'
      : sum <= 2
        ? '−2 … +2'
        : sum < 8
          ? '+3 … +7'
          : '+8 … +20';
};
const count = (t: Tally, key: string, won: boolean) => {
  const e = t.get(key) ?? { wins: 0, games: 0 };
  e.games++;
  if (won) e.wins++;
  t.set(key, e);
};

const started = performance.now();
let draws = 0;
for (let i = 0; i < BATTLES; i++) {
  const pool = pools.get(LEVELS[rng.int(LEVELS.length)])!;
  const a = [0, 1, 2, 3].map(() => pool[rng.int(POOL)]);
  const b = [0, 1, 2, 3].map(() => pool[rng.int(POOL)]);
  const result = simulate(rng.int(2 ** 31), compileTeam(a), compileTeam(b));
  if (result === DRAW) {
    draws++;
    continue;
  }
  for (const [team, won] of [
    [a, result === SIDE0_WON],
    [b, result === SIDE1_WON],
  ] as const) {
    for (const h of team) {
      count(byRace, findRace(h.race)!.id, won);
      count(byClass, findClass(h.class)!.id, won);
      count(byType, h.type, won);
      count(bySpread, spreadBand(h), won);
    }
  }
}
const seconds = (performance.now() - started) / 1000;

let failures = 0;
const report = (title: string, t: Tally, names: (k: string) => string) => {
  console.log(`\n${title}`);
  for (const [k, { wins, games }] of [...t.entries()].sort(
    (x, y) => y[1].wins / y[1].games - x[1].wins / x[1].games,
  )) {
    const rate = wins / games;
    const ok = rate >= 0.42 && rate <= 0.58;
    if (!ok) failures++;
    console.log(
      `  ${names(k).padEnd(14)} ${(rate * 100).toFixed(1).padStart(5)}%  (${games} appearances)${ok ? '' : '  OUT OF RANGE'}`,
    );
  }
};
console.log(
  `${BATTLES} battles in ${seconds.toFixed(1)} s, ${draws} draws (${((draws / BATTLES) * 100).toFixed(1)}%)`,
);
report('Win rate by race', byRace, (k) => RACES[k].name);
report('Win rate by class', byClass, (k) => CLASSES[k].name);
report('Win rate by type', byType, (k) => k);
const gated = failures;
report('Win rate by spread sum (%, not gated)', bySpread, (k) => k);
failures = gated;

// Battles that end: per team size, the share of draws (the stalemate rule keeps it at most 0.2%) and how long
// battles run, in turns (one unit's action is a turn), over level-matched random teams.
const PER_SIZE = Math.max(2000, Math.round(BATTLES / 5));
console.log(`\nBattle length and draws (${PER_SIZE} battles per team size)`);
for (const size of [1, 2, 4]) {
  const turns: number[] = [];
  let sizeDraws = 0;
  for (let i = 0; i < PER_SIZE; i++) {
    const pool = pools.get(LEVELS[rng.int(LEVELS.length)])!;
    const pick = () => Array.from({ length: size }, () => pool[rng.int(POOL)]);
    if (simulate(rng.int(2 ** 31), compileTeam(pick()), compileTeam(pick())) === DRAW) sizeDraws++;
    turns.push(lastSimulation.turns);
  }
  turns.sort((x, y) => x - y);
  const share = sizeDraws / PER_SIZE;
  const ok = share <= 0.002;
  if (!ok) failures++;
  console.log(
    `  ${size}v${size}: draws ${(share * 100).toFixed(2)}% (${sizeDraws})${ok ? '' : '  OVER 0.2%'}, turns median ` +
      `${turns[Math.floor(PER_SIZE / 2)]}, p90 ${turns[Math.floor(PER_SIZE * 0.9)]}, p99 ${turns[Math.floor(PER_SIZE * 0.99)]}, ` +
      `max ${turns[PER_SIZE - 1]}`,
  );
}
if (failures > 0) {
  console.log(`\n${failures} figure(s) out of bounds (win rates 42–58%, draws ≤ 0.2%)`);
  process.exit(1);
}
console.log('\nall win rates within 42–58%, draws ≤ 0.2% for every team size');
