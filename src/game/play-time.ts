// How long each kind of fight takes in real play, and how a turn-based battle's own time is counted: the
// measurements the reward rules pay by (./rewards.ts: a turn-based battle is paid for the time it was played) and
// the economy simulation times its player by (bench/economy.ts). Where each number comes from, and the per-minute
// table they give: docs/game-rules.md, "Per minute of play".

/**
 * A quick fight — a quick battle, an arena duel or a dungeon floor — in seconds of real play: the answer, the result
 * read, the next fight pressed. The result screens (/combat, the arena's and a dungeon's result panel) play nothing
 * back at the default speed: the result shows when the answer lands. Measured by playing today's game: quick battles
 * with Fight Again paid ~320 gold a minute, at the simulation's 21.4 gold a fight for a level-1 team: 4.0 s a fight.
 */
export const QUICK_FIGHT_S = 4;

/**
 * One more screen read and tapped before a fight, as long as a result: choosing an arena opponent by the win chance
 * shown beside it (a sensible player picks a fresh one, the repeat-win rule halving the same one), or the team of a
 * new dungeon run (the picker remembers the last team: one look, one tap).
 */
export const CHOOSE_S = 4;

/** A turn-based 4v4 from Fight to its result, as measured by playing it at the default speed (seconds). */
export const MEASURED_BATTLE_S = { low: 150, high: 270 } as const;
export const MEASURED_BATTLE_MID_S = (MEASURED_BATTLE_S.low + MEASURED_BATTLE_S.high) / 2;

/**
 * The most of one decision's time a turn-based battle is credited with (seconds): half again the measured pace
 * (13 s a decision: 210 s over the real engine's median 16 decisions a 4v4), so a player at that pace, or one who
 * thinks a while over a hard turn, is credited in full, and a battle left open pays no more for it.
 */
export const DECISION_CREDIT_CAP_S = 20;

/**
 * The seconds one decision is credited with: the whole seconds since the battle last waited for the player (its
 * start, or the answer to their last decision) or since their last other fight, whichever is later — time spent
 * fighting elsewhere is paid there — up to DECISION_CREDIT_CAP_S. `waitedMs` is that span by the server's clock.
 */
export function decisionCredit(waitedMs: number): number {
  if (!Number.isFinite(waitedMs) || waitedMs <= 0) return 0;
  return Math.min(DECISION_CREDIT_CAP_S, Math.floor(waitedMs / 1000));
}
