// Daily quests on the real server: every kind is counted from the act itself (a fight won, a summon, a purchase …),
// in the act's own transaction — a refused act counts nothing — shown as progress toward its goal, claimed once
// through the ledger, and the bonus pays once all three are done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyResponse, ClaimResponse } from '../../src/api/daily.ts';
import { NOTHING_OPEN, questsOfDay } from '../../src/game/daily.ts';
import { parseDayName } from '../../src/game/day-clock.ts';
import { QUEST_KINDS, QUESTS, type QuestKind } from '../../src/game/data/quests.ts';
import type { Hero } from '../../src/game/types.ts';
import {
  DATABASES,
  newPlayer,
  openEveryPlace,
  setBalances,
  setHeroPower,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

type Player = Awaited<ReturnType<typeof newPlayer>>;

describe.each(DATABASES)('daily quests on %s', (kind) => {
  let h: Harness;
  // Noon UTC: far from any reset, so a test's acts all fall in one day.
  const now = Date.parse('2026-11-27T12:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  const daily = async (userId: string) => {
    const r = await h.call('GET', `/api/daily?user_id=${userId}`);
    expect(r.status).toBe(200);
    return DailyResponse.parse(r.body);
  };
  const quest = async (userId: string, k: QuestKind) =>
    (await daily(userId)).quests.find((q) => q.kind === k)!;
  const claim = (userId: string, c: string) =>
    h.call('POST', '/api/daily/claim', { user_id: userId, claim: c });

  /**
   * A new player, the arena and dungeons open to them, whose quests today include `k` (the draw is the player's and
   * the day's: asked until one has it).
   */
  async function playerWith(k: QuestKind): Promise<Player> {
    for (;;) {
      const p = await newPlayer(h, 'q');
      await openEveryPlace(h, p.id);
      const period = (await daily(p.id)).period;
      if (questsOfDay(p.id, parseDayName(period)!, 'every').some((q) => q.id === k)) return p;
    }
  }

  async function mightyHero(p: Player): Promise<Hero> {
    const hero = await summonHero(h, p.id);
    await setHeroPower(h, hero.id, 'mighty');
    return hero;
  }

  const ok = (r: { status: number; body: unknown }, status = 200) =>
    expect(r.status, JSON.stringify(r.body)).toBe(status);

  /**
   * A fight at under 50% stated odds, fought until won: an arena opponent made the attacker's twin, then a little
   * stronger step by step until the stated odds (GET /api/odds, the number the fight uses) fall under 50%.
   */
  async function underdogWin(p: Player) {
    const mine = await summonHero(h, p.id);
    const o = await newPlayer(h, 'o');
    const theirs = await summonHero(h, o.id);
    const strengthen = (factor: number) =>
      withStore(h, async (db) => {
        const { heroColumns, heroFromRow } = await import('../../src/server/store/hero-rows.ts');
        const rowOf = (id: string) =>
          db.selectFrom('heroes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const a = heroFromRow(await rowOf(mine.id));
        const b = await rowOf(theirs.id);
        const up = (n: number) => Math.round(n * factor);
        const stronger: Hero = {
          ...a,
          id: theirs.id,
          user_id: o.id,
          name: theirs.name,
          seed: theirs.seed,
          hp: up(a.hp),
          max_hp: up(a.max_hp),
          atk: up(a.atk),
        };
        await db
          .updateTable('heroes')
          .set({ ...heroColumns(stronger), version: b.version + 1 })
          .where('id', '=', theirs.id)
          .execute();
      });
    const odds = async () =>
      (
        await h.call(
          'GET',
          `/api/odds?user_id=${p.id}&kind=arena&hero_id=${mine.id}&opponent_id=${theirs.id}`,
        )
      ).body.probability as number;
    let stated = 1;
    for (const factor of [1, 1.005, 1.01, 1.02, 1.03, 1.05, 1.08, 1.12]) {
      await strengthen(factor);
      stated = await odds();
      if (stated < 0.5) break;
    }
    expect(stated).toBeLessThan(0.5);
    expect(stated).toBeGreaterThan(0.1);
    const fights: { status: string; probability: number }[] = [];
    for (let i = 0; i < 150 && !fights.some((f) => f.status === 'won'); i++) {
      const r = await h.call('POST', '/api/arena/battle', {
        user_id: p.id,
        attacker_hero_id: mine.id,
        opponent_id: theirs.id,
      });
      ok(r);
      fights.push(r.body);
    }
    for (const f of fights) expect(f.probability).toBe(stated);
    expect(fights.at(-1)!.status).toBe('won');
  }

  /** Does what quest `k` asks, once through, by the real endpoints. */
  const PLAY: Record<QuestKind, (p: Player) => Promise<void>> = {
    async arena_win(p) {
      const hero = await mightyHero(p);
      for (let i = 0; i < 3; i++)
        ok(
          await h.call('POST', '/api/arena/battle', {
            user_id: p.id,
            attacker_hero_id: hero.id,
            opponent_id: 'npc_woods_thornling',
          }),
        );
    },
    async dungeon_floor(p) {
      const hero = await mightyHero(p);
      const run = await h.call('POST', '/api/dungeons/whispering_woods/start', {
        user_id: p.id,
        team_hero_ids: [hero.id],
      });
      ok(run, 201);
      for (let floor = 1; floor <= 3; floor++) {
        const r = await h.call('POST', `/api/dungeon-runs/${run.body.id}/battle`, { user_id: p.id, floor });
        ok(r);
        expect(r.body.status).toBe('won');
      }
    },
    async battle_win(p) {
      const hero = await mightyHero(p);
      for (let i = 0; i < 2; i++) {
        const r = await h.call('POST', '/api/battles', {
          user_id: p.id,
          team_hero_ids: [hero.id],
          mode: 'auto',
        });
        ok(r, 201);
        expect(r.body.status).toBe('won');
      }
    },
    async turn_based(p) {
      const hero = await mightyHero(p);
      const started = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id] });
      ok(started, 201);
      if (started.body.status === 'active')
        ok(
          await h.call('POST', `/api/battles/${started.body.battle_id}/action`, {
            user_id: p.id,
            auto: true,
          }),
        );
    },
    underdog_win: underdogWin,
    async summon(p) {
      await summonHero(h, p.id);
    },
    async reroll(p) {
      const hero = await summonHero(h, p.id);
      ok(await h.call('POST', `/api/heroes/${hero.id}/reroll-abilities`, { user_id: p.id }));
    },
    async use_item(p) {
      ok(
        await h.call('POST', '/api/shop/purchase', {
          user_id: p.id,
          item_id: 'flask_of_essence',
          quantity: 1,
        }),
      );
      ok(await h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: 'flask_of_essence' }));
    },
    async buy_item(p) {
      ok(
        await h.call('POST', '/api/shop/purchase', {
          user_id: p.id,
          item_id: 'draught_of_insight',
          quantity: 1,
        }),
      );
    },
    async watch_replay(p) {
      const hero = await mightyHero(p);
      const fought = await h.call('POST', '/api/battles', {
        user_id: p.id,
        team_hero_ids: [hero.id],
        mode: 'auto',
      });
      ok(fought, 201);
      ok(await h.call('GET', `/api/battles/${fought.body.battle_id}/replay?user_id=${p.id}`));
    },
  };

  it('offers three quests a day, two fights and one errand, each with its kind, goal, words and reward', async () => {
    const p = await newPlayer(h);
    const d = await daily(p.id);
    expect(d.quests).toHaveLength(3);
    const defs = d.quests.map((q) => QUESTS.find((x) => x.id === q.kind)!);
    expect(defs.map((q) => q.group)).toEqual(['fight', 'fight', 'errand']);
    for (const q of d.quests) {
      expect(QUEST_KINDS).toContain(q.kind);
      expect(q.id).toBe(`${d.period}.${q.kind}`);
      expect(q).toMatchObject({ progress: 0, claimed: false });
      expect(q.goal).toBeGreaterThanOrEqual(1);
      expect(q.text.length).toBeGreaterThan(5);
    }
    // The same day answers the same quests, on every read.
    expect((await daily(p.id)).quests).toEqual(d.quests);
  });

  it.each([...QUEST_KINDS])(
    '%s: counted from the act itself, claimed once, entered in the ledger',
    { timeout: 120_000 },
    async (k) => {
      const p = await playerWith(k);
      const before = await quest(p.id, k);
      expect(before.progress).toBe(0);
      // Not earned yet: a readable 409 stating the progress.
      const early = await claim(p.id, before.id);
      expect(early.status).toBe(409);
      expect(early.body.error).toBe(`Not yet earned: 0 / ${before.goal} ${before.unit} for '${before.text}'`);

      await PLAY[k](p);
      const done = await quest(p.id, k);
      expect(done.progress).toBe(done.goal);

      const balances = (await h.call('GET', `/api/users/${p.id}`)).body;
      const paid = await claim(p.id, done.id);
      ok(paid);
      const answer = ClaimResponse.parse(paid.body);
      expect(answer.reward).toEqual(done.reward);
      for (const c of ['gold', 'magic_essence', 'summoning_scrolls', 'combat_tokens'] as const)
        expect(answer.user[c]).toBe(balances[c] + done.reward[c]);
      expect(answer.daily.quests.find((q) => q.kind === k)!.claimed).toBe(true);

      const again = await claim(p.id, done.id);
      expect(again.status).toBe(409);
      expect(again.body.error).toMatch(/^Already claimed: /);
      expect((await h.call('GET', `/api/users/${p.id}`)).body.gold).toBe(answer.user.gold);

      const ledger = (await h.call('GET', `/api/users/${p.id}/ledger?limit=100`)).body.entries as {
        reason: string;
        ref: string;
        subject: { kind: string; name: string };
      }[];
      const entries = ledger.filter((e) => e.reason === 'daily_quest');
      expect(entries.length).toBe(Object.values(done.reward).filter((v) => v > 0).length);
      for (const e of entries) {
        expect(e.ref).toBe(done.id);
        expect(e.subject).toMatchObject({ kind: 'daily', name: `Daily quest: ${done.text} (Nov 27)` });
      }
    },
  );

  it('counts nothing for a refused act or a lost fight, and stores nothing for kinds that are not today’s', async () => {
    const buyer = await playerWith('buy_item');
    await setBalances(h, buyer.id, { gold: 10 });
    const refused = await h.call('POST', '/api/shop/purchase', {
      user_id: buyer.id,
      item_id: 'draught_of_insight',
      quantity: 1,
    });
    expect(refused.status).toBe(400);
    expect((await quest(buyer.id, 'buy_item')).progress).toBe(0);

    const fighter = await playerWith('battle_win');
    const feeble = await summonHero(h, fighter.id);
    await setHeroPower(h, feeble.id, 'feeble');
    const lost = await h.call('POST', '/api/battles', {
      user_id: fighter.id,
      team_hero_ids: [feeble.id],
      mode: 'auto',
    });
    ok(lost, 201);
    expect(lost.body.status).toBe('lost');
    expect((await quest(fighter.id, 'battle_win')).progress).toBe(0);

    // Rows are kept only for the day's own kinds, whatever else the player did.
    const kinds = await withStore(h, (db) =>
      db.selectFrom('daily_progress').select('kind').where('user_id', '=', fighter.id).execute(),
    );
    const today = (await daily(fighter.id)).quests.map((q) => q.kind as string);
    for (const r of kinds) expect(today).toContain(r.kind);
  });

  it('a quest counts up to its goal and no further; progress of a kind is the same whichever act counted it', async () => {
    const p = await playerWith('battle_win');
    const hero = await mightyHero(p);
    for (let i = 0; i < 4; i++)
      ok(
        await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id], mode: 'auto' }),
        201,
      );
    const q = await quest(p.id, 'battle_win');
    expect(q.progress).toBe(q.goal);
  });

  it('the bonus is earned by all three quests and pays once', { timeout: 180_000 }, async () => {
    const p = await newPlayer(h, 'b');
    await setBalances(h, p.id, { gold: 5000, summoning_scrolls: 20, magic_essence: 500 });
    const d = await daily(p.id);
    expect(d.bonus).toMatchObject({ claimed: false, available: false });
    const early = await claim(p.id, 'bonus');
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(
      /^Not yet earned: the bonus is for all 3 of today's quests, and \d are done$/,
    );
    for (const q of d.quests) await PLAY[q.kind](p);
    const done = await daily(p.id);
    expect(done.quests.every((q) => q.progress === q.goal)).toBe(true);
    expect(done.bonus.available).toBe(true);
    const paid = await claim(p.id, 'bonus');
    ok(paid);
    expect(paid.body.reward).toEqual(d.bonus.reward);
    expect(paid.body.daily.bonus).toMatchObject({ claimed: true, available: false });
    const again = await claim(p.id, 'bonus');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/^Already claimed: today's bonus is paid; the next reset is in /);
  });

  it('refuses claims that name nothing, another day or a quest the player does not have, readably', async () => {
    const p = await newPlayer(h);
    const d = await daily(p.id);
    for (const bad of ['', 'bonus2', 'yesterday', '2026-11-27', '2026-13-40.arena_win', '2026-11-27.nope'])
      expect((await claim(p.id, bad)).status).toBe(400);
    // Yesterday's quest of the player's, never finished: it lapsed at the reset.
    const yesterday = questsOfDay(p.id, parseDayName('2026-11-26')!, NOTHING_OPEN)[0]!;
    const lapsed = await claim(p.id, `2026-11-26.${yesterday.id}`);
    expect(lapsed.status).toBe(409);
    expect(lapsed.body.error).toBe(
      `That quest was for 2026-11-26 and lapsed unfinished at the reset (0 / ${yesterday.goal} ${yesterday.unit}): today (2026-11-27) has new quests`,
    );
    const ahead = await claim(p.id, `2026-11-28.${d.quests[0]!.kind}`);
    expect(ahead.status).toBe(409);
    const other = QUEST_KINDS.find((k) => !d.quests.some((q) => q.kind === k))!;
    const missing = await claim(p.id, `2026-11-27.${other}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(new RegExp(`^No '${other}' quest today: today's are `));
    expect((await claim('u_nobody', 'calendar')).status).toBe(404);
    expect((await h.call('GET', '/api/daily?user_id=u_nobody')).status).toBe(404);
    expect((await h.call('GET', '/api/daily')).status).toBe(400);
    expect((await h.call('POST', '/api/daily/claim', { user_id: p.id })).status).toBe(400);
    // Nothing moved.
    expect((await h.call('GET', `/api/users/${p.id}`)).body.gold).toBe(p.gold);
  });
});
