// Prints the dungeon difficulty table (src/game/difficulty.ts measures it): for teams of four typical heroes at
// several levels, each dungeon's floors' stated win chance, then issue 17's targets; exits non-zero when one fails.
// Run: npm run difficulty [-- teams=12 samples=400]

import { difficultyChecks, difficultyTable, type DifficultyRow } from '../src/game/difficulty.ts';

export function printDifficulty(rows: DifficultyRow[]): string {
  const levels = [...rows[0].odds.keys()];
  const lines = [
    `| Dungeon | Difficulty | Rec. level | Floor | ${levels.map((l) => `L${l}`).join(' | ')} |`,
    `| --- | --- | --- | --- | ${levels.map(() => '---').join(' | ')} |`,
  ];
  for (const r of rows) {
    const boss = r.floor === r.dungeon.floors ? ' (boss)' : '';
    lines.push(
      `| ${r.dungeon.name} | ${r.dungeon.difficulty} | ${r.dungeon.levelRecommendation} | ${r.floor}${boss} | ${levels
        .map((l) => {
          const cell = `${Math.round(r.odds.get(l)! * 100)}%`;
          return l === r.dungeon.levelRecommendation ? `**${cell}**` : cell;
        })
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, dflt: number) =>
    Number(process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? dflt);
  const started = Date.now();
  const rows = difficultyTable(arg('teams', 12), arg('samples', 400));
  console.log(
    `Dungeon floors' stated win chance for teams of four typical heroes (bold: the recommended level)\n`,
  );
  console.log(printDifficulty(rows));
  console.log('');
  const checks = difficultyChecks(rows);
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.target}: ${c.seen}`);
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}
