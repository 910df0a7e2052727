// The idle-battle rule, written once: a turn-based battle nobody has moved for BATTLE_IDLE_TTL_S is idle. An idle
// battle reads as gone (its page, the player's active battle, a dungeon floor's), a new battle expires it instead
// of counting it lost, and the sweep (../sweep.ts) expires every one.
import { nowSeconds } from '../foundation/clock.ts';

export const BATTLE_IDLE_TTL_S = 24 * 3600;

/** A battle last moved before this instant (epoch seconds) is idle at `now`; one moved at or after it is live. */
export const idleBefore = (now: number = nowSeconds()): number => now - BATTLE_IDLE_TTL_S;

/** Whether a battle row is a turn-based battle still active but idle at `now`. */
export const isIdle = (
  row: { kind: string; status: string; updated_at: number | string },
  now: number = nowSeconds(),
): boolean =>
  row.kind === 'turn_based' && row.status === 'active' && Number(row.updated_at) < idleBefore(now);
