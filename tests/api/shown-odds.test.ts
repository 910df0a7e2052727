// A shown chance is the one fought, even across devices (issue "A second week worth playing"), on SQLite and
// PostgreSQL: every fight that rolls or starts against a planned matchup — a quick random battle, a turn-based one,
// an arena duel, a dungeon floor at once and turn by turn, a campaign stage at once and turn by turn — takes the
// odds_key it was shown. A fresh key fights; a stale one (another device fought meanwhile) is a 409 with the new
// chance, the odds answer as GET /api/odds gives it now, and changes nothing: no battle, no balance, no rating, the
// encounter not redrawn, the run where it was, no idempotency record. Without a key a fight is fought as it is now.
// And a run that is over is read, not refused: its odds are what comes next, floor 1 of a new run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangedOdds, OddsResponse } from '../../src/api/odds.ts';
import { oddsChanged } from '../../src/api/rules.ts';
import {
  DATABASES,
  mightyPlayer,
  newPlayer,
  setHeroPower,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

type Odds = ReturnType<typeof OddsResponse.parse>;

describe.each(DATABASES)('a fight names the odds it was shown, on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const odds = async (query: Record<string, string>): Promise<Odds> => {
    const r = await h.call('GET', `/api/odds?${new URLSearchParams(query)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return OddsResponse.parse(r.body);
  };

  /** Everything a fight could change for the player (and the heroes named): a stale key must change none of it. */
  const standing = async (userId: string, heroIds: string[] = []) => {
    const user = (await h.call('GET', `/api/users/${userId}`)).body;
    return withStore(h, async (db) => ({
      balances: [user.gold, user.magic_essence, user.summoning_scrolls, user.combat_tokens],
      battles: await db
        .selectFrom('battles')
        .select(['id', 'status'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      ledger: (await db.selectFrom('ledger').select('id').where('user_id', '=', userId).execute()).length,
      encounter: await db
        .selectFrom('next_encounters')
        .select(['band', 'drawn_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      runs: await db
        .selectFrom('dungeon_runs')
        .select(['id', 'floor', 'status'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      campaign: await db
        .selectFrom('campaign_progress')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      heroes: await db
        .selectFrom('heroes')
        .select(['id', 'version', 'xp'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      ratings: heroIds.length
        ? await db
            .selectFrom('hero_ratings')
            .selectAll()
            .where('hero_id', 'in', heroIds)
            .orderBy('hero_id')
            .execute()
        : [],
      daily: await db.selectFrom('daily_progress').selectAll().where('user_id', '=', userId).execute(),
      idempotency: (await db.selectFrom('idempotency_keys').select('key').execute()).length,
    }));
  };

  /**
   * Sends a fight with a stale key (and an Idempotency-Key, which no fight keeps): a 409 whose body is the new
   * chance — the odds answer GET /api/odds gives now, `now` — and nothing changed.
   */
  const refusedStale = async (
    url: string,
    body: Record<string, unknown>,
    now: Odds,
    before: Awaited<ReturnType<typeof standing>>,
    heroIds: string[] = [],
  ) => {
    const res = await h.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'idempotency-key': `stale-${Math.random().toString(36).slice(2)}` },
    });
    expect(res.statusCode, res.body).toBe(409);
    const changed = ChangedOdds.parse(res.json());
    expect(changed.error).toBe(oddsChanged(now.probability));
    expect(changed.odds_key).toBe(now.key);
    // The odds answer as a read gives it (a read by run_id also says the run is active).
    const { run_status: _status, ...read } = now;
    expect(changed).toEqual({ ...read, error: changed.error, odds_key: now.key });
    expect(await standing(body.user_id as string, heroIds)).toEqual(before);
    return changed;
  };

  /** Another device's quick battle with `heroId`, which a mighty hero always wins: its xp moves its version on. */
  const foughtElsewhere = async (userId: string, heroId: string) => {
    const r = await h.call('POST', '/api/battles', {
      user_id: userId,
      team_hero_ids: [heroId],
      mode: 'auto',
    });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('won');
  };

  it('a quick random battle: a new encounter drawn elsewhere is a 409 with its chance; the fresh key fights it', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const query = { user_id: p.id, kind: 'random', team: a.id };
    const shown = await odds(query);
    // Another device fought the shown encounter and drew the next one.
    await withStore(h, (db) =>
      db
        .updateTable('next_encounters')
        .set({ band: (shown.encounter! + 5) % 16 })
        .where('user_id', '=', p.id)
        .execute(),
    );
    const now = await odds(query);
    expect(now.key).not.toBe(shown.key);
    const body = { user_id: p.id, team_hero_ids: [a.id], mode: 'auto', odds_key: shown.key };
    const changed = await refusedStale('/api/battles', body, now, await standing(p.id));
    expect(changed.encounter).toBe((shown.encounter! + 5) % 16);
    expect(changed.enemies).toEqual(now.enemies);

    const fought = await h.call('POST', '/api/battles', { ...body, odds_key: changed.odds_key });
    expect(fought.status).toBe(201);
    expect(fought.body).toMatchObject({ odds_key: now.key, probability: now.probability });
  });

  it('a quick random battle: a hero changed by a fight elsewhere is a 409; without a key it is fought as it is', async () => {
    const { p, hero } = await mightyPlayer(h);
    const query = { user_id: p.id, kind: 'random', team: hero.id };
    const shown = await odds(query);
    await foughtElsewhere(p.id, hero.id);
    const now = await odds(query);
    const body = { user_id: p.id, team_hero_ids: [hero.id], mode: 'auto' };
    await refusedStale('/api/battles', { ...body, odds_key: shown.key }, now, await standing(p.id));
    // An API client that sends no key fights as before.
    const plain = await h.call('POST', '/api/battles', body);
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ odds_key: now.key, probability: now.probability });
  });

  it('a turn-based random battle started from shown odds: stale is a 409 and no battle; fresh opens it', async () => {
    const { p, hero } = await mightyPlayer(h);
    const query = { user_id: p.id, kind: 'random', team: hero.id };
    const shown = await odds(query);
    await foughtElsewhere(p.id, hero.id);
    const now = await odds(query);
    const body = { user_id: p.id, team_hero_ids: [hero.id], mode: 'turn_based' };
    await refusedStale('/api/battles', { ...body, odds_key: shown.key }, now, await standing(p.id));
    expect((await h.call('GET', `/api/battles/active?user_id=${p.id}`)).body.battle).toBeNull();
    const opened = await h.call('POST', '/api/battles', { ...body, odds_key: now.key });
    expect(opened.status).toBe(201);
    expect(opened.body.kind).toBe('turn_based');
  });

  it('an arena duel: either side changed since is a 409 with the new chance, ratings untouched; fresh fights', async () => {
    const { p, hero } = await mightyPlayer(h);
    const q = await newPlayer(h);
    const theirs = await summonHero(h, q.id);
    const query = { user_id: p.id, kind: 'arena', hero_id: hero.id, opponent_id: theirs.id };
    // The opponent's duel is read so its rating row exists, then the attacker fights elsewhere.
    const shown = await odds(query);
    await foughtElsewhere(p.id, hero.id);
    let now = await odds(query);
    const body = { user_id: p.id, attacker_hero_id: hero.id, opponent_id: theirs.id };
    const ids = [hero.id, theirs.id];
    await refusedStale(
      '/api/arena/battle',
      { ...body, odds_key: shown.key },
      now,
      await standing(p.id, ids),
      ids,
    );
    // The opponent changes (its owner got stronger): the key read a moment ago is stale too.
    await setHeroPower(h, theirs.id, 'feeble');
    const before = now;
    now = await odds(query);
    expect(now.key).not.toBe(before.key);
    await refusedStale(
      '/api/arena/battle',
      { ...body, odds_key: before.key },
      now,
      await standing(p.id, ids),
      ids,
    );
    const fought = await h.call('POST', '/api/arena/battle', { ...body, odds_key: now.key });
    expect(fought.status).toBe(200);
    expect(fought.body).toMatchObject({ odds_key: now.key, probability: now.probability });
  });

  it('a dungeon floor at once: stale is a 409 with the floor as it is now, the run where it was; fresh fights', async () => {
    const { p, hero } = await mightyPlayer(h);
    const run = (
      await h.call('POST', '/api/dungeons/sunken_mines/start', { user_id: p.id, team_hero_ids: [hero.id] })
    ).body;
    const query = { user_id: p.id, kind: 'dungeon', run_id: run.id };
    const shown = await odds(query);
    await foughtElsewhere(p.id, hero.id);
    let now = await odds(query);
    const url = `/api/dungeon-runs/${run.id}/battle`;
    await refusedStale(url, { user_id: p.id, floor: 1, odds_key: shown.key }, now, await standing(p.id));
    // Another device fought floor 1: a client that names only the key learns floor 2's chance.
    const elsewhere = await h.call('POST', url, { user_id: p.id, floor: 1 });
    expect(elsewhere.body.run.floor).toBe(2);
    const floor1 = now;
    now = await odds(query);
    expect(now.floor).toBe(2);
    const changed = await refusedStale(
      url,
      { user_id: p.id, odds_key: floor1.key },
      now,
      await standing(p.id),
    );
    expect(changed.floor).toBe(2);
    // A client that names the floor it meant is told the floor moved on, as before.
    const moved = await h.call('POST', url, { user_id: p.id, floor: 1, odds_key: floor1.key });
    expect(moved).toEqual({
      status: 409,
      body: { error: `Floor 1 has already been fought: your run is now at floor 2 of ${run.floors}` },
    });
    const fought = await h.call('POST', url, { user_id: p.id, floor: 2, odds_key: now.key });
    expect(fought.status).toBe(200);
    expect(fought.body).toMatchObject({ odds_key: now.key, probability: now.probability });
    expect(fought.body.run.floor).toBe(3);
  });

  it('a dungeon floor turn by turn: stale is a 409 and no battle; fresh opens it', async () => {
    const { p, hero } = await mightyPlayer(h);
    const run = (
      await h.call('POST', '/api/dungeons/sunken_mines/start', { user_id: p.id, team_hero_ids: [hero.id] })
    ).body;
    const query = { user_id: p.id, kind: 'dungeon', run_id: run.id };
    const shown = await odds(query);
    await foughtElsewhere(p.id, hero.id);
    const now = await odds(query);
    const url = `/api/dungeon-runs/${run.id}/battle`;
    const body = { user_id: p.id, floor: 1, mode: 'turn_based' };
    await refusedStale(url, { ...body, odds_key: shown.key }, now, await standing(p.id));
    const opened = await h.call('POST', url, { ...body, odds_key: now.key });
    expect(opened.status).toBe(201);
    expect(opened.body.dungeon).toMatchObject({ run_id: run.id, floor: 1 });
  });

  it('a campaign stage at once and turn by turn: stale is a 409, progress untouched; fresh fights', async () => {
    const { p, hero } = await mightyPlayer(h);
    const query = { user_id: p.id, kind: 'campaign', stage_id: '1-1', team: hero.id };
    const shown = await odds(query);
    await foughtElsewhere(p.id, hero.id);
    const now = await odds(query);
    const url = '/api/campaign/stages/1-1/battle';
    const body = { user_id: p.id, team_hero_ids: [hero.id] };
    for (const mode of ['auto', 'turn_based'])
      await refusedStale(url, { ...body, mode, odds_key: shown.key }, now, await standing(p.id));
    const turns = await h.call('POST', url, { ...body, mode: 'turn_based', odds_key: now.key });
    expect(turns.status).toBe(201);
    expect(turns.body.kind).toBe('turn_based');
    const atOnce = await h.call('POST', url, { ...body, mode: 'auto', odds_key: now.key });
    expect(atOnce.status).toBe(201);
    expect(atOnce.body).toMatchObject({ odds_key: now.key, probability: now.probability, status: 'won' });
    expect(atOnce.body.campaign).toMatchObject({ stage_id: '1-1', cleared: 1 });
  });

  it('a run that is over is read, not refused: its odds are floor 1 of a new run with its team', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'feeble');
    const run = (
      await h.call('POST', '/api/dungeons/whispering_woods/start', { user_id: p.id, team_hero_ids: [a.id] })
    ).body;
    const lost = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor: 1 });
    expect(lost.body.run.status).toBe('failed');
    const after = await odds({ user_id: p.id, kind: 'dungeon', run_id: run.id });
    const anew = await odds({ user_id: p.id, kind: 'dungeon', dungeon_id: 'whispering_woods', team: a.id });
    expect(after).toEqual({ ...anew, run_status: 'failed' });
    expect(after).toMatchObject({ floor: 1, boss_floor: false, team_hero_ids: [a.id] });
    // An active run's read says so too; its fight is still refused once the run is over.
    const next = (
      await h.call('POST', '/api/dungeons/whispering_woods/start', { user_id: p.id, team_hero_ids: [a.id] })
    ).body;
    expect((await odds({ user_id: p.id, kind: 'dungeon', run_id: next.id })).run_status).toBe('active');
    expect(await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id })).toEqual({
      status: 409,
      body: { error: 'This dungeon run is over (failed): start a new one' },
    });
  });
});
