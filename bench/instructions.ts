// `npm run bench:instructions`: the instructions one full-content 4v4 battle takes (as the server runs it, under
// tsx) beside one battle of the bare floor (bench/ref-battle.mjs), counted by valgrind's callgrind
// (Debian's package): a figure other processes on the machine cannot move, unlike the timed `npm run bench`.
// Each side runs twice (2,000 and 12,000 battles after the same warm-up); the difference over 10,000 battles
// leaves start-up and compilation out. Ours run under the V8 flags the server runs with (src/server/foundation/v8-flags.ts),
// the floor as given, without them. Takes about three minutes.
import { spawnSync } from 'node:child_process';

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.log('valgrind is not installed (apt-get install valgrind): nothing counted');
  process.exit(0);
}

/** Instructions per battle of `args(n)` (a node command line running n battles after its warm-up). */
function perBattle(args: (n: number) => string[]): number {
  const count = (n: number) => {
    const r = spawnSync(
      'valgrind',
      [
        '--tool=callgrind',
        '--smc-check=all-non-file', // the JIT writes code: count what it writes
        '--callgrind-out-file=/dev/null',
        process.execPath,
        '--single-threaded', // no background compiler threads: the same work every run
        '--predictable', // and no timing-dependent choices (GC, tiering): the same count every run
        ...args(n),
      ],
      { encoding: 'utf8' },
    );
    const m = /Collected : (\d+)/.exec(r.stderr);
    if (!m) throw new Error(`valgrind failed: ${r.stderr.slice(-400)}`);
    return Number(m[1]);
  };
  return (count(12_000) - count(2_000)) / 10_000;
}

const loop = new URL('./battle-loop.ts', import.meta.url).pathname;
const ours = perBattle((n) => ['--import', 'tsx', loop, String(n)]);
console.log(`full-content 4v4 battle: ${Math.round(ours).toLocaleString('en')} instructions`);
const floor = new URL('./ref-battle.mjs', import.meta.url).pathname;
const bare = perBattle((n) => [floor, String(n)]);
console.log(
  `bare floor battle: ${Math.round(bare).toLocaleString('en')} instructions; at equal instructions per second ` +
    `full-content battles run at ${((bare / ours) * 100).toFixed(1)}% of the floor's rate (goal ≥ 25%)`,
);
