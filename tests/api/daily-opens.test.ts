// A day's quests are only kinds the player can play when it begins, on the real server, the one injected clock moved
// by the test: forty new accounts draw no arena duel and no dungeon floor on their first day; a player who clears
// stage 1-2 and 1-8 keeps the same three quests for the rest of that day — on another instance too — and may draw
// the arena's and the dungeons' from the next; and migration 0027 keeps the draw of a day already begun.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyResponse } from '../../src/api/daily.ts';
import { NOTHING_OPEN, questsOfDay } from '../../src/game/daily.ts';
import { parseDayName } from '../../src/game/day-clock.ts';
import { QUESTS as ALL, type QuestDef } from '../../src/game/data/quests.ts';
import {
  DATABASES,
  fightStage,
  mightyPlayer,
  newPlayer,
  openHarness,
  startHarness,
  withStore,
  type Harness,
} from './helpers.ts';

const at = (iso: string) => Date.parse(iso);
const QUESTS: readonly QuestDef[] = ALL;
const NEEDS_A_PLACE = new Set<string>(QUESTS.filter((q) => q.needs !== undefined).map((q) => q.id));

describe.each(DATABASES)('quests only of kinds open when the day begins, on %s', (kind) => {
  let h: Harness;
  let now = at('2026-12-01T12:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  const daily = async (app: Harness, userId: string) => {
    const r = await app.call('GET', `/api/daily?user_id=${userId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return DailyResponse.parse(r.body);
  };

  it('forty new accounts: every quest on the first day is one they can play — no arena, no dungeon floors', async () => {
    now = at('2026-12-01T12:00:00Z');
    const drawn: string[] = [];
    for (let i = 0; i < 40; i++) {
      const p = await newPlayer(h, 'f');
      const d = await daily(h, p.id);
      expect(d.first_day).toBe(true);
      expect(d.quests.map((q) => q.kind)).toEqual(
        questsOfDay(p.id, parseDayName(d.period)!, NOTHING_OPEN).map((q) => q.id),
      );
      drawn.push(...d.quests.map((q) => q.kind));
    }
    expect(drawn.filter((k) => NEEDS_A_PLACE.has(k))).toEqual([]);
    // Still drawn: every fight a new player can play, and the errands.
    expect(new Set(drawn)).toEqual(new Set(QUESTS.filter((q) => q.needs === undefined).map((q) => q.id)));
  });

  it('clearing 1-2 and 1-8 keeps the day’s three quests, on any instance; from the next day the arena’s may be drawn', async () => {
    now = at('2026-12-01T12:00:00Z'); // a UTC player: the day of Dec 1
    // A player whose Dec 1 draw would differ had the arena and dungeons been open when it began (so a draw that
    // followed what is open now would change), and whose Dec 2 draw with them open holds the arena's quest.
    const ids = (id: string, day: string, open: 'every' | typeof NOTHING_OPEN) =>
      questsOfDay(id, parseDayName(day)!, open)
        .map((q) => q.id)
        .join();
    let pick: Awaited<ReturnType<typeof mightyPlayer>>;
    for (;;) {
      pick = await mightyPlayer(h);
      const id = pick.p.id;
      if (
        ids(id, '2026-12-01', 'every') !== ids(id, '2026-12-01', NOTHING_OPEN) &&
        ids(id, '2026-12-02', 'every').includes('arena_win')
      )
        break;
    }
    const { p, hero } = pick;
    const before = await daily(h, p.id);
    expect(before.period).toBe('2026-12-01');
    for (const stage of ['1-1', '1-2', '1-3', '1-4', '1-5', '1-6', '1-7', '1-8']) {
      const r = await fightStage(h, p.id, stage, [hero.id], 'auto');
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.campaign).toMatchObject({ stage_id: stage });
    }
    const opened = await withStore(h, (db) =>
      db
        .selectFrom('users')
        .select(['arena_opened_on', 'dungeon_opened_on'])
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow(),
    );
    expect(opened).toEqual({
      arena_opened_on: parseDayName('2026-12-01'),
      dungeon_opened_on: parseDayName('2026-12-01'),
    });
    // The rest of Dec 1: the same three quests, here and on a second instance of the server on the same database.
    const other = await openHarness(h.db, { clock: () => now });
    try {
      for (const t of ['2026-12-01T12:30:00Z', '2026-12-02T03:59:59Z']) {
        now = at(t);
        expect((await daily(h, p.id)).quests.map((q) => q.id)).toEqual(before.quests.map((q) => q.id));
        expect((await daily(other, p.id)).quests.map((q) => q.id)).toEqual(before.quests.map((q) => q.id));
      }
      // Dec 2: the arena was open when it began.
      now = at('2026-12-02T04:00:00Z');
      const next = await daily(other, p.id);
      expect(next.period).toBe('2026-12-02');
      expect(next.quests.map((q) => q.kind)).toContain('arena_win');
      expect((await daily(h, p.id)).quests).toEqual(next.quests);
    } finally {
      await other.app.close();
    }
  });
});

describe.each(DATABASES)('migration 0027 keeps the draw of a day already begun, on %s', (kind) => {
  let h: Harness;
  let now = at('2026-12-01T12:00:00Z');
  let early: string; // no stage cleared; today's draw, over every kind, holds the arena's quest
  let veteran: string; // stage 1-8 cleared; tomorrow's draw over every kind holds the arena's quest
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
    const find = async (day: string) => {
      for (;;) {
        const p = await newPlayer(h, 'm');
        if (questsOfDay(p.id, parseDayName(day)!, 'every').some((q) => q.id === 'arena_win')) return p.id;
      }
    };
    // Made two days ago (their first days over), as the code before 0027 drew them: over every kind.
    now = at('2026-11-29T12:00:00Z');
    early = await find('2026-12-01');
    veteran = await find('2026-12-02');
    now = at('2026-12-01T12:00:00Z');
    await withStore(h, async (db) => {
      await db
        .insertInto('daily_progress')
        .values({ user_id: early, period: '2026-12-01', kind: 'arena_win', count: 3, updated_at: 0 })
        .execute();
      await db
        .insertInto('campaign_progress')
        .values({ user_id: veteran, cleared: 8, idle_since: null, idle_team: null, updated_at: 0 })
        .execute();
      for (const column of ['arena_opened_on', 'dungeon_opened_on', 'draws_every_kind_through'])
        await db.schema.alterTable('users').dropColumn(column).execute();
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '0027_quest_places' as never)
        .execute();
    });
    await h.app.close();
    h = await openHarness(h.db, { clock: () => now });
  });
  afterAll(async () => h?.close());

  const daily = async (userId: string) =>
    DailyResponse.parse((await h.call('GET', `/api/daily?user_id=${userId}`)).body);

  it('the day in progress keeps its arena quest, done and claimable; from the next day a new player’s draw heeds what is open', async () => {
    now = at('2026-12-01T12:00:00Z');
    const today = await daily(early);
    expect(today.quests.find((q) => q.kind === 'arena_win')).toMatchObject({ progress: 3, goal: 3 });
    const paid = await h.call('POST', '/api/daily/claim', { user_id: early, claim: '2026-12-01.arena_win' });
    expect(paid.status).toBe(200);
    now = at('2026-12-02T04:00:00Z');
    expect((await daily(early)).quests.map((q) => q.kind).filter((k) => NEEDS_A_PLACE.has(k))).toEqual([]);
  });

  it('a player who had cleared 1-8 has the arena open from the next day', async () => {
    now = at('2026-12-02T04:00:00Z');
    expect((await daily(veteran)).quests.map((q) => q.kind)).toContain('arena_win');
  });
});
