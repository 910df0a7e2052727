// No number on screen is stale (issue "Trust, part two"), on SQLite and PostgreSQL: GET /api/odds says what its
// estimate is for (key, versions) — a hero that levels up makes a new key, and every fight states exactly the key
// and probability read before it —; it says what a win pays (win_rewards), equal to what the won fight then pays,
// for every kind of fight; and Find a fair match offers the opponents nearest an even duel by those same odds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpponentsResponse } from '../../src/api/arena.ts';
import { OddsResponse } from '../../src/api/odds.ts';
import { ODDS_SAMPLING } from '../../src/game/battle/odds.ts';
import { scaleRewards } from '../../src/game/rewards.ts';
import type { Hero } from '../../src/game/types.ts';
import { FAIR_CANDIDATES } from '../../src/server/battles/rating-store.ts';
import { startRatingRow } from '../../src/server/store/content-rows.ts';
import { heroColumns, heroFromRow, heroRow } from '../../src/server/store/hero-rows.ts';
import {
  DATABASES,
  newPlayer,
  setHeroPower,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

type Odds = ReturnType<typeof OddsResponse.parse>;

/** Rewrites a stored hero (test setup): its fields changed as given, its version raised like any write. */
async function editHero(h: Harness, id: string, change: Partial<Hero>): Promise<void> {
  await withStore(h, async (db) => {
    const row = await db.selectFrom('heroes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await db
      .updateTable('heroes')
      .set({ ...heroColumns({ ...heroFromRow(row), ...change }), version: row.version + 1 })
      .where('id', '=', id)
      .execute();
  });
}

/** Stores `hero` as `ownerId`'s under a new id, rated `rating` (test setup: an opponent whose odds are known). */
async function placeHero(
  h: Harness,
  ownerId: string,
  hero: Hero,
  id: string,
  rating: { rating: number; rd: number },
): Promise<void> {
  await withStore(h, async (db) => {
    await db
      .insertInto('heroes')
      .values(
        heroRow(
          { ...hero, id, user_id: ownerId, rating: undefined, version: undefined },
          { user_id: ownerId, created_at: 1 },
        ),
      )
      .execute();
    const row = startRatingRow({ id, level: hero.level }, 1);
    await db
      .insertInto('hero_ratings')
      .values({ ...row, ...rating, conservative: rating.rating - 2 * rating.rd })
      .execute();
  });
}

describe.each(DATABASES)('odds keys and what a win pays on %s', (kind) => {
  let h: Harness;
  // No odds cache: a read and the fight after it can only agree because the estimate is the matchup's own.
  beforeAll(async () => {
    h = await startHarness(kind, { oddsCacheSize: 0 });
  });
  afterAll(async () => h?.close());

  const odds = async (query: Record<string, string>): Promise<Odds> => {
    const r = await h.call('GET', `/api/odds?${new URLSearchParams(query)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return OddsResponse.parse(r.body);
  };
  const versionOf = async (id: string) => (await h.call('GET', `/api/heroes/${id}`)).body.version as number;

  it('a level-up makes a new key, and every quick battle states exactly the key and chance read before it', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    // One xp short of level 2: the first win levels the hero up.
    await editHero(h, a.id, { xp: 99 });
    let read = await odds({ user_id: p.id, kind: 'random', team: a.id });
    expect(read.versions).toEqual({ [a.id]: await versionOf(a.id) });
    expect(read.key).toBe(`random:encounter ${read.encounter}:${a.id}@${read.versions[a.id]}`);
    let levelled = false;
    for (let i = 0; i < 40 && !levelled; i++) {
      const fight = await h.call('POST', '/api/battles', {
        user_id: p.id,
        team_hero_ids: [a.id],
        mode: 'auto',
      });
      expect(fight.status).toBe(201);
      expect(fight.body.probability).toBe(read.probability);
      expect(fight.body.odds_key).toBe(read.key);
      const next = await odds({ user_id: p.id, kind: 'random', team: a.id });
      if (fight.body.status === 'won') {
        // xp (and here a level) changed the hero: its version and the key move on, whatever the new encounter.
        expect(next.versions[a.id]).toBeGreaterThan(read.versions[a.id]);
        expect(next.key).not.toBe(read.key);
        expect(next.key).toContain(`${a.id}@${await versionOf(a.id)}`);
        levelled = fight.body.level_ups.some((l: { hero_id: string }) => l.hero_id === a.id);
      } else expect(next.versions).toEqual(read.versions);
      read = next;
    }
    expect(levelled).toBe(true);
    expect((await h.call('GET', `/api/heroes/${a.id}`)).body.level).toBe(2);
    // The first fight at the new level states the number read for the hero as it now is.
    const after = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: [a.id],
      mode: 'auto',
    });
    expect(after.body.probability).toBe(read.probability);
    expect(after.body.odds_key).toBe(read.key);
  });

  it("arena and dungeon keys name the opponent's version and the floor; the fight states the same", async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    const theirs = await summonHero(h, q.id);
    const duel = await odds({ user_id: p.id, kind: 'arena', hero_id: mine.id, opponent_id: theirs.id });
    const [mv, tv] = [await versionOf(mine.id), await versionOf(theirs.id)];
    expect(duel.key).toBe(`arena:${theirs.id}@${tv}:${mine.id}@${mv}`);
    expect(duel.versions).toEqual({ [mine.id]: mv, [theirs.id]: tv });
    // The opponent changes (its owner used an item, say): a new key.
    await editHero(h, theirs.id, { atk: theirs.atk + 1 });
    const changed = await odds({ user_id: p.id, kind: 'arena', hero_id: mine.id, opponent_id: theirs.id });
    expect(changed.key).toBe(`arena:${theirs.id}@${tv + 1}:${mine.id}@${mv}`);
    const fought = await h.call('POST', '/api/arena/battle', {
      user_id: p.id,
      attacker_hero_id: mine.id,
      opponent_id: theirs.id,
    });
    expect(fought.body).toMatchObject({ odds_key: changed.key, probability: changed.probability });

    const b = await summonHero(h, p.id);
    const floor1 = await odds({ user_id: p.id, kind: 'dungeon', dungeon_id: 'whispering_woods', team: b.id });
    expect(floor1.key).toBe(
      `dungeon:whispering_woods floor 1 of ${floor1.floors}:${b.id}@${await versionOf(b.id)}`,
    );
    const run = (
      await h.call('POST', '/api/dungeons/whispering_woods/start', { user_id: p.id, team_hero_ids: [b.id] })
    ).body;
    const byRun = await odds({ user_id: p.id, kind: 'dungeon', run_id: run.id });
    expect(byRun.key).toBe(floor1.key);
    const result = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id });
    expect(result.body).toMatchObject({ odds_key: floor1.key, probability: floor1.probability });
  });

  it('win_rewards is what a won quick battle pays at the stated chance, and a turn-based win its own', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    // Wins to compare are made sure of: a summoned hero alone may meet long shots thirty times in a row (CI saw it).
    await setHeroPower(h, a.id, 'mighty');
    let wins = 0;
    for (let i = 0; i < 30 && wins < 2; i++) {
      const read = await odds({ user_id: p.id, kind: 'random', team: a.id });
      expect(read.win_rewards_turn_based!.gold).toBeGreaterThan(read.win_rewards.gold);
      const fight = await h.call('POST', '/api/battles', {
        user_id: p.id,
        team_hero_ids: [a.id],
        mode: 'auto',
      });
      expect(fight.body.probability).toBe(read.probability);
      if (fight.body.status !== 'won') continue;
      wins++;
      expect(fight.body.rewards).toEqual(read.win_rewards);
    }
    expect(wins).toBe(2);

    const read = await odds({ user_id: p.id, kind: 'random', team: a.id });
    const started = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id] });
    expect(started.status).toBe(201);
    let state = started.body;
    if (state.status === 'active')
      state = (await h.call('POST', `/api/battles/${state.battle_id}/action`, { user_id: p.id, auto: true }))
        .body;
    expect(state.status).toBe('won');
    expect(state.rewards).toEqual(read.win_rewards_turn_based);
  });

  it('win_rewards in the arena follows the repeat-win rule as the duel will meet it', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    // Its mirror, another player's: an even duel, so wins come at odds near 50%.
    const mirror = `h_mirror_${p.id.slice(2, 14)}`;
    await placeHero(h, q.id, mine, mirror, { rating: 1500, rd: 350 });
    let wins = 0;
    for (let i = 0; i < 30 && wins < 2; i++) {
      const read = await odds({ user_id: p.id, kind: 'arena', hero_id: mine.id, opponent_id: mirror });
      expect(read.repeat_win!.earlier_wins).toBe(wins);
      expect(read.win_rewards).toEqual(scaleRewards(read.repeat_win!.unreduced, wins === 0 ? 1 : 0.5));
      const fight = await h.call('POST', '/api/arena/battle', {
        user_id: p.id,
        attacker_hero_id: mine.id,
        opponent_id: mirror,
      });
      expect(fight.body.probability).toBe(read.probability);
      if (fight.body.status !== 'won') continue;
      wins++;
      expect(fight.body.rewards).toEqual(read.win_rewards);
      expect(fight.body.repeat_win).toEqual(read.repeat_win);
    }
    expect(wins).toBe(2);
  });

  it('win_rewards on a dungeon floor, and on the boss floor with the clear bonus, is what the win pays', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    const first = await odds({ user_id: p.id, kind: 'dungeon', dungeon_id: 'sunken_mines', team: a.id });
    expect(first.clear_bonus).toBeNull();
    const run = (
      await h.call('POST', '/api/dungeons/sunken_mines/start', { user_id: p.id, team_hero_ids: [a.id] })
    ).body;
    const floor1 = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id });
    expect(floor1.body.status).toBe('won');
    expect(floor1.body.rewards).toEqual(first.win_rewards);
    await withStore(h, (db) =>
      db.updateTable('dungeon_runs').set({ floor: run.floors }).where('id', '=', run.id).execute(),
    );
    const boss = await odds({ user_id: p.id, kind: 'dungeon', run_id: run.id });
    expect(boss.boss_floor).toBe(true);
    expect(boss.clear_bonus!.gold).toBeGreaterThan(0);
    const own = {
      gold: boss.win_rewards.gold - boss.clear_bonus!.gold,
      magic_essence: boss.win_rewards.magic_essence - boss.clear_bonus!.magic_essence,
    };
    expect(own.gold).toBeGreaterThan(0);
    expect(own.magic_essence).toBeGreaterThanOrEqual(0);
    const cleared = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id });
    expect(cleared.body).toMatchObject({ status: 'won', clear_bonus: true, probability: boss.probability });
    expect(cleared.body.rewards).toEqual(boss.win_rewards);
  });
});

describe.each(DATABASES)('Find a fair match on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const chance = async (userId: string, heroId: string, opponentId: string) => {
    const r = await h.call(
      'GET',
      `/api/odds?${new URLSearchParams({ user_id: userId, kind: 'arena', hero_id: heroId, opponent_id: opponentId })}`,
    );
    expect(r.status).toBe(200);
    return r.body.probability as number;
  };
  const fair = async (userId: string, heroId: string, limit = 6) => {
    const r = await h.call('GET', `/api/arena/opponents?user_id=${userId}&hero_id=${heroId}&limit=${limit}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return OpponentsResponse.parse(r.body);
  };

  it('offers the candidate nearest an even duel first, not the one nearest in rating', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    // A settled rating far above every NPC (the highest starts at 2383): the candidates are the 24 rated nearest it.
    await withStore(h, (db) =>
      db
        .updateTable('hero_ratings')
        .set({ rating: 3000, rd: 60, conservative: 2880 })
        .where('hero_id', '=', mine.id)
        .execute(),
    );
    const tag = p.id.slice(2, 12);
    const [giant, weakling, mirror] = [`h_giant_${tag}`, `h_weak_${tag}`, `h_mirror_${tag}`];
    // Rated nearest: a level-10 copy in giant's strength (a long shot) and a feeble one (a sure thing);
    // rated farther: the hero's mirror, an even duel by the odds.
    await placeHero(h, q.id, { ...mine, level: 10, hp: 90000, max_hp: 90000, atk: 9000 }, giant, {
      rating: 2999,
      rd: 60,
    });
    await placeHero(h, q.id, { ...mine, hp: 1, max_hp: 1, atk: 1, def: 0 }, weakling, {
      rating: 3001,
      rd: 60,
    });
    await placeHero(h, q.id, mine, mirror, { rating: 2700, rd: 60 });
    expect(await chance(p.id, mine.id, giant)).toBe(0);
    expect(await chance(p.id, mine.id, weakling)).toBe(1);

    const found = await fair(p.id, mine.id);
    expect(found.opponents).toHaveLength(6);
    expect(found.probabilities).toHaveLength(6);
    // Each chance is the duel's own (the number GET /api/odds and the fight state), nearest 50% first.
    for (const [i, o] of found.opponents.entries()) {
      expect(o.user_id).not.toBe(p.id);
      expect(found.probabilities[i]).toBe(await chance(p.id, mine.id, o.id));
      // whose each is, by name (an NPC: none), so a page never names an opponent by its id
      const owner = o.user_id ? (await h.call('GET', `/api/users/${o.user_id}`)).body.username : null;
      expect(found.owners[i]).toBe(owner);
    }
    const gaps = found.probabilities.map((x) => Math.abs(x - 0.5));
    expect(gaps).toEqual([...gaps].sort((x, y) => x - y));
    // The first offered is the candidate nearest 50% of all of them: every hero rated nearer 3000 than the 24th
    // nearest is a candidate, so none of those may be nearer an even duel.
    const rows = await withStore(h, (db) =>
      db
        .selectFrom('hero_ratings as r')
        .innerJoin('heroes as x', 'x.id', 'r.hero_id')
        .select(['r.hero_id', 'r.rating', 'x.user_id'])
        .execute(),
    );
    const others = rows
      .filter((r) => r.user_id !== p.id)
      .sort((a, b) => Math.abs(a.rating - 3000) - Math.abs(b.rating - 3000));
    const edge = Math.abs(others[FAIR_CANDIDATES - 1].rating - 3000);
    const sure = others.filter((r) => Math.abs(r.rating - 3000) < edge);
    expect(sure.map((r) => r.hero_id)).toEqual(expect.arrayContaining([giant, weakling, mirror]));
    for (const r of sure)
      expect(Math.abs((await chance(p.id, mine.id, r.hero_id)) - 0.5)).toBeGreaterThanOrEqual(gaps[0]);
    // The mirror is an even duel: offered, ahead of the two rated nearest. Its estimate is a sample (95% within
    // ±ODDS_SAMPLING.half of 50%; CI drew 52.2%), so the bound is twice that: about four standard errors.
    expect(found.opponents.map((o) => o.id)).toContain(mirror);
    expect(gaps[0]).toBeLessThanOrEqual(2 * ODDS_SAMPLING.half);
    const ids = found.opponents.map((o) => o.id);
    for (const far of [giant, weakling])
      if (ids.includes(far)) expect(ids.indexOf(far)).toBeGreaterThan(ids.indexOf(mirror));
  });

  it('weighs a provisional hero against the rating its level is worth, not only the 1500 every newcomer has', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    await editHero(h, mine.id, { level: 6 });
    const levelled = (await h.call('GET', `/api/heroes/${mine.id}`)).body as Hero;
    expect(levelled.rating).toMatchObject({ rating: 1500, rd: 350 });
    // Its mirror, settled at the level-6 rating: far from 1500 (past the 24 rated nearest it), found by level.
    const tag = p.id.slice(2, 12);
    const mirror = `h_mirror6_${tag}`;
    await placeHero(h, q.id, levelled, mirror, { rating: 2040, rd: 60 });
    // Newcomers of level 1 at 1500, so that more than 24 heroes are rated nearer 1500 than the mirror is.
    for (let i = 0; i < 8; i++)
      await placeHero(h, q.id, { ...levelled, level: 1 }, `h_new${i}_${tag}`, { rating: 1500, rd: 350 });
    const nearer = await withStore(h, (db) =>
      db
        .selectFrom('hero_ratings as r')
        .innerJoin('heroes as x', 'x.id', 'r.hero_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('r.rating', '>', 1500 - 540)
        .where('r.rating', '<', 1500 + 540)
        .where((eb) => eb.or([eb('x.user_id', 'is', null), eb('x.user_id', '!=', p.id)]))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(nearer.n)).toBeGreaterThan(FAIR_CANDIDATES);
    const found = await fair(p.id, mine.id, 12);
    expect(found.opponents.map((o) => o.id)).toContain(mirror);
    expect(Math.abs(found.probabilities[0] - 0.5)).toBeLessThanOrEqual(
      Math.abs((await chance(p.id, mine.id, mirror)) - 0.5),
    );
  });

  it('refuses what is not yours and bad limits, and never answers a 5xx', async () => {
    const p = await newPlayer(h);
    const other = await newPlayer(h);
    const mine = await summonHero(h, p.id);
    expect((await h.call('GET', `/api/arena/opponents?user_id=${other.id}&hero_id=${mine.id}`)).status).toBe(
      403,
    );
    expect((await h.call('GET', `/api/arena/opponents?user_id=${p.id}&hero_id=h_nope`)).status).toBe(404);
    for (const q of ['limit=0', 'limit=13', 'limit=x', 'hero_id=%00'])
      expect(
        (
          await h.call(
            'GET',
            `/api/arena/opponents?user_id=${p.id}${q.startsWith('hero') ? '' : `&hero_id=${mine.id}`}&${q}`,
          )
        ).status,
        q,
      ).toBe(400);
  });
});
