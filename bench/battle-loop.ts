// The battles `npm run bench` times, as a bare loop for bench/instructions.ts to count the instructions of:
// 20,000 warm-up battles, then argv[2] more. Prints side A's wins so the loop cannot be optimised away.
import '../src/server/foundation/v8-flags.ts'; // as the server runs them
import { SIDE0_WON, compileTeam, generateHero, simulate } from '../src/game/index.ts';

const TEAMS = 200;
const teams = Array.from({ length: TEAMS }, (_, t) =>
  compileTeam(
    [0, 1, 2, 3].map((k) =>
      generateHero(t * 17 + k * 100_003 + 1, { id: `h${t}_${k}`, userId: null, level: 5 }),
    ),
  ),
);
function run(n: number): number {
  let aWins = 0;
  for (let i = 0; i < n; i++)
    if (simulate(i * 2654435761, teams[i % TEAMS], teams[(i * 7 + 3) % TEAMS]) === SIDE0_WON) aWins++;
  return aWins;
}
run(20_000);
console.log(`side A won ${run(Number(process.argv[2] ?? 10_000))}`);
