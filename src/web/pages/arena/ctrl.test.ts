// /arena's controller, its pure parts: Find a fair match pressed again walks the fair opponents in turn, other
// players' groups leave out the player and empty collections and grow to a whole collection once shown all, and NPCs
// are named as such.
import { describe, expect, it } from 'vitest';
import type { Hero, PlayerHeroes } from '../../../api/index.ts';
import { DEMO_HERO } from '../herocard/index.tsx';
import { nextFairOpponent, opponentLabel, opponentSummary, playerGroups } from './ctrl.ts';

const hero = (id: string, user_id: string | null = 'u_other'): Hero => ({
  ...DEMO_HERO,
  id,
  user_id,
  name: id,
});

describe('Find a fair match', () => {
  const fair = [hero('h_a'), hero('h_b'), hero('h_c')];

  it('chooses the fairest first, then the next one each press, round again after the last', () => {
    expect(nextFairOpponent(fair, null)?.id).toBe('h_a');
    expect(nextFairOpponent(fair, 'h_a')?.id).toBe('h_b');
    expect(nextFairOpponent(fair, 'h_c')?.id).toBe('h_a');
  });

  it('starts from the fairest when the chosen opponent is not among them', () => {
    expect(nextFairOpponent(fair, 'npc_woods_poacher')?.id).toBe('h_a');
  });

  it('has nobody to offer when no opponent is rated', () => {
    expect(nextFairOpponent([], 'h_a')).toBeNull();
  });
});

describe("other players' groups", () => {
  const page: PlayerHeroes[] = [
    { user_id: 'u_me', username: 'me', hero_count: 1, heroes: [hero('h_mine', 'u_me')] },
    { user_id: 'u_empty', username: 'empty', hero_count: 0, heroes: [] },
    { user_id: 'u_many', username: 'many', hero_count: 14, heroes: [hero('h_1', 'u_many')] },
  ];

  it('leave out the player and empty collections, and say how many a player has in all', () => {
    expect(playerGroups(page, 'u_me', new Map())).toEqual([
      { key: 'u_many', title: 'many', heroes: [hero('h_1', 'u_many')], total: 14 },
    ]);
  });

  it("show a player's whole collection once it is read", () => {
    const all = [hero('h_1', 'u_many'), hero('h_2', 'u_many')];
    expect(playerGroups(page, 'u_me', new Map([['u_many', all]]))[0]!.heroes).toBe(all);
    expect(playerGroups(page, 'u_me', new Map([['u_many', undefined]]))[0]!.heroes).toHaveLength(1);
  });
});

it("names NPCs 'NPC: …' and players' heroes by name", () => {
  expect(opponentLabel({ id: 'npc_woods_poacher', name: 'Poacher' })).toBe('NPC: Poacher');
  expect(opponentLabel({ id: 'h_1', name: 'Tamsin' })).toBe('Tamsin');
});

it('the Selected summary names an opponent and whose it is, never its id', () => {
  expect(opponentSummary({ id: 'h_2e700aded1', name: 'Levlith Hellbrand' }, 'mira')).toBe(
    'Levlith Hellbrand, mira’s hero',
  );
  expect(opponentSummary({ id: 'npc_caldera_high_priest', name: 'High Priest' }, 'Ashen Caldera')).toBe(
    'NPC: High Priest, Ashen Caldera',
  );
  expect(opponentSummary({ id: 'h_2e700aded1', name: 'Levlith Hellbrand' }, null)).toBe('Levlith Hellbrand');
});
