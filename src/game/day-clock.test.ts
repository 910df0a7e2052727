// A player's day in their own zone: resets at the chosen local hour, daylight-saving days of 23 and 25 hours that
// still reset once, the day's name (the local date it began on), a new account's first day, and changes of zone or
// hour that never let a date be played twice.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  changeRule,
  civilFromDays,
  dayAt,
  dayName,
  daysFromCivil,
  dayUnder,
  dayFrom,
  firstInstantAt,
  MIN_DAY_HOURS,
  localDate,
  ianaZone,
  parseDayName,
  resetOn,
  wallClock,
  type DayRule,
  type DayState,
} from './day-clock.ts';

// src/game is pure, its tests too: instants written and read as ISO 8601 UTC without Date.
const DAY = 86_400_000;
function at(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?Z$/.exec(text)!;
  const [y, mo, d, h, mi, s, ms] = m.slice(1).map((v) => Number(v ?? 0));
  return daysFromCivil(y!, mo!, d!) * DAY + ((h! * 60 + mi!) * 60 + s!) * 1000 + ms!;
}
function iso(ms: number): string {
  const t = ms - Math.floor(ms / DAY) * DAY;
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const time = `${p(Math.floor(t / 3_600_000))}:${p(Math.floor(t / 60_000) % 60)}:${p(Math.floor(t / 1000) % 60)}`;
  return `${dayName(Math.floor(ms / DAY))}T${time}.${p(t % 1000, 3)}Z`;
}
const H = 3_600_000;
const day = (text: string) => parseDayName(text)!;
const fresh = (timeZone: string, resetHour = 4, opened: number | null = null): DayState => ({
  timeZone,
  resetHour,
  ruleFrom: null,
  floor: null,
  opened,
});

describe('civil dates', () => {
  it('round-trip every day from 1600 to 2400, and name them', () => {
    const wrong: number[] = [];
    for (let z = daysFromCivil(1600, 1, 1); z < daysFromCivil(2400, 1, 1); z += 1) {
      const { y, m, d } = civilFromDays(z);
      if (daysFromCivil(y, m, d) !== z) wrong.push(z);
    }
    expect(wrong).toEqual([]);
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(dayName(daysFromCivil(2024, 2, 29))).toBe('2024-02-29');
    expect(parseDayName('2026-02-29')).toBeNull();
    expect(parseDayName('2026-13-01')).toBeNull();
    expect(parseDayName('2026-11-27')).toBe(daysFromCivil(2026, 11, 27));
  });

  it('read the wall clock of a zone as Intl shows it', () => {
    expect(iso(wallClock(at('2026-11-27T22:30:00.123Z'), 'Asia/Kolkata'))).toBe('2026-11-28T04:00:00.123Z');
    expect(iso(wallClock(at('2026-07-01T12:00:00Z'), 'America/New_York'))).toBe('2026-07-01T08:00:00.000Z');
  });
});

