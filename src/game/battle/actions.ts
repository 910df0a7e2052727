// An action (an ability, or Attack, Defend, Focus) is a list of effects, compiled in ./compile.ts. Here is the one
// way an action happens (perform) and what the AI thinks it is worth (valueOf); both walk the action's effects
// through the effects registry (./effects.ts), as the turn-based options do (./turn-based.ts).

import type { EffectDef } from '../data/schema.ts';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import type { BattleCore } from './core.ts';
import * as effects from './effects.ts';
import type { Gist, OpEntry, TargetEntry } from './effects.ts';
const { OPS, TARGETS, energyValue } = effects;
const {
  ACTION_DEFS,
  A_AIWEIGHT,
  A_BASIC,
  A_COOLDOWN,
  A_COUNT,
  A_ENERGY,
  A_ULT,
  EF,
  ENERGY,
  MAX_EFFECTS,
  SIDE,
  SLOTS,
  effectHits,
} = compiled;
const {
  ACT_ATTACK,
  ACT_SLOT0,
  READY_AT,
  TURNS_TAKEN,
  ONGOING,
  actionOf,
  assertInPlay,
  canAct,
  gainEnergy,
  isAlive,
  isAliveUnchecked,
  lowestAlly,
  resolveEnemyTarget,
  setUnitStat,
  unitStat,
} = rules;

// ---- what the registry says of each action, compiled once ------------------------------------------------------
// Effect rows are numbered action × MAX_EFFECTS + effect (./compile.ts A_EFFECTS holds their figures); each row's
// op and target kind are looked up once here, into arrays of entries: a whole-number index into an array is one
// load where looking an entry up by the effect's names at every use is a hash lookup.

const ROWS = ACTION_DEFS.length * MAX_EFFECTS;
const effectAt = (r: number): EffectDef | undefined =>
  ACTION_DEFS[Math.floor(r / MAX_EFFECTS)].effects[r % MAX_EFFECTS];
/** An op or target kind content names that the registry lacks fails here, at load, naming the action. */
function entry<T>(table: Record<string, T>, name: string, r: number): T {
  const found = Object.hasOwn(table, name) ? table[name] : undefined;
  if (found === undefined)
    throw new Error(
      `${ACTION_DEFS[Math.floor(r / MAX_EFFECTS)].id}: no entry '${name}' in the effects registry`,
    );
  return found;
}
const NO_OP = OPS.damage as OpEntry; // (rows past an action's effects are never read)
const ROW_OP_ENTRY: OpEntry[] = Array.from({ length: ROWS }, (_, r) => {
  const e = effectAt(r);
  return e ? entry<OpEntry>(OPS, e.op, r) : NO_OP;
});
const ROW_TARGET: TargetEntry[] = Array.from({ length: ROWS }, (_, r) => {
  const e = effectAt(r);
  return e ? entry<TargetEntry>(TARGETS, e.target, r) : TARGETS.self;
});
const ROW_APPLY = ROW_OP_ENTRY.map((op) => op.apply);
const ROW_VALUE = ROW_OP_ENTRY.map((op) => op.value);
/** Each row's op: 1 damage, 2 status, 0 any other (see the commonest two, below). */
const ROW_OP = Int32Array.from({ length: ROWS }, (_, r) =>
  ROW_OP_ENTRY[r] === OPS.damage ? 1 : ROW_OP_ENTRY[r] === OPS.status ? 2 : 0,
);
/**
 * Each row's target kind's `on`, as a number: lands on the chosen unit, on the user, on every living foe or ally of
 * the user, as its reach says, or on units it draws hit by hit. (A number read from an Int32Array, where reading
 * `drawn` or `on` from the entries is a property load on objects of several shapes.)
 */
const ON_REACH = 0,
  ON_CHOSEN = 1,
  ON_USER = 2,
  ON_ENEMIES = 3,
  ON_ALLIES = 4,
  ON_DRAWN = 5;
