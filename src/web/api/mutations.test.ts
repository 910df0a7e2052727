// @vitest-environment happy-dom
// The writes' shared parts: afterFight, the one refresh after every fight (which cached reads it drops, and the run it
// remembers as the fight left it), and useErrorLine, a page's one error line over its refusals and failed writes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { DungeonRun } from '../../api/index.ts';
import { fairMatchesQuery, queryKeys } from './hooks.ts';
import { afterFight, useErrorLine } from './mutations.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('afterFight', () => {
  it("drops every list a fight may change, the player's own ledger and inventory only, forgets the odds, and remembers the run", () => {
    // The user's re-read is not this test's business: it answers as a failed call does (ignored).
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const client = new QueryClient();
    const keys = {
      heroes: queryKeys.myHeroes('u_1'),
      hero: queryKeys.hero('h_1'),
      activeRun: queryKeys.activeRun('u_1'),
      history: ['battle-history', 'u_1'],
      ledger: queryKeys.ledger('u_1', null),
      othersLedger: queryKeys.ledger('u_2', null),
      leaderboard: ['leaderboard', 'u_1'],
      browse: queryKeys.browse('u_1'),
      npcs: queryKeys.npcs,
      inventory: queryKeys.inventory('u_1'),
      othersInventory: queryKeys.inventory('u_2'),
      shop: queryKeys.shop,
      dungeons: queryKeys.dungeons,
      fairMatches: fairMatchesQuery('u_1', 'h_1').queryKey,
      othersFairMatches: fairMatchesQuery('u_2', 'h_2').queryKey,
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    const odds = queryKeys.odds({ user_id: 'u_1', kind: 'random', team: 'h_1' }, 'h_1@3');
    client.setQueryData(odds, { probability: 0.52 });
    const run = { id: 'r_1', floor: 2, floors: 5, status: 'active' } as DungeonRun;

    afterFight(client, 'u_1', { run });

    const dropped = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(dropped).toEqual([
      'heroes',
      'hero',
      'activeRun',
      'history',
      'ledger',
      'leaderboard',
      'browse',
      'npcs',
      'inventory',
      'fairMatches',
    ]);
    expect(client.getQueryData(queryKeys.run('r_1'))).toBe(run);
    // The odds are gone, not kept to show while they are read again: no number from before the fight shows after it.
    expect(client.getQueryData(odds)).toBeUndefined();
  });
});

describe('useErrorLine', () => {
  const write = (failure: string | null, submittedAt: number) => ({ failure, submittedAt, reset: vi.fn() });

  it("shows the latest failed write's text, and a refusal over it", () => {
    const older = write('Failed to find a fair match', 1);
    const newer = write('Failed to start arena battle', 2);
    const { result } = renderHook(() => useErrorLine([older, newer]));
    expect(result.current.text).toBe('Failed to start arena battle');
    act(() => result.current.refuse('Select your hero and an opponent first'));
    expect(result.current.text).toBe('Select your hero and an opponent first');
    // A refusal starts afresh: the failed writes were let go.
    expect(older.reset).toHaveBeenCalled();
    expect(newer.reset).toHaveBeenCalled();
  });

  it('clears the refusal and resets only the writes that failed', () => {
    const failed = write('Purchase failed', 1);
    const fine = write(null, 2);
    const { result } = renderHook(() => useErrorLine([failed, fine]));
    act(() => result.current.clear());
    expect(failed.reset).toHaveBeenCalledTimes(1);
    expect(fine.reset).not.toHaveBeenCalled();
  });
});
