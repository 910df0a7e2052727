// The status registry: what each thing a status can do means, in one place, as the effects registry (./effects.ts)
// is for ops. A status (src/game/data/statuses.ts) sets some of these keys, each with a figure; StatusEffects in
// src/game/data/schema.ts is the registry's keys, so a key without an entry, or an entry without a key, does not
// compile. Every entry holds:
//   column  where it lives on the bearer: the unit-record column (./layout.ts) that the statuses a unit carries fold
//           into (./core.ts recompute); a status that ticks keeps its power per tick instead (STATUS_POWER, per unit)
//   hook    what it does: how figures fold into the column (multiplied, added, or a flag the core reads at its step —
//           skip at the start of the bearer's turn, silence where an action is allowed, taunt wherever one enemy is
//           chosen); for a tick, the power it starts with and whether it hurts or heals the bearer
//   weight  what the AI thinks it is worth on its bearer, in percent of a unit's health (./effects.ts statusValue)
//   text    what a player reads of it, with its figure (describeStatus, src/game/describe.ts)
// Below the entries, the tables the rules core reads are compiled from them once: per status, the columns it folds
// into with its figures, its tick, its worth. The Shield status has no key: its barrier is the SHIELD column, which
// the shield op fills (./effects.ts) and the core empties when the status ends.

import type { StatusDef, StatusEffects } from '../data/schema.ts';
import { STATUS_IDS, STATUSES } from '../data/statuses.ts';
import * as layout from './layout.ts';
// (destructured: an imported binding is read through its module cell at every use, a local const is folded in)
const {
  ATK,
  DOTDEALT,
  DOTTAKEN,
  F_SILENCE,
  F_SKIP,
  F_TAUNT,
  HEALDONE,
  HP,
  M_ATK,
  M_CRITTAKEN,
  M_DEF,
  M_DMGDEALT,
  M_DMGTAKEN,
  M_HEALTAKEN,
  M_MISS,
  M_SPD,
  MAXHP,
  ROLE,
  fieldOf,
} = layout;

/** A key whose figures, one per status a unit carries, fold into a column of the unit while they last. */
export interface FoldedEntry {
  tick?: undefined;
  column: number;
  /** multiplied together (from 1), added up (from 0), or a flag any one of them sets */
  fold: 'multiply' | 'add' | 'flag';
  /** The AI's worth of it: per whole change of a multiplier, per whole chance added, or of the flag. */
  weight: number;
  /** Its worth on bearer j, scaled by how much it matters there (taunt: on a healthy tank). */
  worthOn?(u: Float64Array, j: number): number;
  /** With this figure, on a helpful status, it hardens its bearer or draws the blows: granting it protects. */
  protects?(x: number): boolean;
  text(x: number): string;
}

/** A key that acts at the start of each of its bearer's turns, with a power per tick fixed when it lands. */
export interface TickEntry {
  tick: 'hurts' | 'heals';
  /** The power per tick of figure x given by unit src (-1: by no one, as a bane's) to unit tgt. */
  power(u: Float64Array, src: number, tgt: number, x: number): number;
  /** The AI's worth of `turns` ticks of figure x given by src to j. */
  worth(u: Float64Array, src: number, j: number, x: number, turns: number): number;
  text(x: number): string;
}

export type StatusEntry = FoldedEntry | TickEntry;

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** A multiplier's text: its change, signed, and what it changes. */
const changes = (what: string) => (x: number) => `${x > 1 ? '+' : '−'}${pct(Math.abs(x - 1))} ${what}`;
const multiplies = (
  column: number,
  weight: number,
  what: string,
  more?: Partial<FoldedEntry>,
): FoldedEntry => ({
  column,
  fold: 'multiply',
  weight,
  text: changes(what),
  ...more,
});

