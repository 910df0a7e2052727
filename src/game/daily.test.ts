// Which quests a day draws: seeded by the player and the day, two fights and an errand, and only among the kinds
// the player could play when the day began — a quest fought in the arena or a dungeon not before that place opens.
import { describe, expect, it } from 'vitest';
import { NOTHING_OPEN, questsOfDay, type OpenPlaces } from './daily.ts';
import { QUESTS as ALL, QUESTS_PER_DAY, type QuestDef } from './data/quests.ts';
import { STAGES } from './data/campaign.ts';

const QUESTS: readonly QuestDef[] = ALL;
const DAYS = Array.from({ length: 60 }, (_, i) => 20_500 + i);
const PLAYERS = Array.from({ length: 40 }, (_, i) => `u_player${i}`);
const kinds = (open: OpenPlaces) =>
  PLAYERS.flatMap((p) => DAYS.map((d) => questsOfDay(p, d, open).map((q) => q.id)));

describe('the day’s draw', () => {
  it('is the same for the same player, day and places; two fights then one errand, all different', () => {
    for (const p of PLAYERS.slice(0, 5))
      for (const d of DAYS.slice(0, 5)) {
        const a = questsOfDay(p, d, NOTHING_OPEN);
        expect(questsOfDay(p, d, new Set())).toEqual(a);
        expect(a.map((q) => q.group)).toEqual(['fight', 'fight', 'errand']);
        expect(new Set(a.map((q) => q.id)).size).toBe(3);
      }
  });

  it('draws no quest in a place not open: with nothing open, never the arena nor a dungeon', () => {
    const drawn = new Set(kinds(NOTHING_OPEN).flat());
    expect(drawn.has('arena_win')).toBe(false);
    expect(drawn.has('dungeon_floor')).toBe(false);
    // Every kind a new player can play still comes up.
    for (const q of QUESTS.filter((q) => q.needs === undefined)) expect(drawn.has(q.id)).toBe(true);
    const arenaOnly = new Set(kinds(new Set(['arena'])).flat());
    expect(arenaOnly.has('arena_win')).toBe(true);
    expect(arenaOnly.has('dungeon_floor')).toBe(false);
  });

  it('with every place open it is the draw over every kind, whichever way the places are given', () => {
    expect(kinds(new Set(['arena', 'dungeon']))).toEqual(kinds('every'));
    const drawn = new Set(kinds('every').flat());
    for (const q of QUESTS) expect(drawn.has(q.id)).toBe(true);
  });

  it('leaves enough kinds open from the start for a day, and each place a quest needs opens with a stage', () => {
    expect(QUESTS.filter((q) => q.group === 'fight' && q.needs === undefined).length).toBeGreaterThanOrEqual(
      QUESTS_PER_DAY.fight,
    );
    expect(QUESTS.every((q) => q.group === 'fight' || q.needs === undefined)).toBe(true);
    const opened = new Set(STAGES.flatMap((s) => s.unlocks.map((u) => u.kind)));
    for (const q of QUESTS) if (q.needs) expect(opened.has(q.needs)).toBe(true);
  });
});