const ON_NUMBER = {
  reach: ON_REACH,
  chosen: ON_CHOSEN,
  user: ON_USER,
  enemies: ON_ENEMIES,
  allies: ON_ALLIES,
};
const ROW_ON = Int32Array.from({ length: ROWS }, (_, r) => {
  const target = ROW_TARGET[r];
  return target.drawn ? ON_DRAWN : ON_NUMBER[target.on];
});
/**
 * The commonest two ops (most effects a battle applies), called by name where perform applies an op, so the compiler may
 * inline them instead of calling through a table; they are their registry entries' apply all the same, and every
 * other op is called through its entry as it is.
 */
const OP_DAMAGE = 1,
  OP_STATUS = 2;
const damage: OpEntry['apply'] = OPS.damage.apply,
  status: OpEntry['apply'] = OPS.status.apply;

/** What a chosen target must be: none, an enemy, or an ally (an action's first effect aimed at one says which). */
export const PICK_NONE = 0,
  PICK_ENEMY = 1,
  PICK_ALLY = 2;
/** An option's tendency (./turn-based.ts), from its effects' gists. */
export const TEND_AGGRESSIVE = 0,
  TEND_DEFENSIVE = 1,
  TEND_SUPPORTIVE = 2,
  TEND_TACTICAL = 3;
/** Per action: whom it is aimed at, its tendency, and the normal AI's rules of thumb (heals, protects, hurts). */
export const A_PICK = new Int32Array(ACTION_DEFS.length);
export const A_TENDENCY = new Int32Array(ACTION_DEFS.length);
export const A_HEALS = new Int32Array(ACTION_DEFS.length);
export const A_PROTECTS = new Int32Array(ACTION_DEFS.length);
export const A_HURTS = new Int32Array(ACTION_DEFS.length);
ACTION_DEFS.forEach((a, idx) => {
  const gists: Gist[] = a.effects.map((e, k) =>
    ROW_OP_ENTRY[idx * MAX_EFFECTS + k].gist(e, ROW_TARGET[idx * MAX_EFFECTS + k]),
  );
  const any = (word: keyof Gist) => gists.some((g) => g[word] === true);
  A_HEALS[idx] = any('heals') ? 1 : 0;
  A_PROTECTS[idx] = any('protects') ? 1 : 0;
  A_HURTS[idx] = any('hurts') ? 1 : 0;
  A_TENDENCY[idx] = any('supports')
    ? TEND_SUPPORTIVE
    : any('guards')
      ? TEND_DEFENSIVE
      : gists[0]?.strikes === true
        ? TEND_AGGRESSIVE
        : TEND_TACTICAL;
  const aimed = a.effects.map((_, k) => ROW_TARGET[idx * MAX_EFFECTS + k].pick).find((p) => p !== null);
  A_PICK[idx] = aimed === 'enemy' ? PICK_ENEMY : aimed === 'ally' ? PICK_ALLY : PICK_NONE;
});

/** What kind of target unit i's action `act` needs chosen (PICK_NONE, PICK_ENEMY, PICK_ALLY). */
export function pickOf(c: BattleCore, i: number, act: number): number {
  const idx = actionOf(c, i, act);
  return idx < 0 ? PICK_NONE : A_PICK[idx];
}

/** The unit an action of unit i aimed at `wanted` lands on: a legal enemy (taunt), an ally, or -1 for none. */
export function chosenTarget(c: BattleCore, i: number, idx: number, wanted: number): number {
  const side = unitStat(i, SIDE);
  const pick = A_PICK[idx];
  if (pick === PICK_ENEMY) return resolveEnemyTarget(c, side, wanted);
  if (pick === PICK_ALLY)
    return isAlive(c, wanted) && unitStat(wanted, SIDE) === side ? wanted : lowestAlly(c, side);
  return -1;
}

/** Carry out unit i's action. An action it may not take becomes a basic attack; a target it may not aim at, a legal one. */
export function perform(c: BattleCore, i: number, act: number, target: number): void {
  assertInPlay(c);
  if (!canAct(c, i, act)) act = ACT_ATTACK;
  const idx = actionOf(c, i, act);
  carryOut(c, i, act, idx, chosenTarget(c, i, idx, target));
}

