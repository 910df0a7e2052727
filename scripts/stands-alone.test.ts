// The repository stands alone: no tracked file cites a document outside it — no relative path up and out of the
// repository to a shared folder, none of the workplace's design notes by name, no section of a spec. A rule, a
// number or a text the project keeps is said where it is used, or in its own docs (README.md, ARCHITECTURE.md, docs/).
// And the docs and the code's comments name only paths that exist: every path from the repository's root.
// The patterns are written so that this file does not match them itself.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

/** What is cited, and how it reads. */
const CITES: readonly { what: string; re: RegExp }[] = [
  {
    what: 'a design note of the workplace',
    re: new RegExp(`\\b(?:${['DESIGN', 'STACK', 'STYLE', 'VISUAL'].join('|')})\\.md\\b`),
  },
  { what: 'a spec by its file name', re: /(?<![\w.-])spec\.md\b/ },
  { what: 'a section of a spec', re: /\bspec\s*§/i },
  { what: 'a spec outside the repository', re: /\bthe\s+spec\b/i },
  { what: "the workplace's shared folder", re: /\/work\/shared\b/ },
];

/** A relative path that climbs to a folder named shared: fine only if it lands on one inside the repository. */
const UP_TO_SHARED = /(?:\.\.\/)+shared\b/g;

/** The citations in one file's text, as `path:line: what — the line`. */
function citationsIn(path: string, text: string): string[] {
  const found: string[] = [];
  const from = dirname(join(ROOT, path));
  text.split('\n').forEach((line, i) => {
    const at = `${path}:${i + 1}`;
    for (const { what, re } of CITES) if (re.test(line)) found.push(`${at}: ${what} — ${line.trim()}`);
    for (const [up] of line.matchAll(UP_TO_SHARED)) {
      const to = resolve(from, up);
      if (!to.startsWith(ROOT + sep) || !existsSync(to))
        found.push(`${at}: a shared folder outside the repository — ${line.trim()}`);
    }
  });
  return found;
}

/**
 * A path from the repository's root that a document names (`src/game/data/dungeons.ts`, `tests/e2e/`): one of the
 * project's top folders first, not inside a longer path or address (`/api/docs/json` is a route), no pattern in it.
 */
const ROOT_PATH = /(?<![\w/.-])(?:src|tests|bench|scripts|docs|deploy|\.ci)\/[\w./-]*[\w/](?![\w./*{-])/g;

/** The paths a document's text names that do not exist in the repository, as `path:line: the path`. */
function missingPaths(
  path: string,
  text: string,
  exists = (p: string) => existsSync(join(ROOT, p)),
): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [named] of line.matchAll(ROOT_PATH))
      if (!exists(named)) found.push(`${path}:${i + 1}: ${named}`);
  });
  return found;
}

/** Every tracked file there is, as git names it (relative to the repository's root). */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return out.split('\0').filter((f) => f !== '' && existsSync(join(ROOT, f)));
}

describe('the repository stands alone', () => {
  it('no tracked file cites a document outside the repository', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100); // git answered for this repository
    const found: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.includes(0)) continue; // images and other binaries
      found.push(...citationsIn(file, bytes.toString('utf8')));
    }
    expect(found).toEqual([]);
  });

  it('names only paths that exist, in the README, ARCHITECTURE and docs/', () => {
    const docs = trackedFiles().filter(
      (f) => f === 'README.md' || f === 'ARCHITECTURE.md' || (f.startsWith('docs/') && f.endsWith('.md')),
    );
    expect(docs.length).toBeGreaterThan(3);
    const found = docs.flatMap((f) => missingPaths(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('names only paths that exist, in the comments of the code', () => {
    const code = trackedFiles().filter((f) => /\.(ts|tsx|mjs)$/.test(f) && f !== 'src/web/api/openapi.ts');
    const found = code.flatMap((f) =>
      missingPaths(
        f,
        readFileSync(join(ROOT, f), 'utf8')
          .split('\n')
          .map((line) => (/^\s*(\/\/|\*|\/\*)/.test(line) ? line : ''))
          .join('\n'),
      ),
    );
    expect(found).toEqual([]);
  });

  it('would see a path that does not exist, and not a route or an address', () => {
    const text =
      'See `src/game/gone.ts`, `src/game/` and (tests/api/x.test.ts); served at `/api/docs/json`; `src/x/m-00*.ts`.';
    const there = new Set(['src/game/']);
    expect(missingPaths('README.md', text, (p) => there.has(p))).toEqual([
      'README.md:1: src/game/gone.ts',
      'README.md:1: tests/api/x.test.ts',
    ]);
  });

  it('would see each kind of citation', () => {
    const up = '..' + '/';
    const bad = [
      `// see ${up}${up}shared/bench/x.mjs`,
      '// as DESIGN' + '.md says',
      '// the table of spec' + ' §9',
      '// as the sp' + 'ec has it',
      '// colours of /work' + '/shared/notes',
    ].join('\n');
    expect(citationsIn('bench/x.ts', bad)).toHaveLength(5);
    expect(
      citationsIn('bench/x.ts', `import { x } from './shared.ts'; // a design (docs/design.md)`),
    ).toEqual([]);
  });
});
