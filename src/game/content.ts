// The content tables in one place, plus lookups from what a Hero carries (display names) back to content ids.

import { ABILITIES } from './data/abilities.ts';
import { CLASSES } from './data/classes.ts';
import { RACES } from './data/races.ts';
import { STATUSES } from './data/statuses.ts';
import { BANES, BOONS } from './data/traits.ts';
import type { ClassDef, RaceDef, TraitDef } from './data/schema.ts';
import { own } from './data/table.ts';

export { ABILITIES, CLASSES, RACES, STATUSES, BOONS, BANES, own };

const byName = <T extends { id: string; name: string }>(table: Readonly<Record<string, T>>) => {
  const m = new Map<string, T>();
  for (const v of Object.values(table)) {
    m.set(v.id, v);
    m.set(v.name.toLowerCase(), v);
  }
  return m;
};
const raceLookup = byName(RACES);
const classLookup = byName(CLASSES);

/** A race from a hero's `race` field (its display name) or a content id. */
export function findRace(nameOrId: string): RaceDef | undefined {
  return raceLookup.get(nameOrId.toLowerCase());
}
export function findClass(nameOrId: string): ClassDef | undefined {
  return classLookup.get(nameOrId.toLowerCase());
}
/** The name of a hero's basic attack: its class's (a knight's for an unknown class). */
export function attackNameOf(h: { class: string }): string {
  return (findClass(h.class) ?? CLASSES.knight).attackName;
}
export function findTrait(id: string): TraitDef | undefined {
  return own(BOONS, id) ?? own(BANES, id);
}

/**
 * A hero (or a stored record of one) names content the tables no longer have, and the rules refuse it by name rather
 * than field it without: the server answers 410 (src/server/foundation/errors.ts). Start-up keeps stored heroes from naming
 * such content (src/server/store/hero-references.ts); records it does not scan, like a fight's saved teams, can.
 */
export class UnknownContent extends Error {
  constructor(
    /** who names it, e.g. `hero h_…` */
    readonly holder: string,
    /** the kind of content: ability … */
    readonly kind: string,
    readonly id: string,
    /** the table that lacks it */
    readonly table: string,
  ) {
    super(`${holder} has ${kind} '${id}', which is not in ${table}`);
    this.name = 'UnknownContent';
  }
}
