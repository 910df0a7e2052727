// The rules players see are the rules the server enforces: one module, read by both (src/api/rules.ts), with the
// game's texts word for word — and no other source file writes those numbers or texts out again.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_NAMES,
  MAX_LEVEL,
  PRICE_RULES,
  REROLL_COST,
  STARTING_BALANCES,
  SUMMON_COST,
  TEAM_MAX,
  TEAM_MIN,
  TEAM_RULES,
  USERNAME_LENGTHS,
  USERNAME_RULES,
  XP_TABLE,
  insufficient,
  oddsChanged,
  usernameProblem,
  xpToNextLevel,
} from './rules.ts';
import { CurrencyName } from './common.ts';
import { CreateUserBody, STARTING_BALANCES as STARTING_IN_USERS } from './users.ts';
import { TeamHeroIds } from './battles.ts';
import { StartRunBody } from './dungeons.ts';
import * as heroes from './heroes.ts';

describe('the rules players see', () => {
  it('usernames: 3-20 letters, digits or underscores, with the fixed texts', () => {
    expect(USERNAME_RULES.length).toBe('Username must be 3-20 characters');
    expect(USERNAME_RULES.charset).toBe('Username can only contain letters, numbers, and underscores');
    expect(USERNAME_LENGTHS).toBe('3-20');
    expect(usernameProblem('ab')).toBe(USERNAME_RULES.length);
    expect(usernameProblem('a'.repeat(21))).toBe(USERNAME_RULES.length);
    expect(usernameProblem('bad name')).toBe(USERNAME_RULES.charset);
    expect(usernameProblem('Sir_Lancelot_42')).toBeNull();
    expect(usernameProblem('a'.repeat(20))).toBeNull();
    expect(CreateUserBody.safeParse({}).error?.issues[0].message).toBe(USERNAME_RULES.length);
  });

  it('levels and XP, and the reroll’s price, are one set of numbers', () => {
    expect(MAX_LEVEL).toBe(10);
    expect(XP_TABLE).toEqual([100, 160, 256, 410, 656, 1050, 1680, 2690, 4300]);
    expect(xpToNextLevel(1)).toBe(100);
    expect(xpToNextLevel(MAX_LEVEL)).toBe(0);
    expect(heroes.REROLL_COST).toBe(REROLL_COST);
    expect(REROLL_COST).toBe(50);
  });

  it('the four currencies, in the header’s order, with their names and their refusals', () => {
    expect(CURRENCIES).toEqual(['gold', 'magic_essence', 'summoning_scrolls', 'combat_tokens']);
    expect(CurrencyName.options).toEqual([...CURRENCIES]);
    expect(Object.keys(CURRENCY_NAMES)).toEqual([...CURRENCIES]);
    expect(CURRENCIES.map(insufficient)).toEqual([
      'Insufficient gold',
      'Insufficient magic essence',
      'Insufficient summoning scrolls',
      'Insufficient combat tokens',
    ]);
    expect(PRICE_RULES.reroll).toBe('Insufficient magic essence (requires 50)');
    expect(SUMMON_COST).toBe(1);
    expect(PRICE_RULES.summon(0)).toBe(
      'Insufficient summoning scrolls! You need 1 scroll(s) to generate heroes. You have 0 scroll(s).',
    );
    expect(STARTING_IN_USERS).toBe(STARTING_BALANCES);
    expect(Object.keys(STARTING_BALANCES)).toEqual([...CURRENCIES]);
  });

  it('a team is 1 to 4 heroes, refused with the fixed texts', () => {
    expect([TEAM_MIN, TEAM_MAX]).toEqual([1, 4]);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `h_${i + 1}`);
    expect(TeamHeroIds.safeParse([]).error?.issues[0].message).toBe('Select at least 1 hero');
    expect(TeamHeroIds.safeParse(ids(5)).error?.issues[0].message).toBe('A team has at most 4 heroes');
    const run = (n: number) => StartRunBody.safeParse({ user_id: 'u_1', team_hero_ids: ids(n) });
    expect(run(0).error?.issues[0].message).toBe('Please select at least one hero');
    expect(run(5).error?.issues[0].message).toBe(TEAM_RULES.tooBig);
    expect(TeamHeroIds.safeParse(ids(TEAM_MAX)).success).toBe(true);
  });

  it('a fight that changed since its chance was shown says the new chance as the pages show it', () => {
    expect(oddsChanged(0.21)).toBe('The fight changed since you looked: your chance is now 21%.');
    expect(oddsChanged(0.9996)).toBe('The fight changed since you looked: your chance is now 99%.');
    expect(oddsChanged(0.0004)).toBe('The fight changed since you looked: your chance is now 1%.');
    expect(oddsChanged(1)).toBe('The fight changed since you looked: your chance is now 100%.');
  });
});

