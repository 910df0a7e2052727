// Find a fair match on the real server, SQLite and PostgreSQL (src/server/fights/fair-matches.ts): every offered
// opponent's stated chance is 40–60% and is the duel's own (GET /api/odds, the fight) — for a weak new hero, a mid
// one and one far beyond level 10 5★ (sparring partners, trained); real heroes from the ladder come first; the same
// set all day, another at each refresh and on the player's next day (the clock moved); an offered sparring partner
// is fought like any arena opponent (rating, pay, the repeat-win rule); bad input is refused with a 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpponentsResponse } from '../../src/api/arena.ts';
import { OddsResponse } from '../../src/api/odds.ts';
import { FAIR_CHANCE, isSparringId } from '../../src/game/sparring.ts';
import { MAX_TRAINING } from '../../src/game/training.ts';
import type { Hero } from '../../src/game/types.ts';
import { startRatingRow } from '../../src/server/store/content-rows.ts';
import { heroColumns, heroFromRow, heroRow } from '../../src/server/store/hero-rows.ts';
import {
  DATABASES,
  giveHero,
  newPlayer,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

const DAY = 86_400_000;

describe.each(DATABASES)('Find a fair match on %s', (kind) => {
  let h: Harness;
  let now = Date.parse('2026-11-27T12:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  const fair = async (userId: string, heroId: string, limit = 6) => {
    const r = await h.call('GET', `/api/arena/opponents?user_id=${userId}&hero_id=${heroId}&limit=${limit}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return OpponentsResponse.parse(r.body);
  };
  const refresh = async (userId: string, heroId: string, limit?: number) => {
    const r = await h.call('POST', '/api/arena/opponents/refresh', {
      user_id: userId,
      hero_id: heroId,
      limit,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return OpponentsResponse.parse(r.body);
  };
  const odds = async (userId: string, heroId: string, opponentId: string) => {
    const q = new URLSearchParams({
      user_id: userId,
      kind: 'arena',
      hero_id: heroId,
      opponent_id: opponentId,
    });
    const r = await h.call('GET', `/api/odds?${q}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return OddsResponse.parse(r.body);
  };
  const ids = (r: OpponentsResponse) => r.opponents.map((o) => o.id);

  /** Every offered chance within 40–60%, the duel's own, none the player's; answers the set. */
  async function expectFair(userId: string, heroId: string, found: OpponentsResponse) {
    expect(found.opponents).toHaveLength(found.probabilities.length);
    expect(found.sparring).toHaveLength(found.probabilities.length);
    expect(found.owners).toHaveLength(found.probabilities.length);
    for (const [i, o] of found.opponents.entries()) {
      expect(found.probabilities[i]).toBeGreaterThanOrEqual(FAIR_CHANCE.low);
      expect(found.probabilities[i]).toBeLessThanOrEqual(FAIR_CHANCE.high);
      expect(o.user_id).not.toBe(userId);
      expect(o.rating).toBeDefined();
      expect(found.sparring[i]).toBe(isSparringId(o.id));
      // whose each is, by name (an NPC: none), so a page never names an opponent by its id
      const owner = o.user_id ? (await h.call('GET', `/api/users/${o.user_id}`)).body.username : null;
      expect(found.owners[i]).toBe(owner);
      expect((await odds(userId, heroId, o.id)).probability).toBe(found.probabilities[i]);
    }
    const gaps = found.probabilities.map((p) => Math.abs(p - 0.5));
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b));
    expect(new Set(ids(found)).size).toBe(found.opponents.length);
  }

  /** Rewrites a stored hero's fighting stats (test setup), its version raised like any write. */
  async function scaleStats(id: string, by: number): Promise<Hero> {
    return withStore(h, async (db) => {
      const row = await db.selectFrom('heroes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const hero = heroFromRow(row);
      const max_hp = Math.round(hero.max_hp * by);
      const scaled = {
        ...hero,
        max_hp,
        hp: max_hp,
        atk: Math.round(hero.atk * by),
        def: Math.round(hero.def * by),
      };
      await db
        .updateTable('heroes')
        .set({ ...heroColumns(scaled), version: row.version + 1 })
        .where('id', '=', id)
        .execute();
      return scaled;
    });
  }

  it('a weak new hero: six opponents, each stated 40–60% and the duel’s own', async () => {
    const p = await newPlayer(h);
    const mine = await giveHero(h, p.id, 1, 1);
    const found = await fair(p.id, mine.id);
    expect(found.opponents).toHaveLength(6);
    expect(found.hero.id).toBe(mine.id);
    expect(found.draw).toBe(0);
    expect(found.day).toBe('2026-11-27');
    await expectFair(p.id, mine.id, found);
    // A sparring partner is near the hero: level within two, rarity within one.
    for (const [i, o] of found.opponents.entries())
      if (found.sparring[i]) {
        expect(Math.abs(o.level - 1)).toBeLessThanOrEqual(2);
        expect(o.rarity).toBeLessThanOrEqual(2);
        expect(o.user_id).toBeNull();
      }
  });

  it('a mid hero (level 5, 3★): twelve opponents, each 40–60%', async () => {
    const p = await newPlayer(h);
    const mine = await giveHero(h, p.id, 3, 5);
    const found = await fair(p.id, mine.id, 12);
    expect(found.opponents).toHaveLength(12);
    await expectFair(p.id, mine.id, found);
  });

  it('a hero far beyond level 10 5★: trained sparring partners, each 40–60%', async () => {
    const p = await newPlayer(h);
    const top = await giveHero(h, p.id, 5, 10);
    await scaleStats(top.id, 2.2);
    const found = await fair(p.id, top.id);
    expect(found.opponents).toHaveLength(6);
    await expectFair(p.id, top.id, found);
    // No one on the ladder comes near it: every one is a partner at level 10 5★, trained well past it.
    expect(found.sparring).toEqual(found.sparring.map(() => true));
    for (const o of found.opponents) {
      expect(o).toMatchObject({ level: 10, rarity: 5, user_id: null });
      const training = Number(o.id.split('_').at(-1));
      expect(training).toBeGreaterThan(10);
      expect(training).toBeLessThanOrEqual(MAX_TRAINING);
      expect(o.training).toBe(training);
    }
  });

  it('real heroes from the ladder come before sparring partners', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const mine = await giveHero(h, p.id, 2, 4);
    // Three copies of the hero, another player's and rated beside it: mirror duels, even by the odds.
    const mirrors = [0, 1, 2].map((i) => `h_mirror${i}_${p.id.slice(2, 12)}`);
    await withStore(h, async (db) => {
      for (const id of mirrors) {
        await db
          .insertInto('heroes')
          .values(heroRow({ ...mine, id, user_id: q.id }, { user_id: q.id, created_at: 1 }))
          .execute();
        await db
          .insertInto('hero_ratings')
          .values(startRatingRow({ id, level: mine.level, user_id: q.id }, 1))
          .execute();
      }
    });
    for (const id of mirrors) {
      const chance = (await odds(p.id, mine.id, id)).probability;
      expect(chance).toBeGreaterThanOrEqual(FAIR_CHANCE.low);
      expect(chance).toBeLessThanOrEqual(FAIR_CHANCE.high);
    }
    const found = await fair(p.id, mine.id);
    await expectFair(p.id, mine.id, found);
    expect(ids(found)).toEqual(expect.arrayContaining(mirrors));
  });

  it('the same set all day; a refresh gives another; the next day another again', async () => {
    const p = await newPlayer(h);
    const mine = await giveHero(h, p.id, 2, 3);
    const first = await fair(p.id, mine.id);
    expect(first.opponents).toHaveLength(6);
    // Asked again the same day: the same set, the same chances.
    const again = await fair(p.id, mine.id);
    expect(ids(again).sort()).toEqual(ids(first).sort());
    expect(again.draw).toBe(0);

    // A refresh: the day's next draw, none of the set before it, every chance fair; then kept for the day.
    const second = await refresh(p.id, mine.id);
    expect(second.draw).toBe(1);
    expect(second.opponents).toHaveLength(6);
    await expectFair(p.id, mine.id, second);
    for (const id of ids(second)) expect(ids(first)).not.toContain(id);
    expect(ids(await fair(p.id, mine.id)).sort()).toEqual(ids(second).sort());
    const third = await refresh(p.id, mine.id);
    expect(third.draw).toBe(2);
    for (const id of ids(third)) expect(ids(second)).not.toContain(id);

    // The player's next day (the reset at 04:00 UTC passed): a new set, none of the last one's.
    now += DAY;
    const tomorrow = await fair(p.id, mine.id);
    expect(tomorrow.day).toBe('2026-11-28');
    expect(tomorrow.draw).toBe(0);
    expect(tomorrow.opponents).toHaveLength(6);
    await expectFair(p.id, mine.id, tomorrow);
    for (const id of ids(tomorrow)) expect(ids(third)).not.toContain(id);
    now += DAY;
    const after = await fair(p.id, mine.id);
    expect(after.day).toBe('2026-11-29');
    for (const id of ids(after)) expect(ids(tomorrow)).not.toContain(id);
  });

  it('an opponent no longer fair is replaced the same day; a smaller limit answers the fairest of the set', async () => {
    const p = await newPlayer(h);
    const mine = await giveHero(h, p.id, 3, 6);
    const first = await fair(p.id, mine.id);
    const few = await fair(p.id, mine.id, 2);
    expect(ids(few)).toEqual(ids(first).slice(0, 2));
    // The hero grows far stronger: yesterday's even duels are now sure things, so the set is drawn again.
    await scaleStats(mine.id, 1.6);
    const stronger = await fair(p.id, mine.id);
    expect(stronger.opponents).toHaveLength(6);
    await expectFair(p.id, mine.id, stronger);
    expect(ids(stronger)).not.toEqual(ids(first));
  });

  it('an offered sparring partner is fought like any arena opponent: the stated chance, ratings, pay, repeat wins', async () => {
    const p = await newPlayer(h);
    const top = await giveHero(h, p.id, 5, 10);
    await scaleStats(top.id, 1.8);
    const found = await fair(p.id, top.id, 1);
    const partner = found.opponents[0]!;
    expect(found.sparring[0]).toBe(true);
    let wins = 0;
    for (let fights = 0; wins < 2; fights++) {
      expect(fights, 'two wins in 40 duels of a 40–60% chance').toBeLessThan(40);
      const before = await odds(p.id, top.id, partner.id);
      const r = await h.call('POST', '/api/arena/battle', {
        user_id: p.id,
        attacker_hero_id: top.id,
        opponent_id: partner.id,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.probability).toBe(found.probabilities[0]);
      expect(r.body.odds_key).toBe(before.key);
      expect(r.body.ratings.opponent.hero_id).toBe(partner.id);
      expect(r.body.ratings.opponent.after.rating).not.toBe(r.body.ratings.opponent.before.rating);
      if (r.body.status !== 'won') continue;
      wins++;
      expect(r.body.rewards).toEqual(before.win_rewards);
      expect(r.body.repeat_win.earlier_wins).toBe(wins - 1);
    }
    // Its rating row is its own, on the ladder like any NPC's.
    const row = await withStore(h, (db) =>
      db.selectFrom('hero_ratings').selectAll().where('hero_id', '=', partner.id).executeTakeFirstOrThrow(),
    );
    expect(row.wins + row.losses).toBeGreaterThanOrEqual(2);
  });

  it('a dismissed hero takes its offer with it', async () => {
    const p = await newPlayer(h);
    const mine = await giveHero(h, p.id, 1, 2);
    await giveHero(h, p.id, 1, 1);
    await fair(p.id, mine.id, 1);
    const offers = () =>
      withStore(h, (db) =>
        db.selectFrom('fair_offers').select('hero_id').where('hero_id', '=', mine.id).execute(),
      );
    expect(await offers()).toHaveLength(1);
    const gone = await h.call('DELETE', `/api/heroes/${mine.id}?user_id=${p.id}`);
    expect(gone.status, JSON.stringify(gone.body)).toBeLessThan(300);
    expect(await offers()).toHaveLength(0);
  });

  it('refuses what is not yours and bad input with a 4xx, and changes nothing', async () => {
    const p = await newPlayer(h);
    const other = await newPlayer(h);
    const mine = await giveHero(h, p.id, 1, 1);
    expect((await h.call('GET', `/api/arena/opponents?user_id=${other.id}&hero_id=${mine.id}`)).status).toBe(
      403,
    );
    expect((await h.call('GET', `/api/arena/opponents?user_id=${p.id}&hero_id=h_nope`)).status).toBe(404);
    for (const q of ['limit=0', 'limit=13', 'limit=x', 'limit=1.5', 'hero_id=%00'])
      expect(
        (
          await h.call(
            'GET',
            `/api/arena/opponents?user_id=${p.id}${q.startsWith('hero') ? '' : `&hero_id=${mine.id}`}&${q}`,
          )
        ).status,
        q,
      ).toBe(400);
    expect((await h.call('GET', `/api/arena/opponents?user_id=${p.id}`)).status).toBe(400);
    const post = (body: unknown) => h.call('POST', '/api/arena/opponents/refresh', body);
    expect((await post({ user_id: other.id, hero_id: mine.id })).status).toBe(403);
    expect((await post({ user_id: p.id, hero_id: 'h_nope' })).status).toBe(404);
    expect((await post({ user_id: 'u_nope', hero_id: 'h_nope' })).status).toBe(404);
    for (const body of [
      { user_id: p.id },
      { user_id: p.id, hero_id: mine.id, limit: 0 },
      { user_id: p.id, hero_id: mine.id, limit: 13 },
      { user_id: p.id, hero_id: mine.id, limit: '6' },
      { user_id: p.id, hero_id: 42 },
      [],
    ]) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toEqual(expect.any(String));
    }
    const stored = await withStore(h, (db) =>
      db.selectFrom('fair_offers').select('hero_id').where('user_id', 'in', [p.id, other.id]).execute(),
    );
    expect(stored).toEqual([]);
  });

  it("keeps each rating row on its side of the ladder: an NPC's marked, a summoned hero's not", async () => {
    const p = await newPlayer(h);
    await summonHero(h, p.id);
    const misplaced = await withStore(h, (db) =>
      db
        .selectFrom('hero_ratings as r')
        .innerJoin('heroes as x', 'x.id', 'r.hero_id')
        .select(['r.hero_id', 'r.npc', 'x.user_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('x.user_id', 'is', null), eb('r.npc', '!=', 1)]),
            eb.and([eb('x.user_id', 'is not', null), eb('r.npc', '!=', 0)]),
          ]),
        )
        .execute(),
    );
    expect(misplaced).toEqual([]);
    const sides = await withStore(h, (db) =>
      db.selectFrom('hero_ratings').select('npc').groupBy('npc').orderBy('npc').execute(),
    );
    expect(sides.map((s) => Number(s.npc))).toEqual([0, 1]);
  });
});
