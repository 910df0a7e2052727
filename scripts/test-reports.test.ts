// What npm test names at the end of a run, from the runners' JSON reports: failures, and tests that passed only
// on their retry, with the first line of their error.
import { describe, expect, it } from 'vitest';
import { playwrightOutcome, vitestOutcome } from './test-reports.ts';

describe('vitestOutcome', () => {
  it('counts, and names what failed, what did not load and what passed only on its retry', () => {
    const outcome = vitestOutcome(
      {
        numPassedTests: 2,
        numFailedTests: 1,
        testResults: [
          {
            name: '/repo/tests/api/a.test.ts',
            status: 'failed',
            assertionResults: [
              {
                fullName: 'a fails',
                status: 'failed',
                failureMessages: ['\nAssertionError: 1 !== 2\n  at x'],
              },
              { fullName: 'a flakes', status: 'passed', failureMessages: ['Error: timed out'] },
              { fullName: 'a passes', status: 'passed', failureMessages: [] },
            ],
          },
          {
            name: '/repo/src/b.test.ts',
            status: 'failed',
            message: 'SyntaxError: Unexpected token',
            assertionResults: [],
          },
        ],
      },
      '/repo',
    );
    expect(outcome).toEqual({
      passed: 2,
      failed: 1,
      failures: [
        'tests/api/a.test.ts › a fails: AssertionError: 1 !== 2',
        'src/b.test.ts: SyntaxError: Unexpected token',
      ],
      flaky: ['tests/api/a.test.ts › a flakes: Error: timed out'],
    });
  });
});

describe('playwrightOutcome', () => {
  it('counts flaky tests as passed and names them, and names every failure in nested suites', () => {
    const failure = {
      error: { message: 'Error: \x1b[2mexpect(\x1b[22mlocator).toBeVisible() failed\n\nLocator: …' },
    };
    const outcome = playwrightOutcome({
      stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          file: 'a.spec.ts',
          specs: [
            {
              title: 'passes',
              line: 3,
              tests: [{ projectName: 'phone', status: 'expected', results: [{}] }],
            },
          ],
          suites: [
            {
              file: 'a.spec.ts',
              specs: [
                {
                  title: 'flakes',
                  line: 9,
                  tests: [{ projectName: 'desktop', status: 'flaky', results: [failure, {}] }],
                },
                {
                  title: 'fails',
                  line: 20,
                  tests: [{ projectName: 'phone', status: 'unexpected', results: [failure, failure] }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(outcome).toEqual({
      passed: 4,
      failed: 1,
      failures: ['[phone] a.spec.ts:20 › fails: Error: expect(locator).toBeVisible() failed'],
      flaky: ['[desktop] a.spec.ts:9 › flakes: Error: expect(locator).toBeVisible() failed'],
    });
  });
});
