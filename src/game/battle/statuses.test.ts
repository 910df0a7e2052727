// Scenario tests, one per status effect: build a battle from a fixed seed, apply the status, act, and assert
// the domain fact the status promises.

import { describe, expect, it } from 'vitest';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import { PICK_ENEMY, perform, pickOf } from './actions.ts';
import { decide } from './ai.ts';
import { actNext, arena, field, hasStatus, hp, inflict, maxHp, plainHero } from './testing.ts';
import { STATUS_IDS } from '../data/statuses.ts';

const { M_SPD, SHIELD, NEXT, SPD, UF, statusIndex } = compiled;

function duel(seed = 3) {
  // 0, 1: allies; 2, 3: enemies
  return arena([plainHero('a0'), plainHero('a1')], [plainHero('e0'), plainHero('e1')], seed);
}

/** Mean damage unit `from` deals to `to` with basic attacks over many seeds. */
function meanHit(setup: (c: ReturnType<typeof duel>) => void, from = 0, to = 2): number {
  let total = 0;
  for (let s = 0; s < 200; s++) {
    const c = duel(s);
    setup(c);
    const before = hp(c, to) + field(c, to, SHIELD);
    rules.hit(c, from, to, 1, 0, 0, 0);
    total += before - hp(c, to) - field(c, to, SHIELD);
  }
  return total / 200;
}

