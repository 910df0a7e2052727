// Dungeon NPCs, generated from the content tables once per process (store/content-rows.ts: npcsOf; the database's copies are
// synced from the same code), and which of them stand on each floor (the floor's fight and GET /api/odds alike).
import { DUNGEONS, DUNGEONS_BY_ID, dungeonFloor } from '../../game/data/dungeons.ts';
import { npcsOf } from '../store/content-rows.ts';
import type { Hero } from '../../game/types.ts';
import { MESSAGES, notFound } from '../foundation/errors.ts';

const NPCS = new Map(
  DUNGEONS.map((d) => [d.id, npcsOf(d).sort((a, b) => a.level - b.level || (a.id < b.id ? -1 : 1))]),
);

/** NPCs by dungeon id, ordered by level then id. */
export function npcsByDungeon(): ReadonlyMap<string, Hero[]> {
  return NPCS;
}

/**
 * Who stands on a dungeon's floor against a team of `teamSize` (the rules: game/data/dungeons.ts dungeonFloor), in
 * a run of `floors` floors (a run keeps the count it started with).
 */
export function floorFoes(
  dungeonId: string,
  floor: number,
  teamSize: number,
  floors: number,
): { enemies: Hero[]; bossFloor: boolean } {
  const def = DUNGEONS_BY_ID.get(dungeonId);
  if (!def) throw notFound(MESSAGES.dungeonNotFound);
  const { npcIds, bossFloor } = dungeonFloor({ ...def, floors }, floor, teamSize);
  const npcs = new Map((NPCS.get(dungeonId) ?? []).map((n) => [n.id, n]));
  // Start-up checked that every floor's NPCs resolve (store/content-references.ts): none is ever dropped here.
  return { enemies: npcIds.map((id) => npcs.get(id)!), bossFloor };
}
