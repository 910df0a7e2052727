// Browser tests (tests/e2e) in Debian's Chromium against the real server on a fresh SQLite file.
// The server serves the built client from dist/: run `npm run build` first (`npm test` does).
// Never `playwright install`. E2E_PORT picks the port (default 3123) so two runs can live side by side.
import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEBIAN_CHROMIUM } from './tests/e2e/debian-chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3123);
// E2E_BASE_URL points the tests at a server that is already running (no webServer is started then).
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${port}`;
// Computed once in the runner and handed to the workers (which re-evaluate this file but never start the server)
// through the environment, for tests that arrange in the store what no screen can (tests/e2e/store-setup.ts);
// with E2E_BASE_URL, set E2E_DATABASE_URL to that server's database.
const databaseFile = (process.env.E2E_DATABASE_FILE ??= join(
  tmpdir(),
  `runeborn-e2e-${port}-${Date.now()}.db`,
));
if (!external) process.env.E2E_DATABASE_URL ??= `sqlite:${databaseFile}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Separate artifact folders when several runs share the machine (E2E_PORT set).
  outputDir: process.env.E2E_PORT ? `test-results/playwright-${port}` : 'test-results/playwright',
  fullyParallel: false,
  workers: 2,
  // No retry, on CI or here: a browser test that fails once is a bug to mend at its root, not a setting.
  retries: 0,
  // The longest tests play whole fights (40 s on a quiet machine); a loaded CI machine has run them 2–3× slower
  // (the replay test timed out at 60 s there and passed on its retry), so on CI each test and each expectation
  // gets twice the time.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: DEBIAN_CHROMIUM,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    reducedMotion: 'reduce',
    // The app's service worker stays out of the way of request routing (page.route never sees what a worker
    // answers); tests/e2e/installable.spec.ts allows it and tests the worker itself.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: 'node --import tsx src/server/main.ts',
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: process.env.E2E_DATABASE_URL ?? `sqlite:${databaseFile}`,
          RATE_LIMIT: 'off',
          // Two workers arrange their worlds on this one server at once, each with a burst of fights: a fight waits
          // for the battle simulators rather than being refused as busy after half a second (refusals under a
          // flood are the API tests' to show: tests/api/concurrency.test.ts, limits.test.ts).
          ODDS_WAIT_MS: '30000',
          LOG_LEVEL: 'warn',
          // the operator's console's operators, one a project (tests/e2e/admin.spec.ts)
          ADMIN_USERNAMES: 'e2e_op_phone,e2e_op_desktop',
        },
      },
});
