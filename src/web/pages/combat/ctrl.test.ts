// /combat's controller, its pure parts: the query values and their defaults, the checks Fight Again makes
// before asking, Back's caption, and a fetched battle read as a result.
import { describe, expect, it } from 'vitest';
import type { DungeonRun } from '../../../api/index.ts';
import { asResult, fightAgainRefusal, nextFightQuery, placeName, readParams } from './ctrl.ts';

const params = (query: string) => readParams(new URLSearchParams(query));

describe('/combat query values', () => {
  it('default to an unknown random battle returning to the map', () => {
    expect(params('')).toEqual({
      battleId: null,
      location: 'Unknown',
      locationType: 'random',
      returnTo: '/map',
      dungeonRunId: null,
      dungeonId: null,
      attackerId: null,
      opponentId: null,
      teamHeroIds: [],
    });
  });

  it('read a dungeon fight with its run, dungeon and team', () => {
    const p = params(
      'battleId=b_1&location=The%20Forgotten%20Crypt&locationType=dungeon&dungeonRunId=r_1&dungeonId=crypt' +
        '&teamHeroIds=%5B%22h_1%22%2C%22h_2%22%5D&returnTo=/dungeons',
    );
    expect(p).toMatchObject({
      battleId: 'b_1',
      location: 'The Forgotten Crypt',
      locationType: 'dungeon',
      dungeonRunId: 'r_1',
      dungeonId: 'crypt',
      teamHeroIds: ['h_1', 'h_2'],
      returnTo: '/dungeons',
    });
  });

  it('keep an unknown kind as random and a foreign returnTo as the map', () => {
    expect(params('locationType=raid&returnTo=//evil.example').locationType).toBe('random');
    expect(params('returnTo=//evil.example').returnTo).toBe('/map');
  });
});

describe('Fight Again before asking', () => {
  it('needs a run for a dungeon fight', () => {
    expect(fightAgainRefusal(params('locationType=dungeon'))).toBe('No dungeon run ID provided');
    expect(fightAgainRefusal(params('locationType=dungeon&dungeonRunId=r_1'))).toBeNull();
  });

  it('needs both sides for a duel', () => {
    expect(fightAgainRefusal(params('locationType=arena&attackerId=h_1'))).toBe(
      'Missing arena battle parameters',
    );
    expect(fightAgainRefusal(params('locationType=arena&attackerId=h_1&opponentId=npc_x'))).toBeNull();
  });

  it('needs a team otherwise', () => {
    expect(fightAgainRefusal(params(''))).toBe('No team hero IDs provided');
    expect(fightAgainRefusal(params('teamHeroIds=h_1,h_2'))).toBeNull();
  });
});

describe('the next fight Fight Again shows before fighting it', () => {
  const run = (status: DungeonRun['status']) =>
    ({
      id: 'r_1',
      dungeon_id: 'crypt',
      team_hero_ids: ['h_1', 'h_2'],
      floor: 2,
      floors: 3,
      status,
    }) as DungeonRun;

  it("reads a random battle's next encounter for the same team, and the same duel", () => {
    expect(nextFightQuery(params('teamHeroIds=h_1,h_2'), 'u_1', null, null)).toEqual({
      user_id: 'u_1',
      kind: 'random',
      team: 'h_1,h_2',
    });
    expect(
      nextFightQuery(params('locationType=arena&attackerId=h_1&opponentId=npc_x'), 'u_1', null, null),
    ).toEqual({ user_id: 'u_1', kind: 'arena', hero_id: 'h_1', opponent_id: 'npc_x' });
  });

  it("reads a run's next floor, or a new run's first floor with the same team once the run is over", () => {
    const p = params('locationType=dungeon&dungeonRunId=r_1&dungeonId=crypt');
    expect(nextFightQuery(p, 'u_1', run('active'), 'crypt')).toEqual({
      user_id: 'u_1',
      kind: 'dungeon',
      run_id: 'r_1',
    });
    expect(nextFightQuery(p, 'u_1', run('failed'), 'crypt')).toEqual({
      user_id: 'u_1',
      kind: 'dungeon',
      dungeon_id: 'crypt',
      team: 'h_1,h_2',
    });
  });

  it('reads nothing when Fight Again would be refused', () => {
    expect(nextFightQuery(params(''), 'u_1', null, null)).toBeNull();
    expect(nextFightQuery(params('locationType=arena&attackerId=h_1'), 'u_1', null, null)).toBeNull();
  });
});

describe("Back's caption", () => {
  it('names the place returned to', () => {
    expect(placeName('/dungeons')).toBe('Dungeons');
    expect(placeName('/arena?x=1')).toBe('the Arena');
    expect(placeName('/battle#top')).toBe('Team Battle');
    expect(placeName('/profile')).toBe('where you came from');
  });
});

describe('a fetched battle as a result', () => {
  it('reads a turn-based battle by its status and rewards, odds unknown', () => {
    const shown = asResult({
      kind: 'turn_based',
      battle_id: 'b_1',
      status: 'won',
      location: 'Old Mill',
      rewards: null,
      level_ups: [],
    } as unknown as Parameters<typeof asResult>[0]);
    expect(shown).toEqual({
      status: 'won',
      rewards: undefined,
      level_ups: [],
      battle_id: 'b_1',
      location: 'Old Mill',
    });
  });
});
