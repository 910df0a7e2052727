// A player's day in their own zone: resets at the chosen local hour, daylight-saving days of 23 and 25 hours that
// still reset once, the day's name, and changes of zone or hour that never let a date be played twice.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  changeRule,
  civilFromDays,
  dayAt,
  dayName,
  daysFromCivil,
  dayUnder,
  firstInstantAt,
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
const fresh = (timeZone: string, resetHour = 4): DayState => ({
  timeZone,
  resetHour,
  ruleFrom: null,
  floor: null,
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

  it('names a day that resets from noon on by the date it mostly covers', () => {
    const late: DayRule = { timeZone: 'Europe/Berlin', resetHour: 23 };
    expect(dayName(dayUnder(at('2026-11-27T21:59:00Z'), late).day)).toBe('2026-11-27'); // 22:59 on the 27th
    expect(dayName(dayUnder(at('2026-11-27T22:00:00Z'), late).day)).toBe('2026-11-28'); // 23:00 on the 27th
  });
});

describe('changing the zone or the hour', () => {
  const t = at('2026-11-27T12:00:00Z'); // Berlin 13:00, day 2026-11-27 until 2026-11-28 03:00 UTC

  it('applies from the next reset; the day in progress keeps its date and its reset', () => {
    const s = changeRule(t, fresh('Europe/Berlin'), { timeZone: 'Pacific/Kiritimati', resetHour: 4 });
    // In Kiritimati (UTC+14) it is already 2026-11-28 02:00 — yesterday's day there: still 2026-11-27 here.
    const now = dayAt(t, s);
    expect(dayName(now.day)).toBe('2026-11-27');
    expect(iso(now.endsAt)).toBe('2026-11-28T03:00:00.000Z');
    // From that reset the new zone's day: 2026-11-28 there, which ends at 04:00 Kiritimati (14:00 UTC).
    const next = dayAt(now.endsAt, s);
    expect(dayName(next.day)).toBe('2026-11-28');
    expect(iso(next.endsAt)).toBe('2026-11-28T14:00:00.000Z');
  });

  it('moving west never plays a date again: the day keeps the next date until the new zone reaches it', () => {
    const s = changeRule(t, fresh('Asia/Tokyo'), { timeZone: 'America/Los_Angeles', resetHour: 4 });
    const now = dayAt(t, s); // Tokyo 21:00 on the 27th: day 2026-11-27 until 19:00 UTC
    expect(dayName(now.day)).toBe('2026-11-27');
    const next = dayAt(now.endsAt, s); // Los Angeles is still on 2026-11-26 there
    expect(dayName(next.day)).toBe('2026-11-28');
    // ... and stays 2026-11-28 until Los Angeles' own 2026-11-29 begins (04:00 PST = 12:00 UTC).
    expect(iso(next.endsAt)).toBe('2026-11-29T12:00:00.000Z');
    expect(dayName(dayAt(next.endsAt, s).day)).toBe('2026-11-29');
  });

  it('an earlier or later hour: 23 or 25 hours, never a second day in between', () => {
    const later = changeRule(t, fresh('Europe/Berlin'), { timeZone: 'Europe/Berlin', resetHour: 5 });
    const a = dayAt(at('2026-11-28T03:00:00Z'), later);
    expect(dayName(a.day)).toBe('2026-11-28');
    expect(iso(a.endsAt)).toBe('2026-11-29T04:00:00.000Z'); // 05:00 CET: 25 hours
    const earlier = changeRule(t, fresh('Europe/Berlin'), { timeZone: 'Europe/Berlin', resetHour: 3 });
    const b = dayAt(at('2026-11-28T03:00:00Z'), earlier);
    expect(dayName(b.day)).toBe('2026-11-28');
    expect(iso(b.endsAt)).toBe('2026-11-29T02:00:00.000Z'); // 03:00 CET: 23 hours
    // 04:00 → 23:00: the 2026-11-28 day runs to 23:00 on the 28th, when the 29th begins.
    const late = changeRule(t, fresh('Europe/Berlin'), { timeZone: 'Europe/Berlin', resetHour: 23 });
    expect(iso(dayAt(at('2026-11-28T03:00:00Z'), late).endsAt)).toBe('2026-11-28T22:00:00.000Z');
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
          let state = fresh('Europe/Berlin');
          let now = at('2026-03-20T00:00:00Z');
          const seen: number[] = [];
          const walk = (until: number) => {
            // Every reset up to `until`: each day's date is greater than the last one's.
            for (let d = dayAt(now, state); ; d = dayAt(d.endsAt, state)) {
              if (seen.length > 0) expect(d.day).toBeGreaterThanOrEqual(seen.at(-1)!);
              if (seen.at(-1) !== d.day) seen.push(d.day);
              if (d.endsAt > until) break;
            }
          };
          for (const c of changes) {
            walk(now + c.gap);
            now += c.gap;
            const before = dayAt(now, state);
            state = changeRule(now, state, { timeZone: c.zone, resetHour: c.hour });
            // The change never touches the day in progress.
            expect(dayAt(now, state)).toEqual(before);
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
