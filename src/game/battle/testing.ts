// Scenario-test kit: build a battle from chosen heroes with a fixed seed, make a unit act, and read the
// domain facts back (statuses, hp, who acts). Used by the *.test.ts files next to the engine; not by the game.

import type { Hero } from '../types.ts';
import { generateHero, toAbility } from '../generation.ts';
import { findClass } from '../content.ts';
import { statsFor } from '../progression.ts';
import { findRace } from '../content.ts';
import * as compiled from './compile.ts';
import { statusIndex } from './statuses.ts';
import * as rules from './core.ts';
import { perform } from './actions.ts';
import { runUntilDecision } from './simulate.ts';
import type { BattleCore, BattleLog } from './core.ts';

export interface Recorded {
  kind: string;
  args: number[];
}

/** A BattleLog that keeps every call, for assertions. */
export function recorder(): BattleLog & { calls: Recorded[] } {
  const calls: Recorded[] = [];
  const rec =
    (kind: string) =>
    (...args: (number | boolean)[]) =>
      void calls.push({ kind, args: args.map(Number) });
  return {
    calls,
    turn: rec('turn'),
    action: rec('action'),
    damage: rec('damage'),
    tick: rec('tick'),
    heal: rec('heal'),
    shield: rec('shield'),
    status: rec('status'),
    expire: rec('expire'),
    death: rec('death'),
    miss: rec('miss'),
    fatigue: rec('fatigue'),
    end: rec('end'),
  };
}

/** A plain hero for scenarios: no boon or bane effects, abilities as given, predictable stats. */
export function plainHero(
  id: string,
  o: {
    cls?: string;
    type?: Hero['type'];
    level?: number;
    abilities?: string[];
    spd?: number;
    boon?: string;
    bane?: string;
  } = {},
): Hero {
  const h = generateHero(1234, { id, userId: null, level: o.level ?? 5, rarity: 3 });
  const cls = findClass(o.cls ?? 'knight')!;
  const type = o.type ?? 'Damage';
  const stats = statsFor(type, cls, findRace('human')!, 3, o.level ?? 5);
  return {
    ...h,
    name: `${id} the Test`,
    race: 'Human',
    class: cls.name,
    type,
    ...stats,
    hp: stats.max_hp,
    spd: o.spd ?? stats.spd,
    boon: { id: o.boon ?? 'none', name: 'None', description: '' },
    bane: { id: o.bane ?? 'none', name: 'None', description: '' },
    abilities: (o.abilities ?? ['shield_bash', 'shield_wall', 'bulwark_charge']).map((a) =>
      toAbility(a, o.level ?? 5),
    ),
  };
}

export function arena(allies: Hero[], enemies: Hero[], seed = 1): BattleCore & { calls: Recorded[] } {
  const c = new rules.BattleCore();
  const log = recorder();
  c.log = log;
  rules.initBattle(c, seed, compiled.compileTeam(allies), compiled.compileTeam(enemies));
  return Object.assign(c, { calls: log.calls });
}

/** Unit i uses the ability with this id now (it is put in slot 0, off cooldown; an ultimate gets full energy). */
export function useAbility(c: BattleCore, i: number, abilityId: string, target = -1): void {
  const idx = compiled.abilityIndex[abilityId];
  const ult = compiled.A_ULT[idx] === 1;
  const slot = ult ? 2 : 0;
  c.ab[i * compiled.SLOTS + slot] = idx;
  rules.setCooldownLeft(c, i, slot, 0);
  if (ult) c.u[i * compiled.UF + compiled.ENERGY] = compiled.MAX_ENERGY;
  c.actor = i;
  perform(c, i, rules.ACT_SLOT0 + slot, target);
}

export const hp = (c: BattleCore, i: number) => compiled.fieldOf(c.u, i, compiled.HP);
export const maxHp = (c: BattleCore, i: number) => compiled.fieldOf(c.u, i, compiled.MAXHP);
export const field = (c: BattleCore, i: number, f: number) => compiled.fieldOf(c.u, i, f);
export const hasStatus = (c: BattleCore, i: number, id: string) => {
  rules.assertInPlay(c);
  return rules.carries(i, statusIndex[id]);
};
/** Force a status on unit i (from unit `from`, certain to land). */
export function inflict(c: BattleCore, from: number, i: number, id: string, turns = 3): void {
  rules.applyStatus(c, from, i, statusIndex[id], turns, 1);
}
/** Make unit i the next to act. */
export function actNext(c: BattleCore, i: number): void {
  let min = Infinity;
  for (let j = 0; j < c.n; j++) min = Math.min(min, c.u[j * compiled.UF + compiled.NEXT]);
  c.u[i * compiled.UF + compiled.NEXT] = min - 1;
  rules.restoreMasks(c); // (the turn order follows next-action times)
}

/**
 * A fingerprint of many fast-path battles — every AI tier against another, teams of 1, 2 and 4 at four levels, 4,800
 * battles — taken over their outcomes, turns, PRNG words and final unit and status tables. Two builds of the rules
 * core that play alike give the same one.
 */
export function battleFingerprint(): string {
  let h = 0x811c9dc5;
  const bits = new Float64Array(1),
    words = new Uint32Array(bits.buffer);
  const mix = (x: number) => {
    bits[0] = x; // every bit of the number
    h = Math.imul(h ^ words[0], 0x01000193);
    h = Math.imul(h ^ words[1], 0x01000193);
  };
  const c = new rules.BattleCore();
  for (const size of [1, 2, 4])
    for (const level of [1, 5, 12, 30])
      for (let t = 0; t < 100; t++) {
        const team = (s: number) =>
          compiled.compileTeam(
            Array.from({ length: size }, (_, k) =>
              generateHero(s * 7919 + k * 104729 + level, { id: `x${k}`, userId: null, level }),
            ),
          );
        const a = team(t * 2 + 1),
          b = team(t * 2 + 2);
        for (const [tierA, tierB] of [
          [1, 1],
          [2, 1],
          [0, 2],
          [2, 2],
        ]) {
          rules.initBattle(c, t * 2654435761 + size * 13 + level, a, b);
          c.tier[0] = tierA;
          c.tier[1] = tierB;
          runUntilDecision(c, -1);
          for (const x of [c.over, c.turn, c.r0, c.r1, c.r2, c.r3]) mix(x);
          for (const x of rules.UNITS) mix(x);
          for (const x of rules.STATUS_ENDS) mix(x);
        }
      }
  return (h >>> 0).toString(16).padStart(8, '0');
}
