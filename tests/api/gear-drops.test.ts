// Gear drops on the real server, SQLite and PostgreSQL: a campaign stage's first clear of an even stage drops its
// chapter set's piece for certain and exactly once (even when wins race), any other win a piece of the set by a chance
// drawn from the battle, fought at once or turn by turn; a cleared dungeon run drops one by its chance. A drop lands in
// the inventory in the fight's transaction. The rolls are seeded by the battle's id, so the test forces one by choosing
// the ids the server gives battles (foundation/ids.ts newId, mocked to keep drawing until the wanted roll comes up).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dungeonGearDrop, stageFirstClearPiece, stageGearDrop } from '../../src/game/gear-drops.ts';
import { STAGES_BY_ID } from '../../src/game/index.ts';
import { DATABASES, newPlayer, setHeroPower, startHarness, summonHero, type Harness } from './helpers.ts';

/** What the next battle ids must roll: anything (as the server draws them), a drop, or none. */
const roll = vi.hoisted(() => ({ want: null as null | ((battleId: string) => boolean) }));
vi.mock('../../src/server/foundation/ids.ts', async (original) => {
  const real = await original<typeof import('../../src/server/foundation/ids.ts')>();
  return {
    ...real,
    newId(prefix: string): string {
      for (;;) {
        const id = real.newId(prefix);
        if (prefix !== 'b' || !roll.want || roll.want(id)) return id;
      }
    },
  };
});

const stage = (id: string) => STAGES_BY_ID.get(id)!;

