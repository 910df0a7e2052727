import { describe, expect, it } from 'vitest';
import { compileTeam } from './battle/compile.ts';
import { tellAgain } from './battle/odds.ts';
import { generateHero } from './generation.ts';
import {
  attackDamage,
  attackRewards,
  BOSS_FIGHT_HP,
  BOSS_TURNS,
  bossHero,
  bossMaxHp,
  damageTiers,
  expectedDamage,
  freshBossWeek,
  guildWeek,
} from './guild.ts';

const team = (salt: number, level = 8) =>
  [0, 1, 2, 3].map((i) => generateHero(500 + salt * 10 + i, { id: `h${i}`, userId: 'u', level, rarity: 3 }));

describe('the guild boss', () => {
  it('an attack deals on the fast path exactly what its told battle shows, in at most BOSS_TURNS turns', () => {
    const boss = bossHero(1);
    for (let salt = 0; salt < 12; salt++) {
      const t = team(salt);
      const seed = 1000 + salt * 7;
      const told = tellAgain(seed, t, [boss], BOSS_TURNS).events;
      const hits = told.filter((e) => e.target_id === boss.id && e.hp_after !== undefined);
      const left = hits.length > 0 ? hits.at(-1)!.hp_after! : BOSS_FIGHT_HP;
      expect(attackDamage(seed, compileTeam(t), compileTeam([boss])), `salt ${salt}`).toBe(
        BOSS_FIGHT_HP - left,
      );
      expect(Math.max(...told.map((e) => e.turn ?? 0))).toBeLessThanOrEqual(BOSS_TURNS);
    }
  });

  it('a stronger team is expected to deal more, and a higher boss to take less, the same answer every time', () => {
    const weak = expectedDamage(team(1, 2), bossHero(1));
    const strong = expectedDamage(team(1, 10), bossHero(1));
    expect(strong).toBeGreaterThan(weak);
    expect(expectedDamage(team(1, 10), bossHero(4))).toBeLessThan(strong);
    expect(expectedDamage(team(1, 10), bossHero(1))).toBe(strong);
  });

  it('each level is tougher, and an attack pays the highest tier its damage reaches', () => {
    expect(bossMaxHp(2)).toBeGreaterThan(bossMaxHp(1));
    const tiers = damageTiers(1);
    expect(attackRewards(1, 0)).toEqual(tiers[0].rewards);
    expect(attackRewards(1, tiers[2].damage)).toEqual(tiers[2].rewards);
    expect(attackRewards(1, tiers[2].damage - 1)).toEqual(tiers[1].rewards);
    expect(attackRewards(1, 10 ** 9)).toEqual(tiers.at(-1)!.rewards);
  });

  it('a week starts on Monday at 04:00 in the guild’s zone', () => {
    // Monday 2026-11-30 04:00 in Tokyo is Sunday 19:00 UTC (epoch ms)
    const monday = 1_795_978_800_000;
    expect(guildWeek(monday, 'Asia/Tokyo').endsAt).toBe(monday + 7 * 86_400_000);
    expect(guildWeek(monday - 1, 'Asia/Tokyo').endsAt).toBe(monday);
    expect(guildWeek(monday, 'UTC').endsAt).toBe(monday + 9 * 3_600_000);
  });

  it('the fresh-week rule: boss state of an earlier week starts over at level 1; the current week is kept', () => {
    // Wednesday 2026-12-02 12:00 UTC, in the week of Monday 2026-11-30
    const wed = 1_796_212_800_000;
    const { week } = guildWeek(wed, 'UTC');
    expect(freshBossWeek(wed, 'UTC', week)).toBeNull();
    expect(freshBossWeek(wed, 'UTC', week - 7)).toEqual({
      week,
      boss_level: 1,
      boss_hp: bossMaxHp(1),
      week_kills: 0,
    });
    // Monday 03:59 is still the week before; 04:00 starts the new one
    const monday = 1_796_615_940_000;
    expect(freshBossWeek(monday, 'UTC', week)).toBeNull();
    expect(freshBossWeek(monday + 60_000, 'UTC', week)).toMatchObject({ week: week + 7, boss_level: 1 });
  });
});
