// Driving the rules core: run AI turns until a controlled unit must decide or the battle ends, and the fast
// path `simulate`, which reuses one preallocated BattleCore and records nothing.

import * as brain from './ai.ts';
const { AI_EASY, AI_HARD, AI_NORMAL, choiceAct, choiceTarget, decideUnchecked } = brain;
import type { AiTier } from '../types.ts';
import * as compiled from './compile.ts';
import type { CompiledTeam } from './compile.ts';
import type { BattleCore } from './core.ts';
const { SIDE } = compiled;
import * as rules from './core.ts';
const { ONGOING, assertInPlay, endTurnUnchecked, initBattle, startTurnUnchecked, unitStat } = rules;
import * as actions from './actions.ts';
const { performUnchecked } = actions;

export const TIER: Record<AiTier, number> = { easy: AI_EASY, normal: AI_NORMAL, hard: AI_HARD };

/**
 * Play turns until a unit of `controlledSide` must decide (returns its index) or the battle is over (-1).
 * controlledSide = -1: the AI plays everyone.
 */
export function runUntilDecision(c: BattleCore, controlledSide: number): number {
  assertInPlay(c);
  while (c.over === ONGOING) {
    const a = startTurnUnchecked(c);
    if (a < 0) continue;
    const side = unitStat(a, SIDE);
    if (side === controlledSide) return a;
    const choice = decideUnchecked(c, a, c.tier[side]);
    performUnchecked(c, a, choiceAct(choice), choiceTarget(choice));
    endTurnUnchecked(c, a);
  }
  return -1;
}

const shared = new rules.BattleCore();

/** A battle played to its end on the shared core, the AI on both sides; the core is left as the battle ended. */
function playOut(
  seed: number,
  a: CompiledTeam,
  b: CompiledTeam,
  o?: { aiA?: AiTier; aiB?: AiTier },
): BattleCore {
  const c = shared;
  initBattle(c, seed, a, b);
  c.log = null;
  c.tier[0] = o === undefined || o.aiA === undefined ? AI_NORMAL : TIER[o.aiA];
  c.tier[1] = o === undefined || o.aiB === undefined ? AI_NORMAL : TIER[o.aiB];
  runUntilDecision(c, -1);
  return c;
}

/** Fast resolution: the outcome in the core's one encoding — SIDE0_WON (A), SIDE1_WON (B) or DRAW. */
export function simulate(
  seed: number,
  a: CompiledTeam,
  b: CompiledTeam,
  o?: { aiA?: AiTier; aiB?: AiTier },
): number {
  return playOut(seed, a, b, o).over;
}

/** How a simulated battle went: its outcome (as simulate's) and how many unit turns it took (the balance figures). */
export interface SimulatedBattle {
  outcome: number;
  turns: number;
}

/** simulate, with the battle's length. */
export function simulateBattle(
  seed: number,
  a: CompiledTeam,
  b: CompiledTeam,
  o?: { aiA?: AiTier; aiB?: AiTier },
): SimulatedBattle {
  const c = playOut(seed, a, b, o);
  return { outcome: c.over, turns: c.turn };
}
