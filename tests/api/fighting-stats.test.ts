// The stats a hero fights with, on the real server, SQLite and PostgreSQL: every hero answered carries them
// (fighting_stats: its own stats with its boon, bane, passives, gear and set bonuses composed on them), so a card
// shows what a battle fields — a hero with Giant's Blood shows the health its battle starts it with, a staff put on
// raises the attack shown at once — and the list, the detail, browse pages, NPCs, candidates and a fight's odds agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fightingStats } from '../../src/game/battle/compile.ts';
import { GEAR_PRICE_TOKENS } from '../../src/game/data/gear.ts';
import { generateHero } from '../../src/game/generation.ts';
import type { Hero } from '../../src/game/types.ts';
import { heroRow } from '../../src/server/store/hero-rows.ts';
import { DATABASES, newPlayer, setBalances, startHarness, withStore, type Harness } from './helpers.ts';

/** A hero of `userId` whose boon is Giant's Blood (+15% maximum health), stored as a summon would store it. */
async function giantsBlood(h: Harness, userId: string): Promise<Hero> {
  let seed = 1;
  let hero = generateHero(seed, { id: `h_fs_${kindTag()}`, userId, rarity: 2, level: 3 });
  while (hero.boon.id !== 'giants_blood')
    hero = generateHero(++seed, { id: hero.id, userId, rarity: 2, level: 3 });
  await withStore(h, async (db) => {
    await db
      .insertInto('heroes')
      .values(heroRow(hero, { user_id: userId, created_at: 1 }))
      .execute();
    await db
      .updateTable('users')
      .set((eb) => ({ hero_count: eb('hero_count', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  });
  return hero;
}
const kindTag = () => Math.random().toString(36).slice(2, 10);

describe.each(DATABASES)('the stats a hero fights with on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  it('a hero answers the stats its battle fields: traits at once, gear as it is put on, everywhere it is read', async () => {
    const p = await newPlayer(h);
    const hero = await giantsBlood(h, p.id);
    const own = (await h.call('GET', `/api/heroes/${hero.id}`)).body as Hero;
    expect(own.max_hp).toBe(hero.max_hp);
    expect(own.fighting_stats).toEqual(fightingStats(hero));
    expect(own.fighting_stats!.max_hp).toBe(Math.round(hero.max_hp * 1.15));

    // a staff: +4% attack, shown at once (69 stayed 69 before)
    await setBalances(h, p.id, { combat_tokens: GEAR_PRICE_TOKENS });
    expect(
      (await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'verdant_weapon' })).status,
    ).toBe(200);
    const on = await h.call('POST', `/api/heroes/${hero.id}/gear`, {
      user_id: p.id,
      item_id: 'verdant_weapon',
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const geared = on.body.hero as Hero;
    expect(geared.atk).toBe(hero.atk);
    expect(geared.fighting_stats).toEqual(fightingStats(geared));
    expect(geared.fighting_stats!.atk).toBe(Math.round(hero.atk * 1.04));
    expect((await h.call('GET', `/api/heroes/${hero.id}`)).body.fighting_stats).toEqual(
      geared.fighting_stats,
    );
    const list = (await h.call('GET', `/api/heroes?user_id=${p.id}`)).body as Hero[];
    expect(list.find((x) => x.id === hero.id)!.fighting_stats).toEqual(geared.fighting_stats);
    const browse = (await h.call('GET', '/api/heroes/browse/all?limit=50')).body as {
      players: { user_id: string; heroes: Hero[] }[];
    };
    const shown = browse.players.find((x) => x.user_id === p.id)?.heroes.find((x) => x.id === hero.id);
    expect(shown?.fighting_stats).toEqual(geared.fighting_stats);

    // the battle fields exactly that: its unit's maximum health is the one shown (attack and the rest move with
    // statuses once it starts; fightingStats compiles the unit as the battle does)
    const battle = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id] });
    expect(battle.status, JSON.stringify(battle.body)).toBe(201);
    const unit = (battle.body.allies as { id: string; stats: { max_hp: number } }[]).find(
      (u) => u.id === hero.id,
    )!;
    expect(unit.stats.max_hp).toBe(geared.fighting_stats!.max_hp);
  });

  it('NPCs, candidates and a fight’s enemies carry them too', async () => {
    const p = await newPlayer(h);
    const npcs = (await h.call('GET', '/api/npcs')).body as { dungeons: { npcs: Hero[] }[] };
    for (const n of npcs.dungeons.flatMap((d) => d.npcs))
      expect(n.fighting_stats, n.id).toEqual(fightingStats(n));
    const summoned = await h.call('POST', '/api/characters/generate', { user_id: p.id });
    expect(summoned.status).toBe(200);
    for (const c of [summoned.body, ...summoned.body.candidates] as Hero[])
      expect(c.fighting_stats, c.id).toEqual(fightingStats(c));
    const pending = (await h.call('GET', `/api/characters/pending?user_id=${p.id}`)).body as {
      candidates: Hero[];
    };
    for (const c of pending.candidates) expect(c.fighting_stats).toEqual(fightingStats(c));
    const kept = await h.call('POST', '/api/heroes', {
      user_id: p.id,
      character_data: pending.candidates[1],
    });
    expect(kept.status).toBe(201);
    expect(kept.body.fighting_stats).toEqual(fightingStats(kept.body));
    const odds = await h.call(
      'GET',
      `/api/odds?${new URLSearchParams({ user_id: p.id, kind: 'arena', hero_id: kept.body.id, opponent_id: 'npc_woods_poacher' })}`,
    );
    expect(odds.status, JSON.stringify(odds.body)).toBe(200);
    for (const e of odds.body.enemies as Hero[]) expect(e.fighting_stats).toEqual(fightingStats(e));
  });
});
