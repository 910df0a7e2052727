// Pure rules behind battle playback and fight screens: which events a new state brings, how long each plays
// at 1× / 2× / instant (long bursts compressed), the scene for a location, the team toggle, and the
// teamHeroIds query value. Rendering is covered by the browser tests (tests/e2e/battle.spec.ts, replays.spec.ts …).
import { describe, expect, it } from 'vitest';
import type { BattleEvent, BattleState } from '../../api/index.ts';
import { chooseOption, generateHero, startBattle, viewBattle } from '../../game/index.ts';
import { eventsToPlay, openingSnapshot, replayUnits, snapshot, stepDurations } from './battle-playback.ts';
import { sceneTheme } from './battle-scene.ts';
import { toggleTeamMember } from './team-picker.tsx';
import { parseTeamHeroIds, isWin, safeReturnTo } from '../api/battle-hooks.ts';

const ev = (kind: BattleEvent['kind'], turn = 1): BattleEvent => ({ kind, turn, description: kind });
const state = (events: BattleEvent[], newEvents: BattleEvent[] = [], id = 'b_1'): BattleState => ({
  battle_id: id,
  kind: 'turn_based',
  allies: [],
  enemies: [],
  status: 'active',
  pending_options: [],
  current_actor_id: null,
  turn: 1,
  events,
  new_events: newEvents,
  auto: false,
  location: 'Glade',
  rewards: null,
  level_ups: [],
});

describe('eventsToPlay', () => {
  it('plays an action’s own new_events', () => {
    const a = [ev('turn'), ev('damage')];
    expect(eventsToPlay(state([ev('turn')]), state([ev('turn'), ...a], a))).toEqual(a);
  });
  it('plays the log’s growth when a poll brings moves made elsewhere', () => {
    const before = state([ev('turn')]);
    const after = state([ev('turn'), ev('ability'), ev('damage')]);
    expect(eventsToPlay(before, after).map((e) => e.kind)).toEqual(['ability', 'damage']);
  });
  it('plays a battle’s opening when the view first gets the answer that started it', () => {
    const opening = [ev('turn'), ev('ability'), ev('damage')];
    expect(eventsToPlay(null, state(opening, opening))).toEqual(opening);
  });
  it('plays nothing for a battle opened again, an unchanged poll, or another battle', () => {
    expect(eventsToPlay(null, state([ev('turn')]))).toEqual([]);
    // The view remounted on a later answer: its new_events are not the whole log, so they are not replayed.
    expect(eventsToPlay(null, state([ev('turn'), ev('heal')], [ev('heal')]))).toEqual([]);
    expect(eventsToPlay(state([ev('turn')]), state([ev('turn')]))).toEqual([]);
    expect(eventsToPlay(state([ev('turn')]), state([ev('turn'), ev('heal')], [ev('heal')], 'b_2'))).toEqual(
      [],
    );
  });
});

/** A side of `n` generated heroes for a replay, their ids h_<side><i>. */
const team = (seed: number, side: 'a' | 'e', n: number, level: number) =>
  Array.from({ length: n }, (_, i) =>
    generateHero(seed + i + (side === 'a' ? 0 : 1000), { id: `h_${side}${i}`, userId: null, level }),
  );

describe('the opening, replayed', () => {
  it('ends where the battle stands, from starting health and no shields, over 300 real openings', () => {
    let played = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const level = 1 + (seed % 9);
      const { state: engine, events } = startBattle(
        seed,
        team(seed * 31, 'a', 1 + (seed % 4), level),
        team(seed * 31, 'e', 4, level),
        { battleId: `b_${seed}` },
      );
      const s = {
        ...viewBattle(engine),
        battle_id: `b_${seed}`,
        kind: 'turn_based',
        new_events: events,
        location: '',
        rewards: null,
        level_ups: [],
      } as unknown as BattleState;
      const toPlay = eventsToPlay(null, s);
      expect(toPlay).toEqual(events);
      if (toPlay.some((e) => e.kind === 'damage')) played++;
      const end = replayUnits(openingSnapshot(s), toPlay);
      for (const [id, u] of Object.entries(snapshot(s))) expect(end[id], `seed ${seed} ${id}`).toEqual(u);
    }
    // Enough openings had enemies strike before the team's first turn for this to mean something.
    expect(played).toBeGreaterThan(50);
  });
});

