import { describe, expect, it } from 'vitest';
import {
  clearBonus,
  repeatWinFactor,
  REPEAT_WIN_FLOOR,
  REWARD_BASE,
  rewardsFor,
  riskFactor,
  scaleRewards,
  TURN_BASED_FLOOR,
  turnBasedShare,
} from './rewards.ts';
import { DECISION_CREDIT_CAP_S, QUICK_FIGHT_S, decisionCredit } from './play-time.ts';
import type { FightKind, Rewards } from './types.ts';

const KINDS: FightKind[] = ['random', 'arena', 'dungeon'];
const FIELDS: (keyof Rewards)[] = ['gold', 'xp_per_hero', 'magic_essence', 'combat_tokens'];

describe('rewardsFor', () => {
  const base = { won: true, probability: 0.5, enemyLevel: 3, teamSize: 4 };

  it('pays nothing for a loss, whatever the odds', () => {
    for (const probability of [0, 0.5, 1])
      expect(rewardsFor('arena', { ...base, won: false, probability })).toEqual({
        gold: 0,
        xp_per_hero: 0,
        magic_essence: 0,
        combat_tokens: 0,
      });
  });

  it('pays the base at an even fight, more for harder fights, higher levels and multipliers', () => {
    const easy = rewardsFor('dungeon', { ...base, difficulty: 'easy' });
    const hard = rewardsFor('dungeon', { ...base, difficulty: 'hard' });
    expect(hard.gold).toBeGreaterThan(easy.gold);
    expect(hard.xp_per_hero).toBeGreaterThan(easy.xp_per_hero);
    expect(rewardsFor('dungeon', { ...base, multiplier: 2 }).gold).toBe(easy.gold * 2);
    expect(rewardsFor('random', { ...base, enemyLevel: 8 }).gold).toBeGreaterThan(
      rewardsFor('random', base).gold,
    );
    const atOne = rewardsFor('arena', { ...base, enemyLevel: 1, teamSize: 1 });
    expect(atOne).toEqual({
      ...REWARD_BASE.arena,
      xp_per_hero: Math.round(REWARD_BASE.arena.xp_per_hero * 1.3), // a team of one: +10% per empty slot
    });
    for (const v of Object.values(hard)) expect(Number.isInteger(v) && v >= 0).toBe(true);
  });

  it('pays a turn-based win at least 1.5× a quick win against the same enemies, however long it was played', () => {
    for (const kind of KINDS)
      for (const probability of [0.05, 0.3, 0.5, 0.8, 1])
        for (const enemyLevel of [1, 5, 10])
          for (const playedSeconds of [0, 3, 13, 210, 1600]) {
            const quick = rewardsFor(kind, { ...base, probability, enemyLevel });
            const steered = rewardsFor(kind, {
              ...base,
              probability,
              enemyLevel,
              mode: 'turn_based',
              playedSeconds,
            });
            for (const f of FIELDS) expect(steered[f]).toBeGreaterThanOrEqual(1.5 * quick[f] - 0.5);
            expect(steered.gold).toBeGreaterThanOrEqual(1.5 * quick.gold);
          }
    expect(TURN_BASED_FLOOR).toBe(1.5);
  });

  it('pays a minute of a turn-based battle as a minute of quick fights against the same enemies: 1× to 1.5×', () => {
    // A battle credited T seconds took at least T + QUICK_FIGHT_S of real play (credit never exceeds the time
    // waited, and the start and the result take a quick fight's time); quick fights take QUICK_FIGHT_S each.
    const perMinute = (pay: number, seconds: number) => (pay * 60) / seconds;
    for (const kind of KINDS)
      for (const probability of [0.2, 0.5, 0.9])
        for (const playedSeconds of [0, 1, 5, 13, 60, 210, 600, 1600]) {
          const quick = rewardsFor(kind, { ...base, probability });
          const steered = rewardsFor(kind, { ...base, probability, mode: 'turn_based', playedSeconds });
          const ratio =
            perMinute(steered.gold, playedSeconds + QUICK_FIGHT_S) / perMinute(quick.gold, QUICK_FIGHT_S);
          expect(ratio).toBeLessThanOrEqual(1.5 + 1 / quick.gold); // a coin of rounding
          // At the measured pace a battle's time is all credited: it pays at least what quick fights would.
          if (playedSeconds >= 60)
            expect(
              perMinute(steered.gold, playedSeconds) / perMinute(quick.gold, QUICK_FIGHT_S),
            ).toBeGreaterThanOrEqual(0.95);
        }
    expect(turnBasedShare(210)).toBeCloseTo(1.5 + 210 / QUICK_FIGHT_S);
    expect(turnBasedShare(Number.NaN)).toBe(1.5);
    expect(turnBasedShare(-50)).toBe(1.5);
  });

  it('credits a decision with the time it took, never more, and at most the cap (a battle left open pays no more)', () => {
    expect(decisionCredit(13_000)).toBe(13);
    expect(decisionCredit(800)).toBe(0); // whole seconds
    expect(decisionCredit(12_999)).toBe(12);
    expect(decisionCredit(3_600_000)).toBe(DECISION_CREDIT_CAP_S);
    expect(decisionCredit(-5)).toBe(0);
    expect(decisionCredit(Number.NaN)).toBe(0);
    for (const ms of [0, 1, 999, 5_000, 19_999, 20_001, 86_400_000])
      expect(decisionCredit(ms)).toBeLessThanOrEqual(ms / 1000);
  });

  it('makes risk pay: lower odds pay more at the same level; a win at ≥90% pays at most half a win at 50%', () => {
    for (const kind of KINDS)
      for (const [enemyLevel, mode] of [
        [1, 'quick'],
        [4, 'quick'],
        [7, 'quick'],
        [10, 'quick'],
        [4, 'turn_based'],
      ] as const) {
        const at = (probability: number) =>
          rewardsFor(kind, { ...base, probability, enemyLevel, mode, playedSeconds: 200 });
        const even = at(0.5);
        for (const p of [0.9, 0.93, 0.99, 1])
          for (const f of FIELDS) expect(at(p)[f]).toBeLessThanOrEqual(even[f] / 2);
        let last = Infinity;
        for (let p = 0; p <= 1.0001; p += 0.05) {
          const g = at(p).gold;
          expect(g).toBeLessThanOrEqual(last);
          last = g;
        }
        expect(at(0.1).gold).toBeGreaterThan(at(0.5).gold);
        expect(at(0.5).gold).toBeGreaterThan(at(0.9).gold);
      }
  });

  it('reads a nonsense probability as an even fight and clamps the rest', () => {
    expect(riskFactor(Number.NaN)).toBe(riskFactor(0.5));
    expect(riskFactor(-3)).toBe(riskFactor(0));
    expect(riskFactor(7)).toBe(riskFactor(1));
    expect(riskFactor(1)).toBeGreaterThan(0); // a sure win still pays something
  });

  it('pays the best expected reward for a fair fight, not a sure one', () => {
    const ev = (p: number) => p * rewardsFor('random', { ...base, probability: p }).gold;
    expect(ev(0.55)).toBeGreaterThan(ev(0.95));
    expect(ev(0.55)).toBeGreaterThan(ev(0.15));
  });
});

