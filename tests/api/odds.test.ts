// GET /api/odds: the number it states is the number the fight then uses (arena, dungeon floors, random battles),
// on a server that remembers no odds at all; bounded, never a 5xx, someone else's heroes refused, rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OddsResponse } from '../../src/api/odds.ts';
import { ODDS_SAMPLING, xpToNextLevel } from '../../src/game/index.ts';
import { OddsPool } from '../../src/server/odds/odds-pool.ts';
import {
  DATABASES,
  newPlayer,
  rewriteHero,
  setHeroPower,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

describe.each(DATABASES)('odds read on %s', (kind) => {
  let h: Harness;
  // No odds cache: a read and the fight after it can only agree because the estimate is the matchup's own.
  beforeAll(async () => {
    h = await startHarness(kind, { oddsCacheSize: 0 });
  });
  afterAll(async () => h?.close());
  const odds = async (query: Record<string, string>) => {
    const r = await h.call('GET', `/api/odds?${new URLSearchParams(query)}`);
    if (r.status === 200) OddsResponse.parse(r.body);
    return r;
  };

  it('arena: the stated chance is the one the duel then uses, against a player and an NPC', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    const theirs = await summonHero(h, q.id);
    for (const opponent of [theirs.id, 'npc_woods_poacher']) {
      const read = await odds({ user_id: p.id, kind: 'arena', hero_id: mine.id, opponent_id: opponent });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ kind: 'arena', location: 'Arena', team_hero_ids: [mine.id] });
      expect(read.body.enemies.map((e: { id: string }) => e.id)).toEqual([opponent]);
      expect(read.body.samples).toBeGreaterThanOrEqual(ODDS_SAMPLING.min);
      const fight = await h.call('POST', '/api/arena/battle', {
        user_id: p.id,
        attacker_hero_id: mine.id,
        opponent_id: opponent,
      });
      expect(fight.status).toBe(200);
      expect(fight.body.probability).toBe(read.body.probability);
      // a won duel may level the hero up: the next read must follow the hero as it is now
      const after = await odds({ user_id: p.id, kind: 'arena', hero_id: mine.id, opponent_id: opponent });
      const again = await h.call('POST', '/api/arena/battle', {
        user_id: p.id,
        attacker_hero_id: mine.id,
        opponent_id: opponent,
      });
      expect(again.body.probability).toBe(after.body.probability);
    }
  });

  it("dungeon: floor 1 with the picked team, then a run's next floor, are the floors' own odds", async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const b = await summonHero(h, p.id);
    const read = await odds({
      user_id: p.id,
      kind: 'dungeon',
      dungeon_id: 'sunken_mines',
      team: `${a.id},${b.id}`,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      kind: 'dungeon',
      floor: 1,
      boss_floor: false,
      team_hero_ids: [a.id, b.id],
    });
    expect(read.body.enemies.length).toBeGreaterThan(0);
    expect(read.body.enemies.every((e: { id: string }) => e.id.startsWith('npc_'))).toBe(true);
    const run = (
      await h.call('POST', '/api/dungeons/sunken_mines/start', { user_id: p.id, team_hero_ids: [a.id, b.id] })
    ).body;
    expect(read.body.location).toBe((await h.call('GET', '/api/dungeons/sunken_mines')).body.name);
    const floor1 = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id });
    expect(floor1.status).toBe(200);
    expect(floor1.body.probability).toBe(read.body.probability);

    // The run's next floor, read by run_id (the floor set directly so it is the same whatever floor 1 rolled).
    await withStore(h, (db) =>
      db.updateTable('dungeon_runs').set({ floor: 2, status: 'active' }).where('id', '=', run.id).execute(),
    );
    const next = await odds({ user_id: p.id, kind: 'dungeon', run_id: run.id });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ floor: 2, floors: run.floors, team_hero_ids: [a.id, b.id] });
    const floor2 = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id });
    expect(floor2.body.probability).toBe(next.body.probability);
    // the boss floor says so
    await withStore(h, (db) =>
      db
        .updateTable('dungeon_runs')
        .set({ floor: run.floors, status: 'active' })
        .where('id', '=', run.id)
        .execute(),
    );
    expect((await odds({ user_id: p.id, kind: 'dungeon', run_id: run.id })).body.boss_floor).toBe(true);
  });

  it('random: the enemies and odds shown are the next battle fought, quick or turn-based; then a new draw', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const b = await summonHero(h, p.id);
    const team = `${a.id},${b.id}`;
    const ids = (body: { enemies: { id: string }[] }) => body.enemies.map((e) => e.id);
    const bands = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const read = await odds({ user_id: p.id, kind: 'random', team });
      expect(read.status).toBe(200);
      expect(read.body.enemies).toHaveLength(2);
      // Reading again changes nothing: the encounter is the server's, kept until fought.
      expect(ids((await odds({ user_id: p.id, kind: 'random', team })).body)).toEqual(ids(read.body));
      bands.add(ids(read.body).join());
      if (i % 2 === 0) {
        const fight = await h.call('POST', '/api/battles', {
          user_id: p.id,
          team_hero_ids: [a.id, b.id],
          mode: 'auto',
        });
        expect(fight.status).toBe(201);
        expect(fight.body.probability).toBe(read.body.probability);
        expect(fight.body.location).toBe(read.body.location);
      } else {
        const battle = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id, b.id] });
        expect(battle.status).toBe(201);
        expect(ids(battle.body)).toEqual(ids(read.body));
        expect(battle.body.location).toBe(read.body.location);
      }
    }
    // Each fight drew the next encounter (16 bands: six reads all alike would be a 1-in-16^5 chance).
    expect(bands.size).toBeGreaterThan(1);
    // A one-hero team meets one foe of the same encounter.
    const solo = await odds({ user_id: p.id, kind: 'random', team: a.id });
    expect(solo.body.enemies).toHaveLength(1);
  });

  it("refuses someone else's heroes and runs, and one's own hero as an opponent", async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    const theirs = await summonHero(h, q.id);
    const refused = { error: 'That hero belongs to another player' };
    expect(await odds({ user_id: p.id, kind: 'arena', hero_id: theirs.id, opponent_id: mine.id })).toEqual({
      status: 403,
      body: refused,
    });
    expect(
      await odds({ user_id: p.id, kind: 'arena', hero_id: 'npc_woods_poacher', opponent_id: theirs.id }),
    ).toEqual({ status: 403, body: refused });
    expect(await odds({ user_id: p.id, kind: 'random', team: `${mine.id},${theirs.id}` })).toEqual({
      status: 403,
      body: refused,
    });
    expect(
      await odds({ user_id: p.id, kind: 'dungeon', dungeon_id: 'sunken_mines', team: theirs.id }),
    ).toEqual({ status: 403, body: refused });
    const arena = await odds({ user_id: p.id, kind: 'arena', hero_id: mine.id, opponent_id: mine.id });
    expect(arena.status).toBe(400);
    const run = (
      await h.call('POST', '/api/dungeons/sunken_mines/start', { user_id: q.id, team_hero_ids: [theirs.id] })
    ).body;
    expect(await odds({ user_id: p.id, kind: 'dungeon', run_id: run.id })).toEqual({
      status: 403,
      body: { error: 'That dungeon run belongs to another player' },
    });
    await withStore(h, (db) =>
      db.updateTable('dungeon_runs').set({ status: 'failed' }).where('id', '=', run.id).execute(),
    );
    // A run that is over is read, not refused: what comes next is floor 1 of a new run with its team.
    const over = await odds({ user_id: q.id, kind: 'dungeon', run_id: run.id });
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({ run_status: 'failed', floor: 1, team_hero_ids: [theirs.id] });
  });

  it('is bounded: team size, ids and parameters are checked, each refusal a readable 4xx', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const cases: [Record<string, string>, number, string | RegExp][] = [
      [{ user_id: p.id, kind: 'random', team: 'a,b,c,d,e' }, 400, 'A team has at most 4 heroes'],
      [{ user_id: p.id, kind: 'random', team: '' }, 400, 'Select at least 1 hero'],
      [{ user_id: p.id, kind: 'random' }, 400, 'Select at least 1 hero'],
      [{ user_id: p.id, kind: 'random', team: `${a.id},${a.id}` }, 400, 'Each hero can only be picked once'],
      [{ user_id: p.id, kind: 'random', team: 'x'.repeat(65) }, 400, /./],
      [{ user_id: p.id, kind: 'random', team: 'x,'.repeat(200) }, 400, /./],
      [{ user_id: p.id, kind: 'random', team: 'h_nope' }, 404, 'Hero not found'],
      [{ user_id: p.id, kind: 'arena', hero_id: a.id }, 400, 'Select your hero and an opponent first'],
      [{ user_id: p.id, kind: 'arena', hero_id: a.id, opponent_id: 'h_nope' }, 404, 'Hero not found'],
      [{ user_id: p.id, kind: 'arena', hero_id: 'y'.repeat(65), opponent_id: 'x' }, 400, /./],
      [{ user_id: p.id, kind: 'dungeon', team: a.id }, 400, 'Give either dungeon_id (with team) or run_id'],
      [
        { user_id: p.id, kind: 'dungeon', dungeon_id: 'sunken_mines', run_id: 'r_x', team: a.id },
        400,
        'Give either dungeon_id (with team) or run_id',
      ],
      [{ user_id: p.id, kind: 'dungeon', dungeon_id: 'nowhere', team: a.id }, 404, 'Dungeon not found'],
      [{ user_id: p.id, kind: 'dungeon', run_id: 'r_nope' }, 404, 'Dungeon run not found'],
      [{ user_id: p.id, kind: 'dungeon', dungeon_id: 'sunken_mines' }, 400, 'Select at least 1 hero'],
      [{ user_id: p.id, kind: 'duel' }, 400, 'kind must be arena, dungeon, random or campaign'],
      [{ kind: 'random', team: a.id }, 400, /user_id/],
    ];
    for (const [query, status, error] of cases) {
      const r = await odds(query);
      expect({ query, status: r.status }).toEqual({ query, status });
      expect(r.body.error).toMatch(error);
    }
  });

  it('never answers a 5xx, whatever the query', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const values = [
      '',
      ' ',
      a.id,
      p.id,
      'npc_woods_poacher',
      'sunken_mines',
      '%00',
      "'; drop table heroes; --",
      ',',
      'é'.repeat(70),
      '[]',
      '{}',
      '1e309',
    ];
    const keys = ['user_id', 'kind', 'hero_id', 'opponent_id', 'dungeon_id', 'run_id', 'team'];
    const kinds = ['arena', 'dungeon', 'random', 'ARENA', ''];
    let n = 0;
    for (const k of kinds)
      for (const key of keys)
        for (const v of values) {
          const query = new URLSearchParams({ user_id: p.id, kind: k, team: a.id, [key]: v });
          const r = await h.app.inject({
            method: 'GET',
            url: `/api/odds?${query}&${key}=${encodeURIComponent(v)}`,
          });
          expect({ query: query.toString(), status: r.statusCode < 500 }).toEqual({
            query: query.toString(),
            status: true,
          });
          if (r.statusCode !== 200) expect(typeof r.json().error).toBe('string');
          n++;
        }
    expect(n).toBe(kinds.length * keys.length * values.length);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const get = doc.paths['/api/odds'].get;
    expect(get.parameters.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['user_id', 'kind', 'hero_id', 'opponent_id', 'dungeon_id', 'run_id', 'team']),
    );
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '429']));
  });
});

