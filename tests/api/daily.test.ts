// The player's day on the real server, with the one injected clock moved by the test: the reset at the chosen local
// hour (03:59 and 04:00), 23- and 25-hour days in America/New_York and Europe/Berlin, a server down across resets,
// a change of zone or hour that tries a second claim, and the login calendar after a missed week.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { DailyResponse } from '../../src/api/daily.ts';
import { CALENDAR } from '../../src/game/data/quests.ts';
import { NOTHING_OPEN, questsOfDay } from '../../src/game/daily.ts';
import { parseDayName } from '../../src/game/day-clock.ts';
import { DATABASES, startHarness, summonHero, uniqueName, withStore, type Harness } from './helpers.ts';

const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe.each(DATABASES)("the player's day on %s", (kind) => {
  let h: Harness;
  let now = at('2026-11-27T12:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  async function player(time_zone = 'Europe/Berlin', reset_hour?: number) {
    const r = await h.call('POST', '/api/users', { username: uniqueName('d'), time_zone, reset_hour });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; gold: number; time_zone: string; reset_hour: number };
  }
  const daily = async (userId: string) => {
    const r = await h.call('GET', `/api/daily?user_id=${userId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return DailyResponse.parse(r.body);
  };
  const claim = (userId: string, c = 'calendar') =>
    h.call('POST', '/api/daily/claim', { user_id: userId, claim: c });

  it('a new player has the zone the browser sent and the 04:00 default; the day says when it resets', async () => {
    now = at('2026-11-27T12:00:00Z');
    const p = await player('Europe/Berlin');
    expect(p).toMatchObject({ time_zone: 'Europe/Berlin', reset_hour: 4 });
    const d = await daily(p.id);
    expect(d).toMatchObject({
      period: '2026-11-27',
      now: '2026-11-27T12:00:00.000Z',
      resets_at: '2026-11-28T03:00:00.000Z', // 04:00 CET
      time_zone: 'Europe/Berlin',
      reset_hour: 4,
      rule_starts_at: null,
    });
    const utc = await h.call('POST', '/api/users', { username: uniqueName('u') });
    expect(utc.body).toMatchObject({ time_zone: 'UTC', reset_hour: 4 });
    const bad = await h.call('POST', '/api/users', { username: uniqueName('b'), time_zone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      'Invalid body field "time_zone": must be an IANA time zone name, such as Europe/Berlin or UTC',
    );
  });

  it('a claim at 03:59 local belongs to the day before; at 04:00 the new day pays again', async () => {
    now = at('2026-11-27T12:00:00Z');
    const p = await player('Europe/Berlin');
    now = at('2026-11-28T02:59:00Z'); // 03:59 in Berlin on the 28th
    expect((await daily(p.id)).period).toBe('2026-11-27');
    expect((await claim(p.id)).status).toBe(200);
    now = at('2026-11-28T02:59:59Z');
    const twice = await claim(p.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(
      "Already claimed: today's calendar reward is paid, and day 2 unlocks at the next reset (in 1 min)",
    );
    now = at('2026-11-28T03:00:00Z'); // 04:00 in Berlin
    const d = await daily(p.id);
    expect(d.period).toBe('2026-11-28');
    expect(d.calendar.available).toBe(true);
    const next = await claim(p.id);
    expect(next.status).toBe(200);
    expect(next.body.reward).toMatchObject(CALENDAR[1]!);
  });

  // Each: the day before a clock change, its reset instants and length.
  const DST = [
    {
      zone: 'America/New_York',
      day: '2026-03-07',
      start: '2026-03-07T09:00:00Z',
      end: '2026-03-08T08:00:00Z',
      hours: 23,
    },
    {
      zone: 'America/New_York',
      day: '2026-10-31',
      start: '2026-10-31T08:00:00Z',
      end: '2026-11-01T09:00:00Z',
      hours: 25,
    },
    {
      zone: 'Europe/Berlin',
      day: '2026-03-28',
      start: '2026-03-28T03:00:00Z',
      end: '2026-03-29T02:00:00Z',
      hours: 23,
    },
    {
      zone: 'Europe/Berlin',
      day: '2026-10-24',
      start: '2026-10-24T02:00:00Z',
      end: '2026-10-25T03:00:00Z',
      hours: 25,
    },
  ];

  it.each(DST)('$zone: the $hours-hour day of $day resets once, at 04:00 local at each end', async (c) => {
    now = at(c.start) - H;
    const p = await player(c.zone);
    now = at(c.start);
    const d = await daily(p.id);
    expect(d.period).toBe(c.day);
    expect(d.resets_at).toBe(new Date(at(c.end)).toISOString());
    expect((at(d.resets_at) - now) / H).toBe(c.hours);
    expect((await claim(p.id)).status).toBe(200);
    // Every hour of the long or short day is the same day: no second claim anywhere in it.
    for (now = at(c.start) + H; now < at(c.end); now += H) {
      expect((await daily(p.id)).period).toBe(c.day);
      expect((await claim(p.id)).status).toBe(409);
    }
    now = at(c.end) - 1000;
    expect((await claim(p.id)).status).toBe(409);
    now = at(c.end);
    const next = await daily(p.id);
    expect(next.period).not.toBe(c.day);
    expect((await claim(p.id)).status).toBe(200);
  });

  it('a server down across several resets shows the day it is now, with fresh quests', async () => {
    // A server of its own, stopped and started again later on the same database.
    now = at('2026-11-27T12:00:00Z');
    const first = await startHarness(kind, { clock: () => now });
    const p = (
      await first.call('POST', '/api/users', { username: uniqueName('s'), time_zone: 'America/New_York' })
    ).body as { id: string };
    const before = DailyResponse.parse((await first.call('GET', `/api/daily?user_id=${p.id}`)).body);
    expect((await first.call('POST', '/api/daily/claim', { user_id: p.id, claim: 'calendar' })).status).toBe(
      200,
    );
    await first.app.close();
    // Down for three days and a bit; a new process of the server, at its own now.
    now = at('2026-11-30T15:30:00Z');
    const again = await buildApp({
      databaseUrl: first.db.url,
      rateLimits: false,
      webRoot: null,
      oddsThreads: 1,
      clock: () => now,
    });
    try {
      const read = await again.inject({ method: 'GET', url: `/api/daily?user_id=${p.id}` });
      const after = DailyResponse.parse(read.json());
      expect(after.period).toBe('2026-11-30');
      expect(after.resets_at).toBe('2026-12-01T09:00:00.000Z');
      expect(
        after.quests.every((q) => q.progress === 0 && !q.claimed && q.id.startsWith('2026-11-30.')),
      ).toBe(true);
      expect(after.quests.map((q) => q.id)).not.toEqual(before.quests.map((q) => q.id));
      expect(after.calendar).toMatchObject({ available: true, next_day: 2 });
      const paid = await again.inject({
        method: 'POST',
        url: '/api/daily/claim',
        payload: { user_id: p.id, claim: 'calendar' },
      });
      expect(paid.statusCode).toBe(200);
    } finally {
      await again.close();
      await first.db.drop();
    }
  });

  it('a zone edited by hand to a name Intl does not know reads as UTC, never a 5xx', async () => {
    now = at('2026-11-27T12:00:00Z');
    const p = await player('Europe/Berlin');
    await withStore(h, (db) =>
      db.updateTable('users').set({ time_zone: 'Mars/Olympus' }).where('id', '=', p.id).execute(),
    );
    const r = await h.call('GET', `/api/daily?user_id=${p.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ time_zone: 'UTC', resets_at: '2026-11-28T04:00:00.000Z' });
    expect((await claim(p.id)).status).toBe(200);
  });

  it('a change of zone cannot pay a day twice: it applies from the next reset, and the new zone never replays a date', async () => {
    now = at('2026-11-27T12:00:00Z'); // Berlin 13:00 on the 27th; Kiritimati (UTC+14) already 02:00 on the 28th
    const p = await player('Europe/Berlin');
    expect((await claim(p.id)).status).toBe(200);
    const patched = await h.call('PATCH', `/api/users/${p.id}`, { time_zone: 'Pacific/Kiritimati' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ time_zone: 'Pacific/Kiritimati', reset_hour: 4 });
    const same = await daily(p.id);
    expect(same).toMatchObject({
      period: '2026-11-27',
      resets_at: '2026-11-28T03:00:00.000Z',
      rule_starts_at: '2026-11-28T03:00:00.000Z',
      time_zone: 'Pacific/Kiritimati',
    });
    expect(same.calendar.available).toBe(false);
    const second = await claim(p.id);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/^Already claimed: /);
    // And the hour, too: the day in progress keeps its reset.
    expect((await h.call('PATCH', `/api/users/${p.id}`, { reset_hour: 13 })).status).toBe(200);
    expect((await claim(p.id)).status).toBe(409);
    expect((await daily(p.id)).resets_at).toBe('2026-11-28T03:00:00.000Z');

    // From that reset the new rule: in Kiritimati it is 17:00 on the 28th — the 28th begins then, named by the date
    // it began on there, and lasts to the first 13:00 at least 6 hours on that begins a later date: 13:00 Kiritimati
    // on the 29th, 23:00 UTC on the 28th.
    now = at('2026-11-28T03:00:00Z');
    const next = await daily(p.id);
    expect(next).toMatchObject({
      period: '2026-11-28',
      resets_at: '2026-11-28T23:00:00.000Z',
      rule_starts_at: null,
    });
    expect((await claim(p.id)).status).toBe(200);
    expect((await claim(p.id)).status).toBe(409);
    now = at('2026-11-28T23:00:00Z');
    expect((await daily(p.id)).period).toBe('2026-11-29');
    expect((await claim(p.id)).status).toBe(200);
  });

  it('moving west never plays a date twice: the day in progress lasts until the new zone’s next date begins', async () => {
    now = at('2026-11-27T12:00:00Z'); // Tokyo 21:00 on the 27th
    const p = await player('Asia/Tokyo');
    expect((await claim(p.id)).status).toBe(200);
    expect((await h.call('PATCH', `/api/users/${p.id}`, { time_zone: 'Pacific/Niue' })).status).toBe(200); // UTC−11
    // Tokyo's reset; in Niue it is 08:00 on the 27th, a date already played: the day of the 27th goes on, to 04:00
    // on the 28th in Niue (15:00 UTC).
    now = at('2026-11-27T19:00:00Z');
    const d = await daily(p.id);
    expect(d).toMatchObject({
      period: '2026-11-27',
      resets_at: '2026-11-28T15:00:00.000Z',
      rule_starts_at: '2026-11-28T15:00:00.000Z',
    });
    for (; now < at('2026-11-28T15:00:00Z'); now += 3 * H) expect((await claim(p.id)).status).toBe(409);
    now = at('2026-11-28T15:00:00Z');
    expect(await daily(p.id)).toMatchObject({ period: '2026-11-28', rule_starts_at: null });
    expect((await claim(p.id)).status).toBe(200);
  });

  it('the calendar after a missed week: the next reward, never day 1 again; after day 7 a new calendar', async () => {
    now = at('2026-11-27T12:00:00Z');
    const p = await player('UTC');
    const paid: number[] = [];
    const claimDay = async () => {
      const d = await daily(p.id);
      const r = await claim(p.id);
      expect(r.status).toBe(200);
      paid.push(d.calendar.next_day);
      expect(r.body.reward).toMatchObject(CALENDAR[d.calendar.next_day - 1]!);
      return r.body.daily as DailyResponse;
    };
    await claimDay();
    now += 24 * H;
    await claimDay();
    now += 9 * 24 * H; // a week and more away
    const back = await daily(p.id);
    expect(back.calendar.next_day).toBe(3);
    expect(back.calendar.days.map((d) => d.claimed)).toEqual([true, true, false, false, false, false, false]);
    await claimDay();
    for (let i = 0; i < 4; i++) {
      now += 24 * H;
      await claimDay();
    }
    expect(paid).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // After the seventh claim, the day still shows the finished calendar; tomorrow a new one begins at day 1.
    const finished = await daily(p.id);
    expect(finished.calendar.days.every((d) => d.claimed)).toBe(true);
    expect(finished.calendar).toMatchObject({ next_day: 1, available: false });
    now += 24 * H;
    const fresh = await daily(p.id);
    expect(fresh.calendar.days.some((d) => d.claimed)).toBe(false);
    await claimDay();
    expect(paid.at(-1)).toBe(1);
  });

  it('a finished quest left unclaimed waits 7 days after its day; an unfinished one lapses at the reset', async () => {
    now = at('2026-11-27T12:00:00Z');
    const day = parseDayName('2026-11-27')!;
    let p = await player('Europe/Berlin');
    while (!questsOfDay(p.id, day, NOTHING_OPEN).some((q) => q.id === 'summon'))
      p = await player('Europe/Berlin');
    await summonHero(h, p.id);
    const other = questsOfDay(p.id, day, NOTHING_OPEN).find((q) => q.id !== 'summon')!;
    // Another player finished all three on the 27th (arranged in the store) and claimed nothing.
    const q = await player('Europe/Berlin');
    await withStore(h, (db) =>
      db
        .insertInto('daily_progress')
        .values(
          questsOfDay(q.id, day, NOTHING_OPEN).map((x) => ({
            user_id: q.id,
            period: '2026-11-27',
            kind: x.id,
            count: x.goal,
            updated_at: 0,
          })),
        )
        .execute(),
    );

    now = at('2026-11-28T12:00:00Z');
    const next = await daily(p.id);
    expect(next.period).toBe('2026-11-28');
    expect(next.waiting).toEqual([
      expect.objectContaining({ id: '2026-11-27.summon', period: '2026-11-27' }),
    ]);
    const late = await claim(p.id, '2026-11-27.summon');
    expect(late.status).toBe(200);
    expect(late.body.daily.waiting).toEqual([]);
    expect((await claim(p.id, '2026-11-27.summon')).status).toBe(409);
    const lapsed = await claim(p.id, `2026-11-27.${other.id}`);
    expect(lapsed.status).toBe(409);
    expect(lapsed.body.error).toMatch(
      /^That quest was for 2026-11-27 and lapsed unfinished at the reset \(0 \/ /,
    );
    const ledger = (await h.call('GET', `/api/users/${p.id}/ledger`)).body.entries;
    expect(ledger[0]).toMatchObject({ reason: 'daily_quest', ref: '2026-11-27.summon' });

    // The earlier day's bonus waits too, named by its day; today's is another.
    const waiting = (await daily(q.id)).waiting.map((w) => w.id);
    expect(waiting).toContain('2026-11-27.bonus');
    expect(waiting).toHaveLength(4);
    expect((await claim(q.id, 'bonus')).status).toBe(409);
    expect((await claim(q.id, '2026-11-27.bonus')).status).toBe(200);
    expect((await claim(q.id, '2026-11-27.bonus')).status).toBe(409);

    // A week after its day a reward still waits; a day later it has lapsed.
    now = at('2026-12-04T12:00:00Z');
    expect((await daily(q.id)).waiting).toHaveLength(3);
    now = at('2026-12-05T12:00:00Z');
    expect((await daily(q.id)).waiting).toEqual([]);
    const gone = await claim(q.id, `2026-11-27.${questsOfDay(q.id, day, NOTHING_OPEN)[0]!.id}`);
    expect(gone.status).toBe(409);
    expect(gone.body.error).toBe(
      'That reward was for 2026-11-27: rewards wait 7 days after their day, and that one lapsed',
    );
  });

  it('PATCH refuses zones that are not IANA names and hours outside 0–23, changing nothing', async () => {
    now = at('2026-11-27T12:00:00Z');
    const p = await player('Europe/Berlin', 6);
    for (const body of [
      { time_zone: 'Mars/Olympus' },
      { time_zone: '+05:00' },
      { time_zone: 'GMT+5' },
      { time_zone: '' },
      { time_zone: 7 },
      { reset_hour: 24 },
      { reset_hour: -1 },
      { reset_hour: 3.5 },
      { reset_hour: '4' },
      { time_zone: 'Asia/Tokyo', reset_hour: 99 },
      {},
    ]) {
      const r = await h.call('PATCH', `/api/users/${p.id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.error).toBe('string');
    }
    expect((await h.call('GET', `/api/users/${p.id}`)).body).toMatchObject({
      time_zone: 'Europe/Berlin',
      reset_hour: 6,
    });
    expect((await h.call('PATCH', '/api/users/u_nobody', { reset_hour: 5 })).status).toBe(404);
    const ok = await h.call('PATCH', `/api/users/${p.id}`, { time_zone: 'america/new_york', reset_hour: 0 });
    expect(ok.body).toMatchObject({ time_zone: 'America/New_York', reset_hour: 0 });
    expect((await h.call('GET', `/api/users/${p.id}`)).body).toMatchObject({
      time_zone: 'America/New_York',
      reset_hour: 0,
    });
  });
});
