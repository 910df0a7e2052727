// 1v1 arena duels against another player's hero or an NPC, resolved at once with honest odds.
import { z } from 'zod';
import { BattleResult, idField, Id } from './common.ts';

/** Spec §5: both a hero and an opponent must be chosen. */
export const ARENA_PICK_BOTH = 'Select your hero and an opponent first';
const ArenaPick = idField(ARENA_PICK_BOTH);

export const ArenaBody = z.object({
  user_id: Id,
  attacker_hero_id: ArenaPick,
  opponent_id: ArenaPick,
});
export const ArenaResponse = BattleResult;