describe('odds read rate limit', () => {
  it('limits reads per client like the fights, with an { error }', async () => {
    const h = await startHarness('sqlite', { rateLimits: { users: 10, generate: 10, odds: 3, fights: 120 } });
    try {
      const p = await newPlayer(h);
      const a = await summonHero(h, p.id);
      const reads = [];
      for (let i = 0; i < 5; i++)
        reads.push(await h.call('GET', `/api/odds?user_id=${p.id}&kind=random&team=${a.id}`));
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
      expect(reads[3].body.error).toMatch(/Too many requests/);
    } finally {
      await h.close();
    }
  });

  it('is off when rate limits are (RATE_LIMIT=off)', async () => {
    const h = await startHarness('sqlite');
    try {
      const p = await newPlayer(h);
      const a = await summonHero(h, p.id);
      for (let i = 0; i < 300; i++)
        expect((await h.call('GET', `/api/odds?user_id=${p.id}&kind=random&team=${a.id}`)).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});

describe.each(DATABASES)('the next encounter made ahead on %s', (kind) => {
  it("is estimated while the last result is read, so the next read of a random battle's odds finds it", async () => {
    const pool = new OddsPool(1);
    const h = await startHarness(kind, { oddsPool: pool });
    try {
      const p = await newPlayer(h);
      const team = (await summonHero(h, p.id)).id;
      // A hero that wins every fight, one win from its next level: the first fight levels it up (its next encounter
      // made for the team as the fight left it), the next does not (made for the team as it fought) — left to the
      // dice, a weak hero once fought 40 without a level-up.
      await setHeroPower(h, team, 'mighty');
      await rewriteHero(h, team, (hero) => ({ xp: xpToNextLevel(hero.level) - 1 }));
      const read = () => h.call('GET', `/api/odds?user_id=${p.id}&kind=random&team=${team}`);
      // Each time, the next read finds the estimate made.
      const seen = new Set<boolean>();
      let shown = await read();
      for (let fights = 0; seen.size < 2 && fights < 4; fights++) {
        expect(shown.status).toBe(200);
        const asked = pool.warmsAsked;
        const fight = await h.call('POST', '/api/battles', {
          user_id: p.id,
          team_hero_ids: [team],
          mode: 'auto',
          odds_key: shown.body.key,
        });
        expect(fight.status, JSON.stringify(fight.body)).toBe(201);
        seen.add(fight.body.level_ups.length > 0);
        // Won or lost, the fight drew the next encounter: made ahead unless it was known (a band drawn again).
        await expect.poll(() => pool.warmsAsked).toBe(asked + 1);
        await expect.poll(() => pool.pending).toBe(0);
        const { hits, misses } = pool;
        const next = await read();
        expect(next.status).toBe(200);
        expect(pool.hits).toBe(hits + 1);
        expect(pool.misses).toBe(misses);
        shown = next;
      }
      expect([...seen].sort()).toEqual([false, true]);
      expect(pool.warmed).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });
});
