// Battle rows kept in every older shape, converted by migrations 0021 (finished fights: one record) and 0024 (battles
// still on: today's engine state), read through the real endpoints on both databases. Each old row is written straight
// into the store as it was kept, the two migrations are run again on start, and each must read as the battle it was:
// finished fights replay to the same facts, battles still on go on to the end the engine plays today, and one begun
// before teams were kept is closed as expired.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BattleReplay } from '../../src/api/battles.ts';
import {
  ENGINE_VERSION,
  chooseOption,
  generateHero,
  setAuto,
  startBattle,
  type BattleState,
} from '../../src/game/index.ts';
import type { BattleEvent, Hero } from '../../src/game/types.ts';
import type { OpeningBattle } from '../../src/server/fights/turn-battle-store.ts';
import { NO_REPLAY } from '../../src/server/store/battle-record.ts';
import { battleToday } from '../../src/server/store/migration-0024-no-old-records.ts';
import {
  DATABASES,
  newPlayer,
  openHarness,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

/** An auto fight's row state as it was kept before one record (src/server/store/migration-0021-battle-record.ts). */
interface OldAutoState {
  seed: number;
  enemies: string[];
  samples: number;
  replay?: {
    engine_version: string;
    allies: Hero[];
    enemies: Hero[];
    told: { seed: number; facts: Omit<BattleEvent, 'description'>[] } | null;
  };
}

/** A log as it was stored before 2026-11-25: nothing told after a death for the fallen unit's statuses. */
function asStoredBefore<E extends Pick<BattleEvent, 'kind' | 'target_id'>>(events: readonly E[]): E[] {
  const out: E[] = [];
  let fallen: string | undefined;
  for (const e of events) {
    if (e.kind === 'expire' && e.target_id === fallen) continue;
    fallen = e.kind === 'death' ? e.target_id : undefined;
    out.push(e);
  }
  return out;
}

/** A turn-based battle stored by the code of 2026-11-24 (version 1: the core's arrays as they were), still on. */
const V1: BattleState = JSON.parse(
  readFileSync(new URL('../fixtures/battle-v1.json', import.meta.url), 'utf8'),
);

const NOTHING = { gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 };
const facts = <E extends { description?: string }>(events: E[]): Omit<E, 'description'>[] =>
  events.map(({ description: _, ...fact }) => fact);

const differs = (events: readonly BattleEvent[]) => asStoredBefore(events).length < events.length;

/** The first seed (from 1) whose battle, as `play` leaves it, tells an expire after a death. */
function firstSeed(play: (seed: number) => BattleState | null): BattleState {
  for (let seed = 1; seed <= 500; seed++) {
    const s = play(seed);
    if (s && differs(s.events)) return s;
  }
  throw new Error('no battle told an expire after a death');
}

describe.each(DATABASES)('battle rows kept in older shapes, converted by the migrations, on %s', (kind) => {
  let h: Harness;
  let allies: Hero[];
  let enemies: Hero[];
  /** The players whose battles are on (one battle on a player): the one in each shape. */
  const players: Record<string, { id: string; team: string[] }> = {};
  /** What the old rows are today's battles of. */
  let story: BattleState;
  let fought: BattleState;
  let onToday: BattleState;
  let fightStatus: 'won' | 'lost';

  const insert = (
    id: string,
    userId: string,
    row: { kind: string; status: string; state: string; result?: string; team?: string[] },
  ) =>
    withStore(h, (db) =>
      db
        .insertInto('battles')
        .values({
          id,
          user_id: userId,
          kind: row.kind,
          location_type: 'random',
          location: 'Old Road',
          status: row.status,
          team_hero_ids: JSON.stringify(row.team ?? allies.map((a) => a.id)),
          state: row.state,
          result: row.result ?? null,
          rewards: row.status === 'active' ? null : JSON.stringify(NOTHING),
          level_ups: row.status === 'active' ? null : '[]',
          run_id: null,
          created_at: Math.floor(Date.now() / 1000),
          updated_at: Math.floor(Date.now() / 1000),
        })
        .execute(),
    );
  /** A turn-based battle's row state as it was kept before 2026-11-25: no expires after a death, no play time. */
  const stored = (engine: BattleState): OpeningBattle => ({
    engine: { ...engine, events: asStoredBefore(engine.events) },
    enemyLevel: 1,
    probability: 0.5,
    teams: { allies, enemies },
    engine_version: ENGINE_VERSION,
  });
  const replay = async (id: string) => {
    const r = await h.call('GET', `/api/battles/${id}/replay`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return BattleReplay.parse(r.body);
  };
  const shapes: Record<string, OldAutoState> = {};

  beforeAll(async () => {
    h = await startHarness(kind);
    const p = await newPlayer(h);
    // The player's own heroes, fighting as heroes from fixed seeds (so the search below finds the same battles every
    // run), against a fixed team.
    const own = [await summonHero(h, p.id), await summonHero(h, p.id)];
    allies = own.map((hero, k) => generateHero(31 + k, { id: hero.id, userId: p.id, level: 5 }));
    // (none of them begins a battle with a status or a shield, which the logs of before told as status and shield
    // facts and today's as 'start' facts: so a log of today less its expires after deaths is a log of before)
    enemies = [1581, 1583].map((seed, k) =>
      generateHero(seed, { id: `npc_old_${k}`, userId: null, level: 5 }),
    );
    for (const name of ['fights', 'on', 'v1', 'teamless']) {
      const q = name === 'fights' ? p : await newPlayer(h);
      players[name] = {
        id: q.id,
        team: name === 'fights' ? own.map((o) => o.id) : [(await summonHero(h, q.id)).id],
      };
    }

    story = firstSeed((seed) => startBattle(seed, allies, enemies, { battleId: 'story', auto: true }).state);
    fightStatus = story.status === 'won' ? 'won' : 'lost';
    const old = (replay: OldAutoState['replay']): OldAutoState => ({
      seed: 1,
      enemies: enemies.map((e) => e.id),
      samples: 2000,
      ...(replay && { replay }),
    });
    const told = { seed: story.seed, facts: asStoredBefore(facts(story.events)) };
    // Fought under today's engine: its facts are played again from the seed.
    shapes.b_04a = old({ engine_version: ENGINE_VERSION, allies, enemies, told });
    // Fought under an engine since changed: its facts are kept.
    shapes.b_04b = old({ engine_version: '0.old', allies, enemies, told });
    // No simulated battle went the rolled way: nothing to play.
    shapes.b_04c = old({ engine_version: ENGINE_VERSION, allies, enemies, told: null });
    // Recorded before replays were kept.
    shapes.b_04d = old(undefined);
    fought = firstSeed((seed) => startBattle(seed, allies, enemies, { battleId: 'b_01d', auto: true }).state);
    // Still on: played by hand (the first option each time) until a death told its expires.
    onToday = firstSeed((seed) => {
      let s = startBattle(seed, allies, enemies, { battleId: 'b_03c' }).state;
      while (s.status === 'active' && !differs(s.events)) {
        const r = chooseOption(s, s.options[0]!.id);
        if (!r.ok) throw new Error(r.error);
        s = r.state;
      }
      return s.status === 'active' ? s : null;
    });

    // The store as it was before migration 0021: no record column, neither migration run yet.
    await withStore(h, async (db) => {
      await db.schema.alterTable('battles').dropColumn('record').execute();
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, 'in', ['0021_battle_record', '0024_no_old_records'] as never)
        .execute();
    });
    const fights = players.fights!.id;
    for (const [id, state] of Object.entries(shapes)) {
      const result = {
        battle_id: id,
        status: fightStatus,
        probability: 0.4,
        roll: 0.7,
        description: 'Told in words.',
        rewards: NOTHING,
        level_ups: [],
      };
      await insert(id, fights, {
        kind: 'auto',
        status: fightStatus,
        state: JSON.stringify(state),
        result: JSON.stringify(result),
      });
    }
    // Finished turn-based battles: with their teams (played again from seed and choices), and from before teams
    // were kept (no replay).
    await insert('b_01d', fights, {
      kind: 'turn_based',
      status: fought.status,
      state: JSON.stringify(stored(fought)),
    });
    const { teams: _, engine_version: __, ...bare } = stored(fought);
    await insert('b_01e', fights, { kind: 'turn_based', status: fought.status, state: JSON.stringify(bare) });
    // Battles still on: today's core with an old log and no play time; version 1's core; begun before teams were kept.
    const on = (name: string) => ({ kind: 'turn_based', status: 'active', team: players[name]!.team });
    await insert('b_03c', players.on!.id, { ...on('on'), state: JSON.stringify(stored(onToday)) });
    await insert('b_v1', players.v1!.id, {
      ...on('v1'),
      state: JSON.stringify({ ...stored(V1), engine: V1 }),
    });
    const { teams: ___, engine_version: ____, ...teamless } = stored(onToday);
    await insert('b_03t', players.teamless!.id, { ...on('teamless'), state: JSON.stringify(teamless) });
    // Started again: the migrations convert them.
    await h.app.close();
    h = await openHarness(h.db);
  });
  afterAll(async () => h?.close());

  it('finished fights kept in each shape before one record: converted by the migration, replayed to the same facts', async () => {
    const rows = await withStore(h, (db) =>
      db.selectFrom('battles').selectAll().where('id', 'in', Object.keys(shapes)).execute(),
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect([row.state, row.result, row.rewards, row.level_ups]).toEqual([null, null, null, null]);
      expect(row.record).not.toBeNull();
    }
    for (const id of ['b_04a', 'b_04b']) {
      const r = await replay(id);
      expect(facts(r.events)).toEqual(facts(story.events));
      expect(r.events.map((e) => e.description)).toEqual(story.events.map((e) => e.description));
      expect(r.allies).toEqual(allies);
      expect(r.status).toBe(fightStatus);
    }
    expect((await replay('b_04c')).events).toEqual([]);
    const none = await h.call('GET', '/api/battles/b_04d/replay');
    expect(none).toEqual({ status: 404, body: { error: NO_REPLAY } });
    expect((await replay('b_01d')).events).toEqual(fought.events);
    const state = await h.call('GET', '/api/battles/b_01d');
    expect(state.status).toBe(200);
    expect(state.body.events).toEqual(fought.events);
    expect(await h.call('GET', '/api/battles/b_01e/replay')).toEqual({
      status: 404,
      body: { error: NO_REPLAY },
    });
    const turnRows = await withStore(h, (db) =>
      db.selectFrom('battles').selectAll().where('id', 'in', ['b_01d', 'b_01e']).execute(),
    );
    for (const row of turnRows)
      expect([row.state, row.rewards, row.level_ups, row.record === null]).toEqual([null, null, null, false]);
    for (const id of Object.keys(shapes)) {
      const r = await h.call('GET', `/api/battles/${id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({
        battle_id: id,
        status: fightStatus,
        probability: 0.4,
        roll: 0.7,
        rewards: NOTHING,
      });
    }
  });

  it('a battle still on, its log from before the expires after a death: shown with them, moved on to an end that keeps them', async () => {
    const row = await withStore(h, (db) =>
      db.selectFrom('battles').selectAll().where('id', '=', 'b_03c').executeTakeFirstOrThrow(),
    );
    // Converted: today's log, and its play time counted from when the row was last moved.
    const kept = JSON.parse(row.state!);
    expect(kept.engine.events).toEqual(onToday.events);
    expect([kept.played_s, kept.waiting_since_ms]).toEqual([0, Number(row.updated_at) * 1000]);
    const shown = await h.call('GET', '/api/battles/b_03c');
    expect(shown.status).toBe(200);
    expect(shown.body.events).toEqual(onToday.events);
    const moved = await h.call('POST', '/api/battles/b_03c/action', { user_id: players.on!.id, auto: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const end = setAuto(onToday, true).state;
    expect(end.status).not.toBe('active');
    expect((await replay('b_03c')).events).toEqual(end.events);
  });

  it('a battle still on, stored as version 1: goes on to the end the engine plays from its converted state', async () => {
    const today = (battleToday({ engine: V1 as never, teams: {} }, 0) as { engine: BattleState }).engine;
    expect(today.v).toBe(2);
    const shown = await h.call('GET', '/api/battles/b_v1');
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.events).toEqual(today.events);
    // Its options, stored before they had a description, read with their detail for one.
    expect(shown.body.pending_options.map((o: { description: string }) => o.description)).toEqual(
      V1.options.map((o) => o.detail),
    );
    const moved = await h.call('POST', '/api/battles/b_v1/action', { user_id: players.v1!.id, auto: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const end = setAuto(today, true).state;
    expect(moved.body.status).toBe(end.status);
    // Its teams (this test's, not the fixture's) do not play it again: its facts are kept, and replayed.
    expect(facts((await replay('b_v1')).events)).toEqual(facts(end.events));
  });

  it('a battle still on, begun before teams were kept: closed as expired, as the sweep closes an idle one', async () => {
    const row = await withStore(h, (db) =>
      db.selectFrom('battles').selectAll().where('id', '=', 'b_03t').executeTakeFirstOrThrow(),
    );
    expect([row.status, row.state, row.record]).toEqual(['expired', null, null]);
    expect((await h.call('GET', '/api/battles/b_03t')).status).toBe(404);
    // Its player is free to start another.
    const active = await h.call('GET', `/api/battles/active?user_id=${players.teamless!.id}`);
    expect(active.body).toMatchObject({ battle: null });
  });
});
