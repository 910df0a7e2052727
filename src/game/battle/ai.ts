// The battle AI, in three tiers:
//   easy   — plays loosely: a random usable action on a random legal target;
//   normal — a quick rule of thumb (it plays most simulated battles, so it must be cheap): the ultimate when
//            ready, a heal when an ally is hurt, protection when someone is in danger, otherwise the strongest
//            ready attack, aimed at a weak enemy chosen loosely;
//   hard   — values every action with the rules core's own formulas (expectedDamage, effectAmount in ./core.ts)
//            and takes the best exactly: focus fire weighted by threat, finishing blows, heals and shields when
//            they matter, and the ultimate held until it beats the alternatives.
// The turn-based options (./turn-based.ts) are ranked with the hard tier's values.

import * as compiled from './compile.ts';
const {
  A_PICK,
  F_SILENCE,
  A_HEALS,
  A_HURTS,
  A_PROTECTS,
  A_COUNT,
  A_EFFECTS,
  A_ULT,
  ABMUL,
  ALIVE,
  ATK,
  E_CHANCE,
  E_EXECUTE,
  E_HITS,
  E_OP,
  E_PIERCE,
  E_POWER,
  E_STATUS,
  E_TARGET,
  E_TURNS,
  EF,
  EGAIN,
  ENERGY,
  F_TAUNT,
  HEALTAKEN,
  HP,
  M_ATK,
  M_HEALTAKEN,
  MASK,
  MAX_EFFECTS,
  MAX_ENERGY,
  MAXHP,
  OP_CLEANSE,
  OP_DAMAGE,
  OP_ENERGY,
  OP_HEAL,
  OP_SHIELD,
  OP_STATUS,
  PICK_ALLY,
  PICK_ENEMY,
  RESIST,
  ROLE,
  S_AIVALUE,
  S_DOTATK,
  S_DOTMAXHP,
  S_HARMFUL,
  S_HOT,
  S_TAUNT,
  SHIELD,
  SIDE,
  SLOTS,
  T_ALL_ALLIES,
  T_ALL_ENEMIES,
  T_ALLY,
  T_ENEMY,
  T_LOWEST_ALLY,
  T_RANDOM_ENEMY,
  T_SELF,
  UF,
  DOTDEALT,
  DOTTAKEN,
  HEALDONE,
} = compiled;
import * as rules from './core.ts';
import { type BattleCore } from './core.ts';
const {
  ACT_ATTACK,
  ACT_COUNT,
  ACT_DEFEND,
  ACT_FOCUS,
  ACT_SLOT0,
  ACT_ULT,
  DEFEND_SHIELD,
  ENERGY_FOCUS,
  ENERGY_PER_ACTION,
  allyEnd,
  allyStart,
  canAct,
  effectAmount,
  enemyEnd,
  enemyStart,
  expectedDamage,
  hasTaunter,
  lowestAlly,
  pickOf,
} = rules;

export const AI_EASY = 0,
  AI_NORMAL = 1,
  AI_HARD = 2;
/** What killing a unit is worth beyond the damage itself, in percent of a unit's health. */
const KILL_BONUS = 67.5;

function threat(c: BattleCore, j: number): number {
  const u = c.u,
    o = j * UF;
  // Damage dealers and healers first, and the wounded (focus fire).
  const role = u[o + ROLE] === 0 ? 0.8 : 1.15;
  const wounded = 1.25 - 0.5 * (u[o + HP] / u[o + MAXHP]);
  return role * wounded;
}

/** Per decision: the actor's expected damage per unit of power against each enemy (plain hits only). */
const perPower = new Float64Array(16);
let perPowerActor = -1;
let perPowerCore: BattleCore | null = null;

function damageValue(
  c: BattleCore,
  i: number,
  j: number,
  power: number,
  pierce: number,
  execute: number,
  hits: number,
): number {
  const u = c.u,
    o = j * UF;
  const d =
    (pierce === 0 && execute === 0 && perPowerActor === i && perPowerCore === c && perPower[j] > 0
      ? Math.max(1, perPower[j] * power)
      : expectedDamage(c, i, j, power, pierce, execute)) * hits;
  const pool = u[o + HP] + u[o + SHIELD];
  let v = (Math.min(d, pool) / u[o + MAXHP]) * 100;
  if (d >= pool) v += KILL_BONUS;
  return v * threat(c, j);
}

