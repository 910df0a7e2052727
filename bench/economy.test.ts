// The economy simulation's verdicts, as tests (issue "Trust, part two"): with the real rules and reward function,
// every kind of fight pays within 2× of every other per minute of play (gold, xp per hero, essence), and a player at
// the measured pace of a turn-based battle has every second of it credited. Shorter sessions and smaller odds
// samples than `npm run sim:economy` (the table in docs/game-rules.md), so it runs in seconds.
import { describe, expect, it } from 'vitest';
import { DECISION_CREDIT_CAP_S, MEASURED_BATTLE_MID_S } from '../src/game/play-time.ts';
import { decisionsPerBattle, perMinute, play, SESSIONS, spread, timeModel } from './economy.ts';
import { playDays, worth } from './daily-player.ts';

describe('the economy simulation', () => {
  it('credits a turn-based decision at the measured pace in full', () => {
    const { median } = decisionsPerBattle(20);
    expect(median).toBeGreaterThan(8);
    expect(MEASURED_BATTLE_MID_S / median).toBeLessThanOrEqual(DECISION_CREDIT_CAP_S);
  });

  it('pays every kind of fight within 2× of every other per minute of play', () => {
    const time = timeModel(20);
    const reports = SESSIONS.map((s) => play(s, { fights: Infinity, seconds: 30 * 60, samples: 300, time }));
    const rows = perMinute(reports);
    expect(rows.map((r) => r.fight)).toEqual(
      expect.arrayContaining([
        'quick battle',
        'turn-based battle',
        'arena duel',
        'dungeon floor',
        'dungeon boss, turn by turn',
      ]),
    );
    const gap = spread(rows);
    expect(gap.gold).toBeLessThanOrEqual(2);
    expect(gap.xp_per_hero).toBeLessThanOrEqual(2);
    expect(gap.magic_essence).toBeLessThanOrEqual(2);
  });

  it('gives the daily layer a third to a half of a 15-minute day’s income, each quest done within ten minutes', () => {
    // A week of the daily player (npm run sim:economy plays four): fewer odds samples, the same rules.
    const r = playDays({ days: 7, minutesPerDay: 15, samples: 300, time: timeModel(20) });
    const share = worth(r.daily) / (worth(r.daily) + worth(r.play));
    expect(share).toBeGreaterThanOrEqual(1 / 3);
    expect(share).toBeLessThanOrEqual(1 / 2);
    expect(r.quests.every((q) => q.done && q.seconds <= 10 * 60)).toBe(true);
  });
});
