// Stored records naming content the tables no longer have never cost a 5xx. Start-up keeps stored heroes and
// candidates from naming such content (content-sync.test.ts), but a fight's record keeps its teams as they were, and a
// hero edited by hand outside the server is not scanned again while no id is gone (store/known-ids.ts): where the
// rules would field such a hero they refuse it by name (game/content.ts UnknownContent), answered 410; a turn-based
// battle still on, loaded from its stored core, carries on without the ability or status it no longer knows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hero } from '../../src/game/types.ts';
import { encodeRecord, readRecord, type StoredHero } from '../../src/server/store/battle-record.ts';
import { heroColumns, heroFromRow } from '../../src/server/store/hero-rows.ts';
import type { StoredBattle } from '../../src/server/fights/turn-battle-store.ts';
import { DATABASES, newPlayer, startHarness, summonHero, withStore, type Harness } from './helpers.ts';

/** A hero as an older release stored it: its first ability one the tables no longer have. */
const withForgottenAbility = (h: Hero): Hero => ({
  ...h,
  abilities: [{ ...h.abilities[0]!, id: 'forgotten_bolt' }, ...h.abilities.slice(1)],
});
const gone = (heroId: string) =>
  `Hero ${heroId} has ability 'forgotten_bolt', which is no longer in the game`;

describe.each(DATABASES)('records naming content gone from the tables, on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const editState = <S>(battleId: string, change: (s: S) => S) =>
    withStore(h, async (db) => {
      const row = await db
        .selectFrom('battles')
        .select('state')
        .where('id', '=', battleId)
        .executeTakeFirstOrThrow();
      const state = JSON.stringify(change(JSON.parse(row.state!) as S));
      await db.updateTable('battles').set({ state }).where('id', '=', battleId).execute();
    });

  it('a finished fight whose saved team names a removed ability: its replay is 410, its result and the history read', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const quick = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: [hero.id],
      mode: 'auto',
    });
    expect(quick.status).toBe(201);
    const turnBased = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id] });
    if (turnBased.body.status === 'active')
      await h.call('POST', `/api/battles/${turnBased.body.battle_id}/action`, { user_id: p.id, auto: true });
    // Each record's team as an older release kept it: its first ability one the tables no longer have.
    for (const id of [quick.body.battle_id as string, turnBased.body.battle_id as string])
      await withStore(h, async (db) => {
        const row = await db
          .selectFrom('battles')
          .select('record')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const r = readRecord(row);
        const allies = r.allies!.map((a) => ({
          ...a,
          abilities: ['forgotten_bolt', ...a.abilities.slice(1)],
        }));
        const record = encodeRecord({ ...r, allies: allies as StoredHero[] });
        await db.updateTable('battles').set({ record }).where('id', '=', id).execute();
      });

    for (const id of [quick.body.battle_id, turnBased.body.battle_id]) {
      const replay = await h.call('GET', `/api/battles/${id}/replay`);
      expect(replay).toEqual({ status: 410, body: { error: gone(hero.id) } });
    }
    // A fight's result reads, its story in a line; a turn-based battle's state is its record played again: 410 too.
    expect((await h.call('GET', `/api/battles/${quick.body.battle_id}`)).status).toBe(200);
    expect(await h.call('GET', `/api/battles/${turnBased.body.battle_id}`)).toEqual({
      status: 410,
      body: { error: gone(hero.id) },
    });
    expect((await h.call('GET', `/api/users/${p.id}/battles`)).status).toBe(200);
  });

  it('a turn-based battle still on whose stored core names a removed ability and status carries on', async () => {
    const p = await newPlayer(h);
    const team = [await summonHero(h, p.id), await summonHero(h, p.id)];
    let started = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: team.map((t) => t.id),
    });
    // (Rarely the foes win before the first choice: then another.)
    while (started.body.status !== 'active')
      started = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: team.map((t) => t.id) });
    const id = started.body.battle_id as string;
    await editState<StoredBattle>(id, (s) => {
      const core = s.engine.core as { units: { abilities: (string | null)[]; statuses: object }[] };
      for (const u of core.units) {
        u.abilities = u.abilities.map((a) => (a === null ? null : 'forgotten_bolt'));
        u.statuses = { ...u.statuses, forgotten_hex: { turns: 2, power: 5 } };
      }
      return s;
    });
    expect((await h.call('GET', `/api/battles/${id}`)).status).toBe(200);
    const option = started.body.pending_options[0];
    expect(
      (await h.call('POST', `/api/battles/${id}/action`, { user_id: p.id, option_id: option.id })).status,
    ).toBe(200);
    expect((await h.call('POST', `/api/battles/${id}/action`, { user_id: p.id, auto: true })).status).toBe(
      200,
    );
    const replay = await h.call('GET', `/api/battles/${id}/replay`);
    expect(replay.status).toBe(200);
  });

  it('a hero edited by hand to name a removed ability: every fight and estimate with it is 410, named', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    await withStore(h, async (db) => {
      const row = await db
        .selectFrom('heroes')
        .selectAll()
        .where('id', '=', hero.id)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('heroes')
        .set({ ...heroColumns(withForgottenAbility(heroFromRow(row))), version: row.version + 1 })
        .where('id', '=', hero.id)
        .execute();
    });
    const before = (await h.call('GET', `/api/users/${p.id}`)).body;
    const answers = [
      await h.call('GET', `/api/odds?user_id=${p.id}&kind=random&team=${hero.id}`),
      await h.call(
        'GET',
        `/api/odds?user_id=${p.id}&kind=arena&hero_id=${hero.id}&opponent_id=npc_woods_poacher`,
      ),
      await h.call(
        'GET',
        `/api/odds?user_id=${p.id}&kind=dungeon&dungeon_id=whispering_woods&team=${hero.id}`,
      ),
      await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id], mode: 'auto' }),
      await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id] }),
      await h.call('POST', '/api/arena/battle', {
        user_id: p.id,
        attacker_hero_id: hero.id,
        opponent_id: 'npc_woods_poacher',
      }),
    ];
    for (const a of answers) expect(a).toEqual({ status: 410, body: { error: gone(hero.id) } });
    // The hero itself still reads, and nothing was spent on the refused fights.
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).status).toBe(200);
    expect((await h.call('GET', `/api/users/${p.id}`)).body).toEqual(before);
  });
});
