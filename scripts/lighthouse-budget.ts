// The first screen's performance budget (`npm run budget`, after the build and its size budget): Lighthouse's
// mobile performance score of / and /herocard, the built app (dist/) served by the real server (buildApp, on a
// fresh SQLite file and a free port), in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Each page is
// measured BUDGET_RUNS times (default 5), the pages taking turns so a busy minute on the shared machine touches
// both; every run is printed, and the budget is on each page's median score (Lighthouse advises several runs and
// their median on a noisy machine; the line also shows its median run, Lighthouse's pick nearest the medians of
// first paint and time to interactive). Fails (exit 1) when a page's median score is below 0.97.
// BUDGET_REPORTS=dir keeps each run's full JSON report; BUDGET_DIST=dir measures another build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import * as chromeLauncher from 'chrome-launcher';
import { buildApp } from '../src/server/app.ts';

const BUDGET = 0.97;
const PAGES = ['/', '/herocard'];
const runs = Number(process.env.BUDGET_RUNS ?? 5);
const reports = process.env.BUDGET_REPORTS;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['SI', 'speed-index'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

const line = (r: Result): string => {
  const score = (r.categories.performance.score ?? 0).toFixed(2);
  const metrics = METRICS.map(([short, id]) => {
    const v = r.audits[id].numericValue ?? NaN;
    return `${short} ${id === 'cumulative-layout-shift' ? v.toFixed(3) : `${Math.round(v)} ms`}`;
  });
  return `${score}  ${metrics.join(', ')}`;
};

const dir = mkdtempSync(join(tmpdir(), 'runeborn-budget-'));
const app = await buildApp({
  databaseUrl: `sqlite:${join(dir, 'runeborn.db')}`,
  logger: false,
  rateLimits: false,
  webRoot: process.env.BUDGET_DIST ?? resolve(import.meta.dirname, '..', 'dist'),
  oddsThreads: 1,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('the server has no port');
const origin = `http://127.0.0.1:${address.port}`;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});
/** One Lighthouse run; a run whose trace came out unusable (NO_NAVSTART and the like, on a busy machine) is retried twice. */
async function measure(path: string, tries = 3): Promise<{ lhr: Result; report: string }> {
  const answer = await lighthouse(`${origin}${path}`, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  const error = answer ? answer.lhr.runtimeError?.message : 'no result';
  if (answer && !error) return { lhr: answer.lhr, report: answer.report as string };
  if (tries > 1) {
    console.log(`${path.padEnd(10)} Lighthouse failed (${error}); again`);
    return measure(path, tries - 1);
  }
  throw new Error(`${path}: ${error}`);
}

const results = new Map<string, Result[]>(PAGES.map((p) => [p, []]));
try {
  for (let i = 1; i <= runs; i++) {
    for (const path of PAGES) {
      const answer = await measure(path);
      results.get(path)!.push(answer.lhr);
      console.log(`${path.padEnd(10)} run ${i}/${runs}: ${line(answer.lhr)}`);
      if (reports) {
        mkdirSync(reports, { recursive: true });
        const name = path === '/' ? 'landing' : path.slice(1);
        writeFileSync(join(reports, `${name}-${i}.json`), answer.report);
      }
    }
  }
} finally {
  await chrome.kill();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

let failed = false;
console.log(
  `\nmobile performance, ${runs} run${runs === 1 ? '' : 's'} a page (budget: median score ≥ ${BUDGET}):`,
);
for (const [path, lhrs] of results) {
  const scores = lhrs.map((r) => r.categories.performance.score ?? 0).sort((a, b) => a - b);
  const mid = scores.length / 2;
  const score = scores.length % 2 ? scores[Math.floor(mid)]! : (scores[mid - 1]! + scores[mid]!) / 2;
  const median = computeMedianRun(lhrs);
  const ok = score >= BUDGET;
  failed ||= !ok;
  console.log(
    `${path.padEnd(10)} median ${score.toFixed(2)} (runs ${scores[0]!.toFixed(2)}–${scores.at(-1)!.toFixed(2)})` +
      `  ${ok ? 'ok' : `BELOW ${BUDGET}`}  median run: ${line(median)}`,
  );
}
if (failed) process.exit(1);