describe('every action, replayed', () => {
  it('ends where the next state stands: blows, ticks past shields, heals, shields and their fading', () => {
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      const level = 1 + (seed % 12);
      let battle = startBattle(seed, team(seed * 53, 'a', 4, level), team(seed * 53, 'e', 4, level), {
        battleId: `b_${seed}`,
      }).state;
      for (let step = 0; step < 200 && battle.status === 'active'; step++) {
        const before = viewBattle(battle);
        const next = chooseOption(battle, battle.options[seed % battle.options.length].id);
        if (!next.ok) throw new Error(next.error);
        for (const e of next.events) kinds.add(e.kind + (e.kind === 'damage' && e.status_id ? ':tick' : ''));
        const end = replayUnits(snapshot(before), next.events);
        for (const [id, u] of Object.entries(snapshot(viewBattle(next.state))))
          expect({ ...end[id], hp: Math.max(0, end[id].hp) }, `seed ${seed} step ${step} ${id}`).toEqual({
            ...u,
            hp: Math.max(0, u.hp),
          });
        battle = next.state;
      }
    }
    for (const k of ['damage', 'damage:tick', 'heal', 'shield', 'expire', 'death'])
      expect(kinds).toContain(k);
  });
});

describe('stepDurations', () => {
  const few = [ev('turn'), ev('ability'), ev('damage'), ev('death')];
  it('2× halves every duration and instant skips them', () => {
    const one = stepDurations(few, '1x');
    expect(stepDurations(few, '2x')).toEqual(one.map((ms) => ms / 2));
    expect(stepDurations(few, 'instant')).toEqual([0, 0, 0, 0]);
    expect(one.every((ms) => ms > 0)).toBe(true);
  });
  it('compresses a long Auto burst so it never runs longer than 7 s at 1×', () => {
    const many = Array.from({ length: 160 }, (_, i) => ev(i % 2 ? 'damage' : 'ability'));
    const total = stepDurations(many, '1x').reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(7000);
    expect(total).toBeGreaterThan(6000);
    expect(stepDurations(many, '2x').reduce((a, b) => a + b, 0)).toBeCloseTo(total / 2);
  });
});

describe('sceneTheme', () => {
  it('gives dungeons named crypt, fortress, void or sanctum their themed art', () => {
    expect(sceneTheme('dungeon', 'The Forgotten Crypt')).toBe('crypt');
    expect(sceneTheme('dungeon', 'Ironhold Fortress')).toBe('fortress');
    expect(sceneTheme('dungeon', 'The Void Sanctum')).toBe('void');
    expect(sceneTheme('dungeon', 'Sanctum of Ash')).toBe('void');
    expect(sceneTheme('dungeon', 'Ember Caldera', 'volcano')).toBe('volcano');
  });
  it('the arena in ochre, random battles in the forest', () => {
    expect(sceneTheme('arena', 'Arena')).toBe('arena');
    expect(sceneTheme('random', 'Moonlit Orchard')).toBe('forest');
  });
});

describe('team rules', () => {
  it('keeps 1–4 heroes in pick order: a fifth is ignored, picking again drops', () => {
    let team: string[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e']) team = toggleTeamMember(team, id);
    expect(team).toEqual(['a', 'b', 'c', 'd']);
    expect(toggleTeamMember(team, 'b')).toEqual(['a', 'c', 'd']);
  });
  it('reads teamHeroIds as a JSON list (or a comma list), at most 4', () => {
    expect(parseTeamHeroIds('["h_1","h_2"]')).toEqual(['h_1', 'h_2']);
    expect(parseTeamHeroIds('h_1, h_2')).toEqual(['h_1', 'h_2']);
    expect(parseTeamHeroIds(null)).toEqual([]);
    expect(parseTeamHeroIds('["a","b","c","d","e"]')).toHaveLength(4);
  });
  it('a win is status won or victory; anything else a defeat', () => {
    expect(isWin('won')).toBe(true);
    expect(isWin('victory')).toBe(true);
    expect(isWin('lost')).toBe(false);
    expect(isWin('draw')).toBe(false);
  });
});

describe('safeReturnTo', () => {
  it('keeps paths of this app and sends anything else to /map', () => {
    expect(safeReturnTo('/battle')).toBe('/battle');
    expect(safeReturnTo('/dungeons?x=1')).toBe('/dungeons?x=1');
    expect(safeReturnTo(null)).toBe('/map');
    expect(safeReturnTo('')).toBe('/map');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])
      expect(safeReturnTo(bad)).toBe('/map');
  });
});
