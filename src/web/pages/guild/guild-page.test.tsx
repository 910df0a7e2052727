// @vitest-environment happy-dom
// The guild page holds the boss attack's result card: the attack that fells the boss is followed by reads of the boss
// (the next, stronger one) and of the guild — one of which may fail under load — and the card stays through them,
// its replay link followed, until the player dismisses it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { generateHero } from '../../../game/index.ts';
import { activeTeamKey, logout, saveUser } from '../../session.ts';
import GuildPage from './index.tsx';

const ME = {
  id: 'u_me',
  username: 'me',
  gold: 100,
  magic_essence: 0,
  combat_tokens: 0,
  guild_id: 'g_1',
};
const HERO = generateHero(7, { id: 'h_1', userId: ME.id, level: 5 });
const REWARDS = { gold: 40, xp_per_hero: 0, magic_essence: 10, combat_tokens: 2 };

const boss = (level: number, hp: number) => ({
  level,
  name: level === 1 ? 'Gravemaw the Undying' : 'Ysolde, Ember Queen',
  max_hp: 160_000,
  hp,
  week_kills: level - 1,
  ends_at: 1_900_000_000,
  day_ends_at: 1_900_000_000,
  attacks_left: 2,
  my_damage: 0,
  expected_damage: 500,
  tiers: [{ damage: 0, rewards: REWARDS }],
  kill_rewards: REWARDS,
  ranking: [],
});

const guild = (level: number, hp: number) => ({
  id: 'g_1',
  name: 'The Tide',
  description: '',
  join_policy: 'open',
  time_zone: 'UTC',
  created_at: 1_800_000_000,
  members: [
    { user_id: ME.id, username: ME.username, role: 'leader', last_seen: 1_800_000_000, week_damage: 0 },
  ],
  week_kills: level - 1,
  boss: { level, name: boss(level, hp).name, max_hp: 160_000, hp },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  logout();
});

describe('the guild page', () => {
  it('keeps the result card of a kill through the reads after it, and follows its replay', async () => {
    let killed = false;
    let guildFailures = 0;
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://localhost').pathname;
        if (path === '/api/guilds/g_1/boss/attack' && init?.method?.toUpperCase() === 'POST') {
          killed = true;
          // the reads of the guild after the kill fail (its first try and its retry), as under load
          guildFailures = 2;
          return json({
            battle_id: 'b_kill',
            level: 1,
            damage: 1,
            hp_after: 0,
            killed: true,
            rewards: REWARDS,
            attacks_left: 1,
            user: ME,
          });
        }
        if (path === '/api/guilds/g_1/boss') return json(killed ? boss(2, 240_000) : boss(1, 1));
        if (path === '/api/guilds/g_1') {
          if (guildFailures > 0) {
            guildFailures--;
            return json({ error: 'Something went wrong' }, 500);
          }
          return json(killed ? guild(2, 240_000) : guild(1, 1));
        }
        if (path === '/api/guilds/g_1/messages') return json({ messages: [], next_cursor: null });
        if (path === '/api/heroes') return json([HERO]);
        if (path === `/api/users/${ME.id}`) return json(ME);
        return json({ error: `not in this test: ${path}` }, 404);
      }),
    );
    saveUser(ME as never);
    localStorage.setItem(activeTeamKey(ME.id), JSON.stringify([HERO.id]));
    const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    const router = createMemoryRouter(
      [
        { path: '/guilds/:guildId', Component: GuildPage },
        { path: '/replay/:battleId', Component: () => <h1>The replay</h1> },
      ],
      { initialEntries: ['/guilds/g_1'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect((await screen.findByTestId('guild-boss')).getAttribute('data-level')).toBe('1');
    await waitFor(() =>
      expect((screen.getByTestId('attack-boss') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('attack-boss'));
    const card = await screen.findByTestId('attack-result');
    expect(within(card).getByTestId('boss-killed')).toBeTruthy();

    // the boss and the guild are read again: the next boss shows, the guild's read failed twice, then answers
    await waitFor(() => expect(screen.getByTestId('guild-boss').getAttribute('data-level')).toBe('2'));
    await waitFor(() => expect(guildFailures).toBe(0));
    await client.refetchQueries({ queryKey: ['guild', 'one'] });
    await waitFor(() => expect(screen.getByTestId('guild-page')).toBeTruthy());
    const still = screen.getByTestId('attack-result');
    expect(still.textContent).toContain('Gravemaw the Undying falls');
    const replay = within(still).getByRole('link', { name: 'Watch the attack' });
    expect(replay.getAttribute('href')).toBe('/replay/b_kill');
    fireEvent.click(replay);
    expect(await screen.findByRole('heading', { name: 'The replay' })).toBeTruthy();
    client.clear();
  });

  it('lets the player dismiss the card', async () => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://localhost').pathname;
        if (path === '/api/guilds/g_1/boss/attack' && init?.method?.toUpperCase() === 'POST')
          return json({
            battle_id: 'b_1',
            level: 1,
            damage: 500,
            hp_after: 159_500,
            killed: false,
            rewards: REWARDS,
            attacks_left: 1,
            user: ME,
          });
        if (path === '/api/guilds/g_1/boss') return json(boss(1, 160_000));
        if (path === '/api/guilds/g_1') return json(guild(1, 160_000));
        if (path === '/api/guilds/g_1/messages') return json({ messages: [], next_cursor: null });
        if (path === '/api/heroes') return json([HERO]);
        return json(ME);
      }),
    );
    saveUser(ME as never);
    localStorage.setItem(activeTeamKey(ME.id), JSON.stringify([HERO.id]));
    const client = new QueryClient();
    const router = createMemoryRouter([{ path: '/guilds/:guildId', Component: GuildPage }], {
      initialEntries: ['/guilds/g_1'],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect((screen.getByTestId('attack-boss') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('attack-boss'));
    fireEvent.click(await screen.findByTestId('attack-result-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('attack-result')).toBeNull());
    client.clear();
  });
});
