// The reward rules on the real server (issues 17 and "Trust, part two"): every win pays exactly what the one reward
// function (src/game/rewards.ts rewardsFor) says at the probability the fight stated — a quick battle, a dungeon
// floor, an arena duel, and a turn-based battle for the seconds of play credited to it decision by decision
// (src/game/play-time.ts: the time since the battle last waited, or since the player's last other fight, up to
// 20 s), at least 1.5× a quick win against the same enemies; a dungeon boss fought turn by turn pays the same way
// plus the clear bonus, each in its own ledger entry. Risk pays: a win at ≥ 90% stated odds pays at most half a
// win near 50% at the same level. The game clock is the test's own, moved by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionResponse, BattleState, QuickBattleResult, StartedBattle } from '../../src/api/battles.ts';
import { BattleResult } from '../../src/api/common.ts';
import { ArenaResponse } from '../../src/api/arena.ts';
import { RunBattleResponse, StartRunResponse } from '../../src/api/dungeons.ts';
import { LedgerResponse } from '../../src/api/ledger.ts';
import { OddsResponse } from '../../src/api/odds.ts';
import { clearBonus, rewardsFor, scaleRewards } from '../../src/game/rewards.ts';
import type { Hero, Rewards } from '../../src/game/types.ts';
import {
  DATABASES,
  newPlayer,
  setHeroPower,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

describe.each(DATABASES)('reward rules on %s', (kind) => {
  let h: Harness;
  // The game's clock, on a whole second: each test moves it on by hand.
  let now = 1_900_000_000_000;
  const wait = (seconds: number) => {
    now += seconds * 1000;
  };
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  const act = async (battleId: string, userId: string, body: object) => {
    const r = await h.call('POST', `/api/battles/${battleId}/action`, { user_id: userId, ...body });
    expect(r.status).toBe(200);
    return ActionResponse.parse(r.body);
  };
  /** Plays the battle out, one chosen option (the first) every `pace` seconds; answers it ended and the decisions. */
  const steer = async (state: BattleState, userId: string, pace: number) => {
    let decisions = 0;
    while (state.status === 'active') {
      wait(pace);
      state = await act(state.battle_id, userId, { option_id: state.pending_options[0]!.id });
      decisions++;
    }
    return { state, decisions };
  };
  const ledgerOf = async (userId: string) =>
    LedgerResponse.parse((await h.call('GET', `/api/users/${userId}/ledger?limit=100&currency=gold`)).body)
      .entries;
  const add = (a: Rewards, b: Rewards): Rewards => ({
    gold: a.gold + b.gold,
    xp_per_hero: a.xp_per_hero + b.xp_per_hero,
    magic_essence: a.magic_essence + b.magic_essence,
    combat_tokens: a.combat_tokens + b.combat_tokens,
  });

  it('pays a won turn-based battle for the time each decision took, at least 1.5× a quick win against the same enemies', async () => {
    const p = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    await setHeroPower(h, mine.id, 'mighty');
    const quick = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: [mine.id],
      mode: 'auto',
    });
    expect(quick.status).toBe(201);
    const q = QuickBattleResult.parse(quick.body);
    expect(q.status).toBe('won');
    expect(q.rewards).toEqual(
      rewardsFor('random', { won: true, probability: q.probability, enemyLevel: 1, teamSize: 1 }),
    );

    wait(5);
    const started = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [mine.id] });
    expect(started.status).toBe(201);
    const opened = BattleState.parse(started.body);
    // The mighty hero is the fastest: the battle waits for the player.
    expect(opened.status).toBe('active');
    const { state, decisions } = await steer(opened, p.id, 9);
    expect(state.status).toBe('won');
    expect(decisions).toBeGreaterThan(0);
    // Both fights are against level-1 foes the mighty hero beats every time: the same stated odds.
    expect(q.probability).toBe(1);
    const steered = state.rewards!;
    expect(steered).toEqual(
      rewardsFor('random', {
        won: true,
        mode: 'turn_based',
        playedSeconds: 9 * decisions,
        probability: 1,
        enemyLevel: 1,
        teamSize: 1,
      }),
    );
    expect(steered.gold).toBeGreaterThanOrEqual(1.5 * q.rewards.gold);
    expect(steered.xp_per_hero).toBeGreaterThanOrEqual(1.5 * q.rewards.xp_per_hero);
    expect(steered.magic_essence).toBeGreaterThanOrEqual(1.5 * q.rewards.magic_essence);
    // Paid once, through the ledger, under the battle's id.
    const entries = (await ledgerOf(p.id)).filter((e) => e.ref === state.battle_id);
    expect(entries).toEqual([expect.objectContaining({ reason: 'battle_reward', delta: steered.gold })]);
  });

  it('credits a decision left waiting at most 20 s, and none of the time spent on another fight meanwhile', async () => {
    const p = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    await setHeroPower(h, mine.id, 'mighty');
    const team = { user_id: p.id, team_hero_ids: [mine.id] };

    // Left open an hour, then handed to Auto: one decision, credited 20 s.
    wait(3);
    const idle = BattleState.parse((await h.call('POST', '/api/battles', team)).body);
    expect(idle.status).toBe('active');
    wait(3600);
    const idleEnd = await act(idle.battle_id, p.id, { auto: true });
    expect(idleEnd.status).toBe('won');
    const payFor = (playedSeconds: number) =>
      rewardsFor('random', {
        won: true,
        mode: 'turn_based',
        playedSeconds,
        probability: 1,
        enemyLevel: 1,
        teamSize: 1,
      });
    expect(idleEnd.rewards).toEqual(payFor(20));

    // A quick battle fought 10 s into the next one: the decision 4 s later is credited from the end of the second
    // that fight was recorded in — 3 s — not from the battle's start.
    wait(3);
    const next = BattleState.parse((await h.call('POST', '/api/battles', team)).body);
    expect(next.status).toBe('active');
    wait(10);
    expect((await h.call('POST', '/api/battles', { ...team, mode: 'auto' })).status).toBe(201);
    wait(4);
    const nextEnd = await act(next.battle_id, p.id, { auto: true });
    expect(nextEnd.status).toBe('won');
    expect(nextEnd.rewards).toEqual(payFor(3));
    expect(nextEnd.rewards!.gold).toBeLessThan(idleEnd.rewards!.gold);
  });

  it('pays a dungeon floor fought at once, and a boss fought turn by turn for its time plus the clear bonus', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const b = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    await setHeroPower(h, b.id, 'mighty');
    const run = StartRunResponse.parse(
      (
        await h.call('POST', '/api/dungeons/whispering_woods/start', {
          user_id: p.id,
          team_hero_ids: [a.id, b.id],
        })
      ).body,
    );
    const oddsOf = async () =>
      OddsResponse.parse(
        (await h.call('GET', `/api/odds?user_id=${p.id}&kind=dungeon&run_id=${run.id}`)).body,
      );
    for (let floor = 1; floor < run.floors; floor++) {
      const before = await oddsOf();
      const r = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor });
      expect(r.status).toBe(200);
      const fought = RunBattleResponse.parse(r.body);
      expect(fought.status).toBe('won');
      expect(fought.probability).toBe(before.probability);
      expect(fought.rewards).toEqual(
        rewardsFor('dungeon', {
          won: true,
          probability: fought.probability,
          difficulty: 'easy',
          multiplier: 1,
          enemyLevel: Math.max(...before.enemies.map((e) => e.level)),
          teamSize: 2,
        }),
      );
    }

    wait(5);
    const boss = await oddsOf();
    expect(boss.boss_floor).toBe(true);
    const r = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, {
      user_id: p.id,
      floor: run.floors,
      mode: 'turn_based',
    });
    expect(r.status).toBe(201);
    const opened = StartedBattle.parse(r.body);
    expect(opened.dungeon).toEqual({
      run_id: run.id,
      dungeon_id: 'whispering_woods',
      floor: run.floors,
      floors: run.floors,
      boss_floor: true,
    });
    expect(opened.location).toBe('Whispering Woods');
    expect(opened.status).toBe('active');
    // A double tap answers the battle under way; a quick fight of the floor meanwhile is refused.
    const again = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, {
      user_id: p.id,
      mode: 'turn_based',
    });
    expect(again.status).toBe(201);
    expect(StartedBattle.parse(again.body).battle_id).toBe(opened.battle_id);
    // The battle in play names its run, so a page can tell that the floor's button resumes it.
    expect((await h.call('GET', `/api/battles/active?user_id=${p.id}`)).body.battle).toMatchObject({
      battle_id: opened.battle_id,
      run_id: run.id,
    });
    expect(await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id })).toEqual({
      status: 409,
      body: { error: 'This floor is being fought turn by turn: finish that battle first' },
    });

    const { state, decisions } = await steer(opened, p.id, 11);
    expect(state.status).toBe('won');
    expect(state.clear_bonus).toBe(true);
    const own = rewardsFor('dungeon', {
      won: true,
      mode: 'turn_based',
      playedSeconds: 11 * decisions,
      probability: boss.probability,
      difficulty: 'easy',
      multiplier: 1,
      enemyLevel: Math.max(...boss.enemies.map((e) => e.level)),
      teamSize: 2,
    });
    const bonus = clearBonus({ floors: run.floors, multiplier: 1 }, boss.probability);
    expect(state.rewards).toEqual(add(own, bonus));
    // What the read before said it would pay: at the least (played at once), and per minute of play.
    const steered = (playedSeconds: number) =>
      rewardsFor('dungeon', {
        won: true,
        mode: 'turn_based',
        playedSeconds,
        probability: boss.probability,
        difficulty: 'easy',
        multiplier: 1,
        enemyLevel: Math.max(...boss.enemies.map((e) => e.level)),
        teamSize: 2,
      });
    expect(boss.win_rewards_turn_based).toEqual(add(steered(0), bonus));
    expect(boss.turn_based_per_minute!.gold).toBe(steered(60).gold - steered(0).gold);
    expect(boss.turn_based_per_minute!.gold).toBeGreaterThan(10 * boss.win_rewards.gold - 10 * bonus.gold);
    const entries = (await ledgerOf(p.id)).filter((e) => e.ref === state.battle_id);
    expect(entries.map((e) => [e.reason, e.delta]).sort()).toEqual(
      [
        ['dungeon_clear', bonus.gold],
        ['dungeon_reward', own.gold],
      ].sort(),
    );
    expect((await h.call('GET', `/api/dungeon-runs/${run.id}`)).body).toMatchObject({ status: 'cleared' });
    // Read again later, the battle says the same.
    const read = BattleState.parse((await h.call('GET', `/api/battles/${state.battle_id}`)).body);
    expect(read).toMatchObject({ status: 'won', clear_bonus: true, rewards: add(own, bonus) });
  });

  it('starting a floor turn by turn from several tabs at once opens one battle, answered to every tab', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    const run = StartRunResponse.parse(
      (await h.call('POST', '/api/dungeons/whispering_woods/start', { user_id: p.id, team_hero_ids: [a.id] }))
        .body,
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, mode: 'turn_based' }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
    const ids = new Set(answers.map((r) => StartedBattle.parse(r.body).battle_id));
    expect(ids.size).toBe(1);
    const rows = await withStore(h, (db) =>
      db.selectFrom('battles').select(['id', 'status']).where('run_id', '=', run.id).execute(),
    );
    expect(rows).toEqual([{ id: [...ids][0], status: 'active' }]);
    expect((await h.call('GET', `/api/dungeon-runs/${run.id}`)).body).toMatchObject({
      status: 'active',
      floor: 1,
    });
  });

  it('a floor fought turn by turn ends with its run: lost when another battle starts or the run is left', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    const start = async () =>
      StartRunResponse.parse(
        (
          await h.call('POST', '/api/dungeons/forgotten_crypt/start', {
            user_id: p.id,
            team_hero_ids: [a.id],
          })
        ).body,
      );
    const floorBattle = async (runId: string) => {
      const r = await h.call('POST', `/api/dungeon-runs/${runId}/battle`, {
        user_id: p.id,
        mode: 'turn_based',
      });
      expect(r.status).toBe(201);
      return StartedBattle.parse(r.body);
    };
    const gold = async () => (await h.call('GET', `/api/users/${p.id}`)).body.gold as number;

    // Another turn-based battle ends the floor's: lost, unpaid, and the run with it.
    const first = await start();
    const floor1 = await floorBattle(first.id);
    expect(floor1.status).toBe('active');
    const before = await gold();
    const other = StartedBattle.parse(
      (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id] })).body,
    );
    expect(other.ended_battle).toEqual({ battle_id: floor1.battle_id, location: 'The Forgotten Crypt' });
    expect(await gold()).toBe(before);
    expect((await h.call('GET', `/api/dungeon-runs/${first.id}`)).body).toMatchObject({
      status: 'failed',
      floor: 1,
    });
    expect(BattleState.parse((await h.call('GET', `/api/battles/${floor1.battle_id}`)).body).status).toBe(
      'lost',
    );

    // Leaving the run for a new one ends its floor's battle, lost; acting on it is then a 409.
    const second = await start();
    const floor2 = await floorBattle(second.id);
    await start();
    expect((await h.call('GET', `/api/dungeon-runs/${second.id}`)).body).toMatchObject({
      status: 'abandoned',
    });
    const stale = await h.call('POST', `/api/battles/${floor2.battle_id}/action`, {
      user_id: p.id,
      option_id: floor2.pending_options[0]!.id,
    });
    expect(stale).toEqual({ status: 409, body: { error: 'This battle is already over' } });
    expect(await gold()).toBe(before);
  });

  it('pays a win at ≥ 90% at most half of a win near 50% against the same opponent level', async () => {
    const p = await newPlayer(h);
    const o = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    const theirs = await summonHero(h, o.id);
    // The opponent becomes the attacker's twin in everything that fights: an even duel.
    await withStore(h, async (db) => {
      const { heroColumns, heroFromRow } = await import('../../src/server/store/hero-rows.ts');
      const rowOf = (id: string) =>
        db.selectFrom('heroes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const a = heroFromRow(await rowOf(mine.id));
      const b = await rowOf(theirs.id);
      const twin: Hero = { ...a, id: theirs.id, user_id: o.id, name: theirs.name, seed: theirs.seed };
      await db
        .updateTable('heroes')
        .set({ ...heroColumns(twin), version: b.version + 1 })
        .where('id', '=', theirs.id)
        .execute();
    });
    const duel = async () => {
      const r = await h.call('POST', '/api/arena/battle', {
        user_id: p.id,
        attacker_hero_id: mine.id,
        opponent_id: theirs.id,
      });
      expect(r.status).toBe(200);
      return ArenaResponse.parse(r.body);
    };
    let even = await duel();
    for (let i = 0; i < 40 && even.status !== 'won'; i++) even = await duel();
    expect(even.status).toBe('won');
    expect(even.probability).toBeGreaterThan(0.3);
    expect(even.probability).toBeLessThan(0.7);
    const table = (probability: number) =>
      rewardsFor('arena', { won: true, probability, enemyLevel: theirs.level, teamSize: 1 });
    expect(even.rewards).toEqual(table(even.probability));

    await setHeroPower(h, mine.id, 'mighty');
    // A sure thing is still a roll: fight again until it is won (a loss pays nothing to compare).
    let sure = await duel();
    for (let i = 0; i < 10 && sure.status !== 'won'; i++) sure = await duel();
    expect(sure.status).toBe('won');
    expect(sure.probability).toBeGreaterThanOrEqual(0.9);
    // It is the second win over this opponent today, so the repeat-win rule halves it (ladder.test.ts): what the
    // win is worth before that is the table's pay at its odds.
    expect(sure.repeat_win).toMatchObject({ earlier_wins: 1, factor: 0.5 });
    const worth = sure.repeat_win!.unreduced;
    expect(worth).toEqual(table(sure.probability));
    expect(sure.rewards).toEqual(scaleRewards(worth, 0.5));
    expect(worth.gold).toBeGreaterThan(0);
    expect(worth.gold).toBeLessThanOrEqual(even.rewards.gold / 2);
    expect(worth.xp_per_hero).toBeLessThanOrEqual(even.rewards.xp_per_hero / 2);
    // And at exactly 50% the table pays at least twice what any win at 90% or more pays.
    expect(table(0.5).gold).toBeGreaterThanOrEqual(2 * table(0.9).gold);
  });

  it('a level-up tells what grew: its gains are the hero’s stat changes, with its portrait', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    await setHeroPower(h, hero.id, 'mighty');
    const read = async () => (await h.call('GET', `/api/heroes/${hero.id}`)).body as Hero;
    for (let i = 0; i < 40; i++) {
      const before = await read();
      const r = await h.call('POST', '/api/battles', {
        user_id: p.id,
        team_hero_ids: [hero.id],
        mode: 'auto',
      });
      const result = BattleResult.parse(r.body);
      if (result.level_ups.length === 0) continue;
      const after = await read();
      expect(result.level_ups[0]).toEqual({
        hero_id: hero.id,
        hero_name: hero.name,
        name: hero.name,
        new_level: after.level,
        gains: {
          max_hp: after.max_hp - before.max_hp,
          atk: after.atk - before.atk,
          def: after.def - before.def,
          spd: after.spd - before.spd,
        },
        portrait_url: hero.portrait_url,
      });
      expect(result.level_ups[0]!.gains!.atk).toBeGreaterThan(0);
      return;
    }
    throw new Error('no level-up in 40 won fights');
  });
});
