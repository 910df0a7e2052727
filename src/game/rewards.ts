// What a fight pays: gold, xp per hero, magic essence and combat tokens, by kind of fight, difficulty, the
// dungeon's multiplier and the enemy's level. The table is in docs/game-rules.md. A loss pays nothing.

import type { Difficulty, FightKind, Rewards } from './types.ts';

export const REWARD_BASE: Record<FightKind, Rewards> = {
  random: { gold: 30, xp_per_hero: 40, magic_essence: 5, combat_tokens: 1 },
  arena: { gold: 40, xp_per_hero: 50, magic_essence: 8, combat_tokens: 3 },
  dungeon: { gold: 50, xp_per_hero: 60, magic_essence: 12, combat_tokens: 2 },
};

export const DIFFICULTY_MUL: Record<Difficulty, number> = { easy: 1, medium: 1.5, hard: 2.2 };

export function rewardsFor(
  kind: FightKind,
  o: {
    won: boolean;
    difficulty?: Difficulty;
    multiplier?: number;
    enemyLevel: number;
    teamSize: number;
    bossFloor?: boolean;
  },
): Rewards {
  if (!o.won) return { gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 };
  const base = REWARD_BASE[kind] ?? REWARD_BASE.random;
  const level = Math.min(10, Math.max(1, Math.floor(o.enemyLevel || 1)));
  const diff = DIFFICULTY_MUL[o.difficulty ?? 'easy'] ?? 1;
  const mult = Math.max(0, o.multiplier ?? 1);
  const boss = o.bossFloor ? 2 : 1;
  const size = Math.min(4, Math.max(1, Math.floor(o.teamSize || 1)));
  // A smaller team shares the glory among fewer heroes: +10% xp per empty slot.
  const solo = 1 + 0.1 * (4 - size);
  return {
    gold: Math.round(base.gold * (1 + 0.15 * (level - 1)) * diff * mult * boss),
    xp_per_hero: Math.round(base.xp_per_hero * (1 + 0.25 * (level - 1)) * diff * solo * boss),
    magic_essence: Math.round(base.magic_essence * diff * mult * boss),
    combat_tokens: Math.round(base.combat_tokens * boss * (o.difficulty === 'hard' ? 2 : 1)),
  };
}
