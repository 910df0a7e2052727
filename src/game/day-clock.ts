// A player's day: when it starts and what it is called, in the player's own IANA time zone and chosen hour. Pure
// arithmetic over instants (epoch ms) and the zone rules Intl carries (Node and browsers ship full ICU): no Date,
// no clock — the server hands in its one clock's instant (src/server/foundation/clock.ts), so every instance agrees.
//
// - A day starts at its reset: the first instant at or after the chosen local hour. Daylight-saving days are 23 or
//   25 hours long and still reset once (in a spring-forward gap the reset is the first instant after the gap; on a
//   fall-back night the first of the two times the hour is shown).
// - A day is named by the local date it began on, in the player's zone ('2026-12-01' for a New York day that began
//   at 04:00 on Dec 1, 09:00 UTC): never by the UTC date, nor by any other zone's.
// - A day may also begin between resets: a new account's first day begins when it opens, and the first day after a
//   change of zone or hour when the day in progress at the change ends. Such a day lasts at least MIN_DAY_HOURS: it
//   ends at the first reset that far ahead that begins a later date (`dayFrom`).
// - A change of zone or hour applies once the day in progress is over (`changeRule`): that day keeps its name and its
//   end; if the new zone's date then is one already played (moving west), it is held on until the new rule's first
//   reset that begins a later date. So every day is named by the date it began on, dates only move forward, and no
//   date is ever played twice.

/** A day's name as a number: days since 1970-01-01 of its date. */
export type DayNumber = number;

/** Where a player's day turns over. */
export interface DayRule {
  /** an IANA zone name Intl accepts ('Europe/Berlin', 'UTC') */
  timeZone: string;
  /** the local hour of the reset, 0–23 */
  resetHour: number;
}

/**
 * A player's rule as stored: the rule chosen; after a change of it, the day that was in progress, held past the
 * rule's resets (`ruleFrom`: the earliest instant it ends, epoch ms; `floor`: the first date the rule may name after
 * it, the held day being named floor − 1; both null when no change was made); and when the account opened.
 */
export interface DayState extends DayRule {
  ruleFrom: number | null;
  floor: DayNumber | null;
  /** when the account opened (epoch ms): its first day begins then; null for none */
  opened: number | null;
}

/** The day an instant falls in: its name, the instant of the next reset, and whether it is a first or held day. */
export interface Day {
  /** the local date the day began on */
  day: DayNumber;
  /** the next reset (epoch ms): the first instant of the following day */
  endsAt: number;
  /** the account's first day: it began when the account opened (dayFrom) */
  first: boolean;
  /** held past the rule's reset after a change of zone or hour, which applies from its end */
  held: boolean;
}

export const DEFAULT_RESET_HOUR = 4;
export const DEFAULT_TIME_ZONE = 'UTC';
/**
 * A day that begins between resets — a new account's first day, the first day after a change of zone or hour —
 * lasts at least this long (docs/game-rules.md "The daily layer": why 6).
 */
export const MIN_DAY_HOURS = 6;
const MS_DAY = 86_400_000;
const MS_HOUR = 3_600_000;

// ---- civil dates without Date (Howard Hinnant's days_from_civil / civil_from_days) ----------------------------

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1–12). */
export function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The date of a day number. */
export function civilFromDays(z: number): { y: number; m: number; d: number } {
  z += 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A day number as its date, 'YYYY-MM-DD'. */
export function dayName(day: DayNumber): string {
  const { y, m, d } = civilFromDays(day);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day number as players read it: 'Dec 1' (a date, read in no zone). */
export function dayLabel(day: DayNumber): string {
  const { m, d } = civilFromDays(day);
  return `${MONTHS[m - 1]} ${d}`;
}

/** 'YYYY-MM-DD' as a day number, or null when it is not a real date. */
export function parseDayName(text: string): DayNumber | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const day = daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3]));
  return dayName(day) === text ? day : null;
}

