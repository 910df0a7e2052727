// After `vite build`: the gzipped size of the JS the first screen loads — the entry chunk of index.html and
// everything it imports statically (dist/.vite/manifest.json), not the lazy screens. Budget: 170 KB, in at most
// two scripts (one chunk and the bundler's runtime: vite.config.ts), and nothing in the page that holds up its
// first paint but its stylesheet (a classic <script> without defer or async does). The first screen's measured
// speed is `npm run budget` (scripts/lighthouse-budget.ts), kept out of the build so `npm start` stays quick.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const MAX_SCRIPTS = 2;
const dist = join(import.meta.dirname, '..', 'dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
if (!entryKey) throw new Error('no index.html entry in dist/.vite/manifest.json — run `vite build` first');

const seen = new Set<string>();
const walk = (key: string): void => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) walk(dep);
};
walk(entryKey);

let total = 0;
const rows: string[] = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push(`  ${file}  ${(gz / 1024).toFixed(1)} KB`);
}
const lazy = Object.values(manifest).filter((c) => c.file.endsWith('.js')).length - rows.length;
console.log(rows.join('\n'));
console.log(`(${lazy} lazy chunks not counted)`);
const kb = total / 1024;
console.log(`first-screen JS (gzip): ${kb.toFixed(1)} KB`);
let failed = false;
if (kb > BUDGET_KB) {
  console.error(`over the ${BUDGET_KB} KB budget`);
  failed = true;
}
if (rows.length > MAX_SCRIPTS) {
  console.error(`the first screen loads ${rows.length} scripts; at most ${MAX_SCRIPTS}`);
  failed = true;
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const blocking = [...html.matchAll(/<script\b[^>]*>/g)]
  .map((m) => m[0])
  .filter((tag) => !/\btype="module"|\bdefer\b|\basync\b/.test(tag));
for (const tag of blocking) {
  console.error(`index.html holds up its first paint with ${tag}: give it defer`);
  failed = true;
}
if (failed) process.exit(1);
