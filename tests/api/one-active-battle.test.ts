// One turn-based battle at a time (issue 9): starting another ends the active one as lost with no rewards, and
// says so; GET /api/battles/active finds the one in play. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartedBattle } from '../../src/api/battles.ts';
import { ABANDONED_TEXT } from '../../src/server/fights/battle-view.ts';
import {
  DATABASES,
  goldMoved,
  newPlayer,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

describe.each(DATABASES)('one active turn-based battle per player on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  /** Starts turn-based battles until one is still in play (a rare one ends before the player acts). */
  async function startActive(userId: string, team: string[]) {
    for (let i = 0; i < 10; i++) {
      const r = await h.call('POST', '/api/battles', { user_id: userId, team_hero_ids: team });
      expect(r.status).toBe(201);
      StartedBattle.parse(r.body);
      if (r.body.status === 'active') return r.body;
    }
    throw new Error('no battle stayed active');
  }
  const activeRows = (userId: string) =>
    withStore(h, (db) =>
      db
        .selectFrom('battles')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', '=', 'turn_based')
        .where('status', '=', 'active')
        .execute(),
    );

  it('ends the active battle as a loss with no rewards, names it in the answer, and finds the new one', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    expect((await h.call('GET', `/api/battles/active?user_id=${p.id}`)).body).toEqual({ battle: null });
    const first = await startActive(p.id, [hero.id]);
    const active = (await h.call('GET', `/api/battles/active?user_id=${p.id}`)).body;
    expect(active.battle).toMatchObject({
      battle_id: first.battle_id,
      location: first.location,
      run_id: null,
    });
    const before = {
      user: (await h.call('GET', `/api/users/${p.id}`)).body,
      hero: (await h.call('GET', `/api/heroes/${hero.id}`)).body,
    };

    const second = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id] });
    expect(second.status).toBe(201);
    expect(second.body.ended_battle).toEqual({ battle_id: first.battle_id, location: first.location });
    expect(second.body.battle_id).not.toBe(first.battle_id);

    const ended = (await h.call('GET', `/api/battles/${first.battle_id}`)).body;
    expect(ended.status).toBe('lost');
    expect(ended.pending_options).toEqual([]);
    expect(ended.rewards).toEqual({ gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 });
    expect(ended.events.at(-1).description).toBe(ABANDONED_TEXT);
    const act = await h.call('POST', `/api/battles/${first.battle_id}/action`, {
      user_id: p.id,
      option_id: first.pending_options[0].id,
    });
    expect(act).toEqual({ status: 409, body: { error: 'This battle is already over' } });

    // Nothing paid for the abandoned one (the new one may have ended at once and paid its own way).
    if (second.body.status === 'active') {
      expect((await h.call('GET', `/api/users/${p.id}`)).body).toEqual(before.user);
      expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.xp).toBe(before.hero.xp);
      expect((await h.call('GET', `/api/battles/active?user_id=${p.id}`)).body.battle.battle_id).toBe(
        second.body.battle_id,
      );
    }
    // A quick battle creates no turn-based battle: it ends nothing.
    const quick = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: [hero.id],
      mode: 'auto',
    });
    expect(quick.status).toBe(201);
    expect(quick.body.ended_battle).toBeUndefined();
    expect((await activeRows(p.id)).length).toBe(second.body.status === 'active' ? 1 : 0);
  });

  it('a player with no battle in play ends nothing; a battle idle past the expiry is expired, not lost', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const old = await startActive(p.id, [hero.id]);
    await withStore(h, (db) =>
      db.updateTable('battles').set({ updated_at: 1 }).where('id', '=', old.battle_id).execute(),
    );
    expect((await h.call('GET', `/api/battles/active?user_id=${p.id}`)).body).toEqual({ battle: null });
    const next = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id] });
    expect(next.body.ended_battle).toBeNull();
    expect((await h.call('GET', `/api/battles/${old.battle_id}`)).status).toBe(404);
  });

  it('starts racing for one player leave exactly one battle in play, every other one lost, no 5xx', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const starts = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id] }),
      ),
    );
    expect(starts.map((r) => r.status)).toEqual(Array(6).fill(201));
    const stillActive = starts.filter((r) => r.body.status === 'active').map((r) => r.body.battle_id);
    const rows = await activeRows(p.id);
    expect(rows.length).toBeLessThanOrEqual(1);
    // Every battle that was in play when the next one started is named by exactly one answer.
    const ended = starts.map((r) => r.body.ended_battle?.battle_id).filter(Boolean);
    expect(new Set(ended).size).toBe(ended.length);
    expect(ended.length + rows.length).toBe(stillActive.length);
    const gold = (await h.call('GET', `/api/users/${p.id}`)).body.gold;
    // A battle that ended at once paid its win or took its loss's stake; an abandoned one took nothing.
    const moved = starts.reduce((n, r) => n + goldMoved(r.body), 0);
    expect(gold).toBe(p.gold + moved);
  });

  it('refuses a missing user_id on the active-battle read with a 400', async () => {
    const r = await h.call('GET', '/api/battles/active');
    expect(r.status).toBe(400);
    expect(typeof r.body.error).toBe('string');
  });
});