function healValue(c: BattleCore, j: number, amount: number): number {
  const u = c.u,
    o = j * UF;
  const frac = u[o + HP] / u[o + MAXHP];
  const got = Math.min(u[o + MAXHP] - u[o + HP], amount * u[o + HEALTAKEN] * u[o + M_HEALTAKEN]);
  return (got / u[o + MAXHP]) * 100 * (frac < 0.4 ? 1.6 : 1);
}

function shieldValue(c: BattleCore, j: number, amount: number): number {
  const u = c.u,
    o = j * UF;
  const frac = u[o + HP] / u[o + MAXHP];
  const stacked = u[o + SHIELD] > 0.15 * u[o + MAXHP] ? 0.3 : 1;
  return (Math.min(amount, u[o + MAXHP]) / u[o + MAXHP]) * 100 * (0.25 + 0.6 * (1 - frac)) * stacked;
}

function statusValue(c: BattleCore, i: number, j: number, s: number, turns: number, chance: number): number {
  const u = c.u,
    o = j * UF;
  const enemy = u[o + SIDE] !== u[i * UF + SIDE];
  if (S_HARMFUL[s] === 1 && !enemy) return -S_AIVALUE[s];
  if (S_HARMFUL[s] === 1) chance *= 1 - u[o + RESIST];
  if (chance <= 0) return 0;
  let v = S_AIVALUE[s];
  if (S_DOTATK[s] > 0)
    v +=
      ((S_DOTATK[s] * u[i * UF + ATK] * u[i * UF + M_ATK] * u[i * UF + DOTDEALT] * u[o + DOTTAKEN] * turns) /
        u[o + MAXHP]) *
      100 *
      0.8;
  if (S_DOTMAXHP[s] > 0) v += S_DOTMAXHP[s] * turns * 100 * 0.8 * u[i * UF + DOTDEALT] * u[o + DOTTAKEN];
  if (S_HOT[s] > 0)
    v +=
      S_HOT[s] *
      turns *
      100 *
      Math.max(0, u[i * UF + HEALDONE]) *
      Math.min(1, 1.5 * (1 - u[o + HP] / u[o + MAXHP]));
  if (S_TAUNT[s] > 0) v *= u[o + ROLE] === 0 ? u[o + HP] / u[o + MAXHP] : 0.2;
  if (((u[o + MASK] | 0) & (1 << s)) !== 0) v *= 0.2;
  return v * Math.min(1, chance);
}

function energyValue(c: BattleCore, j: number, points: number): number {
  const u = c.u,
    o = j * UF;
  return (Math.min(MAX_ENERGY - u[o + ENERGY], points * u[o + EGAIN]) / MAX_ENERGY) * 25;
}

function effectValue(c: BattleCore, i: number, j: number, e: number, hits: number): number {
  const u = c.u;
  if (u[j * UF + ALIVE] !== 1) return 0;
  const op = A_EFFECTS[e + E_OP];
  if (op === OP_DAMAGE)
    return damageValue(
      c,
      i,
      j,
      A_EFFECTS[e + E_POWER] * u[i * UF + ABMUL],
      A_EFFECTS[e + E_PIERCE],
      A_EFFECTS[e + E_EXECUTE],
      hits,
    );
  if (op === OP_HEAL) return healValue(c, j, effectAmount(c, i, j, e));
  if (op === OP_SHIELD) return shieldValue(c, j, effectAmount(c, i, j, e));
  if (op === OP_STATUS)
    return statusValue(c, i, j, A_EFFECTS[e + E_STATUS], A_EFFECTS[e + E_TURNS], A_EFFECTS[e + E_CHANCE]);
  if (op === OP_ENERGY) return energyValue(c, j, A_EFFECTS[e + E_POWER]);
  if (op === OP_CLEANSE) {
    let bad = 0;
    for (let m = u[j * UF + MASK] | 0; m !== 0; m &= m - 1)
      if (S_HARMFUL[31 - Math.clz32(m & -m)] === 1) bad++;
    return bad * 10;
  }
  return 0;
}

