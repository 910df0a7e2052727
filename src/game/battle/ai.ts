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
const { ENERGY, F_SILENCE, F_TAUNT, HP, MAX_ENERGY, MAX_UNITS, MAXHP, SHIELD, SIDE, SLOTS } = compiled;
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
  allyEnd,
  allyStart,
  assertInPlay,
  canAct,
  enemyEnd,
  enemyStart,
  expectedDamage,
  hasTaunter,
  healthShare,
  isAliveUnchecked,
  lowestAlly,
  slotAbility,
  unitStat,
} = rules;
import * as effects from './effects.ts';
const { damageValue } = effects;
import * as actions from './actions.ts';
const { A_HEALS, A_HURTS, A_PICK, A_PROTECTS, PICK_ALLY, PICK_ENEMY, pickOf, valueOf } = actions;

export const AI_EASY = 0,
  AI_NORMAL = 1,
  AI_HARD = 2;

// ---- the AI's choice: an action and a target, as one number (so deciding allocates nothing) --------------------
const choiceOf = (act: number, target: number): number => act | ((target + 1) << 3);
/** The action of a choice (ACT_ATTACK …). */
export const choiceAct = (choice: number): number => choice & 7;
/** The unit a choice is aimed at, -1 for none. */
export const choiceTarget = (choice: number): number => (choice >> 3) - 1;

/** What unit i does at the given tier: a choice (choiceAct, choiceTarget). */
export function decide(c: BattleCore, i: number, tier: number): number {
  assertInPlay(c);
  return decideUnchecked(c, i, tier);
}

/** decide for a loop that checked once that its core is in play (./simulate.ts runUntilDecision). */
export function decideUnchecked(c: BattleCore, i: number, tier: number): number {
  // (each tier its own function: the compiler then takes in only the tier a battle plays)
  const side = unitStat(i, SIDE);
  const taunt = hasTaunter(c, side);
  if (tier === AI_NORMAL) return decideByRule(c, i, side, taunt);
  if (tier === AI_EASY) return decideLoosely(c, i, taunt);
  return decideByValue(c, i, side, taunt);
}

/** The easy tier: a random usable action (never focus), then a random legal target. */
function decideLoosely(c: BattleCore, i: number, taunt: boolean): number {
  let act = ACT_ATTACK;
  for (let tries = 0; tries < 6; tries++) {
    const a = Math.floor(c.rand() * ACT_FOCUS); // (every action numbered before Focus, which ./numbers.ts keeps last)
    if (canAct(c, i, a)) {
      act = a;
      break;
    }
  }
  return choiceOf(act, randomTarget(c, i, pickOf(c, i, act), taunt));
}

/**
 * The hard tier's table for one decision: the deciding unit's expected damage per unit of power against each enemy
 * (plain hits), worked out once and handed to every valuation of the decision (./effects.ts damageValue).
 */
const perPower = new Float64Array(MAX_UNITS);

/** The hard tier: every action valued through the effects registry, the best taken. */
function decideByValue(c: BattleCore, i: number, side: number, taunt: boolean): number {
  // 1. The enemy worth hitting: the best basic-attack value, weighing threats and kills. Every single-enemy action
  //    aims there; every single-ally action at the most wounded ally.
  let enemy = -1,
    enemyV = -Infinity;
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++)
    perPower[j] = isAliveUnchecked(c, j) ? expectedDamage(c, i, j, 1, 0, 0) : 0;
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++) {
    if (!isAliveUnchecked(c, j) || (taunt && unitStat(j, F_TAUNT) !== 1)) continue;
    const v = damageValue(c, i, j, 1, 0, 0, 1, perPower);
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
    const v = valueOf(c, i, act, j, perPower);
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
  return choiceOf(bestA, bestT);
}

/** The normal tier: cheap rules of thumb, with some looseness in whom it hits. It looks only at what it needs. */
function decideByRule(c: BattleCore, i: number, side: number, taunt: boolean): number {
  const r = c.rand(); // the noise of the enemy choice, drawn every turn so the stream does not depend on the action
  let bestA = ACT_ATTACK,
    ally = -2, // not looked for yet
    allyFrac = 2;
  const silenced = unitStat(i, F_SILENCE) === 1;
  const taken = TURNS_TAKEN[i];
  if (!silenced && slotAbility(i, 2) >= 0 && unitStat(i, ENERGY) >= MAX_ENERGY) bestA = ACT_ULT;
  else if (!silenced) {
    let bestS = 1;
    for (let k = 0; k < 2; k++) {
      const idx = slotAbility(i, k);
      if (idx < 0 || READY_AT[i * SLOTS + k] > taken) continue;
      let s = 1.2; // buffs, debuffs, energy: better than a plain attack
      if (A_HEALS[idx] === 1 || A_PROTECTS[idx] === 1) {
        if (ally === -2) {
          ally = lowestAlly(c, side);
          allyFrac = ally < 0 ? 2 : healthShare(ally);
        }
        if (A_HEALS[idx] === 1) s = allyFrac < 0.6 ? 4 : A_HURTS[idx] === 1 ? 1.6 : 0.5;
        else
          s =
            allyFrac < 0.55 || unitStat(i, HP) < 0.55 * unitStat(i, MAXHP)
              ? 3
              : A_HURTS[idx] === 1
                ? 1.5
                : 0.8;
      } else if (A_HURTS[idx] === 1) s = 2;
      if (s > bestS) {
        bestS = s;
        bestA = ACT_SLOT0 + k;
      }
    }
  }
  const pick = bestA === ACT_ATTACK ? PICK_ENEMY : A_PICK[slotAbility(i, bestA - ACT_SLOT0)];
  return choiceOf(
    bestA,
    pick === PICK_ENEMY
      ? looseWeakEnemy(c, side, taunt, r)
      : pick === PICK_ALLY
        ? ally === -2
          ? lowestAlly(c, side)
          : ally
        : -1,
  );
}

/** A weak enemy, chosen loosely: the lowest health and shield after noise, every enemy its own share of one draw r. */
function looseWeakEnemy(c: BattleCore, side: number, taunt: boolean, r: number): number {
  let enemy = -1,
    enemyV = Infinity;
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++) {
    if (!isAliveUnchecked(c, j) || (taunt && unitStat(j, F_TAUNT) !== 1)) continue;
    const x = r * (2 * j + 1) * 7.31;
    const v = (unitStat(j, HP) + unitStat(j, SHIELD)) * (0.7 + 0.6 * (x - Math.floor(x)));
    if (v < enemyV) {
      enemyV = v;
      enemy = j;
    }
  }
  return enemy;
}

function randomTarget(c: BattleCore, i: number, pick: number, taunt: boolean): number {
  if (pick === 0) return -1;
  const side = unitStat(i, SIDE);
  const s = pick === PICK_ENEMY ? enemyStart(c, side) : allyStart(c, side);
  const e = pick === PICK_ENEMY ? enemyEnd(c, side) : allyEnd(c, side);
  let count = 0;
  for (let j = s; j < e; j++)
    if (isAliveUnchecked(c, j) && !(pick === PICK_ENEMY && taunt && unitStat(j, F_TAUNT) !== 1)) count++;
  let k = Math.floor(c.rand() * count);
  for (let j = s; j < e; j++) {
    if (!isAliveUnchecked(c, j) || (pick === PICK_ENEMY && taunt && unitStat(j, F_TAUNT) !== 1)) continue;
    if (k-- === 0) return j;
  }
  return -1;
}
