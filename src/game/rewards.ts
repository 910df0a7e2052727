// What a fight pays: gold, xp per hero, magic essence and combat tokens, by kind of fight, difficulty, the
// dungeon's multiplier, the enemy's level, how it was played and — risk pays — the fight's stated win chance.
// Per minute of real play every kind pays alike (within 2×): a quick fight pays its table, and a turn-based battle
// pays for the time it was played (./play-time.ts). The tables, the per-minute figures `npm run sim:economy`
// measures with this very function, and how they were set: docs/game-rules.md. A loss pays nothing.

import { QUICK_FIGHT_S } from './play-time.ts';
import { MAX_FOE_TRAINING, TRAINING_STEP } from './data/training.ts';
import { LEVEL_STEP } from './progression.ts';
import type { Difficulty, FightKind, Rewards } from './types.ts';

/** What a quick win at an even fight against level-1 enemies pays, by kind (set per minute: docs/game-rules.md). */
export const REWARD_BASE: Record<FightKind, Rewards> = {
  random: { gold: 30, xp_per_hero: 40, magic_essence: 6, combat_tokens: 1 },
  arena: { gold: 55, xp_per_hero: 65, magic_essence: 10, combat_tokens: 2 },
  dungeon: { gold: 20, xp_per_hero: 40, magic_essence: 4, combat_tokens: 1 },
  /** a campaign stage won again (its first clear pays apart, once: data/campaign.ts) */
  campaign: { gold: 12, xp_per_hero: 24, magic_essence: 2, combat_tokens: 0 },
};

export const DIFFICULTY_MUL: Record<Difficulty, number> = { easy: 1, medium: 1.2, hard: 1.4 };

/** How the fight was fought: resolved at once, or steered option by option (which takes far longer to play). */
export type FightMode = 'quick' | 'turn_based';

/** A won turn-based battle pays at least this many quick wins against the same enemies (one played with Auto). */
export const TURN_BASED_FLOOR = 1.5;

/**
 * A won turn-based battle's pay, in quick wins against the same enemies: TURN_BASED_FLOOR for the battle, plus one
 * quick win for every QUICK_FIGHT_S seconds of play credited to it (./play-time.ts decisionCredit: each decision's
 * own time, capped) — so a minute of steering pays what a minute of quick fights does, however long the battle.
 */
export function turnBasedShare(playedSeconds: number): number {
  const s = Number.isFinite(playedSeconds) ? Math.max(0, playedSeconds) : 0;
  return TURN_BASED_FLOOR + s / QUICK_FIGHT_S;
}

/**
 * Risk pays: the share of the base a win is worth at a stated win chance `p` — 1 at an even fight, 1.75 at a
 * hopeless one, 0.25 at a sure thing. Linear, so a win at 90% or more (≤ 0.4) pays at most 0.4 of a win at
 * 50% (1). A fight's expected pay, p × riskFactor(p), peaks near 58%: the best farm is a fair fight.
 */
export function riskFactor(probability: number): number {
  const p = Number.isFinite(probability) ? Math.min(1, Math.max(0, probability)) : 0.5;
  return 0.25 + 1.5 * (1 - p);
}

/** The highest enemy level a fight is paid for: level 10 trained as far as a foe can be (training.ts levelEquivalent). */
export const MAX_REWARD_LEVEL = 10 + Math.ceil((MAX_FOE_TRAINING * TRAINING_STEP) / LEVEL_STEP);

export interface RewardInput {
  won: boolean;
  /** The fight's stated win chance (for a turn-based battle: the same matchup's odds at its start). */
  probability: number;
  mode?: FightMode;
  /** A turn-based battle's seconds of play credited so far (play-time.ts decisionCredit, summed). */
  playedSeconds?: number;
  difficulty?: Difficulty;
  multiplier?: number;
  /** the strongest foe's level, its training counted in levels (training.ts levelEquivalent) */
  enemyLevel: number;
  teamSize: number;
}

/**
 * What a loss costs: a stake of the gold its win would have paid at once (LOSS_STAKE of it, rounded), taken from what
 * the player holds — so a fight is never free to retry until luck comes, and a fair fight is still the best farm:
 * a win's expected pay less a loss's, p × risk(p) − (1 − p) × LOSS_STAKE × risk(p), peaks near 70% (docs/game-rules.md).
 */
export const LOSS_STAKE = 0.25;
export const lossStake = (winGold: number): number => Math.max(0, Math.round(LOSS_STAKE * winGold));

export function rewardsFor(kind: FightKind, o: RewardInput): Rewards {
  if (!o.won) return { gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 };
  const base = REWARD_BASE[kind] ?? REWARD_BASE.random;
  const level = Math.min(MAX_REWARD_LEVEL, Math.max(1, Number.isFinite(o.enemyLevel) ? o.enemyLevel : 1));
  const diff = DIFFICULTY_MUL[o.difficulty ?? 'easy'] ?? 1;
  const mult = Math.max(0, o.multiplier ?? 1);
  const size = Math.min(4, Math.max(1, Math.floor(o.teamSize || 1)));
  // A smaller team shares the glory among fewer heroes: +10% xp per empty slot.
  const solo = 1 + 0.1 * (4 - size);
  const k = riskFactor(o.probability);
  const raw: Rewards = {
    gold: base.gold * (1 + 0.15 * (level - 1)) * diff * mult * k,
    xp_per_hero: base.xp_per_hero * (1 + 0.25 * (level - 1)) * diff * solo * k,
    magic_essence: base.magic_essence * diff * mult * k,
    combat_tokens: base.combat_tokens * (o.difficulty === 'hard' ? 2 : 1) * k,
  };
  if (o.mode !== 'turn_based') return scaleRewards(raw, 1);
  // Steered: the quick win × the battle's share, and never less than TURN_BASED_FLOOR × the quick win as paid.
  const share = turnBasedShare(o.playedSeconds ?? 0);
  const field = (f: keyof Rewards) =>
    Math.max(Math.round(raw[f] * share), Math.ceil(TURN_BASED_FLOOR * Math.round(raw[f]) - 1e-9));
  return {
    gold: field('gold'),
    xp_per_hero: field('xp_per_hero'),
    magic_essence: field('magic_essence'),
    combat_tokens: field('combat_tokens'),
  };
}

/** What a cleared dungeon pays per floor on top of its boss floor, at an even boss fight (× the multiplier). */
export const CLEAR_BONUS_PER_FLOOR = { gold: 8, magic_essence: 1, combat_tokens: 0.5 };

/**
 * What clearing a whole dungeon pays on top of its boss floor, scaled by the boss floor's risk like the floor — the
 * same however the boss was fought. The boss floor itself pays as any floor at its odds and level: more than the
 * others for being harder, and, fought turn by turn, for the time it takes.
 */
export function clearBonus(d: { floors: number; multiplier: number }, probability: number): Rewards {
  const k = riskFactor(probability);
  return {
    gold: Math.round(CLEAR_BONUS_PER_FLOOR.gold * d.floors * d.multiplier * k),
    xp_per_hero: 0,
    magic_essence: Math.round(CLEAR_BONUS_PER_FLOOR.magic_essence * d.floors * d.multiplier * k),
    combat_tokens: Math.round(CLEAR_BONUS_PER_FLOOR.combat_tokens * d.floors * k),
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
