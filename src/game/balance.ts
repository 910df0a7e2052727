// The balance measure, one core for `npm run balance` (bench/balance.ts, which gates on it) and the fairness page's
// Balance chart (server/fairness.ts runs it in a background thread): level-matched random battles between teams
// drawn from pools of generated heroes, both sides played by the normal AI on the fast path the odds use, each
// hero's win or loss tallied under its race, class, type and stat-spread band; and, drawn the same way, how battles
// of each team size end (measureLength: draws and length, which src/game/draws.test.ts holds). Pure: seeds in,
// numbers out.
import { compileTeam } from './battle/compile.ts';
import { DRAW, SIDE0_WON, SIDE1_WON } from './battle/core.ts';
import { simulate, simulateBattle } from './battle/simulate.ts';
import { CLASSES, RACES, findClass, findRace } from './content.ts';
import { generateHero } from './generation.ts';
import type { Prng } from './prng.ts';
import type { Hero } from './types.ts';

/** The levels battles are fought at; both teams of a battle come from one level's pool. */
export const BALANCE_LEVELS: readonly number[] = [1, 3, 5, 7, 10];
/** Heroes per level in the pools `npm run balance` and its draw test draw from. */
export const BALANCE_POOL = 1500;
/** Team size of a balance battle. */
export const BALANCE_TEAM = 4;
/** The gate `npm run balance` holds every race, class and type to. */
export const BALANCE_GATE = { low: 0.42, high: 0.58 } as const;
/** The most draws the stalemate rule may leave, as a share of battles, at every team size (measureLength). */
export const DRAW_GATE = 0.002;

/** `size` generated heroes per level, the same heroes for the same size on every run. */
export function balancePools(size: number, levels = BALANCE_LEVELS): Map<number, Hero[]> {
  const pools = new Map<number, Hero[]>();
  for (const level of levels)
    pools.set(
      level,
      Array.from({ length: size }, (_, i) =>
        generateHero(level * 1_000_003 + i * 7919, { id: `b${level}_${i}`, userId: null, level }),
      ),
    );
  return pools;
}

/**
 * One group's record. `games` counts appearances (a hero in a battle), so the heroes of one group on one team share
 * an outcome: `clustered` is Σ k² over every team side with k of the group's heroes on it, which says how far the
 * appearances are from independent (effective sample size games² / clustered; see balanceInterval).
 */
export interface GroupRecord {
  wins: number;
  games: number;
  clustered: number;
}
export type Tally = Map<string, GroupRecord>;

export interface BalanceRun {
  battles: number;
  draws: number;
  /** by race id, class id, type (Tank, Damage, Support) and spreadBand */
  race: Tally;
  class: Tally;
  type: Tally;
  spread: Tally;
}

/** The sum of a hero's four spread percents (−20 … +20), in bands. */
export function spreadBand(h: Hero): string {
  const sum = h.spread.max_hp + h.spread.atk + h.spread.def + h.spread.spd;
  return sum <= -8
    ? '−20 … −8'
    : sum < -2
      ? '−7 … −3'
      : sum <= 2
        ? '−2 … +2'
        : sum < 8
          ? '+3 … +7'
          : '+8 … +20';
}

const GROUPS = {
  race: (h: Hero) => findRace(h.race)!.id,
  class: (h: Hero) => findClass(h.class)!.id,
  type: (h: Hero) => h.type,
  spread: spreadBand,
} as const;

function countSide(run: BalanceRun, team: Hero[], won: boolean): void {
  for (const group of Object.keys(GROUPS) as (keyof typeof GROUPS)[]) {
    const onSide = new Map<string, number>();
    for (const h of team) {
      const key = GROUPS[group](h);
      onSide.set(key, (onSide.get(key) ?? 0) + 1);
    }
    for (const [key, k] of onSide) {
      const r = run[group].get(key) ?? { wins: 0, games: 0, clustered: 0 };
      r.games += k;
      r.clustered += k * k;
      if (won) r.wins += k;
      run[group].set(key, r);
    }
  }
}

