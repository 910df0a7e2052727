// Accounts: create (validation, uniqueness, starting balances), read, list with prefix search and limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListUsersResponse, STARTING_BALANCES, UserResponse } from '../../src/api/users.ts';
import { DATABASES, newPlayer, startHarness, uniqueName, type Harness } from './helpers.ts';

describe.each(DATABASES)('users on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  it('creates a player with the documented starting balances', async () => {
    const username = uniqueName('Ann');
    const r = await h.call('POST', '/api/users', { username });
    expect(r.status).toBe(201);
    const user = UserResponse.parse(r.body);
    expect(user).toMatchObject({ username, ...STARTING_BALANCES });
    expect(STARTING_BALANCES.summoning_scrolls).toBeGreaterThanOrEqual(3);
    expect(STARTING_BALANCES.magic_essence).toBeGreaterThanOrEqual(50);
    expect(Math.abs(user.created_at - Date.now() / 1000)).toBeLessThan(60);
    const read = await h.call('GET', `/api/users/${user.id}`);
    // the player as made, and their live rating: the starting one before any match
    expect(read).toEqual({
      status: 200,
      body: { ...user, live_rating: { rating: 1500, rd: 350, games: 0 } },
    });
  });

  it('refuses bad usernames with the fixed messages', async () => {
    for (const username of ['ab', 'x'.repeat(21), '']) {
      expect(await h.call('POST', '/api/users', { username })).toEqual({
        status: 400,
        body: { error: 'Username must be 3-20 characters' },
      });
    }
    for (const username of ['bad name', 'émile', 'semi;colon', 'dash-ed']) {
      expect(await h.call('POST', '/api/users', { username })).toEqual({
        status: 400,
        body: { error: 'Username can only contain letters, numbers, and underscores' },
      });
    }
    // No username at all is still a length problem, in the game's own words (not a schema message).
    expect(await h.call('POST', '/api/users', {})).toEqual({
      status: 400,
      body: { error: 'Username must be 3-20 characters' },
    });
  });

  it('refuses a taken username, whatever its case', async () => {
    const p = await newPlayer(h, 'Dup');
    const again = await h.call('POST', '/api/users', { username: p.username.toUpperCase() });
    expect(again).toEqual({ status: 409, body: { error: 'Username already taken' } });
  });

  it('answers 404 for an unknown user', async () => {
    expect(await h.call('GET', '/api/users/u_nobody')).toEqual({
      status: 404,
      body: { error: 'User not found' },
    });
  });

  it('lists users by prefix, bounded by limit', async () => {
    const tag = `zq${Date.now() % 100000}`;
    for (let i = 0; i < 5; i++) await h.call('POST', '/api/users', { username: `${tag}_${i}` });
    const all = await h.call('GET', `/api/users?q=${tag.toUpperCase()}`);
    expect(all.status).toBe(200);
    const list = ListUsersResponse.parse(all.body);
    expect(list.map((u) => u.username)).toEqual([0, 1, 2, 3, 4].map((i) => `${tag}_${i}`));
    expect(Object.keys(list[0]).sort()).toEqual(['gold', 'id', 'locked', 'username']);
    const two = await h.call('GET', `/api/users?q=${tag}&limit=2`);
    expect(two.body).toHaveLength(2);
    expect((await h.call('GET', '/api/users?limit=0')).status).toBe(400);
    expect((await h.call('GET', '/api/users?limit=101')).status).toBe(400);
    const unfiltered = await h.call('GET', '/api/users');
    expect(unfiltered.body.length).toBeLessThanOrEqual(50);
  });
});