describe('clearBonus', () => {
  it('scales with floors, the multiplier and the boss floor’s risk', () => {
    const d = { floors: 5, multiplier: 2 };
    expect(clearBonus(d, 0.5).gold).toBe(80); // 8 × floors × multiplier at an even fight
    expect(clearBonus(d, 0.95).gold).toBeLessThanOrEqual(clearBonus(d, 0.5).gold / 2);
    expect(clearBonus({ floors: 3, multiplier: 1 }, 0.5).gold).toBeLessThan(clearBonus(d, 0.5).gold);
  });
});

describe('repeat arena wins', () => {
  it('halve per earlier win over the same opponent, down to the floor of an eighth', () => {
    expect([0, 1, 2, 3, 4, 10, 1000].map(repeatWinFactor)).toEqual([
      1, 0.5, 0.25, 0.125, 0.125, 0.125, 0.125,
    ]);
    expect(REPEAT_WIN_FLOOR).toBe(0.125);
    expect(repeatWinFactor(-2)).toBe(1);
    expect(repeatWinFactor(Number.NaN)).toBe(1);
  });

  it('never pay more for beating the same hero again: every field shrinks or stays', () => {
    const full = rewardsFor('arena', { won: true, probability: 0.3, enemyLevel: 6, teamSize: 1 });
    let last = full;
    for (let n = 1; n <= 6; n++) {
      const paid = scaleRewards(full, repeatWinFactor(n));
      for (const f of FIELDS) expect(paid[f]).toBeLessThanOrEqual(last[f]);
      last = paid;
    }
    expect(scaleRewards(full, repeatWinFactor(1)).gold).toBe(Math.round(full.gold / 2));
    expect(scaleRewards(full, repeatWinFactor(9)).xp_per_hero).toBe(Math.round(full.xp_per_hero / 8));
  });
});
