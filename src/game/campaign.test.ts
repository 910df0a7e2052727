// The campaign's content and rules (data/campaign.ts, campaign.ts): every stage well formed, statuses in order, the
// road's stage a day, and idle income capped. The stages' difficulty is measured by npm run difficulty.
import { describe, expect, it } from 'vitest';
import { DUNGEONS } from './data/dungeons.ts';
import {
  CHAPTERS,
  IDLE_CAP_S,
  idleAccrued,
  idleRate,
  stageFoes,
  stageOpensAfter,
  stagesReachable,
  stageStatus,
  STAGES,
  STAGES_BY_ID,
  teamPower,
} from './index.ts';

describe('the campaign', () => {
  it('has six chapters of eight stages, each well formed', () => {
    expect(CHAPTERS).toHaveLength(6);
    expect(STAGES).toHaveLength(48);
    expect(new Set(STAGES.map((s) => s.id)).size).toBe(48);
    const dungeons = new Set(DUNGEONS.map((d) => d.id));
    for (const [k, s] of STAGES.entries()) {
      expect(s.id).toBe(`${Math.floor(k / 8) + 1}-${(k % 8) + 1}`);
      expect(s.name.length).toBeGreaterThan(0);
      expect(s.story.length).toBeGreaterThan(0);
      expect(s.foes.length).toBeGreaterThanOrEqual(1);
      expect(s.foes.length).toBeLessThanOrEqual(4);
      for (const f of s.foes) {
        expect(f.level).toBeGreaterThanOrEqual(1);
        expect(f.level).toBeLessThanOrEqual(10);
        expect(f.rarity).toBeGreaterThanOrEqual(1);
        expect(f.rarity).toBeLessThanOrEqual(5);
      }
      if (k > 0) expect(s.recommendedPower).toBeGreaterThanOrEqual(STAGES[k - 1].recommendedPower);
      expect(s.firstClear.gold).toBeGreaterThan(0);
      for (const u of s.unlocks) if (u.kind === 'dungeon') expect(dungeons.has(u.id)).toBe(true);
    }
    // Every dungeon and the arena open somewhere, each at its own stage.
    const opened = STAGES.flatMap((s) => s.unlocks.map((u) => (u.kind === 'arena' ? 'arena' : u.id)));
    expect(new Set(opened)).toEqual(new Set([...dungeons, 'arena']));
  });

  it('fields the same foes every time, named apart from players’ heroes', () => {
    const s = STAGES_BY_ID.get('2-3')!;
    const a = stageFoes(s);
    expect(stageFoes({ ...s })).toEqual(a);
    expect(a.map((h) => h.id)).toEqual(['foe_2-3_1', 'foe_2-3_2', 'foe_2-3_3', 'foe_2-3_4']);
    expect(a.map((h) => [h.level, h.rarity])).toEqual(s.foes.map((f) => [f.level, f.rarity]));
    expect(teamPower(a)).toBeGreaterThan(0);
  });

  it('opens stages in order, as far as the road has reached', () => {
    const [first, second] = STAGES;
    expect(stageStatus(first, 0, 8)).toBe('open');
    expect(stageStatus(second, 0, 8)).toBe('locked');
    expect(stageStatus(first, 1, 8)).toBe('cleared');
    expect(stageStatus(second, 1, 8)).toBe('open');
    expect(stageStatus(STAGES[8], 8, stagesReachable(0))).toBe('locked');
    expect(stageStatus(STAGES[8], 8, stagesReachable(86_400))).toBe('locked');
    expect(stageStatus(STAGES[8], 8, stagesReachable(2 * 86_400))).toBe('open');
    expect(stagesReachable(0)).toBe(8);
    expect(stagesReachable(2 * 86_400 - 1)).toBe(8);
    expect(stagesReachable(50 * 86_400)).toBe(41);
    expect(stagesReachable(1e12)).toBe(48);
    expect(stageOpensAfter(STAGES[7])).toBe(0);
    for (const s of STAGES) {
      expect(stagesReachable(stageOpensAfter(s))).toBeGreaterThan(STAGES.indexOf(s));
      if (stageOpensAfter(s) > 0)
        expect(stagesReachable(stageOpensAfter(s) - 1)).toBeLessThanOrEqual(STAGES.indexOf(s));
    }
    expect(stageOpensAfter(STAGES_BY_ID.get('6-1')!)).toBe(50 * 86_400);
  });

  it('accrues idle income at the furthest stage’s rate, up to 12 hours', () => {
    expect(idleRate(0)).toEqual({ gold: 0, xp_per_hero: 0, magic_essence: 0 });
    const r = idleRate(10);
    expect(r.gold).toBeGreaterThan(idleRate(1).gold);
    expect(idleAccrued(r, 3600)).toEqual({
      gold: r.gold,
      xp_per_hero: r.xp_per_hero,
      magic_essence: r.magic_essence,
    });
    expect(idleAccrued(r, IDLE_CAP_S)).toEqual(idleAccrued(r, IDLE_CAP_S * 5));
    expect(idleAccrued(r, -50)).toEqual({ gold: 0, xp_per_hero: 0, magic_essence: 0 });
    expect(idleAccrued(r, Number.NaN)).toEqual({ gold: 0, xp_per_hero: 0, magic_essence: 0 });
  });
});
