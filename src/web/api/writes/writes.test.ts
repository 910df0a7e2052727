// @vitest-environment happy-dom
// The writes' shared parts: afterFight, the one refresh after every fight (which cached reads it drops, and the run it
// remembers as the fight left it), useErrorLine, a page's one error line over its refusals and failed writes, and
// a paying write's presses (one intent for a double press, however late its second press is handled).
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DungeonRun } from '../../../api/index.ts';
import { fairMatchesQuery, queryKeys } from '../hooks.ts';
import { afterFight } from './fights.ts';
import { DOUBLE_PRESS_MS, useErrorLine } from './core.ts';
import { useReroll } from './heroes.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
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

describe('a paying write', () => {
  /** Reroll Abilities against a server that answers at once; the presses it was sent. */
  function reroll() {
    const sent: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.includes('/reroll')) return Promise.reject(new TypeError('offline'));
      sent.push(new Headers(init?.headers).get('idempotency-key') ?? '');
      return Promise.resolve(Response.json({ id: 'h_1', abilities: [] }));
    });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useReroll('u_1'), { wrapper });
    /** A press whose input event happened at `at` (ms on performance.now's timeline), handled now. */
    const press = (at: number) =>
      act(() => {
        vi.stubGlobal('event', { timeStamp: at });
        result.current.mutate('h_1');
      });
    /** Lets the answer arrive and be handled (a few ms of the faked clock). */
    const settle = async () => {
      for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(1));
    };
    return { sent, result, press, settle };
  }

  it('takes a second press made within DOUBLE_PRESS_MS of the first as the same press, even handled after the answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { sent, result, press, settle } = reroll();
    const first = performance.now();
    press(first);
    await settle();
    expect(result.current.answering).toBe(false);
    // The answer came at once; the control is still busy, then free half a second after the press.
    expect(result.current.isPending).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(DOUBLE_PRESS_MS));
    expect(result.current.isPending).toBe(false);
    // The second tap of a double tap, made 300 ms after the first but handled only now (a busy phone): dropped.
    press(first + 300);
    expect(result.current.isPending).toBe(false);
    expect(sent).toHaveLength(1);
    // A press made after the first was over is a new intent, with a key of its own.
    press(first + DOUBLE_PRESS_MS + 1);
    await settle();
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
  });
});