describe('status effects', () => {
  it('every status in the table is covered here', () => {
    expect(STATUS_IDS.length).toBeGreaterThanOrEqual(12);
  });

  for (const id of ['burn', 'poison', 'bleed']) {
    it(`${id} damages its bearer at the start of each of its turns, then fades`, () => {
      const c = duel();
      inflict(c, 0, 2, id, 2);
      expect(hasStatus(c, 2, id)).toBe(true);
      const before = hp(c, 2);
      actNext(c, 2);
      expect(rules.beginTurn(c)).toBe(2);
      expect(hp(c, 2)).toBeLessThan(before);
      rules.endTurn(c, 2);
      actNext(c, 2);
      rules.beginTurn(c);
      rules.endTurn(c, 2);
      expect(hasStatus(c, 2, id)).toBe(false);
    });
  }

  it('regeneration heals its bearer at the start of its turn', () => {
    const c = duel();
    c.u[2 * UF + compiled.HP] = maxHp(c, 2) / 2;
    inflict(c, 3, 2, 'regeneration', 3);
    const before = hp(c, 2);
    actNext(c, 2);
    rules.beginTurn(c);
    expect(hp(c, 2)).toBeGreaterThan(before);
  });

  for (const id of ['stun', 'freeze']) {
    it(`${id} makes its bearer lose its next turn`, () => {
      const c = duel();
      inflict(c, 0, 2, id, 1);
      actNext(c, 2);
      expect(rules.beginTurn(c)).toBe(-2);
      expect(c.calls.some((x) => x.kind === 'miss' && x.args[0] === 2 && x.args[2] === 1)).toBe(true);
      expect(hasStatus(c, 2, id)).toBe(false);
    });
  }

  it('taunt forces single-target attacks and the AI onto the taunter', () => {
    const c = duel();
    inflict(c, 3, 3, 'taunt', 2);
    expect(rules.resolveEnemyTarget(c, 0, 2)).toBe(3);
    for (let k = 0; k < 20; k++) {
      decide(c, 0, k % 3);
      if (pickOf(c, 0, c.pickAct) === PICK_ENEMY) expect(c.pickTgt).toBe(3);
    }
  });

  it('taunt ends with the taunter: when it falls or the status fades, any enemy may be chosen again', () => {
    const c = duel();
    inflict(c, 3, 3, 'taunt', 2);
    expect(rules.hasTaunter(c, 0)).toBe(true);
    expect(rules.hasTaunter(c, 1)).toBe(false);
    rules.kill(c, 3, 0);
    expect(rules.hasTaunter(c, 0)).toBe(false);
    expect(rules.resolveEnemyTarget(c, 0, 2)).toBe(2);
    const d = duel();
    inflict(d, 2, 2, 'taunt', 1);
    expect(rules.resolveEnemyTarget(d, 0, 3)).toBe(2);
    rules.removeStatus(d, 2, compiled.statusIndex.taunt);
    expect(rules.resolveEnemyTarget(d, 0, 3)).toBe(3);
    // A core loaded from stored unit records finds its taunters again.
    inflict(d, 2, 2, 'taunt', 1);
    d.taunting = 0;
    rules.restoreMasks(d);
    expect(rules.resolveEnemyTarget(d, 0, 3)).toBe(2);
  });

  it('shield absorbs damage before health, and breaks when used up', () => {
    const c = duel();
    c.actor = 2;
    useShield(c, 2, 30);
    const before = hp(c, 2);
    rules.hit(c, 0, 2, 0.05, 0, 0, 0);
    expect(hp(c, 2)).toBe(before);
    expect(field(c, 2, SHIELD)).toBeLessThan(30);
    rules.hit(c, 0, 2, 3, 0, 0, 0);
    expect(field(c, 2, SHIELD)).toBe(0);
    expect(hasStatus(c, 2, 'shield')).toBe(false);
    expect(hp(c, 2)).toBeLessThan(before);
  });

  it('haste and slow change how often the bearer acts', () => {
    const c = duel();
    inflict(c, 0, 0, 'haste', 3);
    inflict(c, 2, 1, 'slow', 3);
    expect(field(c, 0, M_SPD)).toBeGreaterThan(1);
    expect(field(c, 1, M_SPD)).toBeLessThan(1);
    const gap = (i: number) => {
      const t = field(c, i, NEXT);
      actNext(c, i);
      const start = field(c, i, NEXT);
      rules.beginTurn(c);
      rules.endTurn(c, i);
      void t;
      return field(c, i, NEXT) - start;
    };
    expect(gap(0)).toBeLessThan(gap(1));
  });

  it('units act in order of next-action time, equal times to the lower-numbered unit', () => {
    const c = duel();
    expect(new Set([0, 1, 2, 3].map((i) => field(c, i, SPD))).size).toBe(1); // one speed: ties recur
    const step = rules.TURN_TIME / field(c, 0, SPD); // the time between a unit's turns
    [2, 1, 1, 2].forEach((k, i) => (c.u[i * UF + NEXT] = k * step));
    rules.restoreMasks(c); // (the core keeps its turn order from the times)
    const acted: number[] = [];
    for (let k = 0; k < 6; k++) {
      const i = rules.beginTurn(c);
      acted.push(i);
      rules.endTurn(c, i);
    }
    expect(acted).toEqual([1, 2, 0, 1, 2, 3]); // after 1 and 2 have acted, all four are due at once
  });

  it('weaken lowers and empower raises the damage dealt', () => {
    const plain = meanHit(() => {});
    expect(meanHit((c) => inflict(c, 2, 0, 'weaken'))).toBeLessThan(plain * 0.85);
    expect(meanHit((c) => inflict(c, 1, 0, 'empower'))).toBeGreaterThan(plain * 1.15);
  });

  it('vulnerable and mark raise, fortify lowers, the damage taken', () => {
    const plain = meanHit(() => {});
    expect(meanHit((c) => inflict(c, 0, 2, 'vulnerable'))).toBeGreaterThan(plain * 1.15);
    expect(meanHit((c) => inflict(c, 0, 2, 'mark'))).toBeGreaterThan(plain * 1.1);
    expect(meanHit((c) => inflict(c, 3, 2, 'fortify'))).toBeLessThan(plain * 0.9);
  });

  it('blind makes attacks miss', () => {
    const c = duel();
    inflict(c, 2, 0, 'blind', 5);
    for (let k = 0; k < 40; k++) rules.hit(c, 0, 3, 0.01, 0, 0, 0);
    expect(c.calls.filter((x) => x.kind === 'miss').length).toBeGreaterThan(5);
  });

  it('silence leaves only the basic attack, defend and focus', () => {
    const c = duel();
    inflict(c, 2, 0, 'silence', 2);
    expect(rules.canAct(c, 0, rules.ACT_SLOT0)).toBe(false);
    expect(rules.canAct(c, 0, rules.ACT_ATTACK)).toBe(true);
    expect(rules.canAct(c, 0, rules.ACT_DEFEND)).toBe(true);
  });

  it('curse and bleed cut the healing received', () => {
    const healed = (id?: string) => {
      const c = duel();
      c.u[1 * UF + compiled.HP] = 10;
      if (id) inflict(c, 2, 1, id);
      const idx = compiled.abilityIndex.healing_light;
      c.ab[0] = idx;
      perform(c, 0, rules.ACT_SLOT0, -1);
      return hp(c, 1) - 10;
    };
    expect(healed('curse')).toBeLessThan(healed() * 0.5);
    expect(healed('bleed')).toBeLessThan(healed());
  });

  it('a harmful status can be resisted; a resisted status never lands', () => {
    const c = duel();
    c.u[2 * UF + compiled.RESIST] = 1;
    rules.applyStatus(c, 0, 2, statusIndex.burn, 3, 1);
    expect(hasStatus(c, 2, 'burn')).toBe(false);
  });
});

function useShield(c: ReturnType<typeof duel>, i: number, amount: number) {
  c.u[i * UF + SHIELD] = amount;
  rules.applyStatus(c, i, i, statusIndex.shield, 3, 1);
}
