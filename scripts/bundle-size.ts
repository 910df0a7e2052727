// After `vite build`: the gzipped size of the JS the first screen loads — the entry chunk of index.html and
// everything it imports statically (dist/.vite/manifest.json), not the lazy screens. Budget: 170 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
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
if (kb > BUDGET_KB) {
  console.error(`over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