/**
 * perform for the AI's choice (./ai.ts), in a loop that checked once that its core is in play: every tier chooses
 * only actions unit i may take, aimed where chosenTarget would aim them (engine.test.ts checks it battle by battle),
 * so the choice is carried out as it is, without checking it again.
 */
export function performUnchecked(c: BattleCore, i: number, act: number, target: number): void {
  carryOut(c, i, act, actionOf(c, i, act), target);
}

/** Action `act` (compiled action idx) of unit i, landing on unit t (or -1): pay, then its effects in order, then energy. */
function carryOut(c: BattleCore, i: number, act: number, idx: number, t: number): void {
  if (A_ULT[idx] === 1) setUnitStat(i, ENERGY, 0);
  // (its own end of turn, about to come, counts as one of the cooldown's turns)
  else if (A_BASIC[idx] === 0) READY_AT[i * SLOTS + act - ACT_SLOT0] = TURNS_TAKEN[i] + A_COOLDOWN[idx] + 1;
  if (c.log !== null) c.log.action(i, act, idx, t);
  for (let k = 0, n = A_COUNT[idx]; k < n; k++) {
    if (c.over !== ONGOING) return;
    const row = idx * MAX_EFFECTS + k,
      e = row * EF;
    const on = ROW_ON[row],
      op = ROW_OP[row],
      apply = ROW_APPLY[row],
      hits = effectHits(e);
    if (on === ON_DRAWN) {
      const target = ROW_TARGET[row] as TargetEntry & { drawn: true };
      for (let h = 0; h < hits && c.over === ONGOING; h++) {
        const j = target.draw(c, i);
        if (j < 0) continue;
        if (op === OP_DAMAGE) damage(c, i, j, e, 1);
        else apply(c, i, j, e, 1);
      }
      continue;
    }
    let m: number;
    if (on === ON_CHOSEN) m = isAliveUnchecked(c, t) ? 1 << t : 0;
    else if (on === ON_USER) m = 1 << i;
    else if (on === ON_ENEMIES || on === ON_ALLIES) {
      const first = (1 << c.nA) - 1; // side 0's units
      m = c.living & ((unitStat(i, SIDE) === 0) === (on === ON_ALLIES) ? first : ~first);
    } else m = (ROW_TARGET[row] as TargetEntry & { drawn: false }).reach(c, i, t);
    for (; m !== 0 && c.over === ONGOING; m &= m - 1) {
      const j = 31 - Math.clz32(m & -m);
      if (!isAliveUnchecked(c, j)) continue;
      if (op === OP_DAMAGE) damage(c, i, j, e, hits);
      else if (op === OP_STATUS) status(c, i, j, e, hits);
      else apply(c, i, j, e, hits);
    }
  }
  if (A_ENERGY[idx] > 0 && isAliveUnchecked(c, i)) gainEnergy(c, i, A_ENERGY[idx]);
}

/**
 * What unit i doing `act` aimed at `tgt` is worth, in "percent of a unit's health" units. `perPower`: the hard tier's
 * table for the decision under way, unit i's expected damage per unit of power against each enemy (./ai.ts), or null.
 */
export function valueOf(
  c: BattleCore,
  i: number,
  act: number,
  tgt: number,
  perPower: Float64Array | null = null,
): number {
  const idx = actionOf(c, i, act);
  let v = 0;
  for (let k = 0, n = A_COUNT[idx]; k < n; k++) {
    const row = idx * MAX_EFFECTS + k;
    v += ROW_TARGET[row].value(c, i, tgt, row * EF, ROW_VALUE[row], perPower);
  }
  // The planner spends an ultimate only when it beats what else it could do by a margin (checked in ./ai.ts).
  return v * A_AIWEIGHT[idx] + energyValue(c, i, A_ENERGY[idx]);
}
