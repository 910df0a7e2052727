// The altar in words, for /create: a rarity's chance ('13.5%'), what a pity rule promises ('a 4★ or better'), the
// rule in one line ('a 4★ or better within 10 pairs, a 5★ within 55'), the player's counters and when a promise is
// due. The numbers are the server's (GET /api/summons); nothing here decides a draw.
import type { SummonsResponse } from '../../api/summons.ts';

type Pity = SummonsResponse['pity'][number];

/** 0.135 → '13.5%', 0.5 → '50%'. */
export const chanceText = (chance: number): string => `${Number((chance * 100).toFixed(2))}%`;

/** What a rule promises: '4★ or better'; the highest rarity has nothing better, so '5★'. */
export const promised = (rarity: number): string => (rarity >= 5 ? `${rarity}★` : `${rarity}★ or better`);

/** 'a 4★ or better within 10 pairs, a 5★ within 55'. */
export function pityRuleText(pity: readonly Pity[]): string {
  return pity
    .map((p, i) => `a ${promised(p.rarity)} within ${p.within}${i === 0 ? ' pairs' : ''}`)
    .join(', ');
}

/** 'Pairs since your last 5★: 23'. */
export const counterText = (p: Pity): string =>
  `Pairs since your last ${promised(p.rarity)}: ${p.since_last}`;

/** The promise the next pair keeps, if one is due ('Your next pair brings a 5★'), the highest first. */
export function dueText(pity: readonly Pity[]): string | null {
  const due = pity.filter((p) => p.since_last >= p.within - 1).sort((a, b) => b.rarity - a.rarity)[0];
  return due ? `Your next pair brings a ${promised(due.rarity)}.` : null;
}

/** When a pair was paid for, as a history row says it: 'Nov 24, 14:05'. */
export function summonedAt(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
