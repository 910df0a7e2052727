// Guilds and the guild boss, as rules: the sizes and limits, a guild's day and week (its maker's zone, 04:00, weeks
// from Monday), the boss of each level of a week, an attack (a fixed BOSS_TURNS turns of the engine from a seed, its
// damage what the team dealt), the expected damage of a team (the mean of simulated attacks, as odds are), and what
// an attack and a kill pay. How the numbers were set: docs/game-rules.md "The guild boss".
import { compileTeam, type CompiledTeam } from './battle/compile.ts';
import * as rules from './battle/core.ts';
import { HP, UF } from './battle/layout.ts';
import { runUntilDecision, TIER } from './battle/simulate.ts';
import { dayUnder, resetOn, type Day, type DayNumber } from './day-clock.ts';
import { generateHero } from './generation.ts';
import { describeTrait } from './describe.ts';
import { BOONS } from './data/traits.ts';
import { iconPath } from './art/paths.ts';
import type { Hero, Rewards } from './types.ts';
import { BOSS_TURNS, GUILD_RESET_HOUR } from './data/guilds.ts';

export * from './data/guilds.ts';

/** Simulated attacks behind an expected damage. */
export const EXPECTED_SAMPLES = 64;

/** The guild's day at `ms`: its name (a day number) and when it ends. */
export const guildDay = (ms: number, timeZone: string): Day =>
  dayUnder(ms, { timeZone, resetHour: GUILD_RESET_HOUR });

/** The guild's week at `ms`: the day number of its Monday, and when it ends (the next Monday's reset, epoch ms). */
export function guildWeek(ms: number, timeZone: string): { week: DayNumber; endsAt: number } {
  const { day } = guildDay(ms, timeZone);
  // day 0 (1970-01-01) was a Thursday: Monday is the day whose (day + 3) % 7 is 0
  const week = day - ((((day + 3) % 7) + 7) % 7);
  return { week, endsAt: resetOn(week + 7, { timeZone, resetHour: GUILD_RESET_HOUR }) };
}

/** The boss state a guild keeps for its week: the week (its Monday's day number), the boss's level and health, kills. */
export interface BossWeek {
  week: number;
  boss_level: number;
  boss_hp: number;
  week_kills: number;
}

/** A guild week as it starts: the first boss at full health, nothing killed. */
export const bossWeekStart = (week: number): BossWeek => ({
  week,
  boss_level: 1,
  boss_hp: bossMaxHp(1),
  week_kills: 0,
});

/**
 * The fresh-week rule, the one place it is written: boss state stored for the guild week `storedWeek`, read at `ms`,
 * is of another week than the guild's current one → that week's start (to write, or to show as it stands); null while
 * the stored state is the current week's.
 */
export function freshBossWeek(ms: number, timeZone: string, storedWeek: number): BossWeek | null {
  const { week } = guildWeek(ms, timeZone);
  return storedWeek === week ? null : bossWeekStart(week);
}

const BOSS_NAMES = [
  'Gravemaw the Undying',
  'Ysolde, Ember Queen',
  'The Hollow Colossus',
  'Vask the Stormcaller',
  'Morrowind Hydra',
  'Thrall of the Abyss',
  'Seraphine the Fallen',
];

/** The shared health of the week's boss of `level` (1 the first of the week): each level stronger by BOSS_HP_STEP. */
export const BOSS_HP_BASE = 400_000;
export const BOSS_HP_STEP = 1.5;
export const bossMaxHp = (level: number): number => Math.round(BOSS_HP_BASE * BOSS_HP_STEP ** (level - 1));

/**
 * The boss's health in one attack (its shared health is bossMaxHp): a pool no team empties in BOSS_TURNS turns — the
 * season's players' teams of two weeks reached it in under 1% of attacks (12,000 had capped half of them by day 4).
 */
export const BOSS_FIGHT_HP = 30_000;
/** Every level's boss is drawn from this seed (its look, class and abilities), its name and stats the level's. */
const BOSS_SEED = 0x6b055 + 7919;
/** The boss's attack and defence at level 1, and what each level above multiplies them by. */
export const BOSS_ATK = 90;
export const BOSS_DEF = 40;
export const BOSS_STAT_STEP = 1.1;

