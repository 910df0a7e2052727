// Difficulty is real (issue 17), measured with the same code as `npm run difficulty` on fewer teams and samples; and
// the rules of a run's floors at every tier (src/game/dungeon-tiers.ts).
import { describe, expect, it } from 'vitest';
import { difficultyChecks, difficultyTable } from '../difficulty.ts';
import { floorLineUp, tierFloors } from '../dungeon-tiers.ts';
import { teamPower } from '../campaign.ts';
import { levelEquivalent } from '../training.ts';
import { DUNGEONS, OPEN_BY_POWER, TIER_COUNT, tierEntryPower, tierOpen, tierReach } from './dungeons.ts';

describe('dungeon difficulty', () => {
  it('meets the targets: hard floor 1 ≤ 35% at level 1, easiest ≥ 45%', () => {
    const rows = difficultyTable(6, 300, [1]);
    for (const c of difficultyChecks(rows)) expect(c.ok, `${c.target}: ${c.seen}`).toBe(true);
    // And every dungeon gets harder from its first floor to its boss, at the recommended level.
    for (const d of DUNGEONS) {
      const at = rows.filter((r) => r.dungeon === d).map((r) => r.odds.get(d.levelRecommendation)!);
      expect(at[at.length - 1], d.name).toBeLessThan(at[0]);
    }
  });
});

describe('dungeon floors and tiers', () => {
  it('fields as many foes as heroes on every floor, none on two floors, the boss first on the last', () => {
    for (const d of DUNGEONS)
      for (let tier = 1; tier <= TIER_COUNT; tier++)
        for (const size of [1, 2, 3, 4]) {
          const seen = new Set<string>();
          for (let floor = 1; floor <= d.floors; floor++) {
            const f = floorLineUp(d, tier, floor, size);
            expect(f.enemies.length).toBe(size);
            expect(f.bossFloor).toBe(floor === d.floors);
            for (const e of f.enemies) {
              expect(seen.has(e.id), `${d.id} tier ${tier}: ${e.id} on two floors`).toBe(false);
              seen.add(e.id);
            }
          }
          const boss = d.npcs.find((n) => n.boss)!;
          const last = floorLineUp(d, tier, d.floors, size).enemies[0];
          expect(last.id).toBe(tier === 1 ? boss.id : `${boss.id}_t${tier}`);
        }
  });

  it('makes every floor before the boss stronger than the one before, and no floor pays less, for every team size', () => {
    for (const d of DUNGEONS)
      for (let tier = 1; tier <= TIER_COUNT; tier++)
        for (const size of [1, 2, 3, 4])
          for (let floor = 2; floor <= d.floors; floor++) {
            const before = floorLineUp(d, tier, floor - 1, size);
            const now = floorLineUp(d, tier, floor, size);
            const where = `${d.id} tier ${tier} size ${size} floor ${floor}`;
            // the boss floor's strength is measured, not ordered by power (npm run difficulty -- only=bosses)
            if (!now.bossFloor)
              expect(teamPower(now.enemies), where).toBeGreaterThan(teamPower(before.enemies));
            // a floor pays as its foes' highest level equivalent, never below a floor before's
            expect(now.payLevel, where).toBeGreaterThanOrEqual(before.payLevel);
            expect(now.payLevel, where).toBeGreaterThanOrEqual(Math.max(...now.enemies.map(levelEquivalent)));
          }
  });

  it('makes each tier stronger than the one before, floor by floor, from the same seeds', () => {
    for (const d of DUNGEONS)
      for (let tier = 2; tier <= TIER_COUNT; tier++) {
        const before = tierFloors(d, tier - 1);
        const now = tierFloors(d, tier);
        for (let f = 0; f < d.floors; f++) expect(teamPower(now[f])).toBeGreaterThan(teamPower(before[f]));
        const seeds = (t: number) => new Set(tierFloors(d, t).flat().map((h) => h.id.replace(/_t\d+$/, '')));
        expect(seeds(tier)).toEqual(seeds(1));
      }
  });

  it('opens tier t once tier t − 1 is cleared in any dungeon', () => {
    const weak = 100;
    expect(tierOpen(1, tierReach(0, weak))).toBe(true);
    expect(tierOpen(2, tierReach(0, weak))).toBe(false);
    expect(tierOpen(2, tierReach(1, weak))).toBe(true);
    expect(tierOpen(4, tierReach(2, weak))).toBe(false);
    expect(tierOpen(TIER_COUNT + 1, tierReach(TIER_COUNT, weak))).toBe(false);
    expect(tierReach(TIER_COUNT, weak)).toBe(TIER_COUNT);
  });

  it('opens a tier by power too: as deep as the strongest four reach an even first floor', () => {
    expect(tierReach(0, tierEntryPower(2) - 1)).toBe(1);
    expect(tierReach(0, tierEntryPower(2))).toBe(2);
    expect(tierReach(0, tierEntryPower(5))).toBe(5);
    expect(tierReach(1, tierEntryPower(5))).toBe(5);
    expect(tierReach(6, tierEntryPower(3))).toBe(7);
    expect(tierReach(0, 1e9)).toBe(TIER_COUNT);
    for (let t = 2; t <= TIER_COUNT; t++) expect(tierEntryPower(t)).toBeGreaterThan(tierEntryPower(t - 1));
    // a tier opens by power a little before its least recommendation: players' teams outdo reference teams of their power
    for (let t = 1; t <= TIER_COUNT; t++) {
      const least = Math.min(...DUNGEONS.map((d) => d.tierPower[t - 1]));
      expect(tierEntryPower(t)).toBeLessThan(least);
      expect(tierEntryPower(t)).toBeGreaterThanOrEqual(OPEN_BY_POWER * least);
    }
  });
});
