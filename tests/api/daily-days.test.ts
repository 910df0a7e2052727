// A day's name and a new account's first day on the real server, the one injected clock moved by the test: every
// place a day is named — its period, its quests' ids, a claim, the calendar, the ledger's words, the next day's
// waiting list — says the local date it began on in the player's zone (New York, whose Dec 1 begins at 09:00 UTC on
// Dec 1; Tokyo, whose Dec 1 begins at 19:00 UTC on Nov 30), never the UTC date; an account made at 03:14 keeps its
// first day past the 04:00 reset 46 minutes later, quests, progress and calendar with it; and migration 0025 keeps
// every day in progress when the names change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyResponse } from '../../src/api/daily.ts';
import { NOTHING_OPEN, questsOfDay } from '../../src/game/daily.ts';
import { parseDayName } from '../../src/game/day-clock.ts';
import type { QuestKind } from '../../src/game/data/quests.ts';
import {
  DATABASES,
  openHarness,
  startHarness,
  summonHero,
  uniqueName,
  withStore,
  type Harness,
} from './helpers.ts';

const at = (iso: string) => Date.parse(iso);

describe.each(DATABASES)("a day's name and a first day on %s", (kind) => {
  let h: Harness;
  let now = at('2026-11-27T12:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  async function player(time_zone: string, reset_hour?: number) {
    const r = await h.call('POST', '/api/users', { username: uniqueName('n'), time_zone, reset_hour });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string };
  }
  /** A player made now whose quests on `day` include `k` (the draw is the player's and the day's). */
  async function playerWith(time_zone: string, day: string, k: QuestKind) {
    for (;;) {
      const p = await player(time_zone);
      if (questsOfDay(p.id, parseDayName(day)!, NOTHING_OPEN).some((q) => q.id === k)) return p;
    }
  }
  const daily = async (userId: string) => {
    const r = await h.call('GET', `/api/daily?user_id=${userId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return DailyResponse.parse(r.body);
  };
  const claim = (userId: string, c = 'calendar') =>
    h.call('POST', '/api/daily/claim', { user_id: userId, claim: c });
  const ledgerNames = async (userId: string) =>
    (
      (await h.call('GET', `/api/users/${userId}/ledger?limit=100`)).body.entries as {
        subject: { name: string };
      }[]
    )
      .map((e) => e.subject?.name)
      .filter((n) => n !== undefined);

  it('New York: the day that begins at 04:00 on Dec 1 (09:00 UTC) is Dec 1 everywhere it is named', async () => {
    now = at('2026-11-27T12:00:00Z');
    const p = await playerWith('America/New_York', '2026-12-01', 'summon');
    now = at('2026-12-01T08:59:59Z'); // 03:59:59 on Dec 1 in New York: still the day of Nov 30
    expect((await daily(p.id)).period).toBe('2026-11-30');

    now = at('2026-12-01T09:00:00Z');
    const d = await daily(p.id);
    expect(d).toMatchObject({
      period: '2026-12-01',
      resets_at: '2026-12-02T09:00:00.000Z',
      first_day: false,
    });
    expect(d.quests.every((q) => q.id.startsWith('2026-12-01.'))).toBe(true);
    const paid = await claim(p.id);
    expect(paid.status).toBe(200);
    expect(paid.body.daily.calendar.days[0]).toMatchObject({ claimed: true, claimed_on: '2026-12-01' });

    // 23:30 on Dec 1 in New York is 04:30 UTC on Dec 2: a summon then counts for Dec 1.
    now = at('2026-12-02T04:30:00Z');
    await summonHero(h, p.id);
    const late = await daily(p.id);
    expect(late.period).toBe('2026-12-01');
    expect(late.quests.find((q) => q.kind === 'summon')).toMatchObject({
      id: '2026-12-01.summon',
      progress: 1,
    });
    expect(late.calendar.days[0]!.claimed_on).toBe('2026-12-01');
    expect((await claim(p.id)).status).toBe(409);

    // The next day waits with Dec 1's reward, named Dec 1; claimed, the ledger says which day it was for.
    now = at('2026-12-02T09:00:00Z');
    const next = await daily(p.id);
    expect(next.period).toBe('2026-12-02');
    expect(next.waiting).toEqual([
      expect.objectContaining({ id: '2026-12-01.summon', period: '2026-12-01' }),
    ]);
    expect((await claim(p.id, '2026-12-01.summon')).status).toBe(200);
    expect((await claim(p.id)).status).toBe(200);
    const names = await ledgerNames(p.id);
    expect(names).toContain('Daily quest: Summon a pair of heroes (Dec 1)');
    expect(names).toContain('Login calendar: day 1 (Dec 1)');
    expect(names).toContain('Login calendar: day 2 (Dec 2)');
    expect((await daily(p.id)).calendar.days.slice(0, 2).map((c) => c.claimed_on)).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('Tokyo: the day that begins at 04:00 on Dec 1 (19:00 UTC on Nov 30) is Dec 1', async () => {
    now = at('2026-11-27T12:00:00Z');
    const p = await player('Asia/Tokyo');
    now = at('2026-11-30T18:59:59Z');
    expect((await daily(p.id)).period).toBe('2026-11-30');
    expect((await claim(p.id)).status).toBe(200);
    now = at('2026-11-30T19:00:00Z'); // Nov 30 in UTC, Dec 1 04:00 in Tokyo
    const d = await daily(p.id);
    expect(d).toMatchObject({ period: '2026-12-01', resets_at: '2026-12-01T19:00:00.000Z' });
    expect(d.quests.every((q) => q.id.startsWith('2026-12-01.'))).toBe(true);
    expect((await claim(p.id)).status).toBe(200);
    expect((await daily(p.id)).calendar.days.slice(0, 2).map((c) => c.claimed_on)).toEqual([
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(await ledgerNames(p.id)).toEqual(
      expect.arrayContaining(['Login calendar: day 1 (Nov 30)', 'Login calendar: day 2 (Dec 1)']),
    );
  });

  it('an account made at 03:14 keeps its first day past the 04:00 reset: its quests, progress and calendar too', async () => {
    now = at('2026-12-01T08:14:00Z'); // 03:14 on Dec 1 in New York
    const p = await playerWith('America/New_York', '2026-12-01', 'summon');
    const first = await daily(p.id);
    expect(first).toMatchObject({
      period: '2026-12-01', // the date it began on: not Nov 30, the day that began at 04:00 yesterday
      resets_at: '2026-12-02T09:00:00.000Z',
      first_day: true,
    });
    now = at('2026-12-01T08:20:00Z');
    expect((await claim(p.id)).status).toBe(200);
    now = at('2026-12-01T08:30:00Z');
    await summonHero(h, p.id);

    // 04:00 and after: the same day, the same quests, the summon counted and claimable as today's, the calendar paid.
    for (const t of ['2026-12-01T09:00:00Z', '2026-12-01T21:00:00Z', '2026-12-02T08:59:59Z']) {
      now = at(t);
      const d = await daily(p.id);
      expect(d).toMatchObject({ period: '2026-12-01', first_day: true, waiting: [] });
      expect(d.quests.map((q) => q.id)).toEqual(first.quests.map((q) => q.id));
      expect(d.quests.find((q) => q.kind === 'summon')!.progress).toBe(1);
      expect(d.calendar).toMatchObject({ available: false, next_day: 2 });
      const again = await claim(p.id);
      expect(again.status).toBe(409);
      expect(again.body.error).toMatch(/^Already claimed: today's calendar reward is paid/);
    }
    now = at('2026-12-01T10:00:00Z');
    expect((await claim(p.id, '2026-12-01.summon')).status).toBe(200);

    // 04:00 on Dec 2: the second day, fresh quests, calendar day 2.
    now = at('2026-12-02T09:00:00Z');
    const second = await daily(p.id);
    expect(second).toMatchObject({
      period: '2026-12-02',
      first_day: false,
      resets_at: '2026-12-03T09:00:00.000Z',
    });
    expect(second.calendar).toMatchObject({ available: true, next_day: 2 });
    expect((await claim(p.id)).status).toBe(200);
  });

  it('a first day ends at the first reset at least 6 hours on: 10:00 and 21:30 at the next, 22:30 at the one after', async () => {
    const cases = [
      { made: '2026-12-01T15:00:00Z', period: '2026-12-01', resets: '2026-12-02T09:00:00.000Z' }, // 10:00
      { made: '2026-12-02T02:30:00Z', period: '2026-12-01', resets: '2026-12-02T09:00:00.000Z' }, // 21:30
      { made: '2026-12-02T03:30:00Z', period: '2026-12-01', resets: '2026-12-03T09:00:00.000Z' }, // 22:30
      { made: '2026-12-02T05:30:00Z', period: '2026-12-02', resets: '2026-12-03T09:00:00.000Z' }, // 00:30
    ];
    for (const c of cases) {
      now = at(c.made);
      const p = await player('America/New_York');
      expect(await daily(p.id), c.made).toMatchObject({
        period: c.period,
        resets_at: c.resets,
        first_day: true,
      });
      now = at(c.resets);
      expect((await daily(p.id)).first_day).toBe(false);
    }
  });

  it('a change of zone on the first day applies from its end; the first day keeps its name', async () => {
    now = at('2026-12-01T08:14:00Z'); // 03:14 in New York
    const p = await player('America/New_York');
    expect((await claim(p.id)).status).toBe(200);
    expect((await h.call('PATCH', `/api/users/${p.id}`, { time_zone: 'Asia/Tokyo' })).status).toBe(200);
    const d = await daily(p.id);
    // Held to 04:00 on Dec 2 in New York (09:00 UTC): 18:00 on Dec 2 in Tokyo, where Dec 2 then begins.
    expect(d).toMatchObject({
      period: '2026-12-01',
      resets_at: '2026-12-02T09:00:00.000Z',
      rule_starts_at: '2026-12-02T09:00:00.000Z',
    });
    now = at('2026-12-01T09:00:00Z');
    expect((await claim(p.id)).status).toBe(409);
    now = at('2026-12-02T09:00:00Z');
    // Dec 2 begins there at 18:00 and lasts to Tokyo's 04:00 at least 6 hours on: 04:00 on Dec 3 (19:00 UTC).
    expect(await daily(p.id)).toMatchObject({ period: '2026-12-02', resets_at: '2026-12-02T19:00:00.000Z' });
    expect((await claim(p.id)).status).toBe(200);
  });
});

describe.each(DATABASES)('migration 0025 keeps the day in progress when the names change, on %s', (kind) => {
  let h: Harness;
  let now = at('2026-11-20T12:00:00Z');
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
    for (const [name, time_zone, reset_hour] of [
      ['late', 'Europe/Berlin', 23],
      ['plain', 'Europe/Berlin', 4],
      ['west', 'Asia/Tokyo', 4],
    ] as const) {
      const r = await h.call('POST', '/api/users', { username: uniqueName(name), time_zone, reset_hour });
      ids[name] = r.body.id;
    }
    // As the code before 0025 kept them, at 12:00 UTC on Nov 28: the day resetting at 23:00 that began at 23:00 on the
    // 27th was named the 28th, and its calendar claimed under that name; the player who moved from Tokyo to Niue at
    // 12:00 UTC on the 27th was given the 28th from Tokyo's reset on (19:00 UTC), claimed too.
    now = at('2026-11-28T12:00:00Z');
    await withStore(h, async (db) => {
      await db
        .updateTable('users')
        .set({
          time_zone: 'Pacific/Niue',
          rule_from: at('2026-11-27T19:00:00Z') / 1000,
          day_floor: parseDayName('2026-11-28')!,
        })
        .where('id', '=', ids.west!)
        .execute();
      for (const id of [ids.late!, ids.west!]) {
        await db
          .insertInto('claims')
          .values({
            user_id: id,
            kind: 'daily',
            claim: 'calendar',
            period: '2026-11-28',
            reward: '{}',
            created_at: 0,
          })
          .execute();
        await db.updateTable('users').set({ calendar_claims: 1 }).where('id', '=', id).execute();
      }
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '0025_day_names' as never)
        .execute();
    });
    await h.app.close();
    h = await openHarness(h.db, { clock: () => now });
  });
  afterAll(async () => h?.close());

  const daily = async (userId: string) =>
    DailyResponse.parse((await h.call('GET', `/api/daily?user_id=${userId}`)).body);
  const claim = (userId: string) =>
    h.call('POST', '/api/daily/claim', { user_id: userId, claim: 'calendar' });

  it('a day resetting at 23:00 keeps its old name and its claim, once for 48 hours, then days named as they began', async () => {
    const d = await daily(ids.late!);
    expect(d).toMatchObject({ period: '2026-11-28', resets_at: '2026-11-29T22:00:00.000Z' });
    expect(d.calendar.available).toBe(false);
    expect((await claim(ids.late!)).status).toBe(409);
    now = at('2026-11-29T21:59:59Z');
    expect((await daily(ids.late!)).period).toBe('2026-11-28');
    now = at('2026-11-29T22:00:00Z'); // 23:00 on the 29th in Berlin: the day that begins is the 29th
    expect(await daily(ids.late!)).toMatchObject({
      period: '2026-11-29',
      resets_at: '2026-11-30T22:00:00.000Z',
    });
    expect((await claim(ids.late!)).status).toBe(200);
    now = at('2026-11-28T12:00:00Z');
  });

  it('a day given the next date after moving west keeps it; a plain day is untouched', async () => {
    const d = await daily(ids.west!);
    // Niue's 28th would begin at 15:00 UTC today, a date already played: the day held keeps the 28th to Niue's 29th.
    expect(d).toMatchObject({ period: '2026-11-28', resets_at: '2026-11-29T15:00:00.000Z' });
    expect((await claim(ids.west!)).status).toBe(409);
    expect(await daily(ids.plain!)).toMatchObject({ period: '2026-11-28', rule_starts_at: null });
    const rows = await withStore(h, (db) =>
      db.selectFrom('users').select(['id', 'rule_from']).where('id', '=', ids.plain!).execute(),
    );
    expect(rows[0]!.rule_from).toBeNull();
    now = at('2026-11-29T15:00:00Z');
    expect((await daily(ids.west!)).period).toBe('2026-11-29');
    expect((await claim(ids.west!)).status).toBe(200);
    now = at('2026-11-28T12:00:00Z');
  });
});
