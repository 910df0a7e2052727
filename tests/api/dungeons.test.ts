// Dungeons and runs: the seeded content, starting (and abandoning) runs, floors in order ending with the boss,
// a defeat ending the run, the clear bonus, ownership, a floor paid exactly once under racing calls, and the
// readable 409 (with the run's reads) for a call meant for a floor already fought.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActiveRunResponse,
  Dungeon,
  DungeonRun,
  DungeonsResponse,
  RunBattleResponse,
  StartRunResponse,
} from '../../src/api/dungeons.ts';
import { DATABASES, newPlayer, setHeroPower, startHarness, summonHero, type Harness } from './helpers.ts';

describe.each(DATABASES)('dungeons on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());
  const user = async (id: string) => (await h.call('GET', `/api/users/${id}`)).body;

  it('lists at least 6 themed dungeons over easy, medium and hard, with 4 NPCs a floor of fitting levels', async () => {
    const list = DungeonsResponse.parse((await h.call('GET', '/api/dungeons')).body);
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(new Set(list.map((d) => d.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
    const names = list.map((d) => d.name.toLowerCase()).join(' | ');
    for (const word of ['crypt', 'fortress', 'void']) expect(names).toContain(word);
    expect(names).toContain('sanctum');
    for (const d of list) {
      expect(d.npcs.length).toBe(d.npc_count);
      expect(d.npc_count).toBe(4 * d.floors);
      expect(d.image_url).toBe(`/api/art/scenes/${d.theme}.svg`);
      for (const n of d.npcs) {
        expect(n.id.startsWith('npc_')).toBe(true);
        expect(Math.abs(n.level - d.level_recommendation)).toBeLessThanOrEqual(2);
      }
    }
    const crypt = list.find((d) => d.id === 'forgotten_crypt')!;
    expect(Dungeon.parse((await h.call('GET', '/api/dungeons/forgotten_crypt')).body)).toEqual(crypt);
    expect((await h.call('GET', '/api/dungeons/forgotten_crypt/npcs')).body).toEqual(crypt.npcs);
    expect(await h.call('GET', '/api/dungeons/atlantis')).toEqual({
      status: 404,
      body: { error: 'Dungeon not found' },
    });
    expect((await h.call('GET', '/api/dungeons/atlantis/npcs')).status).toBe(404);
  });

  it('a mighty team clears every floor, the boss last, and is paid the clear bonus once', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const b = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    await setHeroPower(h, b.id, 'mighty');
    const r = await h.call('POST', '/api/dungeons/sunken_mines/start', {
      user_id: p.id,
      team_hero_ids: [a.id, b.id],
      abandon_active: true,
    });
    expect(r.status).toBe(201);
    const run = StartRunResponse.parse(r.body);
    expect(run).toMatchObject({
      dungeon_id: 'sunken_mines',
      floor: 1,
      floors: 4,
      status: 'active',
      team_hero_ids: [a.id, b.id],
    });
    const before = await user(p.id);
    let paid = 0;
    for (let floor = 1; floor <= run.floors; floor++) {
      const f = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, {});
      expect(f.status).toBe(200);
      const result = RunBattleResponse.parse(f.body);
      expect(result.status).toBe('won');
      expect(result.location).toBe('The Sunken Mines');
      expect(result.location_type).toBe('dungeon');
      paid += result.rewards.gold;
      const last = floor === run.floors;
      expect(result.clear_bonus).toBe(last);
      expect(result.run).toMatchObject(
        last ? { status: 'cleared', floor } : { status: 'active', floor: floor + 1 },
      );
    }
    expect((await user(p.id)).gold - before.gold).toBe(paid);
    expect(await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, {})).toEqual({
      status: 409,
      body: { error: 'This dungeon run is over (cleared): start a new one' },
    });
  });

  it('a defeat ends the run, pays nothing and takes its stake', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'feeble');
    const run = (
      await h.call('POST', '/api/dungeons/void_sanctum/start', { user_id: p.id, team_hero_ids: [a.id] })
    ).body;
    const before = await user(p.id);
    const f = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`);
    expect(f.body).toMatchObject({ status: 'lost', clear_bonus: false, run: { status: 'failed', floor: 1 } });
    expect(f.body.rewards).toEqual({ gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 });
    expect(f.body.stake_lost).toBeGreaterThan(0);
    expect(await user(p.id)).toEqual({ ...before, gold: before.gold - f.body.stake_lost });
    expect((await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, {})).status).toBe(409);
  });

  it('starting again abandons the active run unless told not to; refusals', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const theirs = await summonHero(h, q.id);
    const first = (
      await h.call('POST', '/api/dungeons/whispering_woods/start', { user_id: p.id, team_hero_ids: [a.id] })
    ).body;
    const blocked = await h.call('POST', '/api/dungeons/forgotten_crypt/start', {
      user_id: p.id,
      team_hero_ids: [a.id],
      abandon_active: false,
    });
    expect(blocked).toEqual({ status: 409, body: { error: 'You already have an active dungeon run' } });
    const second = await h.call('POST', '/api/dungeons/forgotten_crypt/start', {
      user_id: p.id,
      team_hero_ids: [a.id],
      abandon_active: true,
    });
    expect(second.status).toBe(201);
    expect((await h.call('POST', `/api/dungeon-runs/${first.id}/battle`, {})).body.error).toBe(
      'This dungeon run is over (abandoned): start a new one',
    );
    expect(
      await h.call('POST', '/api/dungeons/forgotten_crypt/start', { user_id: p.id, team_hero_ids: [] }),
    ).toEqual({
      status: 400,
      body: { error: 'Please select at least one hero' },
    });
    expect(await h.call('POST', '/api/dungeons/forgotten_crypt/start', { user_id: p.id })).toEqual({
      status: 400,
      body: { error: 'Please select at least one hero' },
    });
    expect(
      (
        await h.call('POST', '/api/dungeons/forgotten_crypt/start', {
          user_id: p.id,
          team_hero_ids: [theirs.id],
        })
      ).status,
    ).toBe(403);
    expect(
      (await h.call('POST', '/api/dungeons/nowhere/start', { user_id: p.id, team_hero_ids: [a.id] })).status,
    ).toBe(404);
    // Someone else's run: 403, nothing fought.
    expect(
      (await h.call('POST', `/api/dungeon-runs/${second.body.id}/battle`, { user_id: q.id })).status,
    ).toBe(403);
    expect(await h.call('POST', '/api/dungeon-runs/r_nothing/battle', {})).toEqual({
      status: 404,
      body: { error: 'Dungeon run not found' },
    });
  });

  it('racing calls on one floor (the client names it): one fight, paid once, the rest a readable 409', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    const run = (
      await h.call('POST', '/api/dungeons/ember_caldera/start', { user_id: p.id, team_hero_ids: [a.id] })
    ).body;
    const before = await user(p.id);
    const racing = await Promise.all(
      [1, 2, 3, 4].map(() =>
        h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor: 1 }),
      ),
    );
    const won = racing.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of racing.filter((x) => x.status !== 200))
      expect(r).toEqual({
        status: 409,
        body: { error: `Floor 1 has already been fought: your run is now at floor 2 of ${run.floors}` },
      });
    expect((await user(p.id)).gold - before.gold).toBe(won[0].body.rewards.gold);
    expect(won[0].body.run.floor).toBe(2);
  });

  it('a call meant for a floor already fought (two tabs, a double tap) is a readable 409; the run reads as it is', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    expect(await h.call('GET', `/api/dungeon-runs/active?user_id=${p.id}`)).toEqual({
      status: 200,
      body: { run: null },
    });
    const run = StartRunResponse.parse(
      (await h.call('POST', '/api/dungeons/void_sanctum/start', { user_id: p.id, team_hero_ids: [a.id] }))
        .body,
    );
    expect(run).toMatchObject({ dungeon_name: 'The Void Sanctum', floor: 1, status: 'active' });
    expect(run.floors).toBeGreaterThanOrEqual(5);
    const active = ActiveRunResponse.parse(
      (await h.call('GET', `/api/dungeon-runs/active?user_id=${p.id}`)).body,
    );
    expect(active.run).toEqual(run);

    // Tab one fights floor 1; tab two, still showing the run at floor 1, asks for floor 1 again.
    const first = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor: 1 });
    expect(first.status).toBe(200);
    const before = await user(p.id);
    const stale = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor: 1 });
    expect(stale).toEqual({
      status: 409,
      body: { error: `Floor 1 has already been fought: your run is now at floor 2 of ${run.floors}` },
    });
    expect(await user(p.id)).toEqual(before);
    const ahead = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor: 3 });
    expect(ahead).toEqual({
      status: 409,
      body: { error: `Your run is at floor 2 of ${run.floors}, not floor 3` },
    });
    // The page then reads the run as it is now, and fights the floor it names.
    const now = DungeonRun.parse((await h.call('GET', `/api/dungeon-runs/${run.id}?user_id=${p.id}`)).body);
    expect(now).toEqual({ ...run, floor: 2 });
    const next = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor: 2 });
    expect(next.body.run).toMatchObject({ floor: 3, status: 'active' });

    // A run that ended elsewhere (a new run started in another tab) says so.
    await h.call('POST', '/api/dungeons/whispering_woods/start', { user_id: p.id, team_hero_ids: [a.id] });
    expect(await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor: 3 })).toEqual({
      status: 409,
      body: { error: 'This dungeon run is over (abandoned): start a new one' },
    });
    expect((await h.call('GET', `/api/dungeon-runs/${run.id}`)).body.status).toBe('abandoned');
    expect((await h.call('GET', `/api/dungeon-runs/active?user_id=${p.id}`)).body.run.dungeon_id).toBe(
      'whispering_woods',
    );

    // Reads: someone else's run is 403 when a user_id is sent; unknown ids 404; no user_id 400.
    expect((await h.call('GET', `/api/dungeon-runs/${run.id}?user_id=${q.id}`)).status).toBe(403);
    expect(await h.call('GET', '/api/dungeon-runs/r_nothing')).toEqual({
      status: 404,
      body: { error: 'Dungeon run not found' },
    });
    expect(await h.call('GET', '/api/dungeon-runs/active?user_id=u_nobody')).toEqual({
      status: 404,
      body: { error: 'User not found' },
    });
    expect((await h.call('GET', '/api/dungeon-runs/active')).status).toBe(400);
    expect(
      (await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor: 'two' })).status,
    ).toBe(400);
  });
});
