// The battle AI, in three tiers:
//   easy   — plays loosely: a random usable action on a random legal target;
//   normal — a quick rule of thumb (it plays most simulated battles, so it must be cheap): the ultimate when
//            ready, a heal when an ally is hurt, protection when someone is in danger, otherwise the strongest
//            ready attack, aimed at a weak enemy chosen loosely;
//   hard   — values every action through the effects registry (./effects.ts), with the rules core's own formulas
//            and takes the best exactly: focus fire weighted by threat, finishing blows, heals and shields when
//            they matter, and the ultimate held until it beats the alternatives.
// The turn-based options (./turn-based.ts) are ranked with the hard tier's values.

import * as compiled from './compile.ts';
const { ALIVE, ENERGY, F_SILENCE, F_TAUNT, HP, MAX_ENERGY, MAXHP, SHIELD, SIDE, SLOTS, UF } = compiled;
import * as rules from './core.ts';
import { type BattleCore } from './core.ts';
const {
  ACT_ATTACK,
  ACT_COUNT,
  ACT_FOCUS,
  ACT_SLOT0,
  ACT_ULT,
  READY_AT,
  TURNS_TAKEN,
  SLOT_ABILITIES,
  UNITS,
  allyEnd,
  allyStart,
  assertInPlay,
  canAct,
  enemyEnd,
  enemyStart,
  expectedDamage,
  hasTaunter,
  lives,
  lowestAlly,
} = rules;
import * as effects from './effects.ts';
const { damageValue, perPower } = effects;
import * as actions from './actions.ts';
const { A_HEALS, A_HURTS, A_PICK, A_PROTECTS, PICK_ALLY, PICK_ENEMY, pickOf, valueOf } = actions;

export const AI_EASY = 0,
  AI_NORMAL = 1,
  AI_HARD = 2;

/** Decide for unit i at the given tier; the answer goes to c.pickAct / c.pickTgt. */
export function decide(c: BattleCore, i: number, tier: number): void {
  assertInPlay(c);
  choose(c, i, tier);
}

/** decide for a loop that checked once that its core is in play (./simulate.ts runUntilDecision). */
export function choose(c: BattleCore, i: number, tier: number): void {
  // (each tier its own function: the compiler then takes in only the tier a battle plays)
  const side = UNITS[i * UF + SIDE];
  const taunt = hasTaunter(c, side);
  if (tier === AI_NORMAL) decideByRule(c, i, side, taunt);
  else if (tier === AI_EASY) decideLoosely(c, i, taunt);
  else decideByValue(c, i, side, taunt);
}

/** The easy tier: a random usable action (never focus), then a random legal target. */
function decideLoosely(c: BattleCore, i: number, taunt: boolean): void {
  let act = ACT_ATTACK;
  for (let tries = 0; tries < 6; tries++) {
    const a = Math.floor(c.rand() * ACT_FOCUS); // (every action numbered before Focus, which ./numbers.ts keeps last)
    if (canAct(c, i, a)) {
      act = a;
      break;
    }
  }
  c.pickAct = act;
  c.pickTgt = randomTarget(c, i, pickOf(c, i, act), taunt);
}

/** The hard tier: every action valued through the effects registry, the best taken. */
function decideByValue(c: BattleCore, i: number, side: number, taunt: boolean): void {
  const u = UNITS;
  // The hard tier. 1. The enemy worth hitting: the best basic-attack value, weighing threats and kills. Every
  //    single-enemy action aims there; every single-ally action at the most wounded ally.
  let enemy = -1,
    enemyV = -Infinity;
  perPower.actor = -1;
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++)
    perPower.values[j] = u[j * UF + ALIVE] === 1 ? expectedDamage(c, i, j, 1, 0, 0) : 0;
  perPower.actor = i;
  perPower.core = c;
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
  perPower.actor = -1;
  c.pickAct = bestA;
  c.pickTgt = bestT;
}

/** The normal tier: cheap rules of thumb, with some looseness in whom it hits. It looks only at what it needs. */
function decideByRule(c: BattleCore, i: number, side: number, taunt: boolean): void {
  const u = UNITS,
    o = i * UF;
  const r = c.rand(); // the noise of the enemy choice, drawn every turn so the stream does not depend on the action
  let bestA = ACT_ATTACK,
    ally = -2, // not looked for yet
    allyFrac = 2;
  const silenced = u[o + F_SILENCE] === 1;
  const slots = i * SLOTS,
    taken = TURNS_TAKEN[i];
  if (!silenced && SLOT_ABILITIES[slots + 2] >= 0 && u[o + ENERGY] >= MAX_ENERGY) bestA = ACT_ULT;
  else if (!silenced) {
    let bestS = 1;
    for (let k = 0; k < 2; k++) {
      const idx = SLOT_ABILITIES[slots + k];
      if (idx < 0 || READY_AT[slots + k] > taken) continue;
      let s = 1.2; // buffs, debuffs, energy: better than a plain attack
      if (A_HEALS[idx] === 1 || A_PROTECTS[idx] === 1) {
        if (ally === -2) {
          ally = lowestAlly(c, side);
          allyFrac = ally < 0 ? 2 : u[ally * UF + HP] / u[ally * UF + MAXHP];
        }
        if (A_HEALS[idx] === 1) s = allyFrac < 0.6 ? 4 : A_HURTS[idx] === 1 ? 1.6 : 0.5;
        else s = allyFrac < 0.55 || u[o + HP] < 0.55 * u[o + MAXHP] ? 3 : A_HURTS[idx] === 1 ? 1.5 : 0.8;
      } else if (A_HURTS[idx] === 1) s = 2;
      if (s > bestS) {
        bestS = s;
        bestA = ACT_SLOT0 + k;
      }
    }
  }
  const pick = bestA === ACT_ATTACK ? PICK_ENEMY : A_PICK[SLOT_ABILITIES[slots + bestA - ACT_SLOT0]];
  c.pickAct = bestA;
  c.pickTgt =
    pick === PICK_ENEMY
      ? looseWeakEnemy(c, side, taunt, r)
      : pick === PICK_ALLY
        ? ally === -2
          ? lowestAlly(c, side)
          : ally
        : -1;
}

/** A weak enemy, chosen loosely: the lowest health and shield after noise, every enemy its own share of one draw r. */
function looseWeakEnemy(c: BattleCore, side: number, taunt: boolean, r: number): number {
  const u = UNITS;
  let enemy = -1,
    enemyV = Infinity;
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++) {
    const q = j * UF;
    if (!lives(c, j) || (taunt && u[q + F_TAUNT] !== 1)) continue;
    const x = r * (2 * j + 1) * 7.31;
    const v = (u[q + HP] + u[q + SHIELD]) * (0.7 + 0.6 * (x - Math.floor(x)));
    if (v < enemyV) {
      enemyV = v;
      enemy = j;
    }
  }
  return enemy;
}

function randomTarget(c: BattleCore, i: number, pick: number, taunt: boolean): number {
  if (pick === 0) return -1;
  const u = UNITS,
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
