// The modifier registry: what each key of TraitMods (src/game/data/schema.ts) does to a hero, in one place, as the
// effects registry (./effects.ts) is for ops and the status registry (./statuses.ts) for statuses. A hero's numbers
// come from several sources of modifiers — its boon, its bane, its passive abilities, its gear and gear sets (src/game/gear.ts) — each a
// TraitMods; every entry holds:
//   column  the unit-record column it sets (./layout.ts), with the value a hero has there before any source (base)
//   hook    apply: how one source's figure composes into the column (a share multiplies, a figure adds; any number
//           of sources compose in order), then settle: what the column may hold once every source has applied
//   text    what a player reads of a figure (describeMods, src/game/describe.ts): a trait's whole rules text, a
//           passive's, written from the figures and never beside them
// The registry has an entry for every key of TraitMods and none besides (`satisfies`): a key without one does not
// compile. Modifiers carry no AI weight of their own: the AI reads a unit's columns through the rules' formulas
// (expected damage reads its crit, dodge and damage taken …), so it weighs each as what it does.

import type { TraitMods } from '../data/schema.ts';
import type { ModifierOrigin, StartEffect } from '../types.ts';
import { STATUS_IDS, STATUSES } from '../data/statuses.ts';
import {
  ATK,
  CRIT,
  CRITDMG,
  DEF,
  DMGDEALT,
  DMGTAKEN,
  DODGE,
  DOTDEALT,
  DOTTAKEN,
  EGAIN,
  EXECUTE,
  FUMBLE,
  HEALDONE,
  HEALTAKEN,
  INITIATIVE,
  KILLENERGY,
  LIFESTEAL,
  LOWHPATK,
  MAXHP,
  REGEN,
  RESIST,
  SPD,
  START_ENERGY,
  START_HP,
  START_SHIELD,
  START_STATUS,
  START_TURNS,
  THORNS,
} from './layout.ts';
import { EXECUTE_BELOW, LOW_HP_BELOW } from './numbers.ts';
import { S_HEALS, S_TICK_FIGURE, statusIndex } from './statuses.ts';

export interface ModifierEntry<X> {
  column: number;
  /** What it changes in the state a unit begins a battle in, told as a 'start' event naming its sources (none: it
   * changes how the unit fights, which its numbers show). */
  starts?: StartEffect;
  /** The column's value before any source applies (0 unless said; a hero's own stats and crit are its own). */
  base?: number;
  /** One source's figure composed into the unit record r at offset o. */
  apply(r: Float64Array, o: number, x: X): void;
  /** The column once every source has applied. */
  settle?(v: number): number;
  /** A figure in words: a clause of a trait's or passive's rules text ('defence is 15% higher'). */
  text(x: X): string;
}

type Registry = { [K in keyof TraitMods]-?: ModifierEntry<NonNullable<TraitMods[K]>> };

const pct = (x: number) => `${Math.round(Math.abs(x) * 100)}%`;
const either = (x: number, up: string, down: string) => (x >= 0 ? up : down);
/** A share of a stat: multiplies it (sources compound). */
const share = (
  column: number,
  stat: string,
  more: Partial<ModifierEntry<number>> = {},
): ModifierEntry<number> => ({
  column,
  apply(r, o, x) {
    r[o + column] *= 1 + x;
  },
  text: (x) => `${stat} is ${pct(x)} ${either(x, 'higher', 'lower')}`,
  ...more,
});
/** A figure that adds up over sources. */
const sum = (column: number, text: (x: number) => string, more: Partial<ModifierEntry<number>> = {}) => ({
  column,
  apply(r: Float64Array, o: number, x: number) {
    r[o + column] += x;
  },
  text,
  ...more,
});
const atLeast = (least: number) => (v: number) => Math.max(least, v);

/** The statuses that hurt their bearer each turn, as a trait names them ('burns, poisons and bleeds'). */
const hurtingTicks = (() => {
  const names = STATUS_IDS.filter((_, s) => S_TICK_FIGURE[s] > 0 && S_HEALS[s] === 0).map(
    (id) => `${STATUSES[id].name.toLowerCase()}s`,
  );
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
})();
const CRIT_BASE = 1.5;

