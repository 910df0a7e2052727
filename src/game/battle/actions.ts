// An action (an ability, or Attack, Defend, Focus) is a list of effects, compiled in ./compile.ts. Here is the one
// way an action happens (perform) and what the AI thinks it is worth (valueOf); both walk the action's effects
// through the effects registry (./effects.ts), as the turn-based options do (./turn-based.ts).

import { EFFECT_OPS } from '../data/schema.ts';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import type { BattleCore } from './core.ts';
import * as effects from './effects.ts';
const { OPS, TARGETS, energyValue } = effects;
const {
  A_AIWEIGHT,
  A_BASIC,
  A_COOLDOWN,
  A_COUNT,
  A_EFFECTS,
  A_ENERGY,
  A_PICK,
  A_ULT,
  E_HITS,
  E_OP,
  E_TARGET,
  EF,
  ENERGY,
  MAX_EFFECTS,
  PICK_ALLY,
  PICK_ENEMY,
  SIDE,
  SLOTS,
  TARGET_KINDS,
  UF,
} = compiled;
const {
  ACT_ATTACK,
  ACT_SLOT0,
  COOLDOWNS,
  ONGOING,
  UNITS,
  actionOf,
  assertInPlay,
  canAct,
  gainEnergy,
  isAlive,
  lives,
  lowestAlly,
  resolveEnemyTarget,
} = rules;

/** The registry's entries by the numbers compiled into effect rows (E_OP, E_TARGET). */
const OP_AT = EFFECT_OPS.map((op) => OPS[op]);
const TARGET_AT = TARGET_KINDS.map((t) => TARGETS[t]);
const VALUE = OP_AT.map((op) => op.value);
/**
 * Each effect row's target kind and op apply, by the row's number (action × MAX_EFFECTS + effect), looked up once
 * here rather than through the row's numbers at every use: a whole-number index into an array of entries is one
 * load where a number read from the Float64Array of rows is first converted (measured: 2% of a battle).
 */
const ROWS = A_EFFECTS.length / EF;
const ROW_TARGET = Array.from({ length: ROWS }, (_, r) => TARGET_AT[A_EFFECTS[r * EF + E_TARGET]]);
const ROW_APPLY = Array.from({ length: ROWS }, (_, r) => OP_AT[A_EFFECTS[r * EF + E_OP]].apply);
const ROW_OP = Int32Array.from({ length: ROWS }, (_, r) => A_EFFECTS[r * EF + E_OP]);
/** Each row's target kind's `on`, as a number: lands on the chosen unit, on the user, or as its reach says. */
const ON_CHOSEN = 1,
  ON_USER = 2;
const ROW_ON = Int32Array.from({ length: ROWS }, (_, r) => {
  const target = ROW_TARGET[r];
  return target.drawn ? 0 : target.on === 'chosen' ? ON_CHOSEN : target.on === 'user' ? ON_USER : 0;
});
/**
 * The commonest two ops (most effects a battle applies), called by name where perform applies an op, so the compiler may
 * inline them instead of calling through a table; they are their registry entries' apply all the same, and every
 * other op is called through its entry as it is.
 */
const OP_DAMAGE = EFFECT_OPS.indexOf('damage'),
  OP_STATUS = EFFECT_OPS.indexOf('status');
const damage = OPS.damage.apply,
  status = OPS.status.apply;

/** The unit an action of unit i aimed at `wanted` lands on: a legal enemy (taunt), an ally, or -1 for none. */
export function chosenTarget(c: BattleCore, i: number, idx: number, wanted: number): number {
  const side = UNITS[i * UF + SIDE];
  const pick = A_PICK[idx];
  if (pick === PICK_ENEMY) return resolveEnemyTarget(c, side, wanted);
  if (pick === PICK_ALLY)
    return isAlive(c, wanted) && UNITS[wanted * UF + SIDE] === side ? wanted : lowestAlly(c, side);
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
 * Carry out the action the AI (./ai.ts) chose for unit i (c.pickAct at c.pickTgt), in a loop that checked once that
 * its core is in play. Every tier chooses only actions unit i may take, aimed where chosenTarget would aim them
 * (engine.test.ts checks it battle by battle), so the choice is carried out as it is, without checking it again.
 */
export function performDecided(c: BattleCore, i: number): void {
  const act = c.pickAct;
  carryOut(c, i, act, actionOf(c, i, act), c.pickTgt);
}

/** Action `act` (compiled action idx) of unit i, landing on unit t (or -1): pay, then its effects in order, then energy. */
function carryOut(c: BattleCore, i: number, act: number, idx: number, t: number): void {
  const u = UNITS,
    o = i * UF;
  if (A_ULT[idx] === 1) u[o + ENERGY] = 0;
  else if (A_BASIC[idx] === 0) COOLDOWNS[i * SLOTS + act - ACT_SLOT0] = A_COOLDOWN[idx] + 1; // endTurn ticks once right away
  if (c.log !== null) c.log.action(i, act, idx, t);
  for (let k = 0, n = A_COUNT[idx]; k < n; k++) {
    if (c.over !== ONGOING) return;
    const row = idx * MAX_EFFECTS + k,
      e = row * EF;
    const target = ROW_TARGET[row];
    const op = ROW_OP[row],
      apply = ROW_APPLY[row],
      hits = A_EFFECTS[e + E_HITS];
    if (target.drawn)
      for (let h = 0; h < hits && c.over === ONGOING; h++) {
        const j = target.draw(c, i);
        if (j >= 0) apply(c, i, j, e, 1);
      }
    else
      for (
        let on = ROW_ON[row],
          m = on === ON_CHOSEN ? (lives(c, t) ? 1 << t : 0) : on === ON_USER ? 1 << i : target.reach(c, i, t);
        m !== 0 && c.over === ONGOING;
        m &= m - 1
      ) {
        const j = 31 - Math.clz32(m & -m);
        if (!lives(c, j)) continue;
        if (op === OP_DAMAGE) damage(c, i, j, e, hits);
        else if (op === OP_STATUS) status(c, i, j, e, hits);
        else apply(c, i, j, e, hits);
      }
  }
  if (A_ENERGY[idx] > 0 && lives(c, i)) gainEnergy(c, i, A_ENERGY[idx]);
}

/** What unit i doing `act` aimed at `tgt` is worth, in "percent of a unit's health" units. */
export function valueOf(c: BattleCore, i: number, act: number, tgt: number): number {
  const idx = actionOf(c, i, act);
  let v = 0;
  for (let k = 0, n = A_COUNT[idx]; k < n; k++) {
    const e = (idx * MAX_EFFECTS + k) * EF;
    v += TARGET_AT[A_EFFECTS[e + E_TARGET]].value(c, i, tgt, e, VALUE[A_EFFECTS[e + E_OP]]);
  }
  // The planner spends an ultimate only when it beats what else it could do by a margin (checked in ./ai.ts).
  return v * A_AIWEIGHT[idx] + energyValue(c, i, A_ENERGY[idx]);
}
