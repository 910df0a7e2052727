// The daily layer in words, for the map's strip and the /daily screen: time to the reset ('5 h 12 min'), the
// reset's local time in the player's zone ('04:00'), and rewards as amounts of each currency. The numbers are the
// server's (GET /api/daily); nothing here decides a day.
import type { DailyReward, DailyResponse } from '../../api/daily.ts';
import { CURRENCIES, CURRENCY_NAMES, type Currency } from '../../api/rules.ts';

/** Time left as the player reads it: '5 h 12 min', '12 min', 'under a minute'. */
export function untilText(ms: number): string {
  if (ms < 60_000) return 'under a minute';
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  if (h === 0) return `${minutes} min`;
  return minutes % 60 === 0 ? `${h} h` : `${h} h ${minutes % 60} min`;
}

/** The reset's wall-clock time in the player's zone ('04:00'); the hour alone if this browser lacks the zone. */
export function localResetTime(day: Pick<DailyResponse, 'resets_at' | 'time_zone' | 'reset_hour'>): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: day.time_zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(day.resets_at));
  } catch {
    return `${String(day.reset_hour).padStart(2, '0')}:00`;
  }
}

/** An instant in the player's zone, weekday and time ('Sat 04:00'). */
export function localMoment(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  }
}

/** Short names for reward chips. */
const SHORT: Record<Currency, string> = {
  gold: 'gold',
  magic_essence: 'essence',
  summoning_scrolls: 'scroll',
  combat_tokens: 'tokens',
};

/** A reward's currencies that pay something, in the header's order. */
export function rewardParts(reward: DailyReward): { currency: Currency; amount: number; label: string }[] {
  return CURRENCIES.filter((c) => reward[c] > 0).map((c) => ({
    currency: c,
    amount: reward[c],
    label: c === 'summoning_scrolls' && reward[c] > 1 ? 'scrolls' : SHORT[c],
  }));
}

/** '+60 gold, +1,200 essence' (for banners and accessible names). */
export function rewardText(reward: DailyReward): string {
  return rewardParts(reward)
    .map((p) => `+${p.amount.toLocaleString('en-US')} ${p.label}`)
    .join(', ');
}

/** '1,200 Gold and 10 Magic Essence' (for titles). */
export function rewardLongText(reward: DailyReward): string {
  const parts = CURRENCIES.filter((c) => reward[c] > 0).map(
    (c) => `${reward[c].toLocaleString('en-US')} ${CURRENCY_NAMES[c]}`,
  );
  return parts.length <= 1 ? (parts[0] ?? 'nothing') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** How many rewards wait to be claimed now: finished quests, the bonus, today's calendar day, earlier days'. */
export function claimable(day: DailyResponse): number {
  return (
    day.quests.filter((q) => !q.claimed && q.progress >= q.goal).length +
    (day.bonus.available ? 1 : 0) +
    (day.calendar.available ? 1 : 0) +
    day.waiting.length
  );
}

// A day's name is a date ('2026-12-01': the local date the player's day began on, in their zone, as the server
// names it), not an instant: it is read as written, never through this device's zone nor UTC's clock.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
function dateParts(period: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  return m ? { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) } : null;
}

/** A day's name as the player reads it: 'Dec 1'. */
export function dayLabel(period: string): string {
  const p = dateParts(period);
  return p ? `${MONTHS[p.m - 1]} ${p.d}` : period;
}

/** A day's name with its weekday: 'Tue, Dec 1'. */
export function dayTitle(period: string): string {
  const p = dateParts(period);
  return p ? `${WEEKDAYS[new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay()]}, ${dayLabel(period)}` : period;
}

/** An earlier day as the player reads it: 'yesterday', or 'Nov 24'. */
export function earlierDay(period: string, today: string): string {
  const a = dateParts(period);
  const b = dateParts(today);
  const days = a && b ? (Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000 : 0;
  return days === 1 ? 'yesterday' : dayLabel(period);
}
