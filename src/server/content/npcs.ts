// Dungeon NPCs, generated from the content tables once per process (store/content-rows.ts: npcsOf; the database's copies are
// synced from the same code), and who stands on each floor of a run at each tier (the floor's fight and GET /api/odds
// alike; the rule: game/dungeon-tiers.ts).
import { DUNGEONS, DUNGEONS_BY_ID } from '../../game/data/dungeons.ts';
import { floorLineUp } from '../../game/dungeon-tiers.ts';
import { npcsOf } from '../store/content-rows.ts';
import type { Hero } from '../../game/types.ts';
import { MESSAGES, notFound } from '../foundation/errors.ts';

const NPCS = new Map(
  DUNGEONS.map((d) => [d.id, npcsOf(d).sort((a, b) => a.level - b.level || (a.id < b.id ? -1 : 1))]),
);

/** NPCs (tier 1's, the arena's) by dungeon id, ordered by level then id. */
export function npcsByDungeon(): ReadonlyMap<string, Hero[]> {
  return NPCS;
}

/** Who stands on floor `floor` of a run of `tier` in a dungeon against a team of `teamSize`. */
export function floorFoes(
  dungeonId: string,
  tier: number,
  floor: number,
  teamSize: number,
): ReturnType<typeof floorLineUp> {
  const def = DUNGEONS_BY_ID.get(dungeonId);
  if (!def) throw notFound(MESSAGES.dungeonNotFound);
  return floorLineUp(def, tier, floor, teamSize);
}
