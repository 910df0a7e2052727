// Driving the rules core: run AI turns until a controlled unit must decide or the battle ends, and the fast
// path `simulate`, which reuses one preallocated BattleCore and records nothing.

import * as brain from './ai.ts';
const { AI_EASY, AI_HARD, AI_NORMAL, choose } = brain;
import type { AiTier } from '../types.ts';
import * as compiled from './compile.ts';
import type { CompiledTeam } from './compile.ts';
import type { BattleCore } from './core.ts';
const { SIDE, UF } = compiled;
import * as rules from './core.ts';
const { ONGOING, UNITS, assertInPlay, closeTurn, initBattle, startTurn } = rules;
import * as actions from './actions.ts';
const { performDecided } = actions;

export const TIER: Record<AiTier, number> = { easy: AI_EASY, normal: AI_NORMAL, hard: AI_HARD };

/**
 * Play turns until a unit of `controlledSide` must decide (returns its index) or the battle is over (-1).
 * controlledSide = -1: the AI plays everyone.
 */
export function runUntilDecision(c: BattleCore, controlledSide: number): number {
  assertInPlay(c);
  const u = UNITS;
  while (c.over === ONGOING) {
    const a = startTurn(c);
    if (a < 0) continue;
    const side = u[a * UF + SIDE];
    if (side === controlledSide) return a;
    choose(c, a, c.tier[side]);
    performDecided(c, a);
    closeTurn(c, a);
  }
  return -1;
}

const shared = new rules.BattleCore();
/** How many turns the last `simulate` took (for the balance figures: battle length per team size). */
export const lastSimulation = { turns: 0 };

/** Fast resolution: the outcome in the core's one encoding — SIDE0_WON (A), SIDE1_WON (B) or DRAW. */
export function simulate(
  seed: number,
  a: CompiledTeam,
  b: CompiledTeam,
  o?: { aiA?: AiTier; aiB?: AiTier },
): number {
  const c = shared;
  initBattle(c, seed, a, b);
  c.log = null;
  c.tier[0] = o === undefined || o.aiA === undefined ? AI_NORMAL : TIER[o.aiA];
  c.tier[1] = o === undefined || o.aiB === undefined ? AI_NORMAL : TIER[o.aiB];
  runUntilDecision(c, -1);
  lastSimulation.turns = c.turn;
  return c.over;
}
