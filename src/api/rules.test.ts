// The rules players see are the rules the server enforces: one module, read by both (src/api/rules.ts).
import { describe, expect, it } from 'vitest';
import { MAX_LEVEL, REROLL_COST, USERNAME_RULES, XP_TABLE, usernameProblem, xpToNextLevel } from './rules.ts';
import { CreateUserBody } from './users.ts';
import * as heroes from './heroes.ts';

describe('the rules players see', () => {
  it('usernames: 3-20 letters, digits or underscores, with the spec’s texts', () => {
    expect(usernameProblem('ab')).toBe(USERNAME_RULES.length);
    expect(usernameProblem('a'.repeat(21))).toBe(USERNAME_RULES.length);
    expect(usernameProblem('bad name')).toBe(USERNAME_RULES.charset);
    expect(usernameProblem('Sir_Lancelot_42')).toBeNull();
    expect(usernameProblem('a'.repeat(20))).toBeNull();
    expect(CreateUserBody.safeParse({}).error?.issues[0].message).toBe(USERNAME_RULES.length);
  });

  it('levels and XP (spec §9), and the reroll’s price, are one set of numbers', () => {
    expect(MAX_LEVEL).toBe(10);
    expect(XP_TABLE).toEqual([100, 160, 256, 410, 656, 1050, 1680, 2690, 4300]);
    expect(xpToNextLevel(1)).toBe(100);
    expect(xpToNextLevel(MAX_LEVEL)).toBe(0);
    expect(heroes.REROLL_COST).toBe(REROLL_COST);
    expect(REROLL_COST).toBe(50);
  });
});