export const MODIFIERS = {
  hpPct: share(MAXHP, 'maximum health', { settle: (v) => Math.max(1, Math.round(v)) }),
  atkPct: share(ATK, 'attack'),
  defPct: share(DEF, 'defence'),
  spdPct: share(SPD, 'speed'),
  crit: sum(CRIT, (x) => `critical hits are ${pct(x)} ${either(x, 'more', 'less')} likely`, {
    settle: atLeast(0),
  }),
  critDmg: sum(
    CRITDMG,
    (x) => `a critical hit deals ${pct(CRIT_BASE + x)} damage instead of ${pct(CRIT_BASE)}`,
    { base: CRIT_BASE, settle: atLeast(1) },
  ),
  energyGain: sum(EGAIN, (x) => `gains ${pct(x)} ${either(x, 'more', 'less')} energy`, {
    base: 1,
    settle: atLeast(0.1),
  }),
  healDone: sum(HEALDONE, (x) => `heals and shields ${pct(x)} ${either(x, 'more', 'less')}`, { base: 1 }),
  healTaken: sum(HEALTAKEN, (x) => `receives ${pct(x)} ${either(x, 'more', 'less')} healing`, {
    base: 1,
    settle: atLeast(0),
  }),
  dmgTaken: sum(DMGTAKEN, (x) => `takes ${pct(x)} ${either(x, 'more', 'less')} damage`, { base: 1 }),
  dmgDealt: sum(DMGDEALT, (x) => `deals ${pct(x)} ${either(x, 'more', 'less')} damage`, { base: 1 }),
  startEnergy: sum(START_ENERGY, (x) => `starts every battle with ${x} energy`, { starts: 'energy' }),
  startShield: sum(
    START_SHIELD,
    (x) => `starts every battle behind a shield worth ${pct(x)} of maximum health`,
    { starts: 'shield' },
  ),
  startHp: sum(START_HP, (x) => `starts every battle ${pct(x)} below full health`, { starts: 'health' }),
  lifesteal: sum(LIFESTEAL, (x) => `heals for ${pct(x)} of the damage it deals`),
  thorns: sum(THORNS, (x) => `reflects ${pct(x)} of the damage it takes back at the attacker`),
  dodge: sum(DODGE, (x) => `dodges ${pct(x)} of incoming hits`, { settle: atLeast(0) }),
  fumble: sum(FUMBLE, (x) => `${pct(x)} of its own attacks miss`),
  resist: sum(RESIST, (x) =>
    x >= 0 ? `shrugs off ${pct(x)} of harmful statuses` : `harmful statuses land on it ${pct(x)} more often`,
  ),
  dotDealt: sum(DOTDEALT, (x) => `its ${hurtingTicks} deal ${pct(x)} ${either(x, 'more', 'less')} damage`, {
    base: 1,
  }),
  dotTaken: sum(DOTTAKEN, (x) => `${hurtingTicks} hurt it ${pct(x)} ${either(x, 'more', 'less')}`, {
    base: 1,
    settle: atLeast(0),
  }),
  execute: sum(
    EXECUTE,
    (x) => `deals ${pct(x)} ${either(x, 'more', 'less')} damage to foes under ${pct(EXECUTE_BELOW)} health`,
  ),
  lowHpAtk: sum(
    LOWHPATK,
    (x) => `attack ${either(x, 'rises', 'drops')} ${pct(x)} while under ${pct(LOW_HP_BELOW)} health`,
  ),
  regen: sum(
    REGEN,
    (x) => `${either(x, 'recovers', 'loses')} ${pct(x)} of maximum health at the start of each turn`,
  ),
  killEnergy: sum(KILLENERGY, (x) => `gains ${x} energy on every kill`),
  initiative: sum(INITIATIVE, (x) => `takes its first turn ${pct(x)} ${either(x, 'sooner', 'later')}`),
  startStatus: {
    column: START_STATUS,
    starts: 'status',
    apply(r, o, { status, turns }) {
      r[o + START_STATUS] = statusIndex[status];
      r[o + START_TURNS] = turns;
    },
    text: ({ status, turns }) =>
      `starts every battle with ${STATUSES[status]?.name ?? status} for ${turns} turn${turns === 1 ? '' : 's'}`,
  },
} satisfies Registry;

export type ModifierKey = keyof typeof MODIFIERS;
export const MODIFIER_KEYS = Object.keys(MODIFIERS) as ModifierKey[];

/** A source of a hero's modifiers (its boon, its bane, a passive ability, a piece of gear or a set's bonus) and them. */
export interface ModifierSource extends ModifierOrigin {
  mods: TraitMods;
}

/** The keys that change the state a unit begins a battle in, each with what it changes, in the registry's order. */
export const START_KEYS = MODIFIER_KEYS.flatMap((key) => {
  const starts = (MODIFIERS[key] as ModifierEntry<unknown>).starts;
  return starts ? [{ key, starts }] : [];
});

/** Every column a modifier sets, at its base (before compileHero sets a hero's own stats and crit). */
export function setModifierBases(r: Float64Array, o: number): void {
  for (const key of MODIFIER_KEYS) {
    const e: ModifierEntry<unknown> = MODIFIERS[key];
    if (e.base !== undefined) r[o + e.column] = e.base;
  }
}

/** Compose the sources' modifiers into unit record r at o, in order, then settle every column. */
export function applyModifiers(r: Float64Array, o: number, sources: readonly { mods: TraitMods }[]): void {
  for (const { mods } of sources)
    for (const key of MODIFIER_KEYS) {
      const x = mods[key];
      if (x !== undefined) (MODIFIERS[key] as ModifierEntry<typeof x>).apply(r, o, x);
    }
  for (const key of MODIFIER_KEYS) {
    const e: ModifierEntry<unknown> = MODIFIERS[key];
    if (e.settle) r[o + e.column] = e.settle(r[o + e.column]);
  }
}

/** A source's modifiers in words: one clause per key it sets, in the registry's order. */
export function modifierClauses(mods: TraitMods): string[] {
  const out: string[] = [];
  for (const key of MODIFIER_KEYS) {
    const x = mods[key];
    if (x !== undefined && x !== 0) out.push((MODIFIERS[key] as ModifierEntry<typeof x>).text(x));
  }
  return out;
}
