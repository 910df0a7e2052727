// The client holds no game rule: the server answers facts and views, the pages draw them. So no source file of
// src/web imports src/game, but for the pure data and art modules listed here; and the only src/api modules it takes
// values from are the zod-free ones that name what of the rules players see (api/rules.ts, api/id-rule.ts), each
// reaching into src/game only for what is listed. Tests may use the engine as an oracle: only sources are scanned.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const ROOT = join(SRC, '..');

/** What of src/game a web source may import: pure string building for the art the API serves. */
const WEB_MAY_IMPORT = new Set(['game/art/paths.ts']);

/** The src/api modules the web may take values from, and all that each of them imports (from src/game only). */
const API_FOR_WEB: Record<string, readonly string[]> = {
  // the XP table and level cap; the currency list; the Star Shards a fused scroll takes; training's prices; the words
  // a star's refusal says, on the numbers the server answers for it (the ascend call refuses with the same); the
  // precision the odds are held to (the fairness page states it: the sampling rule alone, arithmetic); guilds' sizes
  // and limits
  'api/rules.ts': [
    'game/data/guilds.ts',
    'game/progression.ts',
    'game/battle/sampling.ts',
    'game/data/currencies.ts',
    'game/data/ascension.ts',
    'game/data/training.ts',
    'game/star-short.ts',
  ],
  'api/id-rule.ts': [],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

export interface Import {
  /** as written */
  spec: string;
  /** only types: erased from the bundle */
  typeOnly: boolean;
}

/** Every import of a module's code: static, re-export, side-effect only, dynamic and require. */
export function importsOf(text: string): Import[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found: Import[] = [];
  for (const m of code.matchAll(/(?:^|[\s;{}])(?:import|export)\b([^'";]*?)\bfrom\s*(['"])(.+?)\2/g)) {
    const clause = m[1]!.trim();
    const named = /^\{([^}]*)\}$/.exec(clause)?.[1];
    const inlineTypes = named !== undefined && named.split(',').every((n) => /^\s*(type\s|$)/.test(n));
    found.push({ spec: m[3]!, typeOnly: /^type\b/.test(clause) || inlineTypes });
  }
  for (const m of code.matchAll(/(?:^|[\s;])import\s*(['"])(.+?)\1/g))
    found.push({ spec: m[2]!, typeOnly: false });
  for (const m of code.matchAll(/\b(?:import|require)\s*\(\s*(['"`])(.+?)\1\s*\)/g))
    found.push({ spec: m[2]!, typeOnly: false });
  return found;
}

/** The module an import names, relative to src/ ('game/battle/core.ts'), or null for a package. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith('.')) return relative(SRC, resolve(dirname(file), spec));
  if (spec.startsWith('/')) return relative(SRC, join(ROOT, spec)); // root-relative, as Vite allows
  return null;
}

/** What `text`, the code of `file`, imports that the client may not, described. */
export function forbiddenImports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const { spec, typeOnly } of importsOf(text)) {
    const to = target(file, spec);
    if (to === null) continue;
    if (to.startsWith('game/') && !WEB_MAY_IMPORT.has(to)) out.push(`${spec} (game code)`);
    if (to.startsWith('api/') && !typeOnly && !(to in API_FOR_WEB))
      out.push(`${spec} (values from a zod schema)`);
    if (to.startsWith('server/')) out.push(`${spec} (server code)`);
  }
  return out;
}

describe('the client holds no game rule', () => {
  it('no web source imports src/game, server code or an API schema’s values, but what is allowed', () => {
    const offenders: string[] = [];
    const reached = new Set<string>();
    for (const file of sourceFiles(join(SRC, 'web'))) {
      const text = readFileSync(file, 'utf8');
      for (const { spec } of importsOf(text)) reached.add(target(file, spec) ?? spec);
      for (const what of forbiddenImports(file, text)) offenders.push(`${relative(SRC, file)}: ${what}`);
    }
    expect(offenders).toEqual([]);
    // the scan read the imports it must: the allowed art paths (components/battle-scene.ts) among them
    expect(reached).toContain('game/art/paths.ts');
    expect(reached).toContain('api/rules.ts');
  });

  it('the API modules the web reads values from import nothing but their listed data', () => {
    for (const [module, allowed] of Object.entries(API_FOR_WEB)) {
      const file = join(SRC, module);
      const imported = importsOf(readFileSync(file, 'utf8')).map(({ spec }) => target(file, spec) ?? spec);
      expect([...new Set(imported)].sort(), module).toEqual([...allowed].sort());
    }
  });

  it('the scan sees each way of reaching the rules', () => {
    const page = join(SRC, 'web/pages/replay/ctrl.ts');
    const flagged = (code: string) => forbiddenImports(page, code);
    expect(flagged(`import { kill } from '../../../game/battle/core.ts';`)).toEqual([
      '../../../game/battle/core.ts (game code)',
    ]);
    expect(
      flagged(`import {\n  applyEffect,\n  type Op,\n} from "../../../game/battle/effects.ts"`),
    ).toHaveLength(1);
    expect(flagged(`import type { Hero } from '../../../game/types.ts';`)).toHaveLength(1);
    expect(flagged(`export { grantXp } from '../../../game/progression.ts';`)).toHaveLength(1);
    expect(flagged(`import '../../../game/battle/turn-based.ts';`)).toHaveLength(1);
    expect(flagged(`const core = await import('../../../game/battle/core.ts');`)).toHaveLength(1);
    expect(flagged(`import { kill } from '/src/game/battle/core.ts';`)).toHaveLength(1);
    expect(flagged(`import { startBattle } from '../../../game/index.ts';`)).toHaveLength(1);
    expect(flagged(`import { Hero } from '../../../api/common.ts';`)).toEqual([
      '../../../api/common.ts (values from a zod schema)',
    ]);
    expect(flagged(`import { findUser } from '../../../server/wallet.ts';`)).toHaveLength(1);
    // what is allowed, and what is not code
    expect(flagged(`import { scenePath } from '../../../game/art/paths.ts';`)).toEqual([]);
    expect(flagged(`import type { BattleEvent } from '../../../api/index.ts';`)).toEqual([]);
    expect(flagged(`import { type BattleEvent } from '../../../api/index.ts';`)).toEqual([]);
    expect(flagged(`import { REROLL_COST } from '../../../api/rules.ts';`)).toEqual([]);
    expect(flagged(`import { useState } from 'react';`)).toEqual([]);
    expect(flagged(`// import { kill } from '../../../game/battle/core.ts';`)).toEqual([]);
  });
});
