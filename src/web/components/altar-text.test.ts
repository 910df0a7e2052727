import { describe, expect, it } from 'vitest';
import { chanceText, counterText, dueText, pityRuleText, promised } from './altar-text.ts';

const pity = [
  { rarity: 4, within: 10, since_last: 3 },
  { rarity: 5, within: 55, since_last: 23 },
];

describe('the altar in words', () => {
  it('says chances, promises, the rule and the counters as a player reads them', () => {
    expect([0.5, 0.3, 0.135, 0.05, 0.015].map(chanceText)).toEqual(['50%', '30%', '13.5%', '5%', '1.5%']);
    expect(promised(4)).toBe('4★ or better');
    expect(promised(5)).toBe('5★');
    expect(pityRuleText(pity)).toBe('a 4★ or better within 10 pairs, a 5★ within 55');
    expect(pity.map(counterText)).toEqual([
      'Pairs since your last 4★ or better: 3',
      'Pairs since your last 5★: 23',
    ]);
  });

  it('names the promise the next pair keeps, the highest when two are due', () => {
    expect(dueText(pity)).toBeNull();
    expect(dueText([{ ...pity[0], since_last: 9 }, pity[1]])).toBe('Your next pair brings a 4★ or better.');
    expect(
      dueText([
        { ...pity[0], since_last: 9 },
        { ...pity[1], since_last: 54 },
      ]),
    ).toBe('Your next pair brings a 5★.');
  });
});