/** What unit i doing `act` on `tgt` is worth, in "percent of a unit's health" units. */
export function valueOf(c: BattleCore, i: number, act: number, tgt: number): number {
  const u = c.u,
    o = i * UF;
  const side = u[o + SIDE];
  if (act === ACT_ATTACK) return damageValue(c, i, tgt, 1, 0, 0, 1) + energyValue(c, i, ENERGY_PER_ACTION);
  if (act === ACT_DEFEND)
    return (
      shieldValue(c, i, DEFEND_SHIELD * u[o + MAXHP] * Math.max(0, u[o + HEALDONE])) * 0.8 +
      energyValue(c, i, ENERGY_PER_ACTION * 0.75)
    );
  if (act === ACT_FOCUS)
    return (
      energyValue(c, i, ENERGY_FOCUS) + (u[o + ENERGY] + ENERGY_FOCUS * u[o + EGAIN] >= MAX_ENERGY ? 6 : 0)
    );
  const idx = c.ab[i * SLOTS + act - ACT_SLOT0];
  let v = A_ULT[idx] === 1 ? 0 : energyValue(c, i, ENERGY_PER_ACTION);
  for (let k = 0, n = A_COUNT[idx]; k < n; k++) {
    const e = (idx * MAX_EFFECTS + k) * EF;
    const tk = A_EFFECTS[e + E_TARGET];
    const hits = A_EFFECTS[e + E_HITS];
    if (tk === T_ENEMY || tk === T_ALLY) {
      if (tgt >= 0) v += effectValue(c, i, tgt, e, hits);
    } else if (tk === T_SELF) v += effectValue(c, i, i, e, hits);
    else if (tk === T_LOWEST_ALLY) {
      const j = lowestAlly(c, side);
      if (j >= 0) v += effectValue(c, i, j, e, hits);
    } else if (tk === T_RANDOM_ENEMY) {
      const alive = side === 0 ? c.alive1 : c.alive0;
      if (alive > 0) {
        let sum = 0;
        for (let j = enemyStart(c, side), end = enemyEnd(c, side); j < end; j++)
          sum += effectValue(c, i, j, e, hits / alive);
        v += sum;
      }
    } else if (tk === T_ALL_ENEMIES) {
      for (let j = enemyStart(c, side), end = enemyEnd(c, side); j < end; j++)
        v += effectValue(c, i, j, e, hits);
    } else if (tk === T_ALL_ALLIES) {
      for (let j = allyStart(c, side), end = allyEnd(c, side); j < end; j++)
        v += effectValue(c, i, j, e, hits);
    }
  }
  // The planner spends an ultimate only when it beats what else it could do by a margin (checked in decide).
  return v;
}

/** Decide for unit i at the given tier; the answer goes to c.pickAct / c.pickTgt. */
export function decide(c: BattleCore, i: number, tier: number): void {
  const u = c.u;
  const side = u[i * UF + SIDE];
  const taunt = hasTaunter(c, side);
  if (tier === 0) {
    // easy: a random usable action (never focus), then a random legal target
    let act = ACT_ATTACK;
    for (let tries = 0; tries < 6; tries++) {
      const a = Math.floor(c.rand() * 5);
      if (canAct(c, i, a)) {
        act = a;
        break;
      }
    }
    c.pickAct = act;
    c.pickTgt = randomTarget(c, i, pickOf(c, i, act), taunt);
    return;
  }
  if (tier === 1) {
    decideByRule(c, i, side, taunt);
    return;
  }
  // The hard tier. 1. The enemy worth hitting: the best basic-attack value, weighing threats and kills. Every
  //    single-enemy action aims there; every single-ally action at the most wounded ally.
  let enemy = -1,
    enemyV = -Infinity;
  perPowerActor = -1;
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++)
    perPower[j] = u[j * UF + ALIVE] === 1 ? expectedDamage(c, i, j, 1, 0, 0) : 0;
  perPowerActor = i;
  perPowerCore = c;
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++) {
    if (u[j * UF + ALIVE] !== 1 || (taunt && u[j * UF + F_TAUNT] !== 1)) continue;
    const v = damageValue(c, i, j, 1, 0, 0, 1);
    if (v > enemyV) {
      enemyV = v;
      enemy = j;
    }
  }
  const ally = lowestAlly(c, side);
  // 2. The action worth taking against those targets.
  let bestV = -Infinity,
    bestA = ACT_ATTACK,
    bestT = enemy;
  let ultV = -Infinity,
    ultT = -1;
  for (let act = 0; act < ACT_COUNT; act++) {
    if (!canAct(c, i, act)) continue;
    const pick = pickOf(c, i, act);
    const j = pick === PICK_ENEMY ? enemy : pick === PICK_ALLY ? ally : -1;
    const v = valueOf(c, i, act, j);
    if (act === ACT_ULT) {
      ultV = v;
      ultT = j;
      continue;
    }
    if (v > bestV) {
      bestV = v;
      bestA = act;
      bestT = j;
    }
  }
  if (ultV > -Infinity && ultV >= bestV * 1.1) {
    bestA = ACT_ULT;
    bestT = ultT;
  }
  perPowerActor = -1;
  c.pickAct = bestA;
  c.pickTgt = bestT;
}