/** Two teams of a level-matched random battle: a level at random, then each side's heroes from that level's pool. */
function drawTeams(
  pools: Map<number, Hero[]>,
  levels: number[],
  rng: Prng,
  teamSize: number,
): [Hero[], Hero[]] {
  const pool = pools.get(levels[rng.int(levels.length)])!;
  const pick = () => Array.from({ length: teamSize }, () => pool[rng.int(pool.length)]);
  return [pick(), pick()];
}

/**
 * `battles` level-matched random battles of `teamSize` heroes a side (drawTeams), drawn with `rng` (which it
 * advances). Draws count no games.
 */
export function measureBalance(
  pools: Map<number, Hero[]>,
  battles: number,
  rng: Prng,
  teamSize = BALANCE_TEAM,
): BalanceRun {
  const levels = [...pools.keys()];
  const run: BalanceRun = {
    battles,
    draws: 0,
    race: new Map(),
    class: new Map(),
    type: new Map(),
    spread: new Map(),
  };
  for (let i = 0; i < battles; i++) {
    const [a, b] = drawTeams(pools, levels, rng, teamSize);
    const result = simulate(rng.int(2 ** 31), compileTeam(a), compileTeam(b));
    if (result === DRAW) {
      run.draws++;
      continue;
    }
    countSide(run, a, result === SIDE0_WON);
    countSide(run, b, result === SIDE1_WON);
  }
  return run;
}

/** How level-matched random battles of one team size end: how many are draws, and how long each ran. */
export interface LengthRun {
  battles: number;
  draws: number;
  /** every battle's length in unit turns, shortest first */
  turns: number[];
}

/**
 * `battles` level-matched random battles of `teamSize` heroes a side, drawn as measureBalance draws them, on the
 * fast path: the draw share the stalemate rule keeps within DRAW_GATE (`npm run balance` prints it, draws.test.ts
 * holds it).
 */
export function measureLength(
  pools: Map<number, Hero[]>,
  battles: number,
  rng: Prng,
  teamSize: number,
): LengthRun {
  const levels = [...pools.keys()];
  const run: LengthRun = { battles, draws: 0, turns: [] };
  for (let i = 0; i < battles; i++) {
    const [a, b] = drawTeams(pools, levels, rng, teamSize);
    const { outcome, turns } = simulateBattle(rng.int(2 ** 31), compileTeam(a), compileTeam(b));
    if (outcome === DRAW) run.draws++;
    run.turns.push(turns);
  }
  run.turns.sort((x, y) => x - y);
  return run;
}

/** A group's display name: the race's or class's name, the type or band as it is. */
export function groupName(group: 'race' | 'class' | 'type' | 'spread', key: string): string {
  if (group === 'race') return RACES[key]?.name ?? key;
  if (group === 'class') return CLASSES[key]?.name ?? key;
  return key;
}

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * The Wilson score interval of a share `p` observed over `n` trials (95% unless `z` says otherwise): unlike
 * p ± z·√(p(1−p)/n) it stays inside 0…1 and is honest for shares near 0 or 1 and for few trials. `n` may be an
 * effective sample size (not a whole number). null when there were no trials.
 */
export function wilsonInterval(p: number, n: number, z = Z95): { low: number; high: number } | null {
  if (!(n > 0)) return null;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // It always holds p (exactly 0 at p = 0, 1 at p = 1): kept so against rounding.
  return { low: Math.max(0, Math.min(p, centre - half)), high: Math.min(1, Math.max(p, centre + half)) };
}

/** A group's win rate and its 95% interval, over its effective sample size (teammates share an outcome). */
export function balanceInterval(r: GroupRecord): { rate: number; low: number; high: number } | null {
  if (r.games === 0) return null;
  const rate = r.wins / r.games;
  const interval = wilsonInterval(rate, (r.games * r.games) / r.clustered)!;
  return { rate, ...interval };
}
