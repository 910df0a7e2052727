// Ascension on the real server, SQLite and PostgreSQL: a star costs its table's copies (heroes of at least the hero's
// rarity, or Star Shards in their place) and essence, exactly, with ledger entries; the spent heroes leave the
// collection, its dungeon runs and the arena's ladder in the same transaction; level, xp, abilities and spread stay;
// a reset to the summoned rarity refunds exactly what was spent (essence, shards, the heroes themselves), and so does
// dismissing an ascended hero (besides the Star Shards for its summoned rarity); every
// refusal is a readable 4xx that changes nothing; a repeated Idempotency-Key ascends once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AscendResponse, AscensionResponse, ResetResponse } from '../../src/api/ascension.ts';
import { ASCENSION, SHARDS_PER_HERO } from '../../src/game/data/ascension.ts';
import { statsFor } from '../../src/game/progression.ts';
import { findClass, findRace } from '../../src/game/content.ts';
import type { Hero } from '../../src/game/types.ts';
import {
  DATABASES,
  giveHero,
  newPlayer,
  setBalances,
  startHarness,
  withStore,
  type Harness,
} from './helpers.ts';

describe.each(DATABASES)('ascension on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const user = async (id: string) => (await h.call('GET', `/api/users/${id}`)).body;
  const shardsOf = async (id: string) =>
    (
      (await h.call('GET', `/api/inventory?user_id=${id}`)).body.items as {
        item_id: string;
        quantity: number;
      }[]
    ).find((i) => i.item_id === 'star_shard')?.quantity ?? 0;
  const heroStatus = async (id: string) => (await h.call('GET', `/api/heroes/${id}`)).status;
  const ledgerSum = async (id: string, reason: string) =>
    (
      (await h.call('GET', `/api/users/${id}/ledger?limit=100&currency=magic_essence`)).body.entries as {
        reason: string;
        delta: number;
      }[]
    )
      .filter((e) => e.reason === reason)
      .reduce((n, e) => n + e.delta, 0);

  it('shows the next star’s cost, the table and the stats the formula gives at the new rarity', async () => {
    const p = await newPlayer(h);
    const hero = await giveHero(h, p.id, 2, 4);
    const copy = await giveHero(h, p.id, 3);
    await giveHero(h, p.id, 1);
    const r = await h.call('GET', `/api/heroes/${hero.id}/ascension?user_id=${p.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const view = AscensionResponse.parse(r.body);
    expect(view.next).toMatchObject({
      rarity: 3,
      copies: ASCENSION[1].copies,
      essence: ASCENSION[1].essence,
    });
    const formula = statsFor(hero.type, findClass(hero.class)!, findRace(hero.race)!, 3, 4, hero.spread);
    expect(view.next!.stats_next).toEqual(formula);
    expect(view.table).toHaveLength(4);
    expect(view.copies.map((c) => c.id)).toEqual([copy.id]);
    expect(view.copies[0].rarer).toBe(true);
    // a rarer hero is offered, never picked for the player: shards stand in
    expect(view.suggested).toEqual([]);
    expect(view.reset).toBeNull();
  });

  it('offers the copies that fit first, least valuable first, and suggests only those', async () => {
    const p = await newPlayer(h);
    const hero = await giveHero(h, p.id, 2);
    const five = await giveHero(h, p.id, 5);
    const fitHigh = await giveHero(h, p.id, 2, 6);
    const three = await giveHero(h, p.id, 3);
    const fitLow = await giveHero(h, p.id, 2, 1);
    const fitMid = await giveHero(h, p.id, 2, 3);
    const view = AscensionResponse.parse(
      (await h.call('GET', `/api/heroes/${hero.id}/ascension?user_id=${p.id}`)).body,
    );
    expect(view.copies.map((c) => [c.id, c.rarer])).toEqual([
      [fitLow.id, false],
      [fitMid.id, false],
      [fitHigh.id, false],
      [three.id, true],
      [five.id, true],
    ]);
    // a 2★'s star takes ASCENSION[1].copies copies: the least valuable 2★s
    expect(view.suggested).toEqual([fitLow.id, fitMid.id].slice(0, ASCENSION[1].copies));
  });

  it('a star spends exactly its copies and essence; the copies leave collection, runs and ladder; a reset refunds exactly', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { magic_essence: 20_000 });
    const hero = await giveHero(h, p.id, 1, 3);
    const copy = await giveHero(h, p.id, 2, 5);
    // the copy is fielded in an active dungeon run and holds a ladder rating row
    await withStore(h, async (db) => {
      await db
        .insertInto('dungeon_runs')
        .values({
          id: `run_${copy.id}`,
          user_id: p.id,
          dungeon_id: 'whispering_woods',
          team_hero_ids: JSON.stringify([copy.id, hero.id]),
          floor: 1,
          floors: 3,
          status: 'active',
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      await db
        .insertInto('hero_ratings')
        .values({
          hero_id: copy.id,
          rating: 1612,
          rd: 80,
          vol: 0.06,
          conservative: 1452,
          wins: 3,
          losses: 1,
          updated_at: 1,
        })
        .execute();
    });
    const before = await user(p.id);
    const r = await h.call('POST', `/api/heroes/${hero.id}/ascend`, {
      user_id: p.id,
      spend_hero_ids: [copy.id],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const up = AscendResponse.parse(r.body);
    expect(up.hero.rarity).toBe(2);
    expect(up.hero.summoned_rarity).toBe(1);
    for (const k of ['level', 'xp', 'abilities', 'spread', 'boon', 'bane'] as const)
      expect(up.hero[k]).toEqual(hero[k]);
    expect(up.essence_spent).toBe(ASCENSION[0].essence);
    expect(up.user.magic_essence).toBe(before.magic_essence - ASCENSION[0].essence);
    expect(await heroStatus(copy.id)).toBe(404);
    const after = await withStore(h, async (db) => ({
      run: await db
        .selectFrom('dungeon_runs')
        .select('team_hero_ids')
        .where('id', '=', `run_${copy.id}`)
        .executeTakeFirstOrThrow(),
      rating: await db
        .selectFrom('hero_ratings')
        .selectAll()
        .where('hero_id', '=', copy.id)
        .executeTakeFirst(),
      count: await db
        .selectFrom('users')
        .select('hero_count')
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow(),
    }));
    expect(JSON.parse(after.run.team_hero_ids)).toEqual([hero.id]);
    expect(after.rating).toBeUndefined();
    expect(after.count.hero_count).toBe(1);
    expect(await ledgerSum(p.id, 'ascension')).toBe(-ASCENSION[0].essence);

    // the next star paid in Star Shards: bought in the shop
    await setBalances(h, p.id, { combat_tokens: 10_000 });
    const need = ASCENSION[1].copies * SHARDS_PER_HERO[1];
    for (let i = 0; i < need; i++)
      expect(
        (await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'star_shard' })).status,
      ).toBe(200);
    const mid = await user(p.id);
    const second = await h.call('POST', `/api/heroes/${hero.id}/ascend`, { user_id: p.id, use_shards: true });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.shards_spent).toBe(need);
    expect(await shardsOf(p.id)).toBe(0);
    expect(second.body.user.magic_essence).toBe(mid.magic_essence - ASCENSION[1].essence);

    const view = AscensionResponse.parse(
      (await h.call('GET', `/api/heroes/${hero.id}/ascension?user_id=${p.id}`)).body,
    );
    expect(view.reset).toMatchObject({
      rarity: 1,
      essence: ASCENSION[0].essence + ASCENSION[1].essence,
      shards: need,
    });
    expect(view.reset!.heroes.map((x) => x.id)).toEqual([copy.id]);

    const reset = await h.call('POST', `/api/heroes/${hero.id}/ascension/reset`, { user_id: p.id });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const back = ResetResponse.parse(reset.body);
    expect(back.hero).toMatchObject({
      rarity: 1,
      max_hp: hero.max_hp,
      atk: hero.atk,
      def: hero.def,
      spd: hero.spd,
    });
    expect(back.hero.summoned_rarity).toBeUndefined();
    expect(back.user.magic_essence).toBe(before.magic_essence);
    expect(await shardsOf(p.id)).toBe(need);
    expect(back.restored_hero_ids).toEqual([copy.id]);
    const restored = (await h.call('GET', `/api/heroes/${copy.id}`)).body as Hero;
    expect(restored).toMatchObject({ id: copy.id, rarity: 2, level: 5, abilities: copy.abilities });
    expect(restored.rating).toMatchObject({ rating: 1612, wins: 3, losses: 1 });
    expect((await ledgerSum(p.id, 'ascension')) + (await ledgerSum(p.id, 'ascension_reset'))).toBe(0);
    const count = await withStore(h, (db) =>
      db.selectFrom('users').select('hero_count').where('id', '=', p.id).executeTakeFirstOrThrow(),
    );
    expect(count.hero_count).toBe(2);
  });

  it('dismissing a hero leaves Star Shards for its rarity', async () => {
    const p = await newPlayer(h);
    const hero = await giveHero(h, p.id, 3);
    const r = await h.call('DELETE', `/api/heroes/${hero.id}?user_id=${p.id}`);
    expect(r.status).toBe(200);
    expect(r.body.shards).toBe(SHARDS_PER_HERO[2]);
    expect(await shardsOf(p.id)).toBe(SHARDS_PER_HERO[2]);
  });

  it('dismissing an ascended hero gives back what its stars cost, and Star Shards for its summoned rarity', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { magic_essence: 20_000 });
    const hero = await giveHero(h, p.id, 1, 3);
    const copy = await giveHero(h, p.id, 1, 4);
    const shardsForStar2 = ASCENSION[1].copies * SHARDS_PER_HERO[1];
    await withStore(h, (db) =>
      db
        .insertInto('inventory')
        .values({
          id: `inv_${p.id}`,
          user_id: p.id,
          item_id: 'star_shard',
          quantity: shardsForStar2,
          created_at: 1,
        })
        .execute(),
    );
    const before = await user(p.id);
    const star = async (body: object) => {
      const r = await h.call('POST', `/api/heroes/${hero.id}/ascend`, { user_id: p.id, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await star({ spend_hero_ids: [copy.id] }); // 1★ → 2★: the copy and 300 essence
    await star({ use_shards: true }); // 2★ → 3★: 40 shards and 700 essence
    expect(await shardsOf(p.id)).toBe(0);
    expect((await user(p.id)).magic_essence).toBe(
      before.magic_essence - ASCENSION[0].essence - ASCENSION[1].essence,
    );

    const r = await h.call('DELETE', `/api/heroes/${hero.id}?user_id=${p.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // the summoned rarity's shards (1★: 10, not a 3★'s 50) and the 40 the second star took
    expect(r.body).toMatchObject({
      shards: SHARDS_PER_HERO[0] + shardsForStar2,
      essence_refunded: ASCENSION[0].essence + ASCENSION[1].essence,
      restored_hero_ids: [copy.id],
    });
    expect(await shardsOf(p.id)).toBe(SHARDS_PER_HERO[0] + shardsForStar2);
    expect((await user(p.id)).magic_essence).toBe(before.magic_essence);
    expect((await ledgerSum(p.id, 'ascension')) + (await ledgerSum(p.id, 'ascension_reset'))).toBe(0);
    expect(await heroStatus(hero.id)).toBe(404);
    expect((await h.call('GET', `/api/heroes/${copy.id}`)).body).toMatchObject({
      id: copy.id,
      rarity: 1,
      level: 4,
    });
    const left = await withStore(h, async (db) => ({
      count: await db
        .selectFrom('users')
        .select('hero_count')
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow(),
      spends: await db.selectFrom('ascension_spends').selectAll().where('hero_id', '=', hero.id).execute(),
    }));
    expect(left.count.hero_count).toBe(1);
    expect(left.spends).toEqual([]);
  });

  it('refusals are readable 4xx and change nothing', async () => {
    const p = await newPlayer(h);
    const other = await newPlayer(h);
    await setBalances(h, p.id, { magic_essence: ASCENSION[1].essence });
    const hero = await giveHero(h, p.id, 2);
    const low = await giveHero(h, p.id, 1);
    const ok1 = await giveHero(h, p.id, 2);
    const ok2 = await giveHero(h, p.id, 3);
    const theirs = await giveHero(h, other.id, 4);
    const top = await giveHero(h, p.id, 5);
    const before = await user(p.id);
    const cases: [unknown, number, RegExp, string?][] = [
      [{ user_id: p.id, spend_hero_ids: [low.id, ok1.id] }, 400, /at least 2★/],
      [{ user_id: p.id, spend_hero_ids: [ok1.id] }, 400, /1 more hero or use Star Shards/],
      [
        { user_id: p.id, spend_hero_ids: [ok1.id], use_shards: true },
        400,
        /Not enough Star Shards: 20 needed, you have 0/,
      ],
      [{ user_id: p.id, spend_hero_ids: [ok1.id, ok1.id] }, 400, /only be spent once/],
      [{ user_id: p.id, spend_hero_ids: [ok1.id, theirs.id] }, 403, /another player/],
      [{ user_id: p.id, spend_hero_ids: [ok1.id, 'h_nobody'] }, 404, /Hero not found/],
      [{ user_id: p.id, spend_hero_ids: [hero.id, ok1.id] }, 400, /itself/],
      [{ user_id: p.id }, 400, /takes 1 copy|highest/, top.id],
      [{ user_id: other.id, spend_hero_ids: [ok1.id, ok2.id] }, 403, /another player/],
      [{ user_id: p.id, spend_hero_ids: 'x' }, 400, /spend_hero_ids/],
    ];
    for (const [body, status, text, id] of cases) {
      const r = await h.call('POST', `/api/heroes/${id ?? hero.id}/ascend`, body);
      expect(r.status, JSON.stringify([body, r.body])).toBe(status);
      expect(r.body.error).toMatch(text);
    }
    // short of essence: a readable 400, nothing spent
    await setBalances(h, p.id, { magic_essence: ASCENSION[1].essence - 1 });
    const poor = await h.call('POST', `/api/heroes/${hero.id}/ascend`, {
      user_id: p.id,
      spend_hero_ids: [ok1.id, ok2.id],
    });
    expect(poor.status).toBe(400);
    expect(poor.body.error).toMatch(/Not enough magic essence: 700 needed, you have 699/);
    expect(await heroStatus(ok1.id)).toBe(200);
    expect(await heroStatus(ok2.id)).toBe(200);
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.rarity).toBe(2);
    expect((await user(p.id)).magic_essence).toBe(before.magic_essence - 1);
    const reset = await h.call('POST', `/api/heroes/${hero.id}/ascension/reset`, { user_id: p.id });
    expect(reset.status).toBe(400);
    expect(reset.body.error).toMatch(/has not ascended/);
    expect((await h.call('GET', `/api/heroes/${hero.id}/ascension?user_id=${other.id}`)).status).toBe(403);
    expect((await h.call('GET', `/api/heroes/h_nobody/ascension?user_id=${p.id}`)).status).toBe(404);
  });

  it('says for each number of heroes chosen every reason the star is out of reach, as the ascend call refuses', async () => {
    const p = await newPlayer(h);
    const hero = await giveHero(h, p.id, 2);
    const ok1 = await giveHero(h, p.id, 2);
    await giveHero(h, p.id, 2);
    await setBalances(h, p.id, { magic_essence: ASCENSION[1].essence - 1 });
    const view = AscensionResponse.parse(
      (await h.call('GET', `/api/heroes/${hero.id}/ascension?user_id=${p.id}`)).body,
    );
    const { copies, shards_per_copy: each } = view.next!;
    expect(view.by_chosen).toHaveLength(copies + 1);
    expect(view.by_chosen.map((b) => b.shards)).toEqual(
      Array.from({ length: copies + 1 }, (_, k) => (copies - k) * each),
    );
    const essence = `Not enough magic essence: 700 needed, you have 699`;
    expect(view.by_chosen[copies]).toMatchObject({
      short_with_shards: [essence],
      short_without_shards: [essence],
    });
    // one hero short: without shards the copy is missing, with them the shards are; the essence either way
    const one = view.by_chosen[copies - 1];
    expect(one.short_without_shards).toEqual(['Choose 1 more hero or use Star Shards', essence]);
    expect(one.short_with_shards).toEqual([`Not enough Star Shards: ${each} needed, you have 0`, essence]);
    // the call refuses with the first of those words, and so with essence enough: nothing short, it ascends
    const refused = await h.call('POST', `/api/heroes/${hero.id}/ascend`, {
      user_id: p.id,
      spend_hero_ids: [ok1.id],
      use_shards: true,
    });
    expect(refused.body.error).toBe(one.short_with_shards[0]);
    await setBalances(h, p.id, { magic_essence: ASCENSION[1].essence });
    const paid = AscensionResponse.parse(
      (await h.call('GET', `/api/heroes/${hero.id}/ascension?user_id=${p.id}`)).body,
    );
    expect(paid.by_chosen[copies]).toMatchObject({ short_with_shards: [], short_without_shards: [] });
    expect(paid.by_chosen[0].short_without_shards).toEqual([
      `Choose ${copies} more heroes or use Star Shards`,
    ]);
  });

  it('one Idempotency-Key ascends once, however often it is sent', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { magic_essence: 10_000 });
    const hero = await giveHero(h, p.id, 1);
    const copies = [await giveHero(h, p.id, 1), await giveHero(h, p.id, 1)];
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: `/api/heroes/${hero.id}/ascend`,
        headers: { 'idempotency-key': `asc-${hero.id}` },
        payload: { user_id: p.id, spend_hero_ids: [copies[0].id] },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().hero.version)).size).toBe(1);
    expect((await user(p.id)).magic_essence).toBe(10_000 - ASCENSION[0].essence);
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.rarity).toBe(2);
    expect(await heroStatus(copies[1].id)).toBe(200);
  });
});
