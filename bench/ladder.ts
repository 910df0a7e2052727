// Measures what an NPC's starting rating should be at each level (src/game/ladder.ts LEVEL_STEP_CHANCE and
// LEVEL_RATING): the honest odds of typical heroes of adjacent levels, and the rating gap each is worth. Prints the
// steps, the ratings they give and the ones in the code. Run: npm run ladder:levels [-- pairs=4000 samples=400]

import {
  LEVEL_RATING,
  LEVEL_STEP_CHANCE,
  levelRatingsFrom,
  measureLevelSteps,
  ratingGapFor,
} from '../src/game/ladder.ts';

const arg = (name: string, dflt: number) =>
  Number(process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? dflt);
const started = Date.now();
const pairs = arg('pairs', 4000);
const samples = arg('samples', 400);
const steps = measureLevelSteps(pairs, samples);
const ratings = levelRatingsFrom(steps);
console.log(`Typical level L+1 hero vs level L (${pairs} pairs, ${samples} duels each)\n`);
console.log('| Step | Chance | Gap | Rating of L+1 | In the code (chance, rating) |');
console.log('| --- | --- | --- | --- | --- |');
for (const [i, p] of steps.entries())
  console.log(
    `| ${i + 1} → ${i + 2} | ${(p * 100).toFixed(1)}% | +${ratingGapFor(p).toFixed(0)} | ${ratings[i + 1]} | ${(LEVEL_STEP_CHANCE[i] * 100).toFixed(1)}%, ${LEVEL_RATING[i + 1]} |`,
  );
console.log(`\nLEVEL_STEP_CHANCE = [${steps.map((p) => p.toFixed(3)).join(', ')}]`);
console.log(`LEVEL_RATING = [${ratings.join(', ')}]`);
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
