// Migration 0024's frozen readers of old shapes (migration-0024-no-old-records.ts), on their own: a battle stored
// as version 1 (the core's arrays) converts to the core by name and plays on exactly as it would have gone, and the
// expires after a death are added only where a log lacks them. tests/api/old-records.test.ts runs the migration on
// both databases and reads the converted rows through the API.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseOption, type BattleState } from '../../game/index.ts';
import { battleToday, withExpiresAfterDeaths } from './migration-0024-no-old-records.ts';

const sha = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);
const V1 = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/battle-v1.json', import.meta.url), 'utf8'),
);

function playFirstOptions(state: BattleState): BattleState {
  let s = state;
  for (let guard = 0; s.status === 'active' && guard < 500; guard++) {
    const r = chooseOption(s, s.options[0]!.id);
    if (!r.ok) throw new Error(r.error);
    s = r.state;
  }
  return s;
}

describe('migration 0024: a battle still on, in an old shape', () => {
  it('stored as version 1 (before 2026-11-24): converted, it plays on exactly as it would have gone', () => {
    // Stored by the code of 2026-11-24 after two choices; that code then played it to the end choosing the first
    // option each time: lost, with these facts.
    expect(V1.v).toBe(1);
    const today = battleToday({ engine: V1, teams: { allies: [], enemies: [] } }, 1_700_000_000) as {
      engine: BattleState;
      probability: number;
      played_s: number;
      waiting_since_ms: number;
    };
    expect(today.engine.v).toBe(2);
    expect(Object.keys(today.engine.core).sort()).toEqual(['actor', 'rng', 'turn', 'turn_limit', 'units']);
    expect([today.probability, today.played_s, today.waiting_since_ms]).toEqual([0.5, 0, 1_700_000_000_000]);
    const end = playFirstOptions(today.engine);
    // (Facts that came after that code are left out: the end event's `outcome`, `turns`, which then counted the
    // tick a unit's own end of turn was about to take, and `expire`, which a death now tells.)
    const facts = end.events
      .filter((e) => e.kind !== 'expire')
      .map(({ description: _, outcome: __, turns: ___, ...fact }) => fact);
    expect(end.status).toBe('lost');
    expect(sha(facts)).toBe('05204c9d9fdced1c');
  });

  it('a log from before the expires after a death: they are added once, in the core’s order, after the death', () => {
    type Fact = Parameters<typeof withExpiresAfterDeaths>[0][number];
    const facts: Fact[] = [
      { turn: 1, kind: 'status', target_id: 'a', status_id: 'poison' },
      { turn: 1, kind: 'status', target_id: 'a', status_id: 'burn' },
      { turn: 1, kind: 'shield', target_id: 'a', status_id: 'shield' },
      { turn: 2, kind: 'expire', target_id: 'a', status_id: 'shield' },
      { turn: 3, kind: 'death', target_id: 'a', hp_after: 0, shield_after: 0 },
      { turn: 3, kind: 'turn' },
    ];
    const upgraded = withExpiresAfterDeaths(facts, (fact) => fact);
    expect(upgraded.slice(4)).toEqual([
      facts[4],
      { turn: 3, kind: 'expire', target_id: 'a', hp_after: 0, shield_after: 0, status_id: 'burn' },
      { turn: 3, kind: 'expire', target_id: 'a', hp_after: 0, shield_after: 0, status_id: 'poison' },
      facts[5],
    ]);
    expect(withExpiresAfterDeaths(upgraded, (fact) => fact)).toEqual(upgraded);
  });

  it('options stored before aiming existed: no targets, no aims, their detail for a description', () => {
    // (version 1's options have targets and aims, not a description)
    expect(V1.options.every((o: { description?: string }) => o.description === undefined)).toBe(true);
    const [first, ...rest] = V1.options;
    const { targets: _, aims: __, ...bare } = first;
    const today = battleToday({ engine: { ...V1, options: [bare, ...rest] }, teams: {} }, 0) as {
      engine: BattleState;
    };
    expect(today.engine.options).toEqual([
      { ...first, targets: [], aims: [], description: first.detail },
      ...rest.map((o: { detail: string }) => ({ ...o, description: o.detail })),
    ]);
  });

  it('one begun before teams were kept is closed (null: expired)', () => {
    expect(battleToday({ engine: V1 }, 0)).toBeNull();
  });
});
