// The campaign's content and rules (data/campaign.ts, campaign.ts): every stage well formed, statuses in order, deep
// chapters climbing evenly, and idle income capped. The stages' difficulty is measured by npm run difficulty.
import { describe, expect, it } from 'vitest';
import { DUNGEONS } from './data/dungeons.ts';
import { DEEP_FROM, DEEP_TRAINING } from './data/campaign.ts';
import {
  CHAPTERS,
  IDLE_CAP_S,
  idleAccrued,
  idleRate,
  stageFoes,
  stageStatus,
  STAGES,
  STAGES_BY_ID,
  teamPower,
} from './index.ts';

describe('the campaign', () => {
  it('has eighteen chapters of eight stages, each well formed', () => {
    expect(CHAPTERS).toHaveLength(18);
    expect(STAGES).toHaveLength(144);
    expect(new Set(STAGES.map((s) => s.id)).size).toBe(144);
    expect(DEEP_TRAINING).toHaveLength(STAGES.length - DEEP_FROM);
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

  it('opens stages in order, each once the one before is cleared: no clock', () => {
    const [first, second] = STAGES;
    expect(stageStatus(first, 0)).toBe('open');
    expect(stageStatus(second, 0)).toBe('locked');
    expect(stageStatus(first, 1)).toBe('cleared');
    expect(stageStatus(second, 1)).toBe('open');
    expect(stageStatus(STAGES[60], 60)).toBe('open');
    expect(stageStatus(STAGES[61], 60)).toBe('locked');
  });

  it('goes on past the sixth chapter with trained level-10 5★ foes, each stage of a chapter stronger', () => {
    const deep = STAGES.filter((s) => s.chapter > 6);
    expect(deep.length).toBeGreaterThanOrEqual(96);
    const trained = (s: (typeof deep)[number]) => s.foes.reduce((sum, f) => sum + (f.training ?? 0), 0);
    for (const [i, s] of deep.entries()) {
      expect(s.foes.every((f) => f.level === 10 && f.rarity === 5)).toBe(true);
      // the training spread over the four: no foe more than a level past another
      const levels = s.foes.map((f) => f.training ?? 0);
      expect(Math.max(...levels) - Math.min(...levels)).toBeLessThanOrEqual(1);
      expect(stageFoes(s).map((h) => h.training ?? 0)).toEqual(levels);
      if (i > 0) {
        if (s.chapter === deep[i - 1].chapter) expect(trained(s), s.id).toBeGreaterThan(trained(deep[i - 1]));
        expect(s.recommendedPower).toBeGreaterThanOrEqual(deep[i - 1].recommendedPower);
      }
    }
  });

  it('keeps one band of foes through a deep chapter, training stage by stage, and climbs evenly', () => {
    const deep = STAGES.filter((s) => s.chapter > 6);
    for (const chapter of new Set(deep.map((s) => s.chapter))) {
      const stages = deep.filter((s) => s.chapter === chapter);
      const faces = (k: number) => stageFoes(stages[k]).map((h) => `${h.name} ${h.race} ${h.class}`);
      for (let k = 1; k < stages.length; k++) expect(faces(k), stages[k].id).toEqual(faces(0));
    }
    // no stage asks for much more than the one before (a bunch then a jump held a season's fighter for days): at most
    // three stages' climb (13-4, 150 over a 13-3 even with 13-2, where the season's fighter did not wait, 2026-12-01)
    const steps = deep.slice(1).map((s, i) => s.recommendedPower - deep[i].recommendedPower);
    expect(Math.max(...steps)).toBeLessThanOrEqual(150);
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
