// Moments and spans said in words, as a guild's screens show them: when a member was last seen ('2 h ago', 'just
// now'), how long a week or a day has left ('3 d 4 h'), and a wait ('an hour'). Times are the server's (unix seconds);
// `nowMs` is the device's clock, passed in so a screen redraws them as it ticks (useNow).
import { useEffect, useState } from 'react';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'just now' under a minute, then '5 min ago', '2 h ago', '3 d ago'; 'not seen yet' for a time never set (0). */
export function agoText(thenSeconds: number, nowMs: number): string {
  if (!thenSeconds) return 'not seen yet';
  const s = Math.max(0, Math.floor(nowMs / 1000) - thenSeconds);
  if (s < MINUTE) return 'just now';
  if (s < HOUR) return `${Math.floor(s / MINUTE)} min ago`;
  if (s < DAY) return `${Math.floor(s / HOUR)} h ago`;
  return `${Math.floor(s / DAY)} d ago`;
}

/** What is left until `untilSeconds`: '3 d 4 h', '5 h 12 min', '12 min', 'under a minute'; 'now' once past. */
export function timeLeftText(untilSeconds: number, nowMs: number): string {
  const s = Math.floor(untilSeconds - nowMs / 1000);
  if (s <= 0) return 'now';
  if (s < MINUTE) return 'under a minute';
  const d = Math.floor(s / DAY);
  const h = Math.floor((s % DAY) / HOUR);
  const m = Math.floor((s % HOUR) / MINUTE);
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return `${m} min`;
}

/** A wait in words: 3600 → 'an hour', 7200 → '2 hours', 1800 → '30 minutes', 60 → 'a minute'. */
export function waitWords(seconds: number): string {
  if (seconds >= HOUR && seconds % HOUR === 0) {
    const h = seconds / HOUR;
    return h === 1 ? 'an hour' : `${h} hours`;
  }
  const m = Math.max(1, Math.round(seconds / MINUTE));
  return m === 1 ? 'a minute' : `${m} minutes`;
}

/** The device's clock (epoch ms), read again every `everyMs`: a screen saying times in words stays true. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(t);
  }, [everyMs]);
  return now;
}
