// 1v1 arena duels against another player's hero or an NPC, resolved at once with honest odds.
import { z } from 'zod';
import { BattleResult } from './common.ts';

/** Spec §5: both a hero and an opponent must be chosen. */
export const ARENA_PICK_BOTH = 'Select your hero and an opponent first';
const ArenaPick = z.string({ error: ARENA_PICK_BOTH }).min(1, ARENA_PICK_BOTH).max(64);

export const ArenaBody = z.object({
  user_id: z.string().max(64),
  attacker_hero_id: ArenaPick,
  opponent_id: ArenaPick,
});
export const ArenaResponse = BattleResult;
