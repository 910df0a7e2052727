// The campaign's opening order as /dungeons and /map draw it (components/unlock-order.tsx): opened dungeons first,
// the rest in the order stages open them; a stage named only while its place is not open; nothing without a read.
import { describe, expect, it } from 'vitest';
import { firstDungeonOpensWith, inOpeningOrder, opensWith, type Unlocks } from './unlock-order.tsx';

const unlocks = (opened: number): Unlocks =>
  (
    [
      { kind: 'dungeon', id: 'woods', name: 'Woods', stage_id: '1-2' },
      { kind: 'dungeon', id: 'crypt', name: 'Crypt', stage_id: '1-5' },
      { kind: 'arena', id: null, name: 'The Arena', stage_id: '1-8' },
      { kind: 'dungeon', id: 'mines', name: 'Mines', stage_id: '2-4' },
    ] as const
  ).map((u, k) => ({ ...u, unlocked: k < opened }));

const ids = (ds: { id: string }[]) => ds.map((d) => d.id);
const listed = [{ id: 'mines' }, { id: 'other' }, { id: 'crypt' }, { id: 'woods' }];

describe('the opening order', () => {
  it('lists opened dungeons (and unnamed ones) first in the list’s order, then the rest as stages open them', () => {
    expect(ids(inOpeningOrder(listed, unlocks(0)))).toEqual(['other', 'woods', 'crypt', 'mines']);
    expect(ids(inOpeningOrder(listed, unlocks(2)))).toEqual(['other', 'crypt', 'woods', 'mines']);
    expect(ids(inOpeningOrder(listed, unlocks(4)))).toEqual(ids(listed));
  });

  it('keeps the list as it is while the campaign is unread', () => {
    expect(ids(inOpeningOrder(listed, undefined))).toEqual(ids(listed));
    expect(opensWith(undefined, 'woods')).toBeNull();
    expect(firstDungeonOpensWith(undefined)).toBeNull();
  });

  it('names the opening stage only until the place is open', () => {
    expect(opensWith(unlocks(0), 'crypt')).toBe('1-5');
    expect(opensWith(unlocks(0), null)).toBe('1-8');
    expect(opensWith(unlocks(2), 'crypt')).toBeNull();
    expect(opensWith(unlocks(3), null)).toBeNull();
    expect(opensWith(unlocks(0), 'other')).toBeNull();
  });

  it('says what opens the dungeons only while none is open', () => {
    expect(firstDungeonOpensWith(unlocks(0))).toBe('1-2');
    expect(firstDungeonOpensWith(unlocks(1))).toBeNull();
    expect(firstDungeonOpensWith([])).toBeNull();
  });
});
