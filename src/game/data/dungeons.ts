// The dungeons: one typed table keyed by a stable id. Each lists its NPCs as fixed generation seeds, so every
// server generates the same NPCs (src/server/store/seed-content.ts does, through generateHero). A run fights
// `floors` floors; the last one is the boss floor (see dungeonFloor below).
import type { Difficulty } from '../types.ts';

export interface DungeonNpcDef {
  id: string; // always npc_…
  seed: number;
  level: number;
  rarity: number;
  boss?: boolean;
}

export interface DungeonDef {
  id: string;
  name: string;
  difficulty: Difficulty;
  levelRecommendation: number;
  rewardsMultiplier: number;
  description: string;
  /** Scene art theme (scenePath). */
  theme: string;
  floors: number;
  npcs: DungeonNpcDef[];
}

export const DUNGEONS: readonly DungeonDef[] = [
  {
    id: 'whispering_woods',
    name: 'Whispering Woods',
    difficulty: 'easy',
    levelRecommendation: 1,
    rewardsMultiplier: 1,
    description: 'Bandits and restless spirits haunt the old forest road. A gentle first hunt for new heroes.',
    theme: 'forest',
    floors: 3,
    npcs: [
      { id: 'npc_woods_poacher', seed: 1101, level: 2, rarity: 2 },
      { id: 'npc_woods_thornling', seed: 1102, level: 1, rarity: 1 },
      { id: 'npc_woods_outlaw', seed: 1103, level: 2, rarity: 2 },
      { id: 'npc_woods_warden', seed: 1104, level: 1, rarity: 3, boss: true },
    ],
  },
  {
    id: 'forgotten_crypt',
    name: 'The Forgotten Crypt',
    difficulty: 'easy',
    levelRecommendation: 2,
    rewardsMultiplier: 1.1,
    description: 'Beneath a ruined chapel the dead keep poor company. Bring light, and something sharp.',
    theme: 'crypt',
    floors: 3,
    npcs: [
      { id: 'npc_crypt_gravekeeper', seed: 2101, level: 2, rarity: 2 },
      { id: 'npc_crypt_bonecaller', seed: 2102, level: 1, rarity: 1 },
      { id: 'npc_crypt_ghoul', seed: 2103, level: 1, rarity: 1 },
      { id: 'npc_crypt_wraith', seed: 2104, level: 2, rarity: 2 },
      { id: 'npc_crypt_lich', seed: 2105, level: 1, rarity: 3, boss: true },
    ],
  },
  {
    id: 'sunken_mines',
    name: 'The Sunken Mines',
    difficulty: 'medium',
    levelRecommendation: 4,
    rewardsMultiplier: 1.2,
    description: 'Flooded tunnels where the miners never came back up. Something down there learned to fight.',
    theme: 'cavern',
    floors: 4,
    npcs: [
      { id: 'npc_mines_tunneler', seed: 3101, level: 3, rarity: 1 },
      { id: 'npc_mines_deepcrawler', seed: 3102, level: 3, rarity: 1 },
      { id: 'npc_mines_foreman', seed: 3103, level: 4, rarity: 2 },
      { id: 'npc_mines_gemwitch', seed: 3104, level: 4, rarity: 2 },
      { id: 'npc_mines_colossus', seed: 3105, level: 4, rarity: 3, boss: true },
    ],
  },
  {
    id: 'ironhold_fortress',
    name: 'Ironhold Fortress',
    difficulty: 'medium',
    levelRecommendation: 5,
    rewardsMultiplier: 1.3,
    description: 'A renegade warlord holds the mountain fortress. Breach the gate and take the keep.',
    theme: 'fortress',
    floors: 4,
    npcs: [
      { id: 'npc_fortress_sentry', seed: 4101, level: 5, rarity: 2 },
      { id: 'npc_fortress_crossbow', seed: 4102, level: 4, rarity: 1 },
      { id: 'npc_fortress_sergeant', seed: 4103, level: 4, rarity: 2 },
      { id: 'npc_fortress_chaplain', seed: 4104, level: 5, rarity: 2 },
      { id: 'npc_fortress_champion', seed: 4105, level: 4, rarity: 2 },
      { id: 'npc_fortress_warlord', seed: 4106, level: 4, rarity: 3, boss: true },
    ],
  },
  {
    id: 'ember_caldera',
    name: 'Ember Caldera',
    difficulty: 'hard',
    levelRecommendation: 7,
    rewardsMultiplier: 1.4,
    description: 'A fire cult keeps the volcano awake. The air burns; so will you.',
    theme: 'volcano',
    floors: 5,
    npcs: [
      { id: 'npc_caldera_cinder', seed: 5101, level: 6, rarity: 2 },
      { id: 'npc_caldera_zealot', seed: 5102, level: 6, rarity: 2 },
      { id: 'npc_caldera_ashguard', seed: 5103, level: 7, rarity: 2 },
      { id: 'npc_caldera_pyromancer', seed: 5104, level: 7, rarity: 2 },
      { id: 'npc_caldera_salamander', seed: 5105, level: 8, rarity: 2 },
      { id: 'npc_caldera_high_priest', seed: 5106, level: 7, rarity: 3, boss: true },
    ],
  },
  {
    id: 'void_sanctum',
    name: 'The Void Sanctum',
    difficulty: 'hard',
    levelRecommendation: 9,
    rewardsMultiplier: 1.5,
    description: 'A temple that fell out of the world. Its keepers guard what should never be opened.',
    theme: 'void',
    floors: 5,
    npcs: [
      { id: 'npc_void_acolyte', seed: 6101, level: 8, rarity: 2 },
      { id: 'npc_void_watcher', seed: 6102, level: 10, rarity: 1 },
      { id: 'npc_void_shade', seed: 6103, level: 8, rarity: 2 },
      { id: 'npc_void_seer', seed: 6104, level: 8, rarity: 2 },
      { id: 'npc_void_knight', seed: 6105, level: 8, rarity: 2 },
      { id: 'npc_void_devourer', seed: 6106, level: 7, rarity: 2 },
      { id: 'npc_void_herald', seed: 6107, level: 9, rarity: 2 },
      { id: 'npc_void_archon', seed: 6108, level: 10, rarity: 3, boss: true },
    ],
  },
];

export const DUNGEONS_BY_ID: ReadonlyMap<string, DungeonDef> = new Map(DUNGEONS.map((d) => [d.id, d]));

/**
 * Which NPCs stand on a floor (1-based) against a team of `teamSize`: as many foes as heroes on every floor. The
 * last floor is the boss with the strongest escorts; earlier floors take the others in turn from the table's
 * order (weakest first), so a run builds up floor by floor. The NPCs' levels and rarities are tuned to the
 * difficulty curve by measurement (`npm run difficulty`, bench/tune-dungeons.ts; docs/game-rules.md).
 */
export function dungeonFloor(dungeon: DungeonDef, floor: number, teamSize: number): { npcIds: string[]; bossFloor: boolean } {
  const boss = dungeon.npcs.find((n) => n.boss) ?? dungeon.npcs[dungeon.npcs.length - 1];
  const others = dungeon.npcs.filter((n) => n !== boss);
  const size = Math.max(1, Math.min(teamSize, 4));
  if (floor >= dungeon.floors) {
    const escorts = size > 1 ? others.slice(-(size - 1)) : [];
    return { npcIds: [boss.id, ...escorts.map((n) => n.id)], bossFloor: true };
  }
  const count = Math.min(others.length, size);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(others[(floor - 1 + i) % others.length].id);
  return { npcIds: ids, bossFloor: false };
}