describe.each(DATABASES)('gear drops on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());
  beforeEach(() => {
    roll.want = null;
  });

  const stock = async (userId: string) =>
    Object.fromEntries(
      (
        (await h.call('GET', `/api/inventory?user_id=${userId}`)).body.items as {
          item_id: string;
          quantity: number;
        }[]
      ).map((i) => [i.item_id, i.quantity]),
    );
  async function mightyPlayer() {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    await setHeroPower(h, hero.id, 'mighty');
    return { p, hero };
  }
  const fight = (userId: string, stageId: string, team: string[], mode: 'auto' | 'turn_based' = 'auto') =>
    h.call('POST', `/api/campaign/stages/${stageId}/battle`, { user_id: userId, team_hero_ids: team, mode });

  it('an even stage’s first clear drops its chapter set’s piece once, though wins race; later wins only by chance', async () => {
    const { p, hero } = await mightyPlayer();
    roll.want = (id) => stageGearDrop(stage('1-1'), true, id) === null;
    expect((await fight(p.id, '1-1', [hero.id])).body.campaign.gear_drop).toBeNull();
    expect(await stock(p.id)).toEqual({});
    // 1-2's first clear: Verdant (chapter 1's set), the weapon (its 2nd stage); the chance rolls nothing meanwhile
    roll.want = (id) => stageGearDrop(stage('1-2'), false, id) === null;
    const wins = await Promise.all(Array.from({ length: 6 }, () => fight(p.id, '1-2', [hero.id])));
    for (const w of wins) expect(w.status, JSON.stringify(w.body)).toBe(201);
    const drops = wins.map((w) => w.body.campaign.gear_drop).filter((d) => d !== null);
    expect(drops).toEqual(['verdant_weapon']);
    expect(wins.find((w) => w.body.campaign.gear_drop)!.body.campaign.first_clear).not.toBeNull();
    expect(await stock(p.id)).toEqual({ verdant_weapon: 1 });
    // the inventory names the piece's slot and set, as the result screens show them
    const items = (await h.call('GET', `/api/inventory?user_id=${p.id}`)).body.items as Record<
      string,
      unknown
    >[];
    expect(items.find((i) => i.item_id === 'verdant_weapon')).toMatchObject({
      slot: 'weapon',
      set_name: 'Verdant',
    });
    // a later win whose roll drops: a piece of the chapter's set, into the inventory
    roll.want = (id) => stageGearDrop(stage('1-2'), false, id) !== null;
    const lucky = await fight(p.id, '1-2', [hero.id]);
    const piece = stageGearDrop(stage('1-2'), false, lucky.body.battle_id)!;
    expect(piece.set).toBe('verdant');
    expect(lucky.body.campaign).toMatchObject({ first_clear: null, gear_drop: piece.id });
    const held = await stock(p.id);
    expect(held[piece.id]).toBe(piece.id === 'verdant_weapon' ? 2 : 1);
    expect(Object.values(held).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('a stage won turn by turn drops as one fought at once, when the battle ends', async () => {
    const { p, hero } = await mightyPlayer();
    expect((await fight(p.id, '1-1', [hero.id])).status).toBe(201);
    const dropped = (await stock(p.id)) as Record<string, number>;
    const start = await fight(p.id, '1-2', [hero.id], 'turn_based');
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    expect(start.body.campaign.gear_drop).toBeNull();
    let state = start.body;
    if (state.status === 'active')
      state = (await h.call('POST', `/api/battles/${state.battle_id}/action`, { user_id: p.id, auto: true }))
        .body;
    expect(state.status).toBe('won');
    expect(stageFirstClearPiece(stage('1-2'))!.id).toBe('verdant_weapon');
    expect(state.campaign.gear_drop).toBe('verdant_weapon');
    expect((await stock(p.id)).verdant_weapon).toBe((dropped.verdant_weapon ?? 0) + 1);
  });

  /** A fresh run of Whispering Woods with the player's hero (any run left open abandoned). */
  async function startWoods(userId: string, heroId: string): Promise<{ id: string; floors: number }> {
    const run = await h.call('POST', '/api/dungeons/whispering_woods/start', {
      user_id: userId,
      team_hero_ids: [heroId],
      abandon_active: true,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    return run.body;
  }

  it('a cleared dungeon run whose roll drops puts the piece in the inventory; one that does not, nothing', async () => {
    const { p, hero } = await mightyPlayer();
    const clear = async (drop: boolean) => {
      const run = await startWoods(p.id, hero.id);
      let last;
      for (let floor = 1; floor <= run.floors; floor++) {
        // only the boss floor's battle rolls; every floor's id is drawn alike
        roll.want = (id) => (dungeonGearDrop(id) !== null) === drop;
        last = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, {});
        expect(last.body.status).toBe('won');
      }
      return last!.body;
    };
    const none = await clear(false);
    expect(none).toMatchObject({ clear_bonus: true, gear_drop: null });
    expect(await stock(p.id)).toEqual({});
    const some = await clear(true);
    const piece = dungeonGearDrop(some.battle_id)!;
    expect(some).toMatchObject({ clear_bonus: true, gear_drop: piece.id });
    expect(await stock(p.id)).toEqual({ [piece.id]: 1 });
  });

  it('a boss floor fought turn by turn answers the piece its cleared run dropped, when the battle ends', async () => {
    const { p, hero } = await mightyPlayer();
    const clear = async (drop: boolean) => {
      const run = await startWoods(p.id, hero.id);
      for (let floor = 1; floor < run.floors; floor++)
        expect((await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, {})).body.status).toBe('won');
      roll.want = (id) => (dungeonGearDrop(id) !== null) === drop;
      const start = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { mode: 'turn_based' });
      expect(start.status, JSON.stringify(start.body)).toBe(201);
      let state = start.body;
      if (state.status === 'active') {
        expect(state.gear_drop).toBeUndefined();
        state = (
          await h.call('POST', `/api/battles/${state.battle_id}/action`, { user_id: p.id, auto: true })
        ).body;
      }
      expect(state.status).toBe('won');
      return state;
    };
    const none = await clear(false);
    expect(none).toMatchObject({ clear_bonus: true, gear_drop: null });
    expect(await stock(p.id)).toEqual({});
    const some = await clear(true);
    const piece = dungeonGearDrop(some.battle_id)!;
    expect(some).toMatchObject({ clear_bonus: true, gear_drop: piece.id });
    expect(await stock(p.id)).toEqual({ [piece.id]: 1 });
  });
});
