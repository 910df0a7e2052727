// Migration 0025_day_names: every player's day in progress keeps its name and its reset when the day's rules change
// (src/game/day-clock.ts): days are now named by the local date they began on (a day resetting at 23:00 on the 28th
// used to be called the 29th: days resetting from noon on took the next date); after a change of zone or hour the
// next day begins when the day in progress ends, named by the new zone's date there (the first days under the new
// rule used to take the next unplayed date, whenever they began); and a day that begins between resets — a new
// account's first — lasts at least MIN_DAY_HOURS. A player whose day in progress today's rules would name otherwise,
// or end sooner, is given it as a held day (users.rule_from, the reset it was to end at; users.day_floor, its name
// + 1): it keeps its name, its stored progress and claims, and its end, or lasts on to the first reset that begins a
// later date. For a player whose day resets from noon on, that is one 48-hour day: the day the old names called the
// 29th (begun at 23:00 on the 28th) runs to 23:00 on the 30th, since the day beginning at 23:00 on the 29th is now
// named the 29th, a date already played. Nothing else is written: every stored day keeps its name.
// The old naming is frozen below; the resets themselves (resetOn, dayUnder's dates) did not change.
import type { Migration } from 'kysely';
import { dayAt, dayUnder, ianaZone, resetOn, type DayRule } from '../../game/day-clock.ts';
import { nowMs } from '../foundation/clock.ts';
import type { AnyDb } from './db.ts';

interface OldState extends DayRule {
  ruleFrom: number | null;
  floor: number | null;
}

/** A day as the code before this migration named it and ended it (its dayAt, as it was on 2026-11-28). */
export function oldDayAt(ms: number, s: OldState): { day: number; endsAt: number } {
  const shift = s.resetHour >= 12 ? 1 : 0;
  if (s.ruleFrom !== null && ms < s.ruleFrom && s.floor !== null)
    return { day: s.floor - 1, endsAt: s.ruleFrom };
  const under = dayUnder(ms, s);
  if (s.floor !== null && under.day + shift < s.floor)
    return { day: s.floor, endsAt: resetOn(s.floor + 1 - shift, s) };
  return { day: under.day + shift, endsAt: under.endsAt };
}

/** Accounts younger than this may be in their first day (day-clock.ts dayFrom): each is read on its own. */
const YOUNG_MS = 60 * 3_600_000;

interface Row {
  id: string;
  time_zone: string;
  reset_hour: number;
  rule_from: number | string | null;
  day_floor: number | string | null;
  created_at: number | string;
}

/**
 * The hold that keeps `row`'s day in progress at `now` as it was, or null when today's rules give the same day
 * (same name, ending no sooner: a first day that now lasts longer keeps its name and only lasts longer).
 */
export function holdFor(row: Row, now: number): { rule_from: number; day_floor: number } | null {
  const rule = { timeZone: ianaZone(row.time_zone) ?? 'UTC', resetHour: Number(row.reset_hour) };
  const ruleFrom = row.rule_from === null ? null : Number(row.rule_from) * 1000;
  const floor = row.day_floor === null ? null : Number(row.day_floor);
  const was = oldDayAt(now, { ...rule, ruleFrom, floor });
  const is = dayAt(now, { ...rule, ruleFrom, floor, opened: Number(row.created_at) * 1000 });
  if (was.day === is.day && is.endsAt >= was.endsAt) return null;
  return { rule_from: Math.floor(was.endsAt / 1000), day_floor: was.day + 1 };
}

export const dayNames: Migration = {
  async up(db: AnyDb) {
    const now = nowMs();
    const youngFrom = Math.floor((now - YOUNG_MS) / 1000);
    // Players who changed their rule, and young accounts: each on its own.
    const rows = (await db
      .selectFrom('users')
      .select(['id', 'time_zone', 'reset_hour', 'rule_from', 'day_floor', 'created_at'])
      .where((eb) => eb.or([eb('rule_from', 'is not', null), eb('created_at', '>=', youngFrom)]))
      .execute()) as Row[];
    for (const row of rows) {
      const hold = holdFor(row, now);
      if (hold) await db.updateTable('users').set(hold).where('id', '=', row.id).execute();
    }
    // Players on a plain rule (no change made, no first day): one reading per zone and hour. Only a reset from noon
    // on names the day otherwise: all of them are held alike.
    const groups = await db
      .selectFrom('users')
      .select(['time_zone', 'reset_hour'])
      .distinct()
      .where('rule_from', 'is', null)
      .where('created_at', '<', youngFrom)
      .where('reset_hour', '>=', 12)
      .execute();
    for (const g of groups as { time_zone: string; reset_hour: number }[]) {
      const hold = holdFor({ id: '', ...g, rule_from: null, day_floor: null, created_at: 0 }, now);
      if (!hold) continue;
      await db
        .updateTable('users')
        .set(hold)
        .where('time_zone', '=', g.time_zone)
        .where('reset_hour', '=', g.reset_hour)
        .where('rule_from', 'is', null)
        .where('created_at', '<', youngFrom)
        .execute();
    }
  },
};
