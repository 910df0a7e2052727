// What a fight pays: gold, xp per hero, magic essence and combat tokens, by kind of fight, difficulty, the
// dungeon's multiplier, the enemy's level, how it was played and — risk pays — the fight's stated win chance.
// The table is in docs/game-rules.md (with what `npm run sim:economy` measures of it). A loss pays nothing.

import type { Difficulty, FightKind, Rewards } from './types.ts';

export const REWARD_BASE: Record<FightKind, Rewards> = {
  random: { gold: 30, xp_per_hero: 40, magic_essence: 5, combat_tokens: 1 },
  arena: { gold: 40, xp_per_hero: 50, magic_essence: 8, combat_tokens: 2 },
  dungeon: { gold: 30, xp_per_hero: 60, magic_essence: 8, combat_tokens: 2 },
};

export const DIFFICULTY_MUL: Record<Difficulty, number> = { easy: 1, medium: 1.2, hard: 1.4 };

/** How the fight was fought: resolved at once, or steered option by option (which takes far longer to play). */
export type FightMode = 'quick' | 'turn_based';
export const MODE_MUL: Record<FightMode, number> = { quick: 1, turn_based: 3 };

/**
 * Risk pays: the share of the base a win is worth at a stated win chance `p` — 1 at an even fight, 1.75 at a
 * hopeless one, 0.25 at a sure thing. Linear, so a win at 90% or more (≤ 0.4) pays at most 0.4 of a win at
 * 50% (1). A fight's expected pay, p × riskFactor(p), peaks near 58%: the best farm is a fair fight.
 */
export function riskFactor(probability: number): number {
  const p = Number.isFinite(probability) ? Math.min(1, Math.max(0, probability)) : 0.5;
  return 0.25 + 1.5 * (1 - p);
}

export interface RewardInput {
  won: boolean;
  /** The fight's stated win chance (for a turn-based battle: the same matchup's odds at its start). */
  probability: number;
  mode?: FightMode;
  difficulty?: Difficulty;
  multiplier?: number;
  enemyLevel: number;
  teamSize: number;
  bossFloor?: boolean;
}

export function rewardsFor(kind: FightKind, o: RewardInput): Rewards {
  if (!o.won) return { gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 };
  const base = REWARD_BASE[kind] ?? REWARD_BASE.random;
  const level = Math.min(10, Math.max(1, Math.floor(o.enemyLevel || 1)));
  const diff = DIFFICULTY_MUL[o.difficulty ?? 'easy'] ?? 1;
  const mult = Math.max(0, o.multiplier ?? 1);
  const boss = o.bossFloor ? 2 : 1;
  const size = Math.min(4, Math.max(1, Math.floor(o.teamSize || 1)));
  // A smaller team shares the glory among fewer heroes: +10% xp per empty slot.
  const solo = 1 + 0.1 * (4 - size);
  const k = riskFactor(o.probability) * (MODE_MUL[o.mode ?? 'quick'] ?? 1);
  return {
    gold: Math.round(base.gold * (1 + 0.15 * (level - 1)) * diff * mult * boss * k),
    xp_per_hero: Math.round(base.xp_per_hero * (1 + 0.25 * (level - 1)) * diff * solo * boss * k),
    magic_essence: Math.round(base.magic_essence * diff * mult * boss * k),
    combat_tokens: Math.round(base.combat_tokens * boss * (o.difficulty === 'hard' ? 2 : 1) * k),
  };
}

/** What clearing a whole dungeon pays on top of its boss floor, scaled by the boss floor's risk like the floor. */
export function clearBonus(d: { floors: number; multiplier: number }, probability: number): Rewards {
  const k = riskFactor(probability);
  return {
    gold: Math.round(20 * d.floors * d.multiplier * k),
    xp_per_hero: 0,
    magic_essence: Math.round(5 * d.floors * d.multiplier * k),
    combat_tokens: Math.round(d.floors * k),
  };
}

/** A win over the same arena opponent within this long counts as a repeat (the player's wins, any of their heroes). */
export const REPEAT_WIN_WINDOW_S = 24 * 3600;
/** The least share of its rewards a repeat win still pays (from the fourth win within the window on). */
export const REPEAT_WIN_FLOOR = 0.125;

/**
 * Beating the same hero again and again never pays more: an arena win pays its rewards × ½ per earlier win over that
 * opponent within REPEAT_WIN_WINDOW_S — 1, ½, ¼, then ⅛ (REPEAT_WIN_FLOOR) however many more.
 */
export function repeatWinFactor(earlierWins: number): number {
  const n = Math.max(0, Math.floor(Number.isFinite(earlierWins) ? earlierWins : 0));
  return Math.max(REPEAT_WIN_FLOOR, 0.5 ** n);
}

/** Every field of `r` × `factor`, rounded (what a repeat win pays). */
export function scaleRewards(r: Rewards, factor: number): Rewards {
  return {
    gold: Math.round(r.gold * factor),
    xp_per_hero: Math.round(r.xp_per_hero * factor),
    magic_essence: Math.round(r.magic_essence * factor),
    combat_tokens: Math.round(r.combat_tokens * factor),
  };
}
