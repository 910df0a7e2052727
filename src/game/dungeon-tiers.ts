// Who stands on each floor of a dungeon run at each tier: the same heroes on every server and every run, generated
// once from the NPCs' own seeds (data/dungeons.ts tierFoeSpec). Tier 1's are the dungeon's NPCs as the arena knows
// them; a deeper tier's are made here only (not stored), so their ids name the tier (`npc_woods_poacher_t3`).
//
// The floors: the NPCs other than the boss, weakest first (by power, ./campaign.ts heroPower, at the tier), four a
// floor; the last floor is the boss and the strongest three. A team of n meets the first n of its floor (the boss
// first on the last), so no NPC stands on two floors of a run and every floor is at least as strong as the one
// before for any team — and at a deeper tier each floor is trained more besides (FLOOR_TRAINING), the boss floor as
// its dungeon's measured bossTraining says (data/dungeons.ts BOSS_FLOOR_ODDS).
import { TIER_COUNT, tierFoeSpec, type DungeonDef, type DungeonNpcDef } from './data/dungeons.ts';
import { heroPower } from './campaign.ts';
import { generateHero } from './generation.ts';
import { levelEquivalent } from './training.ts';
import type { Hero } from './types.ts';

/** How many foes a floor holds: a full team's. */
export const FLOOR_FOES = 4;

/** Each dungeon's floors by tier, made once (a tuner's trial dungeon is a table of its own). */
const made = new WeakMap<DungeonDef, Map<number, Hero[][]>>();

const foeOf = (d: DungeonDef, n: DungeonNpcDef, tier: number, floor: number): Hero => {
  const f = tierFoeSpec(d, n, tier, floor);
  return generateHero(f.seed, {
    id: f.id,
    userId: null,
    level: f.level,
    rarity: f.rarity,
    training: f.training,
  });
};

/** Each floor's foes of `dungeon` at `tier`, floor 1 first, the boss first on the last. */
export function tierFloors(dungeon: DungeonDef, tier: number): Hero[][] {
  let tiers = made.get(dungeon);
  if (!tiers) made.set(dungeon, (tiers = new Map()));
  let floors = tiers.get(tier);
  if (!floors) {
    const boss = dungeon.npcs.find((n) => n.boss) ?? dungeon.npcs[dungeon.npcs.length - 1];
    const power = new Map(dungeon.npcs.map((n) => [n, heroPower(foeOf(dungeon, n, tier, 1))]));
    const others = dungeon.npcs
      .filter((n) => n !== boss)
      .sort((a, b) => power.get(a)! - power.get(b)! || (a.id < b.id ? -1 : 1));
    floors = Array.from({ length: dungeon.floors }, (_, i) => {
      const floor = i + 1;
      const npcs =
        floor === dungeon.floors
          ? others.slice(i * FLOOR_FOES).reverse()
          : others.slice(i * FLOOR_FOES, floor * FLOOR_FOES);
      return npcs.map((n) => foeOf(dungeon, n, tier, floor));
    });
    // The boss leads its floor, trained as its escorts are (the dungeon's bossTraining: measured, not ordered by power).
    const bossHero = foeOf(dungeon, boss, tier, dungeon.floors);
    floors[dungeon.floors - 1].unshift(bossHero);
    tiers.set(tier, floors);
  }
  return floors;
}

/**
 * The foes of floor `floor` of a run of `tier` against a team of `teamSize`, whether it is the boss floor, and the
 * level it pays as (`payLevel`: its foes' highest level equivalent, never below a floor before's — the boss floor is
 * harder by measurement even where its foes are trained less than the floor before's).
 */
export function floorLineUp(
  dungeon: DungeonDef,
  tier: number,
  floor: number,
  teamSize: number,
): { enemies: Hero[]; bossFloor: boolean; payLevel: number } {
  const floors = tierFloors(dungeon, Math.min(Math.max(1, tier), TIER_COUNT));
  const at = Math.min(Math.max(1, floor), dungeon.floors);
  const size = Math.max(1, Math.min(teamSize, FLOOR_FOES));
  const payLevel = Math.max(...floors.slice(0, at).flatMap((f) => f.slice(0, size).map(levelEquivalent)));
  return { enemies: floors[at - 1].slice(0, size), bossFloor: at === dungeon.floors, payLevel };
}
