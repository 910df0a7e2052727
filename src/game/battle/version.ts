// The engine's version: a hash of everything a battle's outcome depends on that is data (every action and its
// effects, every status, trait, class and race) plus a number bumped by hand when a rule in code changes. A
// recorded fight names the version it was fought under; re-simulating it is only meaningful under the same one
// (a replay never needs to: it plays from its stored facts).
import { ABILITIES, BASIC_ACTIONS } from '../data/abilities.ts';
import { CLASSES } from '../data/classes.ts';
import { RACES } from '../data/races.ts';
import { STATUSES } from '../data/statuses.ts';
import { BANES, BOONS } from '../data/traits.ts';

/** Bump when a rule in code changes what a seed and its choices play out to (core.ts, ai.ts, effects.ts …). */
const RULES_REVISION = 1;

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

export const ENGINE_VERSION = `${RULES_REVISION}.${fnv1a(
  JSON.stringify([ABILITIES, BASIC_ACTIONS, STATUSES, BOONS, BANES, CLASSES, RACES]),
)}`;
