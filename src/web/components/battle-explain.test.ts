// Who put a status on a unit, as the status's explanation says it: the actor of the event that gave it, itself, or
// the sources a unit starts the battle with it from.
import { describe, expect, it } from 'vitest';
import type { BattleEvent, BattleUnit } from '../../api/index.ts';
import { statusSource } from './battle-explain.tsx';

const units = [{ id: 'a', name: 'Kaela' } as BattleUnit, { id: 'b', name: 'Vorn' } as BattleUnit];
const ev = (e: Partial<BattleEvent>): BattleEvent => ({ turn: 1, description: '', kind: 'status', ...e });

describe('statusSource', () => {
  it('names whoever gave the status last, or itself', () => {
    const events = [
      ev({ actor_id: 'b', target_id: 'a', status_id: 'stun' }),
      ev({ actor_id: 'a', target_id: 'a', status_id: 'regen' }),
    ];
    expect(statusSource(events, 'a', 'stun', units)).toBe('Vorn');
    expect(statusSource(events, 'a', 'regen', units)).toBe('itself');
    expect(statusSource(events, 'b', 'stun', units)).toBeNull();
  });

  it('names the traits and gear a unit starts the battle with a status from', () => {
    const start = ev({
      kind: 'start',
      effect: 'status',
      target_id: 'a',
      status_id: 'mark',
      sources: [{ from: 'bane', id: 'hunted', name: 'Hunted' }],
    });
    expect(statusSource([start], 'a', 'mark', units)).toBe('Hunted');
    expect(statusSource([{ ...start, sources: [] }], 'a', 'mark', units)).toBe('a trait');
    // a later status event of the same kind is the one the badge shows
    expect(
      statusSource([start, ev({ actor_id: 'b', target_id: 'a', status_id: 'mark' })], 'a', 'mark', units),
    ).toBe('Vorn');
  });
});