// ---- zones ------------------------------------------------------------------------------------------------------

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    if (formats.size >= 1000) formats.clear();
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at instant `ms`, as if it were UTC: epoch ms of the same date and time. */
export function wallClock(ms: number, timeZone: string): number {
  let y = 0;
  let mo = 1;
  let d = 1;
  let h = 0;
  let mi = 0;
  let s = 0;
  let bc = false;
  for (const p of formatFor(timeZone).formatToParts(ms)) {
    if (p.type === 'year') y = Number(p.value);
    else if (p.type === 'month') mo = Number(p.value);
    else if (p.type === 'day') d = Number(p.value);
    else if (p.type === 'hour') h = Number(p.value);
    else if (p.type === 'minute') mi = Number(p.value);
    else if (p.type === 'second') s = Number(p.value);
    else if (p.type === 'era') bc = p.value.startsWith('B');
  }
  if (bc) y = 1 - y;
  const whole = Math.floor(ms / 1000) * 1000;
  return daysFromCivil(y, mo, d) * MS_DAY + ((h * 60 + mi) * 60 + s) * 1000 + (ms - whole);
}

/** The zone's offset from UTC at instant `ms` (wall clock − instant), in ms. */
export function offsetAt(ms: number, timeZone: string): number {
  return wallClock(ms, timeZone) - ms;
}

/**
 * The zone's offset changes in (from, to]: each with the instant it takes effect and the offsets either side. Found
 * by sampling every 6 hours and bisecting each change to the second (zone rules change on whole seconds, and never
 * twice within 6 hours).
 */
function transitions(from: number, to: number, timeZone: string) {
  const STEP = 6 * MS_HOUR;
  const out: { at: number; before: number; after: number }[] = [];
  let t = from;
  let off = offsetAt(t, timeZone);
  while (t < to) {
    const next = Math.min(t + STEP, to);
    const nextOff = offsetAt(next, timeZone);
    if (nextOff !== off) {
      let lo = t; // offset `off` here
      let hi = next; // `nextOff` here
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (offsetAt(mid, timeZone) === off) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, before: off, after: nextOff });
    }
    t = next;
    off = nextOff;
  }
  return out;
}

/**
 * The first instant at or after local time `wall` (a wall clock as if UTC, see wallClock) in `timeZone`: the
 * instant the wall clock first shows `wall` or a later time. In a gap it is the gap's end; on a repeated hour,
 * its first showing.
 */
export function firstInstantAt(wall: number, timeZone: string): number {
  // Offsets lie within ±1 day, so the instant is within a day and a half of `wall` read as UTC.
  const from = wall - 36 * MS_HOUR;
  const to = wall + 36 * MS_HOUR;
  let segmentStart = from;
  let offset = offsetAt(from, timeZone);
  for (const tr of [...transitions(from, to, timeZone), { at: to, before: NaN, after: NaN }]) {
    // Within [segmentStart, tr.at) the offset is `offset`: the wall clock reads instant + offset.
    const u = Math.max(segmentStart, wall - offset);
    if (u < tr.at) return u;
    segmentStart = tr.at;
    offset = tr.after;
  }
  return wall - offset;
}

/** Resets already found, by zone, hour and date: a day's read asks for two or three, every act of the day the same. */
const resets = new Map<string, number>();
const RESETS_KEPT = 50_000;
/** The local date of the last day found under each rule. */
const lastDates = new Map<string, DayNumber>();

/** The instant the day that starts on local date `date` resets into being, under `rule`. */
export function resetOn(date: DayNumber, rule: DayRule): number {
  const key = `${rule.timeZone}|${rule.resetHour}|${date}`;
  let at = resets.get(key);
  if (at === undefined) {
    at = firstInstantAt(date * MS_DAY + rule.resetHour * MS_HOUR, rule.timeZone);
    if (resets.size >= RESETS_KEPT) resets.clear();
    resets.set(key, at);
  }
  return at;
}

/** The local date in `timeZone` at instant `ms`. */
export const localDate = (ms: number, timeZone: string): DayNumber =>
  Math.floor(wallClock(ms, timeZone) / MS_DAY);

