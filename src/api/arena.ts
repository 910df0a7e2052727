// 1v1 arena duels against another player's hero or an NPC, resolved at once with honest odds.
import { z } from 'zod';
import { BattleResult } from './common.ts';

export const ArenaBody = z.object({
  user_id: z.string().max(64),
  attacker_hero_id: z.string().max(64),
  opponent_id: z.string().max(64),
});
export const ArenaResponse = BattleResult;
