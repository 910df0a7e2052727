// What `npm test` (scripts/test-all.ts) reads from the runners' JSON reports: how many passed and failed, and the
// name and first error line of each test that failed or passed only on its retry — printed again at the end of
// the run, because CI shows only its tail.
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export interface Outcome {
  passed: number;
  failed: number;
  /** `where › test: first line of its error` */
  failures: string[];
  /** the same, for tests that passed only on a retry */
  flaky: string[];
}

/** Vitest's JSON reporter (the fields read here). */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] | null }[];
  }[];
}

/** Playwright's JSON reporter (the fields read here). */
export interface PlaywrightSuite {
  file: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
}
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

const firstLine = (text = ''): string =>
  stripVTControlCharacters(text)
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

export function vitestOutcome(report: VitestReport, cwd = '.'): Outcome {
  const outcome: Outcome = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    failures: [],
    flaky: [],
  };
  for (const file of report.testResults) {
    const where = relative(cwd, file.name);
    // A file that failed without a test failing did not load: it is named, and counted by the caller's exit code.
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
      outcome.failures.push(`${where}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults) {
      const errors = test.failureMessages ?? [];
      const line = `${where} › ${test.fullName}: ${firstLine(errors[0])}`;
      if (test.status === 'failed') outcome.failures.push(line);
      else if (test.status === 'passed' && errors.length > 0) outcome.flaky.push(line);
    }
  }
  return outcome;
}

export function playwrightOutcome(report: PlaywrightReport): Outcome {
  const outcome: Outcome = {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    failures: [],
    flaky: [],
  };
  const walk = (suite: PlaywrightSuite): void => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        const error = test.results.find((r) => r.error)?.error?.message;
        const line = `[${test.projectName}] ${suite.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`;
        if (test.status === 'unexpected') outcome.failures.push(line);
        else if (test.status === 'flaky') outcome.flaky.push(line);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return outcome;
}
