// @vitest-environment happy-dom
// The stored session: valid users are read (missing currencies count as 0), invalid ones are discarded.
import { afterEach, describe, expect, it } from 'vitest';
import {
  fieldedTeam,
  getStoredUser,
  loadActiveTeam,
  logout,
  parseStoredUser,
  saveActiveTeam,
  saveUser,
  SESSION_KEY,
} from './session.ts';

const user = {
  id: 'u_1',
  username: 'ayla',
  gold: 5,
  magic_essence: 1,
  summoning_scrolls: 2,
  combat_tokens: 3,
  created_at: 1700000000,
  time_zone: 'Europe/Berlin',
  reset_hour: 6,
  guild_id: null,
};

afterEach(() => localStorage.clear());

describe('parseStoredUser', () => {
  it('reads a user', () => {
    expect(parseStoredUser(JSON.stringify(user))).toEqual(user);
  });
  it('fills missing currencies with 0, and a day of their own with UTC at 04:00', () => {
    expect(parseStoredUser(JSON.stringify({ id: 'u_2', username: 'bo', reset_hour: 24 }))).toEqual({
      id: 'u_2',
      username: 'bo',
      gold: 0,
      magic_essence: 0,
      summoning_scrolls: 0,
      combat_tokens: 0,
      created_at: 0,
      time_zone: 'UTC',
      reset_hour: 4,
      guild_id: null,
    });
  });
  it.each([
    null,
    '',
    'not json',
    '[]',
    '42',
    '{"username":"x"}',
    '{"id":"","username":"x"}',
    '{"id":"u","username":7}',
  ])('rejects %s', (raw) => {
    expect(parseStoredUser(raw)).toBeNull();
  });
});

describe('stored session', () => {
  it('saves, reads and clears under runeborn_user', () => {
    saveUser(user);
    expect(JSON.parse(localStorage.getItem('runeborn_user')!)).toEqual(user);
    expect(getStoredUser()).toEqual(user);
    logout();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(getStoredUser()).toBeNull();
  });
  it('discards an invalid stored user', () => {
    localStorage.setItem(SESSION_KEY, '{"broken":true}');
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
  it('keeps the active team per user under runeborn_active_team_{userId}', () => {
    saveActiveTeam('u_1', ['a', 'b', 'c', 'd', 'e']);
    expect(localStorage.getItem('runeborn_active_team_u_1')).toBe('["a","b","c","d"]');
    expect(loadActiveTeam('u_1')).toEqual(['a', 'b', 'c', 'd']);
    expect(loadActiveTeam('u_2')).toEqual([]);
  });

  it('fields the team picked, else the last one, else the first given — only heroes owned, at most four', () => {
    const owned = new Set(['a', 'b', 'c', 'd', 'e', 'f']);
    const strongest = ['f', 'e', 'gone', 'd', 'c'];
    expect(fieldedTeam(null, 'u_3', owned, strongest)).toEqual(['f', 'e', 'd', 'c']);
    expect(fieldedTeam(null, 'u_3', owned)).toEqual([]);
    saveActiveTeam('u_3', ['gone', 'b']);
    expect(fieldedTeam(null, 'u_3', owned, strongest)).toEqual(['b']);
    saveActiveTeam('u_3', ['gone']);
    expect(fieldedTeam(null, 'u_3', owned, strongest)).toEqual(['f', 'e', 'd', 'c']);
    expect(fieldedTeam(['a', 'gone', 'c'], 'u_3', owned, strongest)).toEqual(['a', 'c']);
    expect(fieldedTeam([], 'u_3', owned, strongest)).toEqual([]);
  });
});
