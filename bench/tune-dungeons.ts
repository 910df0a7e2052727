// Tunes each dungeon's tier-1 NPC levels and rarities to its difficulty curve by measurement: at the recommended
// level, teams of four typical heroes should see the floors' stated odds fall evenly from the first floor to the boss
// (FLOOR_CURVE), each floor stronger than the one before by power for every team size (src/game/dungeon-tiers.ts
// orders them so; the boss the strongest). Coordinate descent over the levels (within ±2 of the recommendation, as
// the content rules ask) and rarities of the NPCs added with the tiers, on the same fixed teams and seeds as
// `npm run difficulty`; the NPCs from before keep theirs (the arena ladder's ratings were earned at them). Prints the
// tuned NPC lines for src/game/data/dungeons.ts; the difficulty table then checks them, and the tier table
// (`npm run difficulty -- only=tiers`) measures the recommended powers anew.
// Run: node --import tsx bench/tune-dungeons.ts [dungeon_id…]

import { DUNGEONS, type DungeonDef } from '../src/game/data/dungeons.ts';
import type { Difficulty } from '../src/game/types.ts';
import { floorOdds, typicalTeams } from '../src/game/difficulty.ts';
import { floorLineUp } from '../src/game/dungeon-tiers.ts';
import { teamPower } from '../src/game/campaign.ts';
import { levelEquivalent } from '../src/game/training.ts';
import type { Hero } from '../src/game/types.ts';

/** Target odds at the recommended level: first floor → boss floor, straight in between. */
export const FLOOR_CURVE: Record<Difficulty, [number, number]> = {
  easy: [0.78, 0.45],
  medium: [0.68, 0.4],
  hard: [0.58, 0.35],
};

/** The NPCs from before tiers, whose levels and rarities stay. */
const KEPT = new Set([
  ...['poacher', 'thornling', 'outlaw', 'warden'].map((n) => `npc_woods_${n}`),
  ...['gravekeeper', 'bonecaller', 'ghoul', 'wraith', 'lich'].map((n) => `npc_crypt_${n}`),
  ...['tunneler', 'deepcrawler', 'foreman', 'gemwitch', 'colossus'].map((n) => `npc_mines_${n}`),
  ...['sentry', 'crossbow', 'sergeant', 'chaplain', 'champion', 'warlord'].map((n) => `npc_fortress_${n}`),
  ...['cinder', 'zealot', 'ashguard', 'pyromancer', 'salamander', 'high_priest'].map(
    (n) => `npc_caldera_${n}`,
  ),
  ...['acolyte', 'watcher', 'shade', 'seer', 'knight', 'devourer', 'herald', 'archon'].map(
    (n) => `npc_void_${n}`,
  ),
]);

const TEAMS = 8;
const SAMPLES = 200;

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

/** Every floor stronger by power than the one before, for every team size, and a full team's never paying less. */
function rising(d: DungeonDef): boolean {
  const top = (hs: Hero[]) => Math.max(...hs.map(levelEquivalent));
  for (const size of [1, 2, 3, 4])
    for (let floor = 2; floor <= d.floors; floor++) {
      const before = floorLineUp(d, 1, floor - 1, size).enemies;
      const now = floorLineUp(d, 1, floor, size).enemies;
      if (teamPower(now) <= teamPower(before)) return false;
      if (size === 4 && top(now) < top(before)) return false;
    }
  return true;
}

function tune(d0: DungeonDef): DungeonDef {
  let d = d0;
  let best = error(d);
  const lo = Math.max(1, d.levelRecommendation - 2);
  const hi = Math.min(10, d.levelRecommendation + 2);
  for (let round = 0; round < 12; round++) {
    let improved = false;
    for (let i = 0; i < d.npcs.length; i++)
      for (const [dl, dr] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ]) {
        const n = d.npcs[i];
        if (KEPT.has(n.id)) continue;
        const level = n.level + dl;
        const rarity = n.rarity + dr;
        if (level < lo || level > hi || rarity < 1 || rarity > 5) continue;
        const cand = { ...d, npcs: d.npcs.map((x, j) => (j === i ? { ...x, level, rarity } : x)) };
        if (!rising(cand)) continue;
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
