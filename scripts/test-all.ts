// `npm test`: every test, in order — type check and lint, unit/scenario/API tests (Vitest, SQLite and PostgreSQL), then a
// production build and the browser tests (Playwright in Debian's Chromium). Ends with the plain line
// `N passed, N failed` that CI reads, and a non-zero exit code if anything failed or did not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const out = join('test-results', 'reports');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv[2]; // optional: 'unit' or 'e2e'
let passed = 0;
let failed = 0;
let broken = false;
/** What failed, named again just above the last line: CI shows only the tail of a long run. */
const failures: string[] = [];

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): number {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTestSuites: number;
  numFailedTestSuites: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

const firstLine = (text = '') => text.split('\n').find((line) => line.trim() !== '') ?? '';

if (only !== 'e2e') {
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
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    for (const file of r.testResults) {
      const where = relative('.', file.name);
      if (file.status === 'failed' && file.assertionResults.length === 0)
        failures.push(`${where}: ${firstLine(file.message)}`);
      for (const test of file.assertionResults)
        if (test.status === 'failed')
          failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (r.numFailedTests === 0 && code !== 0) broken = true; // a suite failed to load, or similar
  } else broken = true;
}

interface PlaywrightSuite {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
  errors?: unknown[];
}

function playwrightFailures(suite: PlaywrightSuite): void {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      if (test.status === 'unexpected')
        failures.push(
          `[${test.projectName}] ${suite.file}:${spec.line} › ${spec.title}: ${firstLine(test.results.at(-1)?.error?.message)}`,
        );
  for (const child of suite.suites ?? []) playwrightFailures(child);
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
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
    for (const suite of r.suites) playwrightFailures(suite);
    if (r.stats.unexpected === 0 && code !== 0) broken = true;
  } else broken = true;
}

if (broken) failed += failed === 0 ? 1 : 0; // a runner that crashed counts as a failure, never as a pass
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
