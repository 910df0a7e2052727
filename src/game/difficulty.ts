// How hard each dungeon is, measured: the stated win chance of teams of four typical heroes (the real generation,
// rarity rolled, fixed seeds) against each floor's line-up (dungeonFloor) with the real NPCs and the real odds
// (estimateOdds, normal AI on both sides), and issue 17's targets for it. Printed by bench/difficulty.ts
// (`npm run difficulty`), checked by data/dungeons.test.ts, used by bench/tune-dungeons.ts and the economy sim.

import { DUNGEONS, dungeonFloor, type DungeonDef } from './data/dungeons.ts';
import { estimateOdds } from './battle/odds.ts';
import { generateHero } from './generation.ts';
import { hashSeed } from './prng.ts';
import type { Hero } from './types.ts';

export const DIFFICULTY_LEVELS = [1, 3, 5, 7, 9, 10];

/** `count` typical teams of four at `level`: fixed seeds, so every run measures the same heroes. */
export function typicalTeams(level: number, count: number): Hero[][] {
  return Array.from({ length: count }, (_, t) =>
    Array.from({ length: 4 }, (_, i) =>
      generateHero(hashSeed('typical-team', t, i), { id: `t${t}_${i}`, userId: null, level }),
    ),
  );
}

export function dungeonNpcs(d: DungeonDef): Map<string, Hero> {
  return new Map(
    d.npcs.map((n) => [
      n.id,
      generateHero(n.seed, { id: n.id, userId: null, level: n.level, rarity: n.rarity }),
    ]),
  );
}

/** The mean stated win chance of `teams` against floor `floor` of `d`. */
export function floorOdds(d: DungeonDef, floor: number, teams: Hero[][], samples: number): number {
  const npcs = dungeonNpcs(d);
  let sum = 0;
  for (const [t, team] of teams.entries()) {
    const { npcIds } = dungeonFloor(d, floor, team.length);
    const enemies = npcIds.map((id) => npcs.get(id)!);
    sum += estimateOdds(hashSeed('difficulty', d.id, floor, t), team, enemies, {
      minSamples: samples,
      maxSamples: samples,
    }).probability;
  }
  return sum / teams.length;
}

export interface DifficultyRow {
  dungeon: DungeonDef;
  floor: number;
  odds: Map<number, number>; // team level → mean odds
}

export function difficultyTable(teamCount = 12, samples = 400, levels = DIFFICULTY_LEVELS): DifficultyRow[] {
  const teams = new Map<number, Hero[][]>();
  const allLevels = [...new Set([...levels, ...DUNGEONS.map((d) => d.levelRecommendation)])].sort(
    (a, b) => a - b,
  );
  for (const l of allLevels) teams.set(l, typicalTeams(l, teamCount));
  const rows: DifficultyRow[] = [];
  for (const d of DUNGEONS)
    for (let floor = 1; floor <= d.floors; floor++) {
      const odds = new Map<number, number>();
      for (const l of allLevels) odds.set(l, floorOdds(d, floor, teams.get(l)!, samples));
      rows.push({ dungeon: d, floor, odds });
    }
  return rows;
}

/** Issue 17's targets, each with whether the table meets it. */
export function difficultyChecks(rows: DifficultyRow[]): { target: string; ok: boolean; seen: string }[] {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const checks: { target: string; ok: boolean; seen: string }[] = [];
  const first = (d: DungeonDef) => rows.find((r) => r.dungeon === d && r.floor === 1)!;
  for (const d of DUNGEONS.filter((x) => x.difficulty === 'hard')) {
    const p = first(d).odds.get(1)!;
    checks.push({ target: `${d.name}: floor 1 for level-1 heroes ≤ 35%`, ok: p <= 0.35, seen: pct(p) });
    const at = rows.filter((r) => r.dungeon === d).map((r) => r.odds.get(d.levelRecommendation)!);
    checks.push({
      target: `${d.name}: every floor at its recommended level ${d.levelRecommendation} within 35–65%`,
      ok: at.every((p) => p >= 0.35 && p <= 0.65),
      seen: at.map(pct).join(', '),
    });
  }
  const easiest = [...DUNGEONS].sort((a, b) => a.levelRecommendation - b.levelRecommendation)[0];
  const p = first(easiest).odds.get(1)!;
  checks.push({
    target: `${easiest.name} (easiest): floor 1 for level-1 heroes ≥ 45%`,
    ok: p >= 0.45,
    seen: pct(p),
  });
  return checks;
}
