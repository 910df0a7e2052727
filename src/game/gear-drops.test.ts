// Gear drops: each chapter's even stages give its set's four pieces, one a slot, on their first clear; every other win
// drops a piece of the chapter's set at the stated chance; a dungeon clear at its own; the same battle always alike.
import { describe, expect, it } from 'vitest';
import { dungeonGearDrop, stageFirstClearPiece, stageGearDrop } from './gear-drops.ts';
import { CHAPTERS, STAGES } from './data/campaign.ts';
import { GEAR_DROP_CHANCE, GEAR_SLOTS, STAGE_GEAR_DROP_CHANCE } from './data/gear.ts';

describe('gear drops', () => {
  it('a chapter’s first clears give its set once a slot, on its even stages', () => {
    for (const c of CHAPTERS) {
      const pieces = STAGES.filter((s) => s.chapter === c.id).map(stageFirstClearPiece);
      expect(pieces.filter((p, i) => i % 2 === 0 && p)).toEqual([]);
      expect(pieces.filter(Boolean).map((p) => p!.id)).toEqual(GEAR_SLOTS.map((s) => `${c.gearSet}_${s}`));
    }
  });

  it('later wins drop a piece of the chapter’s set at the stated chance, the same battle alike', () => {
    const n = 20_000;
    const s = STAGES.find((x) => x.id === '3-5')!;
    let drops = 0;
    for (let i = 0; i < n; i++) {
      const d = stageGearDrop(s, false, `b_${i}`);
      expect(stageGearDrop(s, false, `b_${i}`)).toBe(d);
      if (d) {
        drops++;
        expect(d.set).toBe('bulwark');
      }
    }
    expect(Math.abs(drops / n - STAGE_GEAR_DROP_CHANCE)).toBeLessThan(0.006);
    expect(
      stageGearDrop(
        STAGES.find((x) => x.id === '3-2')!,
        true,
        'b_1',
      )!.id,
    ).toBe('bulwark_weapon');
    let dungeon = 0;
    for (let i = 0; i < n; i++) if (dungeonGearDrop(`b_${i}`)) dungeon++;
    expect(Math.abs(dungeon / n - GEAR_DROP_CHANCE)).toBeLessThan(0.004);
  });
});