/** The day `ms` falls in under `rule` alone: the one that began at the last reset. */
export function dayUnder(ms: number, rule: DayRule): Day {
  // Most reads fall in the day the last read of this rule found: two remembered resets answer them.
  const ruleKey = `${rule.timeZone}|${rule.resetHour}`;
  const last = lastDates.get(ruleKey);
  let date =
    last !== undefined && resetOn(last, rule) <= ms && ms < resetOn(last + 1, rule)
      ? last
      : localDate(ms, rule.timeZone);
  // The local date's reset may still be ahead (then the day began on the date before) or, where a zone's clock
  // turned back over midnight, the next date's may be behind: step until resetOn(date) <= ms < resetOn(date + 1).
  while (resetOn(date, rule) > ms) date--;
  while (resetOn(date + 1, rule) <= ms) date++;
  if (lastDates.size >= RESETS_KEPT) lastDates.clear();
  lastDates.set(ruleKey, date);
  return { day: date, endsAt: resetOn(date + 1, rule), first: false, held: false };
}

/** The first reset under `rule` at or after `from` that begins a date of at least `floor`. */
export function firstResetFrom(from: number, floor: DayNumber, rule: DayRule): number {
  const under = dayUnder(from, rule).day;
  const date = resetOn(under, rule) === from ? under : under + 1;
  return resetOn(Math.max(date, floor), rule);
}

/** No day that begins between resets lasts longer than this (at least MIN_DAY_HOURS, then to a later date's reset). */
const LONGEST_FROM_START = (MIN_DAY_HOURS + 50) * MS_HOUR;

/**
 * The day that begins at `start`, between resets of `rule`: named by the local date it begins on, it ends at the
 * first reset at least MIN_DAY_HOURS later that begins a later date. An account opened at 03:14 with the reset at
 * 04:00 keeps its first day until 04:00 the next day; one opened at 10:00 ends it at the next 04:00, as any day.
 */
export function dayFrom(start: number, rule: DayRule): Day {
  const day = localDate(start, rule.timeZone);
  const endsAt = firstResetFrom(start + MIN_DAY_HOURS * MS_HOUR, day + 1, rule);
  return { day, endsAt, first: false, held: false };
}

/**
 * After a change of rule, made in the day named floor − 1 that was to end at `ruleFrom`: when that day ends, and the
 * day that begins then if it begins between the new rule's resets. Where the new zone's date at `ruleFrom` is one
 * already played (moving west), the day is held on to the new rule's first reset that begins a later date.
 */
function afterChange(
  ruleFrom: number,
  floor: DayNumber,
  rule: DayRule,
): { heldTo: number; next: Day | null } {
  if (localDate(ruleFrom, rule.timeZone) >= floor) return { heldTo: ruleFrom, next: dayFrom(ruleFrom, rule) };
  return { heldTo: firstResetFrom(ruleFrom, floor, rule), next: null };
}

/** The day `ms` falls in for a player whose rule is `state`. */
export function dayAt(ms: number, state: DayState): Day {
  if (state.ruleFrom !== null && state.floor !== null) {
    const after = afterChange(state.ruleFrom, state.floor, state);
    if (ms < after.heldTo) return { day: state.floor - 1, endsAt: after.heldTo, first: false, held: true };
    if (after.next && ms < after.next.endsAt) return after.next;
    return dayUnder(ms, state);
  }
  if (state.opened !== null && ms < state.opened + LONGEST_FROM_START) {
    const first = dayFrom(state.opened, state);
    if (ms < first.endsAt) return { ...first, first: true };
  }
  return dayUnder(ms, state);
}

/**
 * The stored state after the player picks `next` at instant `ms`: the day in progress keeps its name and its end
 * (held on past it only where the new zone's date there was already played); the new rule applies from then.
 */
export function changeRule(ms: number, state: DayState, next: DayRule): DayState {
  const now = dayAt(ms, state);
  return { ...next, ruleFrom: now.endsAt, floor: now.day + 1, opened: state.opened };
}

// ---- zone names -------------------------------------------------------------------------------------------------

let zoneList: Map<string, string> | null = null;

/**
 * The zone as stored, or null when it is not an IANA zone name this runtime knows (offsets like '+05:00' are not
 * names): names Intl knows are accepted as sent, with the letter case of the IANA list where it holds them.
 */
export function ianaZone(name: string): string | null {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return null;
  }
  zoneList ??= new Map(Intl.supportedValuesOf('timeZone').map((z) => [z.toLowerCase(), z]));
  return zoneList.get(name.toLowerCase()) ?? (name.toLowerCase() === 'utc' ? 'UTC' : name);
}
