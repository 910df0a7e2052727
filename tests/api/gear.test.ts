// Gear on the real server, SQLite and PostgreSQL: a piece bought with combat tokens goes from the inventory onto a
// hero in one transaction and back when taken off or replaced; a piece is on one hero at a time (two heroes putting
// on the one piece together: one wins, the other is refused and nothing moves); a hero's version, its odds key and
// its win chance move with its gear, and so does the team power the campaign shows; a dismissed hero gives its gear back; refusals are readable 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GearResponse } from '../../src/api/ascension.ts';
import { OddsResponse } from '../../src/api/odds.ts';
import { GEAR_PRICE_TOKENS } from '../../src/game/data/gear.ts';
import {
  DATABASES,
  giveHero,
  newPlayer,
  setBalances,
  startHarness,
  withStore,
  type Harness,
} from './helpers.ts';

describe.each(DATABASES)('gear on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  const stock = async (userId: string, itemId: string) =>
    (
      (await h.call('GET', `/api/inventory?user_id=${userId}`)).body.items as {
        item_id: string;
        quantity: number;
      }[]
    ).find((i) => i.item_id === itemId)?.quantity ?? 0;
  const buy = async (userId: string, itemId: string) => {
    const r = await h.call('POST', '/api/shop/purchase', { user_id: userId, item_id: itemId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const worn = (userId: string) =>
    withStore(h, (db) => db.selectFrom('hero_gear').selectAll().where('user_id', '=', userId).execute());

  it('put on, replaced and taken off: the inventory and the hero move together, the version with them', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { combat_tokens: 3 * GEAR_PRICE_TOKENS });
    const hero = await giveHero(h, p.id, 2, 3);
    await buy(p.id, 'ember_weapon');
    await buy(p.id, 'gale_weapon');
    await buy(p.id, 'ember_armour');
    const on = await h.call('POST', `/api/heroes/${hero.id}/gear`, {
      user_id: p.id,
      item_id: 'ember_weapon',
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const a = GearResponse.parse(on.body).hero;
    expect(a.gear!.map((g) => g.item_id)).toEqual(['ember_weapon']);
    expect(a.gear![0].description).toBe('Attack is 8% higher.');
    expect(a.version).toBe(2);
    expect(a.atk).toBe(hero.atk); // stored stats are the hero's own: gear applies in the fight, as a trait does
    expect(await stock(p.id, 'ember_weapon')).toBe(0);
    const two = await h.call('POST', `/api/heroes/${hero.id}/gear`, {
      user_id: p.id,
      item_id: 'ember_armour',
    });
    expect(two.body.hero.gear_sets).toEqual([expect.objectContaining({ set: 'ember', pieces: 2 })]);
    const swap = await h.call('POST', `/api/heroes/${hero.id}/gear`, {
      user_id: p.id,
      item_id: 'gale_weapon',
    });
    expect(swap.status).toBe(200);
    expect(swap.body.message).toMatch(/Ember Blade back to the inventory/);
    expect(await stock(p.id, 'ember_weapon')).toBe(1);
    expect(await stock(p.id, 'gale_weapon')).toBe(0);
    expect((await worn(p.id)).map((w) => `${w.slot}:${w.item_id}`).sort()).toEqual([
      'armour:ember_armour',
      'weapon:gale_weapon',
    ]);
    const off = await h.call('DELETE', `/api/heroes/${hero.id}/gear/weapon?user_id=${p.id}`);
    expect(off.status).toBe(200);
    expect(off.body.hero.gear.map((g: { item_id: string }) => g.item_id)).toEqual(['ember_armour']);
    expect(await stock(p.id, 'gale_weapon')).toBe(1);
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.version).toBe(5);
    // dismissed, it gives its gear back
    expect((await h.call('DELETE', `/api/heroes/${hero.id}?user_id=${p.id}`)).status).toBe(200);
    expect(await stock(p.id, 'ember_armour')).toBe(1);
    expect(await worn(p.id)).toEqual([]);
  });

  it('one piece, two heroes putting it on together: one wins, the other is refused and nothing else moves', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { combat_tokens: GEAR_PRICE_TOKENS });
    const heroes = [await giveHero(h, p.id, 1), await giveHero(h, p.id, 1), await giveHero(h, p.id, 1)];
    await buy(p.id, 'bulwark_relic');
    const answers = await Promise.all(
      heroes.map((x) =>
        h.call('POST', `/api/heroes/${x.id}/gear`, { user_id: p.id, item_id: 'bulwark_relic' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400))
      expect(a.body.error).toMatch(/no Bulwark Aegis left/);
    expect(await stock(p.id, 'bulwark_relic')).toBe(0);
    expect(await worn(p.id)).toHaveLength(1);
    const docs = await Promise.all(
      heroes.map(async (x) => (await h.call('GET', `/api/heroes/${x.id}`)).body),
    );
    expect(docs.filter((d) => d.gear?.length)).toHaveLength(1);
  });

  it('a fight’s odds move when gear does: a new odds key and a higher win chance', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { combat_tokens: 4 * GEAR_PRICE_TOKENS });
    const hero = await giveHero(h, p.id, 1, 1);
    const odds = async () => {
      const r = await h.call(
        'GET',
        `/api/odds?${new URLSearchParams({ user_id: p.id, kind: 'arena', hero_id: hero.id, opponent_id: 'npc_woods_poacher' })}`,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return OddsResponse.parse(r.body);
    };
    const bare = await odds();
    for (const slot of ['weapon', 'armour', 'charm', 'relic']) {
      await buy(p.id, `ember_${slot}`);
      expect(
        (await h.call('POST', `/api/heroes/${hero.id}/gear`, { user_id: p.id, item_id: `ember_${slot}` }))
          .status,
      ).toBe(200);
    }
    const geared = await odds();
    expect(geared.key).not.toBe(bare.key);
    expect(geared.probability).toBeGreaterThan(bare.probability);
    expect((await h.call('DELETE', `/api/heroes/${hero.id}/gear/relic?user_id=${p.id}`)).status).toBe(200);
    const less = await odds();
    expect(less.key).not.toBe(geared.key);
  });

  it('team power counts gear: the campaign’s team_power rises with each piece put on', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { combat_tokens: 2 * GEAR_PRICE_TOKENS });
    const hero = await giveHero(h, p.id, 3, 5);
    const teamPower = async () => {
      const r = await h.call('GET', `/api/campaign?user_id=${p.id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.team_power as number;
    };
    // docs/api.md: round((max_hp + 6·atk + 4·def + 2·spd) / 4), the stats as the hero fights in its gear
    const power = (hp: number, atk: number, def: number) =>
      Math.round((hp + 6 * atk + 4 * def + 2 * hero.spd) / 4);
    expect(await teamPower()).toBe(power(hero.max_hp, hero.atk, hero.def));
    for (const slot of ['weapon', 'armour']) {
      await buy(p.id, `ember_${slot}`);
      const on = await h.call('POST', `/api/heroes/${hero.id}/gear`, {
        user_id: p.id,
        item_id: `ember_${slot}`,
      });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
    }
    // Ember Blade attack +8%; Ember Mail health and defence +4%; two Ember pieces attack +6%
    expect(await teamPower()).toBe(
      power(Math.round(hero.max_hp * 1.04), hero.atk * 1.08 * 1.06, hero.def * 1.04),
    );
    expect(await teamPower()).toBeGreaterThan(power(hero.max_hp, hero.atk, hero.def));
    expect((await h.call('DELETE', `/api/heroes/${hero.id}/gear/armour?user_id=${p.id}`)).status).toBe(200);
    expect(await teamPower()).toBe(power(hero.max_hp, hero.atk * 1.08, hero.def));
  });

  it('refusals are readable 4xx and change nothing', async () => {
    const p = await newPlayer(h);
    const other = await newPlayer(h);
    await setBalances(h, p.id, { combat_tokens: GEAR_PRICE_TOKENS });
    const hero = await giveHero(h, p.id, 1);
    const theirs = await giveHero(h, other.id, 1);
    await buy(p.id, 'verdant_charm');
    const cases: [string, string, unknown, number, RegExp][] = [
      [
        'POST',
        `/api/heroes/${hero.id}/gear`,
        { user_id: p.id, item_id: 'draught_of_insight' },
        400,
        /not a piece of gear/,
      ],
      [
        'POST',
        `/api/heroes/${hero.id}/gear`,
        { user_id: p.id, item_id: 'gale_relic' },
        400,
        /no Gale Compass left/,
      ],
      [
        'POST',
        `/api/heroes/${theirs.id}/gear`,
        { user_id: p.id, item_id: 'verdant_charm' },
        403,
        /another player/,
      ],
      [
        'POST',
        `/api/heroes/h_nobody/gear`,
        { user_id: p.id, item_id: 'verdant_charm' },
        404,
        /Hero not found/,
      ],
      ['POST', `/api/heroes/${hero.id}/gear`, { user_id: p.id }, 400, /item_id/],
      [
        'DELETE',
        `/api/heroes/${hero.id}/gear/boots?user_id=${p.id}`,
        undefined,
        400,
        /weapon, armour, charm, relic/,
      ],
      [
        'DELETE',
        `/api/heroes/${hero.id}/gear/charm?user_id=${p.id}`,
        undefined,
        400,
        /wears nothing in the charm slot/,
      ],
      ['DELETE', `/api/heroes/${theirs.id}/gear/charm?user_id=${p.id}`, undefined, 403, /another player/],
    ];
    for (const [method, url, body, status, text] of cases) {
      const r = await h.call(method, url, body);
      expect(r.status, JSON.stringify([url, r.body])).toBe(status);
      expect(r.body.error).toMatch(text);
    }
    expect(await stock(p.id, 'verdant_charm')).toBe(1);
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.version).toBe(1);
    // the inventory's Use Item puts a piece on the hero it is used on
    const use = await h.call('POST', '/api/inventory/use', {
      user_id: p.id,
      item_id: 'verdant_charm',
      hero_id: hero.id,
    });
    expect(use.status, JSON.stringify(use.body)).toBe(200);
    expect(use.body.hero.gear.map((g: { item_id: string }) => g.item_id)).toEqual(['verdant_charm']);
    expect(await stock(p.id, 'verdant_charm')).toBe(0);
  });
});
