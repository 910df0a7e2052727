// Tunes each dungeon's NPC levels and rarities to its difficulty curve by measurement: at the recommended level,
// teams of four typical heroes should see the floors' stated odds fall evenly from the first floor to the boss
// (FLOOR_CURVE). Coordinate descent over every NPC's level (within ±2 of the recommendation, as the content
// rules ask) and rarity, on the same fixed teams and seeds as `npm run difficulty`. Prints the tuned NPC lines
// for src/game/data/dungeons.ts; the difficulty table then checks them.
// Run: node --import tsx bench/tune-dungeons.ts [dungeon_id…]

import { DUNGEONS, type DungeonDef } from '../src/game/data/dungeons.ts';
import type { Difficulty } from '../src/game/types.ts';
import { floorOdds, typicalTeams } from '../src/game/difficulty.ts';

/** Target odds at the recommended level: first floor → boss floor, straight in between. */
export const FLOOR_CURVE: Record<Difficulty, [number, number]> = {
  easy: [0.78, 0.52],
  medium: [0.68, 0.45],
  hard: [0.58, 0.42],
};

const TEAMS = 12;
const SAMPLES = 300;

function targets(d: DungeonDef): number[] {
  const [first, boss] = FLOOR_CURVE[d.difficulty];
  return Array.from({ length: d.floors }, (_, i) => first + ((boss - first) * i) / Math.max(1, d.floors - 1));
}

function error(d: DungeonDef): { err: number; odds: number[] } {
  const teams = typicalTeams(d.levelRecommendation, TEAMS);
  const want = targets(d);
  const odds = want.map((_, i) => floorOdds(d, i + 1, teams, SAMPLES));
  return { err: odds.reduce((s, p, i) => s + (p - want[i]) ** 2, 0), odds };
}

/** The boss stays the strongest: its level + rarity at least any other NPC's. */
function inOrder(npcs: DungeonDef['npcs']): boolean {
  const boss = npcs.find((n) => n.boss);
  return !boss || npcs.every((n) => boss.level + boss.rarity >= n.level + n.rarity);
}

/** Where the descent starts: every NPC at the recommended level, rarity 2, the boss rarity 3. */
function flat(d: DungeonDef): DungeonDef {
  return { ...d, npcs: d.npcs.map((n) => ({ ...n, level: d.levelRecommendation, rarity: n.boss ? 3 : 2 })) };
}

function tune(d0: DungeonDef): DungeonDef {
  let d = flat(d0);
  let best = error(d);
  const lo = Math.max(1, d.levelRecommendation - 2);
  const hi = Math.min(10, d.levelRecommendation + 2);
  for (let round = 0; round < 16; round++) {
    let improved = false;
    for (let i = 0; i < d.npcs.length; i++)
      for (const [dl, dr] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ]) {
        const n = d.npcs[i];
        const level = n.level + dl;
        const rarity = n.rarity + dr;
        if (level < lo || level > hi || rarity < 1 || rarity > 5) continue;
        const npcs = d.npcs.map((x, j) => (j === i ? { ...x, level, rarity } : x));
        if (!inOrder(npcs)) continue;
        const cand = { ...d, npcs };
        const e = error(cand);
        if (e.err < best.err - 1e-6) {
          d = cand;
          best = e;
          improved = true;
        }
      }
    if (!improved) break;
  }
  const want = targets(d);
  console.error(
    `${d.name}: ${best.odds.map((p, i) => `${Math.round(p * 100)}% (want ${Math.round(want[i] * 100)}%)`).join(', ')}`,
  );
  return d;
}

const only = process.argv.slice(2);
for (const d of DUNGEONS) {
  if (only.length > 0 && !only.includes(d.id)) continue;
  const t = tune(d);
  console.log(`  // ${d.id}`);
  for (const n of t.npcs)
    console.log(
      `      { id: '${n.id}', seed: ${n.seed}, level: ${n.level}, rarity: ${n.rarity}${n.boss ? ', boss: true' : ''} },`,
    );
}
