// Every screen of the game with real data behind it, for the tests that walk them all (axe, no sideways scroll): a
// player with heroes, items, a finished fight with its replay, a turn-based battle and a dungeon run to show, live
// play: another player's open challenge, and a live match the player is in; and guilds: the player's own, another's.
import type { APIRequestContext } from '@playwright/test';
import type { Hero, User } from '../../src/api/index.ts';
import { createHero, createUser, ok, uniqueName } from './fixtures.ts';
import { heroesFor } from './fight-steps.ts';
import { setBalances } from './store-setup.ts';

/** [name, url, a selector that shows once the screen has its data]. */
export type Screen = [name: string, url: string, ready: string];

export interface EveryScreen {
  heroes: Hero[];
  dungeonIds: string[];
  screens: Screen[];
}

/** Arranges `player`'s world through the API (heroes, bought items, an auto and a turn-based fight). */
export async function everyScreen(
  request: APIRequestContext,
  player: Pick<User, 'id'>,
  heroCount = 2,
): Promise<EveryScreen> {
  const heroes = await heroesFor(request, player, heroCount);
  await setBalances(player.id, { gold: 5000 });
  for (const item_id of ['heroic_tonic', 'rune_dust', 'draught_of_insight'])
    await ok(
      await request.post('/api/shop/purchase', { data: { user_id: player.id, item_id, quantity: 1 } }),
    );
  const fight = await ok<{ battle_id: string }>(
    await request.post('/api/battles', {
      data: { user_id: player.id, team_hero_ids: heroes.slice(0, 4).map((h) => h.id), mode: 'auto' },
    }),
  );
  const dungeons = await ok<{ id: string }[]>(await request.get('/api/dungeons'));
  const turnBased = await ok<{ battle_id: string }>(
    await request.post('/api/battles', { data: { user_id: player.id, team_hero_ids: [heroes[0].id] } }),
  );
  // live play: another player's open links, one left open, one accepted by the player (a match in play)
  const rival = await createUser(request);
  const rivalHero = await createHero(request, rival);
  const openLink = async () =>
    ok<{ id: string }>(
      await request.post('/api/challenges', { data: { user_id: rival.id, hero_ids: [rivalHero.id] } }),
    );
  const challenge = await openLink();
  const accepted = await ok<{ match_id: string }>(
    await request.post(`/api/challenges/${(await openLink()).id}/accept`, {
      data: { user_id: player.id, hero_ids: [heroes[0].id] },
    }),
  );
  // guilds: the player's own (they lead it, with a message on its board), and the rival's, seen as a visitor
  const makeGuild = async (user_id: string, prefix: string) =>
    ok<{ id: string }>(
      await request.post('/api/guilds', {
        data: {
          user_id,
          name: uniqueName(prefix),
          description: 'Bosses on weekday evenings.',
          join_policy: 'request',
        },
      }),
    );
  const guild = await makeGuild(player.id, 'guild');
  const rivalGuild = await makeGuild(rival.id, 'rivals');
  await ok(
    await request.post(`/api/guilds/${guild.id}/messages`, {
      data: { user_id: player.id, text: 'Attack at nine.' },
    }),
  );

  return {
    heroes,
    dungeonIds: dungeons.map((d) => d.id),
    screens: [
      ['map', '/map', '[data-testid="daily-strip"]'],
      ['daily', '/daily', '[data-testid="daily-quests"]'],
      ['campaign', '/campaign', '[data-testid="stage"]'],
      ['my heroes', '/heroes', 'main h1'],
      ['a hero', `/heroes/${heroes[0].id}`, 'main h1'],
      ['summon', '/create', 'main h1'],
      ['other heroes', '/heroes?tab=others', 'main h1'],
      ['inventory', '/inventory', '[data-item-id], main h1'],
      ['shop', '/shop', '[data-item-id]'],
      ['profile', '/profile', 'main h1'],
      ['credits', '/profile/credits', 'main h1'],
      ['team battle', '/battle', 'main h1'],
      [
        'a turn-based battle',
        `/battle/${turnBased.battle_id}`,
        '[data-option-id], [data-testid="battle-result"]',
      ],
      ['combat', `/combat?battleId=${fight.battle_id}`, 'main h1, main h2'],
      ['arena', '/arena', 'main h1'],
      ['leaderboard', '/arena/leaderboard', 'main h1'],
      ['dungeons', '/dungeons', 'main h1'],
      ['a dungeon', `/dungeons/${dungeons[0].id}`, 'main h1'],
      ['a replay', `/replay/${fight.battle_id}`, 'main h1, main h2'],
      ['hero card demo', '/herocard', 'main'],
      ['fairness', '/fairness', '[data-testid="chart-balance-type"] svg'],
      ['live play', '/live', 'main h1'],
      ['a challenge', `/duel/${challenge.id}`, 'main h1'],
      ['a live match', `/matches/${accepted.match_id}`, '.live-match'],
      ['guilds', '/guilds', '[data-testid="guild-row"]'],
      ['a guild', `/guilds/${guild.id}`, '[data-testid="guild-boss"]'],
      ["a guild's board", `/guilds/${guild.id}?part=board`, '[data-testid="board-messages"]'],
      ["a guild's members", `/guilds/${guild.id}?part=members`, '[data-testid="guild-member"]'],
      ['another guild', `/guilds/${rivalGuild.id}`, '[data-testid="join-guild"]'],
      // the operator's console as a player sees it (no operator's session): its refusal (admin.spec.ts: the console)
      ['operator console', '/admin', '[data-testid="admin-refused"]'],
      ['a missing hero', '/heroes/h_no_such_hero', 'main'],
      ['a missing page', '/no/such/page', 'main'],
    ],
  };
}
