import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '../../../api/index.ts';
import { boardEntries } from './entries.ts';

const entry = (hero_id: string, rank: number) => ({ hero_id, rank }) as unknown as LeaderboardEntry;

describe('boardEntries', () => {
  it('joins the pages in order and shows a hero that moved below the cursor once, where it was first seen', () => {
    const rows = boardEntries([
      { heroes: [entry('a', 1), entry('b', 2), entry('c', 3)] },
      // b lost a fight between the two reads and fell below c: the next page has it again
      { heroes: [entry('b', 4), entry('d', 5)] },
    ]);
    expect(rows.map((r) => [r.hero_id, r.rank])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 5],
    ]);
  });
});
