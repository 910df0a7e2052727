// Team battles (turn-based and quick) and arena duels: shapes, refusals, ownership, rewards paid exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionResponse, BattleState, QuickBattleResult } from '../../src/api/battles.ts';
import { BattleResult } from '../../src/api/common.ts';
import {
  DATABASES,
  newPlayer,
  setBalances,
  setHeroPower,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

type Money = { gold: number; magic_essence: number; combat_tokens: number };
const spentOrEarned = (a: Money, b: Money) => ({
  gold: b.gold - a.gold,
  magic_essence: b.magic_essence - a.magic_essence,
  combat_tokens: b.combat_tokens - a.combat_tokens,
});

describe.each(DATABASES)('battles and arena on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());
  const user = async (id: string) => (await h.call('GET', `/api/users/${id}`)).body;
  const hero = async (id: string) => (await h.call('GET', `/api/heroes/${id}`)).body;

  it('refuses bad teams with the fixed message, foreign heroes with 403', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    const theirs = await summonHero(h, q.id);
    expect(await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [] })).toEqual({
      status: 400,
      body: { error: 'Select at least 1 hero' },
    });
    expect(await h.call('POST', '/api/battles', { user_id: p.id })).toEqual({
      status: 400,
      body: { error: 'Select at least 1 hero' },
    });
    expect(
      (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: ['a', 'b', 'c', 'd', 'e'] }))
        .status,
    ).toBe(400);
    expect(
      (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [mine.id, mine.id] })).status,
    ).toBe(400);
    expect(
      (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [mine.id, theirs.id] })).status,
    ).toBe(403);
    expect(
      (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: ['npc_woods_poacher'] })).status,
    ).toBe(403);
    expect(await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: ['h_nope'] })).toEqual({
      status: 404,
      body: { error: 'Hero not found' },
    });
    expect(
      (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [mine.id], mode: 'sideways' }))
        .status,
    ).toBe(400);
  });

  it('a quick battle answers a result, pays exactly its rewards once, and can be read back', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const b = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    const before = await user(p.id);
    const r = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: [a.id, b.id],
      mode: 'auto',
    });
    expect(r.status).toBe(201);
    const result = QuickBattleResult.parse(r.body);
    expect(result.status).toBe('won');
    expect(result.roll > 1 - result.probability).toBe(true);
    expect(result.location_type).toBe('random');
    expect(result.rewards.gold).toBeGreaterThan(0);
    expect(result.description.length).toBeGreaterThan(20);
    const after = await user(p.id);
    expect(spentOrEarned(before, after)).toEqual({
      gold: result.rewards.gold,
      magic_essence: result.rewards.magic_essence,
      combat_tokens: result.rewards.combat_tokens,
    });
    // the player as the fight left them (GET adds their live rating)
    expect({ ...result.user, live_rating: after.live_rating }).toEqual(after);
    const bAfter = await hero(b.id);
    expect(bAfter.level > b.level || bAfter.xp === b.xp + result.rewards.xp_per_hero).toBe(true);
    const read = await h.call('GET', `/api/battles/${result.battle_id}`);
    const { user: _u, ...stored } = result;
    expect(read.body).toEqual(stored);
    expect(await user(p.id)).toEqual(after); // reading pays nothing
  });

  it('a lost fight pays nothing and takes the stake the odds stated, never more than the player holds', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'feeble');
    const before = await user(p.id);
    const odds = (await h.call('GET', `/api/odds?kind=random&user_id=${p.id}&team=${a.id}`)).body;
    expect(odds.loss_stake).toBe(Math.round(odds.win_rewards.gold / 4));
    expect(odds.loss_stake).toBeGreaterThan(0);
    const r = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id], mode: 'auto' });
    expect(r.body.status).toBe('lost');
    expect(r.body.rewards).toEqual({ gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 });
    expect(r.body.stake_lost).toBe(odds.loss_stake);
    expect(await user(p.id)).toEqual({ ...before, gold: before.gold - odds.loss_stake });
    expect(r.body.user.gold).toBe(before.gold - odds.loss_stake);
    expect((await hero(a.id)).xp).toBe(0);
    const ledger = (await h.call('GET', `/api/users/${p.id}/ledger`)).body.entries;
    expect(ledger[0]).toMatchObject({
      reason: 'fight_stake',
      ref: r.body.battle_id,
      delta: -odds.loss_stake,
    });

    // With no gold, a loss takes nothing and writes no entry.
    await setBalances(h, p.id, { gold: 0 });
    const broke = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: [a.id],
      mode: 'auto',
    });
    expect(broke.body.status).toBe('lost');
    expect(broke.body.stake_lost).toBe(0);
    expect((await user(p.id)).gold).toBe(0);
  });

  it('a turn-based battle lost says on its last answer the stake it took, as the ledger has it', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'feeble');
    const before = await user(p.id);
    const odds = (await h.call('GET', `/api/odds?kind=random&user_id=${p.id}&team=${a.id}`)).body;
    const opened = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id] });
    expect(opened.status).toBe(201);
    // over at once (the foes were faster) or handed to Auto: either way its last answer says what it took
    const last =
      opened.body.status === 'active'
        ? (
            await h.call('POST', `/api/battles/${opened.body.battle_id}/action`, {
              user_id: p.id,
              auto: true,
            })
          ).body
        : opened.body;
    expect(last.status).toBe('lost');
    expect(last.stake_lost).toBe(odds.loss_stake);
    expect(await user(p.id)).toEqual({ ...before, gold: before.gold - odds.loss_stake });
  });

  it('the player aims: an option lists its targets, target_id picks one, anything else is a 400 that changes nothing', async () => {
    const p = await newPlayer(h);
    const team = [await summonHero(h, p.id), await summonHero(h, p.id)];
    for (const t of team) await setHeroPower(h, t.id, 'mighty');
    const r = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: team.map((t) => t.id) });
    let state = BattleState.parse(r.body);
    expect(state.enemies.length).toBeGreaterThanOrEqual(2);
    // Every option explains its action in the rules' own words (the effects registry via describeAbility).
    for (const o of state.pending_options) expect(o.description.length, o.id).toBeGreaterThan(10);
    const attack = state.pending_options.find((o) => o.id.startsWith('attack:'));
    if (attack) expect(attack.description).toBe('Basic attack. Deals 100% attack as damage to one enemy.');
    const act = (body: object) =>
      h.call('POST', `/api/battles/${state.battle_id}/action`, { user_id: p.id, ...body });
    // Play the first option until one may be aimed at two units or more.
    let aimable = state.pending_options.find((o) => o.targets.length >= 2);
    for (let i = 0; i < 40 && !aimable && state.status === 'active'; i++) {
      state = BattleState.parse((await act({ option_id: state.pending_options[0].id })).body);
      aimable = state.pending_options.find((o) => o.targets.length >= 2);
    }
    expect(aimable, 'an option with two targets or more').toBeDefined();
    const option = aimable!;
    const preselected = option.id.split(':')[1];
    const other = option.targets.find((t) => t !== preselected)!;
    const stranger = [...state.allies, ...state.enemies]
      .map((u) => u.id)
      .find((id) => !option.targets.includes(id));
    const refusedTarget = stranger ?? 'nobody_at_all';
    const refused = await act({ option_id: option.id, target_id: refusedTarget });
    expect(refused).toEqual({ status: 400, body: { error: 'That target cannot be chosen for this action' } });
    expect((await h.call('GET', `/api/battles/${state.battle_id}`)).body.turn).toBe(state.turn);
    // Hostile aims: built-in names, a NUL, a very long id, a lone surrogate — a readable 400, nothing moved.
    for (const target_id of ['constructor', '__proto__', 'a\u0000b', 'x'.repeat(5000), '\ud800', ''])
      expect(
        (await act({ option_id: option.id, target_id })).status,
        JSON.stringify(target_id).slice(0, 20),
      ).toBe(400);
    expect((await h.call('GET', `/api/battles/${state.battle_id}`)).body.turn).toBe(state.turn);
    const aimed = BattleState.parse((await act({ option_id: option.id, target_id: other })).body);
    const used = aimed.new_events.find((e) => e.kind === 'ability' && e.actor_id === state.current_actor_id)!;
    expect(used.target_id).toBe(other);
  });

  it('a turn-based battle: state, options, refusals, played to the end, paid once', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    const r = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id] });
    expect(r.status).toBe(201);
    let state = BattleState.parse(r.body);
    expect(state.kind).toBe('turn_based');
    expect(state.allies.map((u) => u.id)).toEqual([a.id]);
    expect(state.enemies).toHaveLength(1);
    expect((await h.call('GET', `/api/battles/${state.battle_id}`)).body).toEqual({
      ...state,
      new_events: [],
    });

    if (state.status === 'active') {
      expect(
        await h.call('POST', `/api/battles/${state.battle_id}/action`, {
          option_id: 'no-such-option',
          user_id: p.id,
        }),
      ).toMatchObject({ status: 400 });
      expect(
        (
          await h.call('POST', `/api/battles/${state.battle_id}/action`, {
            option_id: state.pending_options[0].id,
            user_id: q.id,
          })
        ).status,
      ).toBe(403);
      expect(await h.call('POST', `/api/battles/${state.battle_id}/action`, { user_id: p.id })).toEqual({
        status: 400,
        body: { error: 'Choose an option' },
      });
    }
    const before = await user(p.id);
    for (let i = 0; i < 300 && state.status === 'active'; i++) {
      const step = await h.call('POST', `/api/battles/${state.battle_id}/action`, {
        option_id: state.pending_options[0].id,
        user_id: p.id,
      });
      expect(step.status).toBe(200);
      state = ActionResponse.parse(step.body);
      expect(state.new_events.length).toBeGreaterThan(0);
    }
    expect(state.status).toBe('won');
    // The log is told as facts: what was used, and how each blow left its target.
    const blow = state.events.find((e) => e.kind === 'damage' && e.actor_id)!;
    expect(blow).toMatchObject({ target_id: expect.any(String), amount: expect.any(Number) });
    expect(blow.hp_after).toBeGreaterThanOrEqual(0);
    expect(blow.absorbed).toBeGreaterThanOrEqual(0);
    expect(state.events.find((e) => e.kind === 'ability')!.ability_id).toEqual(expect.any(String));
    expect(state.rewards!.gold).toBeGreaterThan(0);
    const after = await user(p.id);
    expect(after.gold - before.gold).toBe(state.rewards!.gold);
    const again = await h.call('POST', `/api/battles/${state.battle_id}/action`, {
      option_id: 'x',
      user_id: p.id,
    });
    expect(again).toEqual({ status: 409, body: { error: 'This battle is already over' } });
    expect(await user(p.id)).toEqual(after);
    const read = (await h.call('GET', `/api/battles/${state.battle_id}`)).body;
    expect(read.rewards).toEqual(state.rewards);
    expect(read.status).toBe('won');
  });

  it('Auto hands the allies to the AI; racing actions advance the battle once', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const b = await summonHero(h, p.id);
    const before = await user(p.id);
    let state = (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id, b.id] })).body;
    if (state.status === 'active') {
      const option = state.pending_options[0].id;
      const racing = await Promise.all(
        [1, 2, 3].map(() =>
          h.call('POST', `/api/battles/${state.battle_id}/action`, { option_id: option, user_id: p.id }),
        ),
      );
      expect(racing.filter((x) => x.status === 200).length).toBeGreaterThanOrEqual(1);
      for (const x of racing) expect([200, 400, 409]).toContain(x.status);
    }
    // The racing move may already have ended it (then Auto is refused as over): read where it stands.
    const auto = await h.call('POST', `/api/battles/${state.battle_id}/action`, {
      auto: true,
      user_id: p.id,
    });
    expect([200, 409]).toContain(auto.status);
    state = auto.status === 200 ? auto.body : (await h.call('GET', `/api/battles/${state.battle_id}`)).body;
    if (state.status === 'active') expect(state.auto).toBe(true);
    for (let i = 0; i < 50 && state.status === 'active'; i++)
      state = (await h.call('GET', `/api/battles/${state.battle_id}`)).body;
    expect(['won', 'lost', 'draw']).toContain(state.status);
    const after = await user(p.id);
    // A loss took its stake (told in the answer that ended it; here maybe a racing one): the ledger names it.
    const stakes = (await h.call('GET', `/api/users/${p.id}/ledger?limit=100`)).body.entries.filter(
      (e: { reason: string; ref: string }) => e.reason === 'fight_stake' && e.ref === state.battle_id,
    );
    if (state.status === 'won') expect(stakes).toEqual([]);
    expect(after.gold - before.gold).toBe(
      (state.rewards?.gold ?? 0) + stakes.reduce((n: number, e: { delta: number }) => n + e.delta, 0),
    );
  });

  it('a turn-based battle idle for 24 h expires', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    const state = (await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id] })).body;
    if (state.status !== 'active') return;
    await withStore(h, (db) =>
      db
        .updateTable('battles')
        .set({ updated_at: Math.floor(Date.now() / 1000) - 25 * 3600 })
        .where('id', '=', state.battle_id)
        .execute(),
    );
    expect(await h.call('GET', `/api/battles/${state.battle_id}`)).toEqual({
      status: 404,
      body: { error: 'Battle not found or expired' },
    });
    expect(
      (
        await h.call('POST', `/api/battles/${state.battle_id}/action`, {
          option_id: state.pending_options[0].id,
        })
      ).status,
    ).toBe(404);
    expect((await h.call('GET', '/api/battles/b_unknown')).status).toBe(404);
  });

  it('arena: a duel against an NPC or another player’s hero pays tokens on a win, refuses what it must', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    const theirs = await summonHero(h, q.id);
    await setHeroPower(h, mine.id, 'mighty');
    const before = await user(p.id);
    const r = await h.call('POST', '/api/arena/battle', {
      user_id: p.id,
      attacker_hero_id: mine.id,
      opponent_id: 'npc_void_archon',
    });
    expect(r.status).toBe(200);
    const result = BattleResult.parse(r.body);
    expect(result).toMatchObject({ status: 'won', location: 'Arena', location_type: 'arena' });
    expect(result.rewards.combat_tokens).toBeGreaterThan(0);
    expect(spentOrEarned(before, await user(p.id))).toEqual({
      gold: result.rewards.gold,
      magic_essence: result.rewards.magic_essence,
      combat_tokens: result.rewards.combat_tokens,
    });
    const pvp = await h.call('POST', '/api/arena/battle', {
      user_id: p.id,
      attacker_hero_id: mine.id,
      opponent_id: theirs.id,
    });
    expect(pvp.status).toBe(200);
    // The opponent is never changed by someone else's fight: only its ladder rating moves (ladder.test.ts).
    const { rating: after, ...unchanged } = await hero(theirs.id);
    const { rating: _before, ...was } = theirs;
    expect(unchanged).toEqual(was);
    expect(after.wins + after.losses).toBe(1);
    expect(
      (
        await h.call('POST', '/api/arena/battle', {
          user_id: q.id,
          attacker_hero_id: mine.id,
          opponent_id: theirs.id,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.call('POST', '/api/arena/battle', {
          user_id: p.id,
          attacker_hero_id: mine.id,
          opponent_id: mine.id,
        })
      ).status,
    ).toBe(400);
    expect(
      await h.call('POST', '/api/arena/battle', {
        user_id: p.id,
        attacker_hero_id: mine.id,
        opponent_id: 'npc_nobody',
      }),
    ).toEqual({ status: 404, body: { error: 'Hero not found' } });
    // A missing (or empty) hero or opponent is refused in the game's own words.
    const pickBoth = { status: 400, body: { error: 'Select your hero and an opponent first' } };
    expect(await h.call('POST', '/api/arena/battle', { user_id: p.id, attacker_hero_id: mine.id })).toEqual(
      pickBoth,
    );
    expect(
      await h.call('POST', '/api/arena/battle', { user_id: p.id, opponent_id: 'npc_void_archon' }),
    ).toEqual(pickBoth);
    expect(
      await h.call('POST', '/api/arena/battle', { user_id: p.id, attacker_hero_id: '', opponent_id: '' }),
    ).toEqual(pickBoth);
  });

  it('many fights at once: every win paid exactly once, the decision rule always holds', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setBalances(h, p.id, { gold: 0, magic_essence: 0, combat_tokens: 0 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        h.call('POST', '/api/arena/battle', {
          user_id: p.id,
          attacker_hero_id: a.id,
          opponent_id: 'npc_crypt_ghoul',
        }),
      ),
    );
    let gold = 0;
    let xp = 0;
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body.status === 'won').toBe(r.body.roll > 1 - r.body.probability);
      gold += r.body.rewards.gold - (r.body.stake_lost ?? 0);
      xp += r.body.rewards.xp_per_hero;
    }
    expect((await user(p.id)).gold).toBe(gold);
    const ids = results.map((r) => r.body.battle_id);
    expect(new Set(ids).size).toBe(12);
    const after = await hero(a.id);
    // xp carried over level-ups: total xp earned equals what the levels consumed plus what is left.
    const { xpToNextLevel } = await import('../../src/game/index.ts');
    let spent = 0;
    for (let l = a.level; l < after.level; l++) spent += xpToNextLevel(l);
    if (after.level < 10) expect(spent + after.xp).toBe(a.xp + xp);
  });
});
