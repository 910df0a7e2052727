// Every finished fight can be watched again (issue 11): GET /api/battles/{id}/replay answers the teams as they began,
// the facts in order with their sentences, and the result — for a turn-based battle, a quick battle, an arena duel and
// a dungeon floor — and each record is checked by playing it again from its seed and choices with the rules core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BattleHistoryResponse, BattleReplay } from '../../src/api/battles.ts';
import {
  chooseOption,
  setAuto,
  startBattle,
  ENGINE_VERSION,
  type BattleState,
} from '../../src/game/index.ts';
import { DATABASES, newPlayer, startHarness, summonHero, withStore, type Harness } from './helpers.ts';
import { pruneFights } from '../../src/server/sweep.ts';
import { encodeRecord, readRecord, RULES_CHANGED } from '../../src/server/store/battle-record.ts';

const facts = (events: { description: string }[]) => events.map(({ description: _, ...fact }) => fact);

/** A turn-based record played again: the same seed and teams, then every choice in order. */
function replayTurnBased(r: BattleReplay) {
  let state: BattleState = startBattle(r.seed!, r.allies, r.enemies, {
    battleId: r.battle_id,
    enemyAi: 'normal',
    allyAi: 'normal',
    auto: false,
  }).state;
  for (const choice of r.choices) {
    if (choice === 'auto') state = setAuto(state, true).state;
    else {
      const [optionId, targetId] = choice.split('@');
      const next = chooseOption(state, optionId!, targetId);
      if (!next.ok) throw new Error(next.error);
      state = next.state;
    }
  }
  return state;
}

/** An auto fight's record played again: the battle its story tells, from its seed. */
const replayTold = (r: BattleReplay) =>
  startBattle(r.seed!, r.allies, r.enemies, { battleId: 'story', auto: true }).state;

