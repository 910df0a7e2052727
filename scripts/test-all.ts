// `npm test`: every test, in order — type check and lint, unit/scenario/API tests (Vitest, SQLite and PostgreSQL), then a
// production build and the browser tests (Playwright in Debian's Chromium). Ends with the plain line
// `N passed, N failed` that CI reads, and a non-zero exit code if anything failed or did not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  playwrightOutcome,
  vitestOutcome,
  type Outcome,
  type PlaywrightReport,
  type VitestReport,
} from './test-reports.ts';

const out = join('test-results', 'reports');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv[2]; // optional: 'unit' or 'e2e'
let passed = 0;
let failed = 0;
let broken = false;
/** What failed, named again just above the last line: CI shows only the tail of a long run. */
const failures: string[] = [];
/** What passed only on a retry (none is configured: a retry is a failure to mend at its root), named if one is. */
const flaky: string[] = [];

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): number {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function add(outcome: Outcome): void {
  passed += outcome.passed;
  failed += outcome.failed;
  failures.push(...outcome.failures);
  flaky.push(...outcome.flaky);
}

if (only !== 'e2e') {
  // The web client's types are the API document's (scripts/api-client.ts): regenerated and compared first, so the
  // type check below checks the web's calls against the contract as the server states it now.
  if (
    run('API client types up to date', 'node', ['--import', 'tsx', 'scripts/api-client.ts', '--check']) === 0
  )
    passed += 1;
  else {
    failed += 1;
    failures.push('API client types (run: node --import tsx scripts/api-client.ts)');
  }
  // The type checker, the linter and the formatter check count as one test each.
  for (const [label, args] of [
    ['Type check', ['tsc', '--noEmit', '-p', '.']],
    ['Lint', ['eslint', '.']],
    ['Formatting', ['prettier', '--check', '--log-level', 'warn', '.']],
  ] as const) {
    if (run(label, 'npx', [...args]) === 0) passed += 1;
    else {
      failed += 1;
      failures.push(label);
    }
  }

  const file = join(out, 'vitest.json');
  const code = run('Unit, scenario and API tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
    add(vitestOutcome(r));
    if (r.numFailedTests === 0 && code !== 0) broken = true; // a suite failed to load, or similar
  } else broken = true;
}

if (only !== 'unit') {
  if (
    run('Production build', 'npx', ['vite', 'build', '--logLevel', 'warn']) !== 0 ||
    run('Compressed copies', 'node', ['--import', 'tsx', 'scripts/compress-dist.ts']) !== 0
  )
    broken = true;
  const file = join(out, 'playwright.json');
  const code = run('Browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: resolve(file),
  });
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport;
    add(playwrightOutcome(r));
    if (r.stats.unexpected === 0 && code !== 0) broken = true;
  } else broken = true;
}

if (broken) failed += failed === 0 ? 1 : 0; // a runner that crashed counts as a failure, never as a pass
if (flaky.length > 0) console.log(`\nPassed on retry:\n${flaky.map((f) => `  ~ ${f}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
