// Difficulty is real (issue 17), measured with the same code as `npm run difficulty` on fewer teams and samples.
import { describe, expect, it } from 'vitest';
import { difficultyChecks, difficultyTable } from '../difficulty.ts';
import { DUNGEONS, dungeonFloor } from './dungeons.ts';

describe('dungeon difficulty', () => {
  it('meets the targets: hard floor 1 ≤ 35% at level 1, easiest ≥ 45%, hard fair (35–65%) at its level', () => {
    const rows = difficultyTable(6, 300, [1]);
    for (const c of difficultyChecks(rows)) expect(c.ok, `${c.target}: ${c.seen}`).toBe(true);
    // And every dungeon gets harder from its first floor to its boss, at the recommended level.
    for (const d of DUNGEONS) {
      const at = rows.filter((r) => r.dungeon === d).map((r) => r.odds.get(d.levelRecommendation)!);
      expect(at[at.length - 1], d.name).toBeLessThan(at[0]);
    }
  });

  it('fields as many foes as heroes on every floor, the boss last', () => {
    for (const d of DUNGEONS)
      for (const size of [1, 2, 3, 4])
        for (let floor = 1; floor <= d.floors; floor++) {
          const f = dungeonFloor(d, floor, size);
          const others = d.npcs.length - 1;
          expect(f.npcIds.length).toBe(floor === d.floors ? size : Math.min(size, others));
          expect(f.bossFloor).toBe(floor === d.floors);
          expect(new Set(f.npcIds).size).toBe(f.npcIds.length);
        }
  });
});