export const STATUS_KEYS = {
  dotAtk: {
    tick: 'hurts',
    power: (u, src, _tgt, x) =>
      src >= 0 ? x * fieldOf(u, src, ATK) * fieldOf(u, src, M_ATK) * fieldOf(u, src, DOTDEALT) : 0,
    worth: (u, i, j, x, turns) =>
      ((x *
        fieldOf(u, i, ATK) *
        fieldOf(u, i, M_ATK) *
        fieldOf(u, i, DOTDEALT) *
        fieldOf(u, j, DOTTAKEN) *
        turns) /
        fieldOf(u, j, MAXHP)) *
      100 *
      0.8,
    text: (x) => `takes ${pct(x)} of the caster's attack as damage each turn`,
  },
  dotMaxHp: {
    tick: 'hurts',
    power: (u, src, tgt, x) => x * fieldOf(u, tgt, MAXHP) * (src >= 0 ? fieldOf(u, src, DOTDEALT) : 1),
    worth: (u, i, j, x, turns) => x * turns * 100 * 0.8 * fieldOf(u, i, DOTDEALT) * fieldOf(u, j, DOTTAKEN),
    text: (x) => `loses ${pct(x)} of max health each turn`,
  },
  hotMaxHp: {
    tick: 'heals',
    power: (u, src, tgt, x) =>
      x * fieldOf(u, tgt, MAXHP) * (src >= 0 ? Math.max(0, fieldOf(u, src, HEALDONE)) : 1),
    worth: (u, i, j, x, turns) =>
      x *
      turns *
      100 *
      Math.max(0, fieldOf(u, i, HEALDONE)) *
      Math.min(1, 1.5 * (1 - fieldOf(u, j, HP) / fieldOf(u, j, MAXHP))),
    text: (x) => `heals ${pct(x)} of max health each turn`,
  },
  atkMul: multiplies(M_ATK, 45, 'attack'),
  defMul: multiplies(M_DEF, 20, 'defence', { protects: (x) => x > 1 }),
  spdMul: multiplies(M_SPD, 30, 'speed'),
  dmgTakenMul: multiplies(M_DMGTAKEN, 45, 'damage taken', { protects: (x) => x < 1 }),
  dmgDealtMul: multiplies(M_DMGDEALT, 40, 'damage dealt'),
  healTakenMul: multiplies(M_HEALTAKEN, 10, 'healing received'),
  miss: { column: M_MISS, fold: 'add', weight: 28, text: (x) => `${pct(x)} of its hits miss` },
  critTaken: {
    column: M_CRITTAKEN,
    fold: 'add',
    weight: 20,
    text: (x) => `+${pct(x)} chance to be hit critically`,
  },
  skipTurn: { column: F_SKIP, fold: 'flag', weight: 28, text: () => 'loses its next turn' },
  silence: {
    column: F_SILENCE,
    fold: 'flag',
    weight: 12,
    text: () => 'no abilities, only attack, defend or focus',
  },
  taunt: {
    column: F_TAUNT,
    fold: 'flag',
    weight: 8,
    // drawing the blows is worth it on a tank, the more so the healthier it is; hardly on anyone else
    worthOn: (u, j) => (fieldOf(u, j, ROLE) === 0 ? fieldOf(u, j, HP) / fieldOf(u, j, MAXHP) : 0.2),
    protects: () => true,
    text: () => 'enemies must aim single-target attacks at it',
  },
} satisfies Record<keyof StatusEffects, StatusEntry>;

export type StatusKey = keyof typeof STATUS_KEYS;
const KEYS = Object.keys(STATUS_KEYS) as StatusKey[];
const entryOf = (key: StatusKey): StatusEntry => STATUS_KEYS[key];

/** The figure a status sets for a key (a flag counts 1), or undefined when it leaves the key alone. */
export function figureOf(st: StatusDef, key: StatusKey): number | undefined {
  const raw = st[key];
  if (raw === undefined || raw === false) return undefined;
  const x = raw === true ? 1 : raw;
  const e = entryOf(key);
  return (e.tick === undefined && e.fold === 'multiply' ? x === 1 : x === 0) ? undefined : x;
}

/** The keys a status sets, in the registry's order, each with its figure and entry. */
export function keysOf(st: StatusDef): { key: StatusKey; x: number; entry: StatusEntry }[] {
  const out: { key: StatusKey; x: number; entry: StatusEntry }[] = [];
  for (const key of KEYS) {
    const x = figureOf(st, key);
    if (x !== undefined) out.push({ key, x, entry: entryOf(key) });
  }
  return out;
}

/** Does a status protect whom it lands on (helpful, and it hardens its bearer or draws the blows)? */
export function protects(st: StatusDef): boolean {
  return !st.harmful && keysOf(st).some(({ x, entry }) => entry.tick === undefined && !!entry.protects?.(x));
}

// ---- the tables the rules core reads, compiled once ------------------------------------------------------------

export const NS = STATUS_IDS.length;
if (NS > 31) throw new Error('a unit keeps its statuses as bits of one number: at most 31 statuses');
export const statusIndex: Record<string, number> = Object.fromEntries(STATUS_IDS.map((id, i) => [id, i]));
/** The status the shield op gives: its barrier is the unit's SHIELD, emptied when it ends. */
export const ST_SHIELD = statusIndex.shield;

