// After `vite build`: a brotli (.br) and a gzip (.gz) copy of every text file in dist, made once here at the
// highest settings; the server sends them to browsers that accept them (@fastify/static's preCompressed), so no
// request ever compresses. A copy that saves less than a tenth is not kept.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt', '.woff']);
/** `node --import tsx scripts/compress-dist.ts [dir]`: dist by default. */
const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  const path = join(dist, name);
  if (name.startsWith('.vite') || !TEXT.has(extname(name)) || !statSync(path).isFile()) continue;
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length > raw.length * 0.9) continue;
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  files++;
  before += raw.length;
  after += br.length;
}
console.log(
  `compressed ${files} files in ${dist}: ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB brotli`,
);