// ---- written once -------------------------------------------------------------------------------------------

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** A source file's code without its comments (a comment may quote a rule; only code states one). */
const codeOf = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** What a page, a route or a schema would have to write out to state one of the rules again on its own. */
const RESTATED: { what: string; pattern: RegExp }[] = [
  { what: 'the reroll’s price', pattern: new RegExp(`requires ${REROLL_COST}\\b`) },
  { what: 'the summon’s price', pattern: new RegExp(`\\b${SUMMON_COST} (summoning )?scroll`) },
  {
    what: 'the username lengths',
    pattern: new RegExp(`\\b${USERNAME_LENGTHS.replace('-', '[-–]')} (characters|letters)`),
  },
  { what: 'the team size', pattern: new RegExp(`\\b(up to|at most|to|${TEAM_MIN}[–-]) ?${TEAM_MAX} heroes`) },
  { what: 'the team size', pattern: new RegExp(`\\.slice\\(0, ${TEAM_MAX}\\)`) },
  { what: 'the team size', pattern: /\bTEAM_(LIMIT|SIZE|MAX|MIN)\s*=/ },
  { what: 'the level cap', pattern: new RegExp(`\\.max\\(${MAX_LEVEL}\\)`) },
  { what: 'the XP table', pattern: new RegExp(XP_TABLE.slice(0, 3).join(',\\s*')) },
  { what: 'the reroll’s price', pattern: /\bREROLL_COST\s*=/ },
  { what: 'the currencies', pattern: new RegExp(CURRENCIES.map((c) => `['"]${c}['"]`).join(',\\s*')) },
  {
    what: 'a currency’s name',
    pattern: new RegExp(`['">](${Object.values(CURRENCY_NAMES).join('|')})['"<]`),
  },
  { what: 'a refusal of a price', pattern: /['"`]Insufficient / },
  { what: 'a starting balance', pattern: new RegExp(`\\bgold: ${STARTING_BALANCES.gold}\\b`) },
];

/** Each rule `text` restates, named. */
export function restatedRules(text: string): string[] {
  return RESTATED.filter((r) => r.pattern.test(text)).map((r) => r.what);
}

describe('the rules players see are written once', () => {
  it('no page, route, store or schema but api/rules.ts states them', () => {
    const offenders: string[] = [];
    for (const dir of ['web', 'server', 'api'])
      for (const file of sourceFiles(join(SRC, dir))) {
        const name = relative(SRC, file);
        if (name === join('api', 'rules.ts')) continue;
        for (const what of restatedRules(codeOf(file))) offenders.push(`${name}: ${what}`);
      }
    expect(offenders).toEqual([]);
  });

  it('the scan sees each rule written out again', () => {
    expect(restatedRules(`refuse('Insufficient magic essence (requires 50)')`)).toContain(
      'the reroll’s price',
    );
    expect(restatedRules(`placeholder="3-20 letters, numbers or _"`)).toEqual(['the username lengths']);
    expect(restatedRules(`subtitle="Choose up to 4 heroes"`)).toEqual(['the team size']);
    expect(restatedRules(`ids.slice(0, 4)`)).toEqual(['the team size']);
    expect(restatedRules(`export const TEAM_LIMIT = 4;`)).toEqual(['the team size']);
    expect(restatedRules(`level: z.number().int().min(1).max(10)`)).toEqual(['the level cap']);
    expect(restatedRules(`{ key: 'magic_essence', label: 'Magic Essence' }`)).toEqual(['a currency’s name']);
    expect(restatedRules(`<span>Combat Tokens</span>`)).toEqual(['a currency’s name']);
    expect(restatedRules(`z.enum(['gold', 'magic_essence', 'summoning_scrolls', 'combat_tokens'])`)).toEqual([
      'the currencies',
    ]);
    expect(restatedRules(`combat_tokens: 'Insufficient combat tokens'`)).toEqual(['a refusal of a price']);
    expect(restatedRules(`title: 'Costs 1 scroll'`)).toEqual(['the summon’s price']);
    expect(restatedRules(`{ gold: 500, magic_essence: 100 }`)).toEqual(['a starting balance']);
    expect(restatedRules('const XP = [100, 160, 256, 410]')).toEqual(['the XP table']);
    expect(restatedRules(`errors.refuse(PRICE_RULES.reroll)`)).toEqual([]);
  });
});