describe.each(DATABASES)('replays on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());
  const replay = async (id: string) => {
    const r = await h.call('GET', `/api/battles/${id}/replay`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return BattleReplay.parse(r.body);
  };
  const endsAs = (r: BattleReplay) => {
    expect(r.engine_version).toBe(ENGINE_VERSION);
    expect(r.events.length).toBeGreaterThan(3);
    expect(r.events.at(-1)).toMatchObject({ kind: 'end', outcome: r.status });
    for (const e of r.events) expect(e.description.length).toBeGreaterThan(3);
    // The first frame: every fighter as it began, and how to show every status the facts name.
    expect(r.units.map((u) => u.id)).toEqual([...r.allies, ...r.enemies].map((x) => x.id));
    for (const u of r.units) expect(u.start_hp).toBeLessThanOrEqual(u.max_hp);
    for (const e of r.events)
      if (e.status_id) expect(r.statuses[e.status_id]?.name).toEqual(expect.any(String));
  };

  it('a turn-based battle: 409 while on, then its record, which plays again to the same facts', async () => {
    const p = await newPlayer(h);
    const team = [await summonHero(h, p.id), await summonHero(h, p.id)];
    const started = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: team.map((t) => t.id),
    });
    const id = started.body.battle_id as string;
    if (started.body.status === 'active') {
      expect((await h.call('GET', `/api/battles/${id}/replay`)).status).toBe(409);
      // One choice by hand (aimed when it can be), then Auto to the end.
      const option = started.body.pending_options[0];
      const aimed = option.targets.at(-1);
      await h.call('POST', `/api/battles/${id}/action`, {
        user_id: p.id,
        option_id: option.id,
        ...(aimed ? { target_id: aimed } : {}),
      });
      await h.call('POST', `/api/battles/${id}/action`, { user_id: p.id, auto: true });
    }
    const r = await replay(id);
    expect(r.kind).toBe('turn_based');
    expect(r.allies.map((a) => a.id)).toEqual(team.map((t) => t.id));
    expect(r.enemies.length).toBeGreaterThan(0);
    endsAs(r);
    const again = replayTurnBased(r);
    expect(again.status).toBe(r.status);
    expect(facts(again.events)).toEqual(facts(r.events));
    expect(again.events.map((e) => e.description)).toEqual(r.events.map((e) => e.description));

    // Once the engine has changed, a record that kept no facts cannot be played again: its battle and its replay
    // say so (410) rather than play it under today's rules.
    await withStore(h, async (db) => {
      const row = await db
        .selectFrom('battles')
        .select('record')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const record = { ...readRecord(row), engine_version: '0.old' };
      expect(record.facts).toBeUndefined();
      await db
        .updateTable('battles')
        .set({ record: encodeRecord(record) })
        .where('id', '=', id)
        .execute();
    });
    const gone = { status: 410, body: { error: RULES_CHANGED } };
    expect(await h.call('GET', `/api/battles/${id}`)).toEqual(gone);
    expect(await h.call('GET', `/api/battles/${id}/replay`)).toEqual(gone);
  });

  it('a quick battle, an arena duel and a dungeon floor: each record plays again to the same facts', async () => {
    const p = await newPlayer(h);
    const [a, b] = [await summonHero(h, p.id), await summonHero(h, p.id)];
    const quick = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: [a.id, b.id],
      mode: 'auto',
    });
    const arena = await h.call('POST', '/api/arena/battle', {
      user_id: p.id,
      attacker_hero_id: a.id,
      opponent_id: 'npc_woods_poacher',
    });
    const run = await h.call('POST', '/api/dungeons/whispering_woods/start', {
      user_id: p.id,
      team_hero_ids: [a.id],
    });
    const floor = await h.call('POST', `/api/dungeon-runs/${run.body.id}/battle`, {});
    for (const [fight, place] of [
      [quick, 'random'],
      [arena, 'arena'],
      [floor, 'dungeon'],
    ] as const) {
      expect(fight.status, JSON.stringify(fight.body)).toBeLessThan(300);
      const r = await replay(fight.body.battle_id);
      expect(r).toMatchObject({ kind: 'auto', location_type: place, status: fight.body.status });
      expect(r.rewards).toEqual(fight.body.rewards);
      if (r.seed === null) continue; // no simulated battle went the rolled way: the story says so instead
      endsAs(r);
      const again = replayTold(r);
      expect(again.status).toBe(r.status);
      expect(facts(again.events)).toEqual(facts(r.events));
    }
  });

  it('a player’s history: finished fights newest first, paged by cursor, each with its replay', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const f = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id], mode: 'auto' });
      ids.push(f.body.battle_id);
    }
    const duel = await h.call('POST', '/api/arena/battle', {
      user_id: p.id,
      attacker_hero_id: a.id,
      opponent_id: 'npc_woods_poacher',
    });
    ids.push(duel.body.battle_id);
    // A turn-based battle still on is not history yet.
    const on = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id] });
    // (Rarely the foes win before the first choice: then it is finished, and history.)
    if (on.body.status !== 'active') ids.push(on.body.battle_id);
    const first = await h.call('GET', `/api/users/${p.id}/battles?limit=3`);
    expect(first.status).toBe(200);
    const page1 = BattleHistoryResponse.parse(first.body);
    expect(page1.battles).toHaveLength(3);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const second = BattleHistoryResponse.parse(
      (await h.call('GET', `/api/users/${p.id}/battles?limit=3&cursor=${page1.next_cursor}`)).body,
    );
    const all = [...page1.battles, ...second.battles];
    // Exactly the finished fights, newest first (within one second: by id, descending).
    expect(all.map((b) => b.battle_id).sort()).toEqual([...ids].sort());
    for (let i = 1; i < all.length; i++)
      expect(
        all[i - 1]!.created_at > all[i]!.created_at ||
          (all[i - 1]!.created_at === all[i]!.created_at && all[i - 1]!.battle_id > all[i]!.battle_id),
      ).toBe(true);
    expect(second.next_cursor).toBeNull();
    const arena = all.find((b) => b.battle_id === duel.body.battle_id)!;
    expect(arena).toMatchObject({ location_type: 'arena', status: duel.body.status, kind: 'auto' });
    expect(arena.opponents).toHaveLength(1);
    expect(arena.opponents[0]).toMatch(/\S/);
    for (const b of all) expect((await h.call('GET', `/api/battles/${b.battle_id}/replay`)).status).toBe(200);
    // A cursor this server never gave, and an unknown player.
    expect((await h.call('GET', `/api/users/${p.id}/battles?cursor=bm9wZQ`)).status).toBe(400);
    expect((await h.call('GET', '/api/users/u_0000000000000000/battles')).status).toBe(404);
  });

  it('bounded storage: past a player’s newest fights, only those whose replay was opened lately are kept', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const f = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id], mode: 'auto' });
      ids.push(f.body.battle_id);
    }
    // Oldest first, a second apart; someone opens the oldest one's replay by its link.
    await withStore(h, async (db) => {
      for (const [k, id] of ids.entries())
        await db
          .updateTable('battles')
          .set({ created_at: 1000 + k, replay_opened_at: null })
          .where('id', '=', id)
          .execute();
    });
    await replay(ids[0]!);
    // (The bound holds for every player in this database; only this player's rows are looked at.)
    const mine = () =>
      withStore(h, async (db) =>
        (await db.selectFrom('battles').select('id').where('user_id', '=', p.id).execute())
          .map((r) => r.id)
          .sort(),
      );
    expect(await withStore(h, (db) => pruneFights(db, 2))).toBeGreaterThanOrEqual(1);
    expect(await mine()).toEqual([ids[0]!, ids[2]!, ids[3]!].sort());
    expect((await h.call('GET', `/api/battles/${ids[1]}/replay`)).status).toBe(404);
    // A month after that opening, it goes too.
    await withStore(h, (db) =>
      db.updateTable('battles').set({ replay_opened_at: 1 }).where('id', '=', ids[0]!).execute(),
    );
    await withStore(h, (db) => pruneFights(db, 2));
    expect(await mine()).toEqual([ids[2]!, ids[3]!].sort());
  });

  it('an unknown id is a 404 with an error, like any battle', async () => {
    const r = await h.call('GET', '/api/battles/b_0000000000000000/replay');
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual(expect.any(String));
  });
});