/** The normal tier: cheap rules of thumb, with some looseness in whom it hits. */
function decideByRule(c: BattleCore, i: number, side: number, taunt: boolean): void {
  const u = c.u,
    o = i * UF;
  let enemy = -1,
    enemyV = Infinity;
  // One draw gives every enemy its own noise: the fractional parts of r × (a different odd number each).
  const r = c.rand();
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++) {
    const q = j * UF;
    if (u[q + ALIVE] !== 1 || (taunt && u[q + F_TAUNT] !== 1)) continue;
    const x = r * (2 * j + 1) * 7.31;
    const v = (u[q + HP] + u[q + SHIELD]) * (0.7 + 0.6 * (x - Math.floor(x)));
    if (v < enemyV) {
      enemyV = v;
      enemy = j;
    }
  }
  let ally = -1,
    allyFrac = 2;
  for (let j = allyStart(c, side), e = allyEnd(c, side); j < e; j++) {
    const q = j * UF;
    if (u[q + ALIVE] !== 1) continue;
    const f = u[q + HP] / u[q + MAXHP];
    if (f < allyFrac) {
      allyFrac = f;
      ally = j;
    }
  }
  const selfFrac = u[o + HP] / u[o + MAXHP];
  let bestA = ACT_ATTACK,
    bestS = 1;
  const silenced = u[o + F_SILENCE] === 1;
  const slots = i * SLOTS;
  if (!silenced && c.ab[slots + 2] >= 0 && u[o + ENERGY] >= MAX_ENERGY) bestA = ACT_ULT;
  else if (!silenced) {
    for (let k = 0; k < 2; k++) {
      const idx = c.ab[slots + k];
      if (idx < 0 || c.cd[slots + k] > 0) continue;
      let s = 1.2; // buffs, debuffs, energy: better than a plain attack
      if (A_HEALS[idx] === 1) s = allyFrac < 0.6 ? 4 : A_HURTS[idx] === 1 ? 1.6 : 0.5;
      else if (A_PROTECTS[idx] === 1)
        s = allyFrac < 0.55 || selfFrac < 0.55 ? 3 : A_HURTS[idx] === 1 ? 1.5 : 0.8;
      else if (A_HURTS[idx] === 1) s = 2;
      if (s > bestS) {
        bestS = s;
        bestA = ACT_SLOT0 + k;
      }
    }
  }
  const pick = bestA === ACT_ATTACK ? PICK_ENEMY : A_PICK[c.ab[slots + bestA - ACT_SLOT0]];
  c.pickAct = bestA;
  c.pickTgt = pick === PICK_ENEMY ? enemy : pick === PICK_ALLY ? ally : -1;
}

function randomTarget(c: BattleCore, i: number, pick: number, taunt: boolean): number {
  if (pick === 0) return -1;
  const u = c.u,
    side = u[i * UF + SIDE];
  const s = pick === PICK_ENEMY ? enemyStart(c, side) : allyStart(c, side);
  const e = pick === PICK_ENEMY ? enemyEnd(c, side) : allyEnd(c, side);
  let count = 0;
  for (let j = s; j < e; j++)
    if (u[j * UF + ALIVE] === 1 && !(pick === PICK_ENEMY && taunt && u[j * UF + F_TAUNT] !== 1)) count++;
  let k = Math.floor(c.rand() * count);
  for (let j = s; j < e; j++) {
    if (u[j * UF + ALIVE] !== 1 || (pick === PICK_ENEMY && taunt && u[j * UF + F_TAUNT] !== 1)) continue;
    if (k-- === 0) return j;
  }
  return -1;
}
