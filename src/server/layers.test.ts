// The server's folders are layers (ARCHITECTURE.md lists them from the bottom up): a module imports only from its
// own folder and the folders below it, so the store never reaches up into what it serves (of the top level, only the
// type of the context route plugins are handed). And no module of the
// server shares its name with one of the rules (src/game): a name says which one is meant.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = import.meta.dirname;
const GAME = join(SERVER, '..', 'game');
/** From the bottom up; the top level (main, app, context, sweep) may import any of them. */
const LAYERS = [
  'foundation',
  'store',
  'economy',
  'accounts',
  'odds',
  'heroes',
  'content',
  'fights',
  'guilds',
  'admin',
  'http',
  'routes',
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** A module's layer: the folder under src/server it is in (fights/kinds/ is of fights). */
const folderOf = (file: string) => {
  const parts = relative(SERVER, file).split('/');
  return parts.length > 1 ? parts[0] : '';
};

describe('the server’s house', () => {
  it('every module is in a layer or at the top, and imports only its own layer and those below', () => {
    const wrong: string[] = [];
    for (const file of sources(SERVER)) {
      const folder = folderOf(file);
      if (folder === '') continue;
      const rank = LAYERS.indexOf(folder);
      if (rank === -1) {
        wrong.push(`${relative(SERVER, file)} is in a folder ARCHITECTURE.md does not list`);
        continue;
      }
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/import (type )?[^;]*? from '(\.\.?\/[^']+)'/g)) {
        const target = relative(SERVER, join(file, '..', m[2]!));
        if (target.startsWith('..')) continue; // game, api
        const to = folderOf(join(SERVER, target));
        // The one thing of the top level a layer may name: the type of what route plugins are handed.
        if (to === '' && !(m[1] && target === 'context.ts'))
          wrong.push(`${relative(SERVER, file)} imports the top level: ${target}`);
        else if (LAYERS.indexOf(to) > rank)
          wrong.push(`${relative(SERVER, file)} (${folder}) imports ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no server module has the name of a module of the rules', () => {
    const game = new Set(sources(GAME).map((f) => basename(f)));
    const shared = sources(SERVER)
      // routes/<group>.ts is named like its src/api/<group>.ts, fights/kinds/<kind>.ts by its fight kind
      .filter((f) => folderOf(f) !== 'routes' && !f.includes('/kinds/'))
      .map((f) => basename(f))
      .filter((name) => game.has(name));
    expect(shared).toEqual([]);
  });

  it('a fight kind lives in fights/kinds/: nothing else names one, and no route opens or ends a fight', () => {
    const KIND =
      /(kind|location_type) [!=]== '(random|arena|dungeon|campaign)'|\? '(random|arena|dungeon|campaign)'/;
    const RUNNERS = /\b(fightNow|openTurnBattle|openBattle|moveBattle)\b/;
    const wrong: string[] = [];
    for (const file of sources(SERVER)) {
      const name = relative(SERVER, file);
      if (name.startsWith('fights/kinds/')) continue;
      const code = readFileSync(file, 'utf8');
      if (KIND.test(code)) wrong.push(`${name} tells fight kinds apart`);
      if (name.startsWith('routes/') && RUNNERS.test(code)) wrong.push(`${name} opens or ends a fight`);
    }
    expect(wrong).toEqual([]);
  });
});
