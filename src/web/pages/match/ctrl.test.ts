// Live play's pure parts on the web: an option's action (its ability and where it is aimed), the clocks (the turn's
// own time, then the bank), the closing line told by the winner's name, what the server adds to a match read only
// when there (rating, replay), who the reader is to a challenge and their chance, and the socket's version memory
// and reconnect pause.
import { describe, expect, it } from 'vitest';
import type { BattleEvent, LiveServerMessage } from '../../../api/index.ts';
import type { Match } from '../../api/client.ts';
import { raiseVersion, reconnectDelay } from '../../api/live-socket.ts';
import { chanceOf, roleIn } from '../duel/ctrl.ts';
import {
  actionOfOption,
  applyLiveMessage,
  clockOf,
  formatClock,
  liveLog,
  ownTarget,
  ratingChangeOf,
  replayIdOf,
} from './ctrl.ts';

const side = (user_id: string, username: string, extra: object = {}) =>
  ({
    user_id,
    username,
    heroes: [],
    acting: [],
    chosen: false,
    clock: { turn_deadline: 0, bank_ms: 0 },
    chosen_for: 0,
    connected: false,
    ...extra,
  }) as unknown as Match['sides'][number];
const match = (extra: object = {}, a: object = {}, b: object = {}) =>
  ({ sides: [side('u_a', 'ann', a), side('u_b', 'bo', b)], ...extra }) as unknown as Match;

describe('an option as a live action', () => {
  it('takes its ability from its id and its own target unless aimed elsewhere', () => {
    expect(actionOfOption('h_1', { id: 'fireball:h_9' }, null)).toEqual({
      hero_id: 'h_1',
      ability_id: 'fireball',
      target_id: 'h_9',
    });
    expect(actionOfOption('h_1', { id: 'fireball:h_9' }, 'h_8').target_id).toBe('h_8');
    expect(actionOfOption('h_1', { id: 'defend:none' }, null)).toEqual({
      hero_id: 'h_1',
      ability_id: 'defend',
    });
    expect(ownTarget({ id: 'defend:none' })).toBeNull();
    expect(ownTarget({ id: 'slash:h_2' })).toBe('h_2');
  });
});

describe('the socket’s messages applied to the match shown', () => {
  const ev = (turn: number) =>
    ({ turn, kind: 'attack', description: `turn ${turn}` }) as unknown as BattleEvent;
  const shown = match({ id: 'm_1', version: 3, turn: 4, status: 'in_play', events: [ev(1), ev(2), ev(3)] });
  const turn = (version: number, extra: object = {}): LiveServerMessage =>
    ({
      type: 'turn',
      match_id: 'm_1',
      version,
      turn: version,
      events: [ev(version + 1)],
      ...extra,
    }) as LiveServerMessage;

  it('marks a side chosen for this turn, and no other', () => {
    const m = applyLiveMessage(shown, { type: 'chosen', match_id: 'm_1', turn: 4, user_id: 'u_b' })!;
    expect(m.sides.map((x) => x.chosen)).toEqual([false, true]);
    expect(applyLiveMessage(shown, { type: 'chosen', match_id: 'm_1', turn: 3, user_id: 'u_b' })).toBe(shown);
  });
  it('adds the next turn’s events and takes the match as it then stands; a version seen again changes nothing', () => {
    const now = { ...match({ id: 'm_1', version: 4, turn: 5, status: 'in_play' }), events: undefined };
    const m = applyLiveMessage(shown, turn(4, { match: now }))!;
    expect(m.version).toBe(4);
    expect(m.turn).toBe(5);
    expect(m.events.map((e) => e.turn)).toEqual([1, 2, 3, 5]);
    expect(applyLiveMessage(m, turn(4, { match: now }))).toBe(m);
  });
  it('takes a catch-up’s steps in order, and asks for a read when a version was missed or the end comes bare', () => {
    const step = applyLiveMessage(shown, turn(4))!;
    expect([step.version, step.turn, step.events.length]).toEqual([4, 4, 4]);
    expect(applyLiveMessage(shown, turn(5))).toBeNull();
    expect(applyLiveMessage(undefined, turn(4))).toBeNull();
    expect(
      applyLiveMessage(shown, { type: 'over', match_id: 'm_1', version: 4, winner_id: null }),
    ).toBeNull();
  });
});

describe('the clocks', () => {
  it('count the turn’s own time down, then the bank, never below nothing', () => {
    const clock = { turn_deadline: 10_000, bank_ms: 90_000 };
    expect(clockOf(clock, 4_000)).toEqual({ phase: 'turn', left: 6_000 });
    expect(clockOf(clock, 40_000)).toEqual({ phase: 'bank', left: 60_000 });
    expect(clockOf(clock, 500_000)).toEqual({ phase: 'bank', left: 0 });
    expect(formatClock(61_000)).toBe('1:01');
    expect(formatClock(400)).toBe('0:01');
  });
});

describe('the log and the result', () => {
  it('tells the end by the winner’s name, for every reader alike', () => {
    const end = { turn: 7, kind: 'end', description: 'Victory! The enemy is defeated.', outcome: 'lost' };
    const [told] = liveLog([end as BattleEvent], match());
    expect(told!.description).toBe('bo wins the match.');
  });
  it('reads the rating change and the replay only when the server states them', () => {
    expect(ratingChangeOf(match(), 'u_a')).toBeNull();
    expect(replayIdOf(match(), 'u_a')).toBeNull();
    const m = match(
      {},
      { battle_id: 'b_1', rating: { before: { rating: 1500 }, after: { rating: 1516 } } },
      { battle_id: 'b_2' },
    );
    expect(ratingChangeOf(m, 'u_a')).toEqual({ before: 1500, after: 1516, delta: 16 });
    expect(replayIdOf(m, 'u_b')).toBe('b_2');
    expect(replayIdOf(m, undefined)).toBe('b_1');
  });
});

describe('a challenge', () => {
  const c = {
    challenger: { id: 'u_a', username: 'ann' },
    opponent: { id: 'u_b', username: 'bo' },
    probability: 0.7,
  };
  it('knows who reads it and states their chance: the challenger’s, or its complement for the one named', () => {
    expect(roleIn(c, 'u_a')).toBe('challenger');
    expect(roleIn(c, 'u_b')).toBe('named');
    expect(roleIn(c, 'u_c')).toBe('other');
    expect(roleIn({ ...c, opponent: null }, 'u_c')).toBe('open');
    expect(chanceOf(c, 'challenger')).toBe(0.7);
    expect(chanceOf(c, 'named')).toBeCloseTo(0.3);
    expect(chanceOf({ probability: null }, 'named')).toBeNull();
    expect(chanceOf(c, 'open')).toBeNull();
  });
});

describe('the live socket', () => {
  it('keeps the highest version seen of each match', () => {
    const seen = new Map<string, number>();
    raiseVersion(seen, 'm_1', 3);
    raiseVersion(seen, 'm_1', 2);
    raiseVersion(seen, 'm_2', 0);
    expect([...seen]).toEqual([
      ['m_1', 3],
      ['m_2', 0],
    ]);
  });
  it('waits longer after each close in a row, up to 15 s', () => {
    expect([0, 1, 2, 10].map(reconnectDelay)).toEqual([500, 1000, 2000, 15_000]);
  });
});
