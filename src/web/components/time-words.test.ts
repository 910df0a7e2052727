import { describe, expect, it } from 'vitest';
import { agoText, timeLeftText, waitWords } from './time-words.ts';

const NOW = 1_800_000_000_000;
const now = NOW / 1000;

describe('agoText', () => {
  it('says a last-seen time in words', () => {
    expect(agoText(now, NOW)).toBe('just now');
    expect(agoText(now - 59, NOW)).toBe('just now');
    expect(agoText(now + 30, NOW)).toBe('just now'); // a device clock behind the server's
    expect(agoText(now - 60, NOW)).toBe('1 min ago');
    expect(agoText(now - 59 * 60, NOW)).toBe('59 min ago');
    expect(agoText(now - 2 * 3600 - 5, NOW)).toBe('2 h ago');
    expect(agoText(now - 3 * 86400, NOW)).toBe('3 d ago');
    expect(agoText(0, NOW)).toBe('not seen yet');
  });
});

describe('timeLeftText', () => {
  it('says what is left in days and hours, then hours and minutes', () => {
    expect(timeLeftText(now + 3 * 86400 + 4 * 3600 + 59, NOW)).toBe('3 d 4 h');
    expect(timeLeftText(now + 2 * 86400, NOW)).toBe('2 d');
    expect(timeLeftText(now + 5 * 3600 + 12 * 60, NOW)).toBe('5 h 12 min');
    expect(timeLeftText(now + 3600, NOW)).toBe('1 h');
    expect(timeLeftText(now + 12 * 60 + 5, NOW)).toBe('12 min');
    expect(timeLeftText(now + 20, NOW)).toBe('under a minute');
    expect(timeLeftText(now - 5, NOW)).toBe('now');
  });
});

describe('waitWords', () => {
  it('says a wait', () => {
    expect(waitWords(3600)).toBe('an hour');
    expect(waitWords(7200)).toBe('2 hours');
    expect(waitWords(1800)).toBe('30 minutes');
    expect(waitWords(60)).toBe('a minute');
  });
});
