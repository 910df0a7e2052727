// Battle records stored before the rules core told a fallen unit's expires (src/game/battle/record-upgrade.ts) read
// through the real endpoints as today's facts: a finished turn-based battle and an auto fight's replay, and a
// turn-based battle still on, shown and then moved on to its end. Each old record is today's log with the expires
// after every death taken out, written straight into the store; it must read back as the log the core tells today.
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
import type { StoredBattle } from '../../src/server/battles/turn-battle-store.ts';
import { NO_REPLAY } from '../../src/server/store/battle-record.ts';
import {
  DATABASES,
  newPlayer,
  openHarness,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';
import { asStoredBefore } from '../../src/game/battle/testing.ts';

/** An auto fight's row state as it was kept before one record (src/server/store/old-fight-records.ts). */
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

describe.each(DATABASES)('records stored before the expires after a death, on %s', (kind) => {
  let h: Harness;
  let userId: string;
  let allies: Hero[];
  let enemies: Hero[];
  beforeAll(async () => {
    h = await startHarness(kind);
    const p = await newPlayer(h);
    userId = p.id;
    // The player's own heroes, fighting as heroes from fixed seeds (so the search below finds the same battles every
    // run), against a fixed team.
    const own = [await summonHero(h, p.id), await summonHero(h, p.id)];
    allies = own.map((hero, k) => generateHero(31 + k, { id: hero.id, userId, level: 5 }));
    enemies = [0, 1].map((k) => generateHero(1581 + k, { id: `npc_old_${k}`, userId: null, level: 5 }));
  });
  afterAll(async () => h?.close());

  const insert = (id: string, row: { kind: string; status: string; state: string; result?: string }) =>
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
          team_hero_ids: JSON.stringify(allies.map((a) => a.id)),
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
  const stored = (engine: BattleState): StoredBattle => ({
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

  it('finished fights kept in each shape before one record: converted by the migration, replayed to the same facts', async () => {
    const today = firstSeed(
      (seed) => startBattle(seed, allies, enemies, { battleId: 'story', auto: true }).state,
    );
    const status = today.status === 'won' ? 'won' : 'lost';
    const old = (replay: OldAutoState['replay']): OldAutoState => ({
      seed: 1,
      enemies: enemies.map((e) => e.id),
      samples: 2000,
      ...(replay && { replay }),
    });
    const told = { seed: today.seed, facts: asStoredBefore(facts(today.events)) };
    const shapes: Record<string, OldAutoState> = {
      // Fought under today's engine: its facts are played again from the seed.
      b_04a: old({ engine_version: ENGINE_VERSION, allies, enemies, told }),
      // Fought under an engine since changed: its facts are kept.
      b_04b: old({ engine_version: '0.old', allies, enemies, told }),
      // No simulated battle went the rolled way: nothing to play.
      b_04c: old({ engine_version: ENGINE_VERSION, allies, enemies, told: null }),
      // Recorded before replays were kept.
      b_04d: old(undefined),
    };
    // The store as it was before migration 0021: no record column, the migration not yet run.
    await withStore(h, async (db) => {
      await db.schema.alterTable('battles').dropColumn('record').execute();
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '0021_battle_record' as never)
        .execute();
    });
    for (const [id, state] of Object.entries(shapes)) {
      const result = {
        battle_id: id,
        status,
        probability: 0.4,
        roll: 0.7,
        description: 'Told in words.',
        rewards: NOTHING,
        level_ups: [],
      };
      await insert(id, {
        kind: 'auto',
        status,
        state: JSON.stringify(state),
        result: JSON.stringify(result),
      });
    }
    // Finished turn-based battles: with their teams (played again from seed and choices), and from before teams
    // were kept (no replay).
    const fought = firstSeed(
      (seed) => startBattle(seed, allies, enemies, { battleId: 'b_01d', auto: true }).state,
    );
    await insert('b_01d', {
      kind: 'turn_based',
      status: fought.status,
      state: JSON.stringify(stored(fought)),
    });
    const { teams: _, engine_version: __, ...bare } = stored(fought);
    await insert('b_01e', { kind: 'turn_based', status: fought.status, state: JSON.stringify(bare) });
    // Started again: the migration converts them.
    await h.app.close();
    h = await openHarness(h.db);
    const rows = await withStore(h, (db) =>
      db.selectFrom('battles').selectAll().where('id', 'in', Object.keys(shapes)).execute(),
    );
    for (const row of rows) {
      expect([row.state, row.result, row.rewards, row.level_ups]).toEqual([null, null, null, null]);
      expect(row.record).not.toBeNull();
    }
    for (const id of ['b_04a', 'b_04b']) {
      const r = await replay(id);
      expect(facts(r.events)).toEqual(facts(today.events));
      expect(r.events.map((e) => e.description)).toEqual(today.events.map((e) => e.description));
      expect(r.allies).toEqual(allies);
      expect(r.status).toBe(status);
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
      expect(r.body).toMatchObject({ battle_id: id, status, probability: 0.4, roll: 0.7, rewards: NOTHING });
    }
  });

  it('a turn-based battle still on: shown with the expires, then moved on to an end that keeps them', async () => {
    // Played by hand (the first option each time) until a death told its expires, the battle still on.
    const today = firstSeed((seed) => {
      let s = startBattle(seed, allies, enemies, { battleId: 'b_03c' }).state;
      while (s.status === 'active' && !differs(s.events)) {
        const r = chooseOption(s, s.options[0]!.id);
        if (!r.ok) throw new Error(r.error);
        s = r.state;
      }
      return s.status === 'active' ? s : null;
    });
    await insert('b_03c', { kind: 'turn_based', status: 'active', state: JSON.stringify(stored(today)) });
    const shown = await h.call('GET', '/api/battles/b_03c');
    expect(shown.status).toBe(200);
    expect(shown.body.events).toEqual(today.events);
    const moved = await h.call('POST', '/api/battles/b_03c/action', { user_id: userId, auto: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const end = setAuto(today, true).state;
    expect(end.status).not.toBe('active');
    expect((await replay('b_03c')).events).toEqual(end.events);
  });
});