/**
 * The boss of `level`: the same on every server — a 5★ hero of BOSS_SEED (its look, class and abilities),
 * its stats the level's: attack and defence rising by BOSS_STAT_STEP a level, an attack's health BOSS_FIGHT_HP.
 */
export function bossHero(level: number): Hero {
  const h = generateHero(BOSS_SEED, {
    id: `guild_boss_${level}`,
    userId: null,
    level: 10,
    rarity: 5,
  });
  const step = BOSS_STAT_STEP ** (level - 1);
  // Its boon strikes (no boon that scales by its own health: a boss's 3% a turn would outheal a lone hero)
  const boon = BOONS.brutal!;
  return {
    ...h,
    boon: { id: boon.id, name: boon.name, description: describeTrait(boon) },
    boon_icon: iconPath('trait', boon.id),
    name: BOSS_NAMES[(level - 1) % BOSS_NAMES.length],
    hp: BOSS_FIGHT_HP,
    max_hp: BOSS_FIGHT_HP,
    atk: Math.round(BOSS_ATK * step),
    def: Math.round(BOSS_DEF * step),
    spd: 110,
  };
}

const core = new rules.BattleCore();

/** The damage one attack of `team` on `boss` deals, played from `seed` on the fast path (the told attack deals the same). */
export function attackDamage(seed: number, team: CompiledTeam, boss: CompiledTeam): number {
  const c = core;
  rules.initBattle(c, seed, team, boss, BOSS_TURNS);
  c.log = null;
  // both sides played by the normal AI, as a told battle (tellAgain) plays them
  c.tier[0] = c.tier[1] = TIER.normal;
  runUntilDecision(c, -1);
  const o = team.n * UF;
  return Math.max(0, Math.round(boss.units[HP] - rules.UNITS[o + HP]));
}

/** The mean damage of EXPECTED_SAMPLES attacks of `team` on `boss`, from seeds fixed by `salt` (the same answer every time). */
export function expectedDamage(team: Hero[], boss: Hero, salt = 0): number {
  const a = compileTeam(team);
  const b = compileTeam([boss]);
  let sum = 0;
  for (let k = 0; k < EXPECTED_SAMPLES; k++) sum += attackDamage((salt + k * 2654435761) >>> 0, a, b);
  return Math.round(sum / EXPECTED_SAMPLES);
}

/** What an attack pays: the highest tier its damage reaches (the damage thresholds rise with the boss's level). */
export interface DamageTier {
  damage: number;
  rewards: Rewards;
}
const TIER_SHARES: { share: number; rewards: Rewards }[] = [
  { share: 0, rewards: { gold: 40, xp_per_hero: 0, magic_essence: 10, combat_tokens: 2 } },
  { share: 0.25, rewards: { gold: 80, xp_per_hero: 0, magic_essence: 20, combat_tokens: 4 } },
  { share: 0.5, rewards: { gold: 140, xp_per_hero: 0, magic_essence: 35, combat_tokens: 6 } },
  { share: 1, rewards: { gold: 220, xp_per_hero: 0, magic_essence: 55, combat_tokens: 9 } },
  { share: 2, rewards: { gold: 320, xp_per_hero: 0, magic_essence: 80, combat_tokens: 12 } },
];
/** A first-week season player's mean attack on the first boss of the week (days 2–7): tiers are shares of it. */
export const TIER_REFERENCE_DAMAGE = 10_000;
/** What each level above the first leaves of a team's damage (measured: docs/game-rules.md "The guild boss"). */
export const BOSS_DAMAGE_STEP = 0.97;

export function damageTiers(level: number): DamageTier[] {
  const ref = TIER_REFERENCE_DAMAGE * BOSS_DAMAGE_STEP ** (level - 1);
  return TIER_SHARES.map((t) => ({ damage: Math.round(t.share * ref), rewards: t.rewards }));
}

export function attackRewards(level: number, damage: number): Rewards {
  let paid = damageTiers(level)[0].rewards;
  for (const t of damageTiers(level)) if (damage >= t.damage) paid = t.rewards;
  return { ...paid };
}

/** Paid once to each member who attacked the boss of `level` when it falls. */
export function killRewards(level: number): Rewards {
  const f = 1 + 0.25 * (level - 1);
  return {
    gold: Math.round(300 * f),
    xp_per_hero: 0,
    magic_essence: Math.round(100 * f),
    combat_tokens: Math.round(20 * f),
  };
}