const DEFS = STATUS_IDS.map((id) => STATUSES[id]);
const KEYS_OF = DEFS.map(keysOf);
const TICKS = KEYS_OF.map((keys, s) => {
  const ticks = keys.filter((k) => k.entry.tick !== undefined);
  if (ticks.length > 1)
    throw new Error(`status ${STATUS_IDS[s]}: more than one key ticks (${ticks.map((k) => k.key)})`);
  return ticks[0] as { key: StatusKey; x: number; entry: TickEntry } | undefined;
});
const FOLDS = KEYS_OF.map((keys) =>
  keys.filter((k): k is { key: StatusKey; x: number; entry: FoldedEntry } => k.entry.tick === undefined),
);

export const S_HARMFUL = Float64Array.from(DEFS, (st) => (st.harmful ? 1 : 0));
/** Per status: 1 when its tick heals its bearer (else it hurts, if it ticks at all). */
export const S_HEALS = Float64Array.from(TICKS, (t) => (t?.entry.tick === 'heals' ? 1 : 0));
/** Per status: its tick's figure (0 when it does not tick). */
export const S_TICK_FIGURE = Float64Array.from(TICKS, (t) => t?.x ?? 0);
/** Per status: the power per tick it starts with (./core.ts applyStatus); a status that does not tick has none. */
export const S_TICK_POWER: TickEntry['power'][] = TICKS.map((t) => t?.entry.power ?? (() => 0));
/** Per status: the AI's worth of its ticks (./effects.ts). */
export const S_TICK_WORTH: TickEntry['worth'][] = TICKS.map((t) => t?.entry.worth ?? (() => 0));

/**
 * The keys that fold into a column, numbered k: each one's column, how it folds (FOLD_MULTIPLY, FOLD_ADD, FOLD_FLAG),
 * the statuses that set it (a bit mask) and their figures (KEY_FIGURE[k × NS + status]). Then per status s, the keys
 * it folds: STATUS_KEY[STATUS_KEYS_FROM[s] …  STATUS_KEYS_FROM[s + 1] − 1]. The core re-derives a column from these
 * when a status that folds into it comes or goes (./core.ts refold), so a status touches only its own columns.
 */
export const FOLD_MULTIPLY = 0,
  FOLD_ADD = 1,
  FOLD_FLAG = 2;
const FOLDED_KEYS = KEYS.filter((key) => entryOf(key).tick === undefined);
const foldedEntry = (k: number) => entryOf(FOLDED_KEYS[k]) as FoldedEntry;
export const NK = FOLDED_KEYS.length;
export const KEY_COLUMN = Int32Array.from(FOLDED_KEYS, (_, k) => foldedEntry(k).column);
export const KEY_FOLD = Int32Array.from(
  FOLDED_KEYS,
  (_, k) => ({ multiply: FOLD_MULTIPLY, add: FOLD_ADD, flag: FOLD_FLAG })[foldedEntry(k).fold],
);
export const KEY_FIGURE = new Float64Array(NK * NS);
export const KEY_STATUSES = new Int32Array(NK);
FOLDS.forEach((folds, s) =>
  folds.forEach(({ key, x }) => {
    const k = FOLDED_KEYS.indexOf(key);
    KEY_FIGURE[k * NS + s] = x;
    KEY_STATUSES[k] |= 1 << s;
  }),
);
export const STATUS_KEYS_FROM = Int32Array.from({ length: NS + 1 }, (_, s) =>
  FOLDS.slice(0, s).reduce((n, f) => n + f.length, 0),
);
export const STATUS_KEY = Int32Array.from(FOLDS.flat(), ({ key }) => FOLDED_KEYS.indexOf(key));

/** The statuses for which `has` holds, as a bit mask. */
const maskOf = (has: (s: number) => boolean) =>
  STATUS_IDS.reduce((m, _, s) => (has(s) ? m | (1 << s) : m), 0);
/** Statuses that fold into a column: a unit's columns are recomputed when one comes or goes. */
export const FOLD_MASK = maskOf((s) => FOLDS[s].length > 0);
/** Statuses that tick at the start of their bearer's turn. */
export const TICK_MASK = maskOf((s) => TICKS[s] !== undefined);

/**
 * What the AI thinks a status is worth on its bearer, in percent of a unit's health, from its folded keys' weights
 * (a tick is valued as it lands, S_TICK_WORTH); S_WORTH_ON scales it by the bearer where a key says so.
 */
export const S_AIVALUE = Float64Array.from(FOLDS, (folds) => {
  let v = 0;
  for (const { x, entry } of folds)
    v +=
      entry.fold === 'multiply'
        ? Math.abs(1 - x) * entry.weight
        : entry.fold === 'add'
          ? x * entry.weight
          : entry.weight;
  return v;
});
export const S_WORTH_ON: ((u: Float64Array, j: number) => number)[][] = FOLDS.map((folds) =>
  folds.flatMap(({ entry }) => (entry.worthOn ? [entry.worthOn] : [])),
);
