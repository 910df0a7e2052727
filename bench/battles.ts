// Throughput of the fast path: 4v4 level-5 auto-battles with full content on one core (normal AI on both
// sides, as the odds use), and the time of one 2,000-battle odds estimate.
// The headline figure divides by this process's CPU time (the script is single-threaded, so that is the time
// spent on one core); wall-clock is printed next to it, and is lower when other work shares the machine.
// The floor of an auto-battle (bench/ref-battle.mjs: speed-ordered turns, attack the weakest enemy, no
// abilities or statuses) runs in the same run, before and after ours, and the share of its rate is printed. Ours
// run under the V8 flags the server runs with (src/server/foundation/v8-flags.ts); the floor runs as given, without them.
// Run: node --import tsx bench/battles.ts

import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import '../src/server/foundation/v8-flags.ts'; // first, as the server runs the rules
import {
  ODDS_SAMPLING,
  SIDE0_WON,
  compileTeam,
  estimateOdds,
  generateHero,
  simulate,
} from '../src/game/index.ts';

const TEAMS = 200;
const heroes = Array.from({ length: TEAMS }, (_, t) =>
  [0, 1, 2, 3].map((k) =>
    generateHero(t * 17 + k * 100_003 + 1, { id: `h${t}_${k}`, userId: null, level: 5 }),
  ),
);
const teams = heroes.map(compileTeam);

function run(n: number): number {
  let aWins = 0;
  for (let i = 0; i < n; i++)
    if (simulate(i * 2654435761, teams[i % TEAMS], teams[(i * 7 + 3) % TEAMS]) === SIDE0_WON) aWins++;
  return aWins;
}

/** The floor's rate (battles per CPU second), or null when its output cannot be read. */
function floorRate(): number | null {
  const script = new URL('./ref-battle.mjs', import.meta.url);
  const out = execFileSync(process.execPath, [script.pathname], { encoding: 'utf8' });
  const m = /reference battles per second: (\d+)/.exec(out);
  return m ? Number(m[1]) : null;
}

const floorBefore = floorRate();
run(20_000); // warm up the JIT
const N = 200_000;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
run(N);
const cpu = process.cpuUsage(cpu0);
const seconds = (performance.now() - t0) / 1000;
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const ours = N / cpuSeconds;
const floorAfter = floorRate();
console.log(`auto-battles per second: ${Math.round(ours)}`);
if (floorBefore !== null && floorAfter !== null) {
  const floor = (floorBefore + floorAfter) / 2;
  console.log(
    `  the bare floor (bench/ref-battle.mjs), same run: ${Math.round(floor)}/s (${Math.round(floorBefore)} before, ` +
      `${Math.round(floorAfter)} after); full-content battles are ${((ours / floor) * 100).toFixed(1)}% of it (goal ≥ 25%)`,
  );
} else console.log('  (bench/ref-battle.mjs printed no rate: the floor was not measured)');
console.log(
  `  (${N} battles, ${cpuSeconds.toFixed(2)} s of CPU on one core; wall-clock ${Math.round(N / seconds)}/s, load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
);

estimateOdds(1, heroes[0], heroes[1], { minSamples: 2000, maxSamples: 2000 });
const t1 = performance.now();
const odds = estimateOdds(2, heroes[2], heroes[3], { minSamples: 2000, maxSamples: 2000 });
console.log(
  `one 2,000-battle odds estimate: ${(performance.now() - t1).toFixed(1)} ms (p = ${odds.probability.toFixed(3)})`,
);
const t2 = performance.now();
const adaptive = estimateOdds(3, heroes[4], heroes[5]);
console.log(
  `adaptive odds estimate (±${ODDS_SAMPLING.half * 100} points at 95%): ${(performance.now() - t2).toFixed(1)} ms over ${adaptive.samples} battles`,
);
