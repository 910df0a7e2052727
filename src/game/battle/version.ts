// The engine's version: a hash of everything a battle's outcome depends on that is data (every action and its
// effects, every status, trait, class and race) plus a number bumped by hand when a rule in code changes. A
// recorded fight names the version it was fought under; its facts are played again from its seed and choices
// while the version matches (a record keeps its facts only when they would not). Words are not outcomes: a
// name, a description or a narration template reworded leaves the version — and every record's replay — as it was.
import { ABILITIES, BASIC_ACTIONS } from '../data/abilities.ts';
import { CLASSES } from '../data/classes.ts';
import { RACES } from '../data/races.ts';
import { STATUSES } from '../data/statuses.ts';
import { BANES, BOONS } from '../data/traits.ts';

/** Bump when a rule in code changes what a seed and its choices play out to (core.ts, ai.ts, effects.ts …). */
const RULES_REVISION = 1;

/** The content's fields that are only words or pictures: what they say, never what they do. */
const WORDS = new Set([
  'name',
  'description',
  'flavour',
  'told',
  'glyph',
  'attackName',
  'start',
  'middle',
  'end',
  'family',
]);

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The version of an engine whose content is `tables`, hashed without their words. */
export function engineVersionOf(tables: unknown): string {
  return `${RULES_REVISION}.${fnv1a(
    JSON.stringify(tables, (key, value: unknown) =>
      WORDS.has(key) && typeof value === 'string' ? undefined : value,
    ),
  )}`;
}

export const ENGINE_TABLES = [ABILITIES, BASIC_ACTIONS, STATUSES, BOONS, BANES, CLASSES, RACES] as const;
export const ENGINE_VERSION = engineVersionOf(ENGINE_TABLES);