describe('the reset, at the first instant at or after the chosen local hour', () => {
  const berlin: DayRule = { timeZone: 'Europe/Berlin', resetHour: 4 };

  it('03:59 local is still the day before; 04:00 is the new day', () => {
    const before = dayUnder(at('2026-11-27T02:59:00Z'), berlin); // 03:59 CET
    const after = dayUnder(at('2026-11-27T03:00:00Z'), berlin); // 04:00 CET
    expect(dayName(before.day)).toBe('2026-11-26');
    expect(iso(before.endsAt)).toBe('2026-11-27T03:00:00.000Z');
    expect(dayName(after.day)).toBe('2026-11-27');
    expect(iso(after.endsAt)).toBe('2026-11-28T03:00:00.000Z');
  });

  const lengths = (rule: DayRule, date: string) =>
    (resetOn(day(date) + 1, rule) - resetOn(day(date), rule)) / H;

  it('Europe/Berlin: a 23-hour day in March and a 25-hour day in October, each reset once', () => {
    expect(lengths(berlin, '2026-03-28')).toBe(23);
    expect(lengths(berlin, '2026-03-29')).toBe(24);
    expect(lengths(berlin, '2026-10-24')).toBe(25);
    expect(lengths(berlin, '2026-10-25')).toBe(24);
    expect(iso(resetOn(day('2026-03-29'), berlin))).toBe('2026-03-29T02:00:00.000Z'); // 04:00 CEST
    expect(iso(resetOn(day('2026-10-25'), berlin))).toBe('2026-10-25T03:00:00.000Z'); // 04:00 CET
  });

  it('America/New_York: a 23-hour day in March and a 25-hour day in November', () => {
    const ny: DayRule = { timeZone: 'America/New_York', resetHour: 4 };
    expect(lengths(ny, '2026-03-07')).toBe(23);
    expect(lengths(ny, '2026-10-31')).toBe(25);
    expect(iso(resetOn(day('2026-03-08'), ny))).toBe('2026-03-08T08:00:00.000Z'); // 04:00 EDT
    expect(iso(resetOn(day('2026-11-01'), ny))).toBe('2026-11-01T09:00:00.000Z'); // 04:00 EST
  });

  it('an hour the clock skips resets when the gap ends; an hour shown twice resets at its first showing', () => {
    const two: DayRule = { timeZone: 'Europe/Berlin', resetHour: 2 };
    // 2026-03-29 02:00 CET never happens: the clock goes from 01:59:59 CET to 03:00 CEST (01:00 UTC).
    expect(iso(resetOn(day('2026-03-29'), two))).toBe('2026-03-29T01:00:00.000Z');
    // 2026-10-25 02:00 is shown at 00:00 UTC (CEST) and again at 01:00 UTC (CET): the reset is the first.
    expect(iso(resetOn(day('2026-10-25'), two))).toBe('2026-10-25T00:00:00.000Z');
    const d = dayUnder(at('2026-10-25T01:30:00Z'), two); // the second 02:30: the same day, no second reset
    expect(dayName(d.day)).toBe('2026-10-25');
    expect(iso(d.endsAt)).toBe('2026-10-26T01:00:00.000Z');
    // New York's gap (02:00–03:00 on 2026-03-08) and fall-back (01:00–02:00 twice on 2026-11-01).
    expect(iso(firstInstantAt(at('2026-03-08T02:30:00Z'), 'America/New_York'))).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    expect(iso(firstInstantAt(at('2026-11-01T01:30:00Z'), 'America/New_York'))).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('every instant of a year falls in exactly one day, and each day resets once (Berlin, New York, Lord Howe, Apia)', () => {
    // Lord Howe moves by half an hour; Apia skipped 2011-12-30 altogether.
    for (const [timeZone, year] of [
      ['Europe/Berlin', 2026],
      ['America/New_York', 2026],
      ['Australia/Lord_Howe', 2026],
      ['Pacific/Apia', 2011],
    ] as const)
      for (const resetHour of [0, 2, 4, 23]) {
        const rule = { timeZone, resetHour };
        let t = at(`${year}-01-01T00:00:00Z`);
        let prev = dayUnder(t, rule);
        while (t < at(`${year + 1}-01-01T00:00:00Z`)) {
          const next = dayUnder(prev.endsAt, rule);
          expect(next.day).toBeGreaterThan(prev.day);
          expect(dayUnder(prev.endsAt - 1, rule).day).toBe(prev.day);
          const hours = (next.endsAt - prev.endsAt) / H;
          if (timeZone !== 'Pacific/Apia') expect([23, 23.5, 24, 24.5, 25]).toContain(hours);
          t = prev.endsAt;
          prev = next;
        }
      }
  });

  it('names a day by the local date it began on, whatever the hour', () => {
    const late: DayRule = { timeZone: 'Europe/Berlin', resetHour: 23 };
    expect(dayName(dayUnder(at('2026-11-27T21:59:00Z'), late).day)).toBe('2026-11-26'); // 22:59 on the 27th
    expect(dayName(dayUnder(at('2026-11-27T22:00:00Z'), late).day)).toBe('2026-11-27'); // 23:00 on the 27th
    expect(dayName(dayUnder(at('2026-11-28T21:59:00Z'), late).day)).toBe('2026-11-27'); // 22:59 on the 28th
  });

  it('New York: the day that begins at 04:00 on Dec 1 (09:00 UTC) is Dec 1, until 04:00 on Dec 2', () => {
    const ny: DayRule = { timeZone: 'America/New_York', resetHour: 4 };
    expect(dayName(dayUnder(at('2026-12-01T08:59:59Z'), ny).day)).toBe('2026-11-30'); // 03:59:59 on Dec 1
    const d = dayUnder(at('2026-12-01T09:00:00Z'), ny);
    expect(dayName(d.day)).toBe('2026-12-01');
    expect(iso(d.endsAt)).toBe('2026-12-02T09:00:00.000Z');
    // 23:30 on Dec 1 in New York is already Dec 2 in UTC: still the day of Dec 1.
    expect(dayName(dayUnder(at('2026-12-02T04:30:00Z'), ny).day)).toBe('2026-12-01');
    expect(dayName(dayUnder(at('2026-12-02T08:59:59Z'), ny).day)).toBe('2026-12-01');
  });

  it('Tokyo: the day that begins at 04:00 on Dec 1 (19:00 UTC on Nov 30) is Dec 1', () => {
    const tokyo: DayRule = { timeZone: 'Asia/Tokyo', resetHour: 4 };
    expect(dayName(dayUnder(at('2026-11-30T18:59:59Z'), tokyo).day)).toBe('2026-11-30');
    const d = dayUnder(at('2026-11-30T19:00:00Z'), tokyo);
    expect(dayName(d.day)).toBe('2026-12-01');
    expect(iso(d.endsAt)).toBe('2026-12-01T19:00:00.000Z');
  });

  it('every day is named by the local date of its reset, in every zone and at every hour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z') }),
        fc.constantFrom(
          'UTC',
          'America/New_York',
          'Asia/Tokyo',
          'Pacific/Kiritimati',
          'Pacific/Niue',
          'Asia/Kolkata',
        ),
        fc.integer({ min: 0, max: 23 }),
        (ms, timeZone, resetHour) => {
          const rule = { timeZone, resetHour };
          const d = dayUnder(ms, rule);
          const began = resetOn(d.day, rule);
          expect(began).toBeLessThanOrEqual(ms);
          expect(localDate(began, timeZone)).toBe(d.day);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a new account's first day", () => {
  const ny = (opened: string) => fresh('America/New_York', 4, at(opened));

  it('made at 03:14 in New York: the 04:00 reset 46 minutes later does not end it; 04:00 the next day does', () => {
    const s = ny('2026-12-01T08:14:00Z'); // 03:14 EST on Dec 1
    for (const t of [
      '2026-12-01T08:14:00Z',
      '2026-12-01T08:59:59Z',
      '2026-12-01T09:00:00Z',
      '2026-12-02T08:59:59Z',
    ]) {
      const d = dayAt(at(t), s);
      expect({ t, day: dayName(d.day), endsAt: iso(d.endsAt), first: d.first }).toEqual({
        t,
        day: '2026-12-01', // the local date it began on, not the day that began at 04:00 on Nov 30
        endsAt: '2026-12-02T09:00:00.000Z',
        first: true,
      });
    }
    const next = dayAt(at('2026-12-02T09:00:00Z'), s);
    expect(next).toMatchObject({ day: day('2026-12-02'), first: false });
  });

  it(`a reset less than ${MIN_DAY_HOURS} hours after the opening is passed over; one further ends the first day`, () => {
    // 21:30 in New York: the 04:00 reset is 6 h 30 min away and ends the first day.
    expect(iso(dayAt(at('2026-12-02T02:30:00Z'), ny('2026-12-02T02:30:00Z')).endsAt)).toBe(
      '2026-12-02T09:00:00.000Z',
    );
    // 22:30: 5 h 30 min away, passed over: the first day (Dec 1) lasts to 04:00 on Dec 3; Dec 2 is never played.
    const late = ny('2026-12-02T03:30:00Z');
    expect(dayName(dayAt(at('2026-12-02T03:30:00Z'), late).day)).toBe('2026-12-01');
    expect(iso(dayAt(at('2026-12-02T03:30:00Z'), late).endsAt)).toBe('2026-12-03T09:00:00.000Z');
    expect(dayName(dayAt(at('2026-12-03T09:00:00Z'), late).day)).toBe('2026-12-03');
    // 10:00: the first day is the rest of Dec 1, as any day.
    const d = dayAt(at('2026-12-01T15:00:00Z'), ny('2026-12-01T15:00:00Z'));
    expect(dayName(d.day)).toBe('2026-12-01');
    expect(iso(d.endsAt)).toBe('2026-12-02T09:00:00.000Z');
  });

  it('Tokyo: made at 01:00 on Dec 1 (16:00 UTC on Nov 30), the first day is Dec 1, to 04:00 on Dec 2', () => {
    const s = fresh('Asia/Tokyo', 4, at('2026-11-30T16:00:00Z'));
    const d = dayAt(at('2026-11-30T19:00:00Z'), s); // 04:00 on Dec 1 in Tokyo: 3 hours in, not the end
    expect(dayName(d.day)).toBe('2026-12-01');
    expect(iso(d.endsAt)).toBe('2026-12-01T19:00:00.000Z');
    expect(dayName(dayFrom(at('2026-11-30T16:00:00Z'), s).day)).toBe('2026-12-01');
  });

  it(`lasts at least ${MIN_DAY_HOURS} hours, ends at a reset, and the day after it takes a later date`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z') }),
        fc.constantFrom('UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Niue'),
        fc.integer({ min: 0, max: 23 }),
        (opened, timeZone, resetHour) => {
          const s = fresh(timeZone, resetHour, opened);
          const first = dayAt(opened, s);
          expect(first.first).toBe(true);
          expect(first.day).toBe(localDate(opened, timeZone));
          expect(first.endsAt - opened).toBeGreaterThanOrEqual(MIN_DAY_HOURS * H);
          expect(first.endsAt - opened).toBeLessThanOrEqual((MIN_DAY_HOURS + 50) * H);
          expect(dayAt(first.endsAt - 1, s).day).toBe(first.day);
          const next = dayAt(first.endsAt, s);
          expect(next.first).toBe(false);
          expect(next.day).toBeGreaterThan(first.day);
          expect(resetOn(next.day, s)).toBe(first.endsAt);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('changing the zone or the hour', () => {
  const t = at('2026-11-27T12:00:00Z'); // Berlin 13:00, day 2026-11-27 until 2026-11-28 03:00 UTC

  it('applies from the next reset; the next day begins then, named by the new zone’s date', () => {
    const s = changeRule(t, fresh('Europe/Berlin'), { timeZone: 'Pacific/Kiritimati', resetHour: 4 });
    // In Kiritimati (UTC+14) it is already 2026-11-28 02:00 — yesterday's day there: still 2026-11-27 here.
    const now = dayAt(t, s);
    expect(now).toMatchObject({ day: day('2026-11-27'), held: true });
    expect(iso(now.endsAt)).toBe('2026-11-28T03:00:00.000Z');
    // At that reset it is 17:00 on the 28th in Kiritimati: the 28th begins then, and lasts to 04:00 there on the 29th.
    const next = dayAt(now.endsAt, s);
    expect(dayName(next.day)).toBe('2026-11-28');
    expect(iso(next.endsAt)).toBe('2026-11-28T14:00:00.000Z');
    expect(dayName(dayAt(next.endsAt, s).day)).toBe('2026-11-29');
  });

  it('moving west never plays a date again: the day in progress lasts until the new zone’s next date begins', () => {
    const s = changeRule(t, fresh('Asia/Tokyo'), { timeZone: 'America/Los_Angeles', resetHour: 4 });
    // Tokyo 21:00 on the 27th: day 2026-11-27, to end at 19:00 UTC — 11:00 on the 27th in Los Angeles, a date played.
    const now = dayAt(t, s);
    expect(dayName(now.day)).toBe('2026-11-27');
    // So it lasts on to 04:00 PST on the 28th (12:00 UTC), when the 28th begins in Los Angeles.
    expect(iso(now.endsAt)).toBe('2026-11-28T12:00:00.000Z');
    const next = dayAt(now.endsAt, s);
    expect(dayName(next.day)).toBe('2026-11-28');
    expect(iso(next.endsAt)).toBe('2026-11-29T12:00:00.000Z');
  });

  it('UTC to New York: the UTC day lasts to 04:00 in New York, and Dec 1 begins there then', () => {
    const s = changeRule(at('2026-11-30T12:00:00Z'), fresh('UTC'), {
      timeZone: 'America/New_York',
      resetHour: 4,
    });
    // The UTC day of Nov 30 was to end at 04:00 UTC on Dec 1: 23:00 on Nov 30 in New York, a date played.
    const now = dayAt(at('2026-12-01T04:00:00Z'), s);
    expect(dayName(now.day)).toBe('2026-11-30');
    expect(iso(now.endsAt)).toBe('2026-12-01T09:00:00.000Z');
    expect(dayName(dayAt(at('2026-12-01T09:00:00Z'), s).day)).toBe('2026-12-01');
  });

  it('an earlier or later hour: the day keeps its reset, the next lasts 23 or 25 hours', () => {
    const later = changeRule(t, fresh('Europe/Berlin'), { timeZone: 'Europe/Berlin', resetHour: 5 });
    const a = dayAt(at('2026-11-28T03:00:00Z'), later);
    expect(dayName(a.day)).toBe('2026-11-28');
    expect(iso(a.endsAt)).toBe('2026-11-29T04:00:00.000Z'); // 05:00 CET: 25 hours
    const earlier = changeRule(t, fresh('Europe/Berlin'), { timeZone: 'Europe/Berlin', resetHour: 3 });
    const b = dayAt(at('2026-11-28T03:00:00Z'), earlier);
    expect(dayName(b.day)).toBe('2026-11-28');
    expect(iso(b.endsAt)).toBe('2026-11-29T02:00:00.000Z'); // 03:00 CET: 23 hours
    // 04:00 → 23:00: the 28th runs from 04:00 on the 28th to 23:00 on the 29th (43 hours): a day begun at 23:00 on
    // the 28th would be a second day named the 28th.
    const late = changeRule(t, fresh('Europe/Berlin'), { timeZone: 'Europe/Berlin', resetHour: 23 });
    const c = dayAt(at('2026-11-28T03:00:00Z'), late);
    expect(dayName(c.day)).toBe('2026-11-28');
    expect(iso(c.endsAt)).toBe('2026-11-29T22:00:00.000Z');
    expect(dayName(dayAt(c.endsAt, late).day)).toBe('2026-11-29');
    // 23:00 → 00:00 (a day begun at 23:00 on the 27th): the 28th begins at 23:00 on the 28th and lasts to midnight
    // on the 30th, never one hour.
    const fromLate = changeRule(at('2026-11-28T12:00:00Z'), fresh('Europe/Berlin', 23), {
      timeZone: 'Europe/Berlin',
      resetHour: 0,
    });
    const d = dayAt(at('2026-11-28T22:00:00Z'), fromLate);
    expect(dayName(d.day)).toBe('2026-11-28');
    expect(iso(d.endsAt)).toBe('2026-11-29T23:00:00.000Z');
    expect((d.endsAt - at('2026-11-28T22:00:00Z')) / H).toBeGreaterThanOrEqual(MIN_DAY_HOURS);
  });

  const ZONES = [
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'Pacific/Kiritimati',
    'Pacific/Niue',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'America/Los_Angeles',
  ];

  it('whatever the changes and whenever they come, dates only move forward and each is one stretch of time', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 60_000, max: 50 * H }),
            zone: fc.constantFrom(...ZONES),
            hour: fc.integer({ min: 0, max: 23 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (changes) => {
          let now = at('2026-03-20T00:00:00Z');
          // A new account: its first day begins now.
          let state = fresh('Europe/Berlin', 4, now);
          const seen: number[] = [];
          const walk = (until: number) => {
            // Every reset up to `until`: each day's date is greater than the last one's, and it is the local date
            // the day began on — in the zone in force then, which is the rule's unless the day is held.
            for (let d = dayAt(now, state), began = now; ; began = d.endsAt, d = dayAt(d.endsAt, state)) {
              if (seen.length > 0) expect(d.day).toBeGreaterThanOrEqual(seen.at(-1)!);
              if (seen.at(-1) !== d.day) {
                if (!d.held) expect(localDate(began, state.timeZone)).toBe(d.day);
                seen.push(d.day);
              }
              if (d.endsAt > until) break;
            }
          };
          for (const c of changes) {
            walk(now + c.gap);
            now += c.gap;
            const before = dayAt(now, state);
            state = changeRule(now, state, { timeZone: c.zone, resetHour: c.hour });
            // The change keeps the day in progress: its name, and an end no sooner.
            const after = dayAt(now, state);
            expect(after.day).toBe(before.day);
            expect(after.endsAt).toBeGreaterThanOrEqual(before.endsAt);
          }
          walk(now + 5 * 24 * H);
          // Strictly increasing: no date came back after another.
          for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
          // And dates stay within two of the UTC date: no way to run ahead of the calendar.
          expect(seen.at(-1)! - Math.floor((now + 5 * 24 * H) / (24 * H))).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('zone names', () => {
  it('accepts IANA names (with IANA letter case), refuses offsets and unknown names', () => {
    expect(ianaZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZone('europe/berlin')).toBe('Europe/Berlin');
    expect(ianaZone('Europe/Kyiv')).toBe('Europe/Kyiv');
    expect(ianaZone('UTC')).toBe('UTC');
    expect(ianaZone('utc')).toBe('UTC');
    expect(ianaZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    for (const bad of [
      '+05:00',
      'GMT+5',
      'Foo/Bar',
      '',
      'Z',
      'Europe/Berlin\u0000',
      'x'.repeat(65),
      '../etc',
    ])
      expect(ianaZone(bad)).toBeNull();
  });
});
