// Balance check: many level-matched random 4v4 battles (both sides played by the normal AI, the fast path the
// odds use). Prints the win rate of every race, class and type; exits non-zero if any is outside 42–58%. Also
// prints (not gated) the win rate by the sum of a hero's own stat spread: what a lucky roll is worth.
// The measure itself is src/game/balance.ts (the fairness page runs it too).
// Run: node --import tsx bench/balance.ts [battles=100000]

import {
  BALANCE_GATE,
  BALANCE_POOL,
  DRAW_GATE,
  CLASSES,
  RACES,
  balancePools,
  createPrng,
  measureBalance,
  measureLength,
  type Tally,
} from '../src/game/index.ts';

const BATTLES = Number(process.argv[2] ?? 100_000);
const rng = createPrng(20261121);
const pools = balancePools(BALANCE_POOL);

const started = performance.now();
const run = measureBalance(pools, BATTLES, rng);
const draws = run.draws;
const seconds = (performance.now() - started) / 1000;

let failures = 0;
const report = (title: string, t: Tally, names: (k: string) => string) => {
  console.log(`\n${title}`);
  for (const [k, { wins, games }] of [...t.entries()].sort(
    (x, y) => y[1].wins / y[1].games - x[1].wins / x[1].games,
  )) {
    const rate = wins / games;
    const ok = rate >= BALANCE_GATE.low && rate <= BALANCE_GATE.high;
    if (!ok) failures++;
    console.log(
      `  ${names(k).padEnd(14)} ${(rate * 100).toFixed(1).padStart(5)}%  (${games} appearances)${ok ? '' : '  OUT OF RANGE'}`,
    );
  }
};
console.log(
  `${BATTLES} battles in ${seconds.toFixed(1)} s, ${draws} draws (${((draws / BATTLES) * 100).toFixed(1)}%)`,
);
report('Win rate by race', run.race, (k) => RACES[k].name);
report('Win rate by class', run.class, (k) => CLASSES[k].name);
report('Win rate by type', run.type, (k) => k);
const gated = failures;
report('Win rate by spread sum (%, not gated)', run.spread, (k) => k);
failures = gated;

// Battles that end: per team size, the share of draws (the stalemate rule keeps it at most 0.2%) and how long
// battles run, in turns (one unit's action is a turn), over level-matched random teams.
const PER_SIZE = Math.max(2000, Math.round(BATTLES / 5));
console.log(`\nBattle length and draws (${PER_SIZE} battles per team size)`);
for (const size of [1, 2, 4]) {
  const { draws: sizeDraws, turns } = measureLength(pools, PER_SIZE, rng, size);
  const share = sizeDraws / PER_SIZE;
  const ok = share <= DRAW_GATE;
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
