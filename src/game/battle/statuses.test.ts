// Scenario tests, one per status: build a battle from a fixed seed, apply the status, act, and assert the domain
// fact the status promises. SCENARIOS is a Record over every status id, so a status without its scenario does not
// compile. Then the status registry, status by status: each key's hook folds its figure into its column (or ticks),
// its weight is what the AI reads, its text is what describeStatus writes.

import { describe, expect, it } from 'vitest';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import { PICK_ENEMY, perform, pickOf } from './actions.ts';
import { choiceAct, choiceTarget, decide } from './ai.ts';
import { statusValue } from './effects.ts';
import { actNext, arena, field, hasStatus, hp, inflict, maxHp, plainHero } from './testing.ts';
import { STATUS_IDS, STATUSES, type StatusId } from '../data/statuses.ts';
import { describeStatus } from '../describe.ts';
import {
  FOLD_MASK,
  NS,
  S_AIVALUE,
  STATUS_KEYS,
  TICK_MASK,
  keysOf,
  statusIndex,
  type StatusEntry,
} from './statuses.ts';

const { M_SPD, SHIELD, NEXT, SPD, UF } = compiled;

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

/** The health a Healing Light gives the wounded unit 1, with unit 1 carrying status `id` (or none). */
function healed(id?: string): number {
  const c = duel();
  c.u[1 * UF + compiled.HP] = 10;
  if (id) inflict(c, 2, 1, id);
  c.ab[0] = compiled.abilityIndex.healing_light;
  perform(c, 0, rules.ACT_SLOT0, -1);
  return hp(c, 1) - 10;
}

/** How much later unit i's next turn comes after one of its turns. */
function gap(c: ReturnType<typeof duel>, i: number): number {
  actNext(c, i);
  const start = field(c, i, NEXT);
  rules.startTurn(c);
  rules.endTurn(c, i);
  return field(c, i, NEXT) - start;
}

interface Scenario {
  does: string;
  test: () => void;
}

const ticksDamage = (id: string): Scenario => ({
  does: 'damages its bearer at the start of each of its turns, then fades',
  test() {
    const c = duel();
    inflict(c, 0, 2, id, 2);
    expect(hasStatus(c, 2, id)).toBe(true);
    const before = hp(c, 2);
    actNext(c, 2);
    expect(rules.startTurn(c)).toBe(2);
    expect(hp(c, 2)).toBeLessThan(before);
    rules.endTurn(c, 2);
    actNext(c, 2);
    rules.startTurn(c);
    rules.endTurn(c, 2);
    expect(hasStatus(c, 2, id)).toBe(false);
  },
});

const skipsTurn = (id: string): Scenario => ({
  does: 'makes its bearer lose its next turn',
  test() {
    const c = duel();
    inflict(c, 0, 2, id, 1);
    actNext(c, 2);
    expect(rules.startTurn(c)).toBe(-2);
    expect(c.calls.some((x) => x.kind === 'miss' && x.args[0] === 2 && x.args[2] === 1)).toBe(true);
    expect(hasStatus(c, 2, id)).toBe(false);
  },
});

const SCENARIOS = {
  burn: ticksDamage('burn'),
  poison: ticksDamage('poison'),
  bleed: {
    does: 'damages its bearer each turn and cuts the healing it receives',
    test() {
      ticksDamage('bleed').test();
      expect(healed('bleed')).toBeLessThan(healed());
    },
  },
  stun: skipsTurn('stun'),
  freeze: {
    does: 'makes its bearer lose its next turn, and hits on it hurt more',
    test() {
      skipsTurn('freeze').test();
      expect(meanHit((c) => inflict(c, 0, 2, 'freeze'))).toBeGreaterThan(meanHit(() => {}) * 1.1);
    },
  },
  regeneration: {
    does: 'heals its bearer at the start of its turn',
    test() {
      const c = duel();
      c.u[2 * UF + compiled.HP] = maxHp(c, 2) / 2;
      inflict(c, 3, 2, 'regeneration', 3);
      const before = hp(c, 2);
      actNext(c, 2);
      rules.startTurn(c);
      expect(hp(c, 2)).toBeGreaterThan(before);
    },
  },
  taunt: {
    does: 'forces single-target attacks and the AI onto the taunter, until it falls or the status fades',
    test() {
      const c = duel();
      inflict(c, 3, 3, 'taunt', 2);
      expect(rules.resolveEnemyTarget(c, 0, 2)).toBe(3);
      for (let k = 0; k < 20; k++) {
        const choice = decide(c, 0, k % 3);
        if (pickOf(c, 0, choiceAct(choice)) === PICK_ENEMY) expect(choiceTarget(choice)).toBe(3);
      }
      expect(rules.hasTaunter(c, 0)).toBe(true);
      expect(rules.hasTaunter(c, 1)).toBe(false);
      rules.kill(c, 3, 0);
      expect(rules.hasTaunter(c, 0)).toBe(false);
      expect(rules.resolveEnemyTarget(c, 0, 2)).toBe(2);
      const d = duel();
      inflict(d, 2, 2, 'taunt', 1);
      expect(rules.resolveEnemyTarget(d, 0, 3)).toBe(2);
      rules.removeStatus(d, 2, statusIndex.taunt);
      expect(rules.resolveEnemyTarget(d, 0, 3)).toBe(3);
      // A core loaded from stored unit records finds its taunters again.
      inflict(d, 2, 2, 'taunt', 1);
      d.taunting = 0;
      rules.restoreMasks(d);
      expect(rules.resolveEnemyTarget(d, 0, 3)).toBe(2);
    },
  },
  shield: {
    does: 'absorbs damage before health, and breaks when used up',
    test() {
      const c = duel();
      c.actor = 2;
      c.u[2 * UF + SHIELD] = 30;
      rules.applyStatus(c, 2, 2, statusIndex.shield, 3, 1);
      const before = hp(c, 2);
      rules.hit(c, 0, 2, 0.05, 0, 0, 0);
      expect(hp(c, 2)).toBe(before);
      expect(field(c, 2, SHIELD)).toBeLessThan(30);
      rules.hit(c, 0, 2, 3, 0, 0, 0);
      expect(field(c, 2, SHIELD)).toBe(0);
      expect(hasStatus(c, 2, 'shield')).toBe(false);
      expect(hp(c, 2)).toBeLessThan(before);
    },
  },
  haste: {
    does: 'makes its bearer act more often',
    test() {
      const c = duel();
      const plain = gap(c, 1);
      inflict(c, 0, 0, 'haste', 3);
      expect(field(c, 0, M_SPD)).toBeGreaterThan(1);
      expect(gap(c, 0)).toBeLessThan(plain);
    },
  },
  slow: {
    does: 'makes its bearer act less often',
    test() {
      const c = duel();
      const plain = gap(c, 0);
      inflict(c, 2, 1, 'slow', 3);
      expect(field(c, 1, M_SPD)).toBeLessThan(1);
      expect(gap(c, 1)).toBeGreaterThan(plain);
    },
  },
  weaken: {
    does: 'lowers the damage its bearer deals',
    test: () => expect(meanHit((c) => inflict(c, 2, 0, 'weaken'))).toBeLessThan(meanHit(() => {}) * 0.85),
  },
  empower: {
    does: 'raises the damage its bearer deals',
    test: () => expect(meanHit((c) => inflict(c, 1, 0, 'empower'))).toBeGreaterThan(meanHit(() => {}) * 1.15),
  },
  vulnerable: {
    does: 'raises the damage its bearer takes',
    test: () =>
      expect(meanHit((c) => inflict(c, 0, 2, 'vulnerable'))).toBeGreaterThan(meanHit(() => {}) * 1.15),
  },
  mark: {
    does: 'raises the damage its bearer takes, and hits on it crit more often',
    test() {
      expect(meanHit((c) => inflict(c, 0, 2, 'mark'))).toBeGreaterThan(meanHit(() => {}) * 1.1);
      const crits = (marked: boolean) => {
        const c = duel();
        if (marked) inflict(c, 0, 2, 'mark', 5);
        for (let k = 0; k < 200; k++) rules.hit(c, 0, 2, 0.001, 0, 0, 0);
        return c.calls.filter((x) => x.kind === 'damage' && x.args[3] === 1).length;
      };
      expect(crits(true)).toBeGreaterThan(crits(false));
    },
  },
  fortify: {
    does: 'lowers the damage its bearer takes',
    test: () => expect(meanHit((c) => inflict(c, 3, 2, 'fortify'))).toBeLessThan(meanHit(() => {}) * 0.9),
  },
  blind: {
    does: 'makes its bearer’s attacks miss',
    test() {
      const c = duel();
      inflict(c, 2, 0, 'blind', 5);
      for (let k = 0; k < 40; k++) rules.hit(c, 0, 3, 0.01, 0, 0, 0);
      expect(c.calls.filter((x) => x.kind === 'miss').length).toBeGreaterThan(5);
    },
  },
  silence: {
    does: 'leaves its bearer only the basic attack, defend and focus',
    test() {
      const c = duel();
      inflict(c, 2, 0, 'silence', 2);
      expect(rules.canAct(c, 0, rules.ACT_SLOT0)).toBe(false);
      expect(rules.canAct(c, 0, rules.ACT_ATTACK)).toBe(true);
      expect(rules.canAct(c, 0, rules.ACT_DEFEND)).toBe(true);
    },
  },
  curse: {
    does: 'cuts the healing its bearer receives sharply, and the damage it deals',
    test() {
      expect(healed('curse')).toBeLessThan(healed() * 0.5);
      expect(meanHit((c) => inflict(c, 2, 0, 'curse'))).toBeLessThan(meanHit(() => {}));
    },
  },
} satisfies Record<StatusId, Scenario>;

describe('status effects', () => {
  it('every status in the table has its scenario here, and every scenario is a status', () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual([...STATUS_IDS].sort());
  });

  for (const [id, { does, test }] of Object.entries(SCENARIOS)) it(`${id} ${does}`, test);

  it('units act in order of next-action time, equal times to the lower-numbered unit', () => {
    const c = duel();
    expect(new Set([0, 1, 2, 3].map((i) => field(c, i, SPD))).size).toBe(1); // one speed: ties recur
    const step = rules.TURN_TIME / field(c, 0, SPD); // the time between a unit's turns
    [2, 1, 1, 2].forEach((k, i) => (c.u[i * UF + NEXT] = k * step));
    rules.restoreMasks(c); // (the core keeps its turn order from the times)
    const acted: number[] = [];
    for (let k = 0; k < 6; k++) {
      const i = rules.startTurn(c);
      acted.push(i);
      rules.endTurn(c, i);
    }
    expect(acted).toEqual([1, 2, 0, 1, 2, 3]); // after 1 and 2 have acted, all four are due at once
  });

  it('a harmful status can be resisted; a resisted status never lands', () => {
    const c = duel();
    c.u[2 * UF + compiled.RESIST] = 1;
    rules.applyStatus(c, 0, 2, statusIndex.burn, 3, 1);
    expect(hasStatus(c, 2, 'burn')).toBe(false);
  });
});

describe('the status registry', () => {
  // (Shield has no key: its barrier is the SHIELD column the shield op fills, tested in its scenario.)
  const keyed = STATUS_IDS.filter((id) => id !== 'shield');

  it('every status but Shield sets a key of the registry; each key’s entry has its hook and text', () => {
    for (const id of keyed) expect(keysOf(STATUSES[id]).length, id).toBeGreaterThan(0);
    for (const [key, e] of Object.entries(STATUS_KEYS as Record<string, StatusEntry>)) {
      expect(typeof e.text, key).toBe('function');
      if (e.tick === undefined) expect(['multiply', 'add', 'flag'], key).toContain(e.fold);
      else expect(typeof e.power, key).toBe('function');
    }
  });

  it('hooks: each status folds each of its figures into its key’s column, or ticks with the power its key gives', () => {
    for (const id of keyed) {
      const c = duel();
      const s = statusIndex[id];
      inflict(c, 0, 2, id, 3);
      for (const { key, x, entry } of keysOf(STATUSES[id])) {
        if (entry.tick !== undefined) {
          expect((TICK_MASK >>> s) & 1, `${id}.${key}`).toBe(1);
          expect(c.stP[2 * NS + s], `${id}.${key}: its power`).toBeGreaterThan(0);
          continue;
        }
        expect((FOLD_MASK >>> s) & 1, `${id}.${key}`).toBe(1);
        const want = entry.fold === 'flag' ? 1 : x; // (a unit carrying no other status: the figure itself)
        expect(field(c, 2, entry.column), `${id}.${key}`).toBe(want);
      }
      rules.removeStatus(c, 2, s);
      for (const { entry } of keysOf(STATUSES[id]))
        if (entry.tick === undefined)
          expect(field(c, 2, entry.column), `${id}: back to none`).toBe(entry.fold === 'multiply' ? 1 : 0);
    }
  });

  it('weights: the AI values every status on whom it is meant for, and a harmful one on its own side as a loss', () => {
    const c = duel();
    c.u[2 * UF + compiled.HP] = maxHp(c, 2) / 2; // (a heal over time is worth something on the wounded only)
    c.u[1 * UF + compiled.HP] = maxHp(c, 1) / 2;
    for (const id of keyed) {
      const s = statusIndex[id];
      const st = STATUSES[id];
      const worth = statusValue(c, 0, st.harmful ? 2 : 1, s, 3, 1);
      expect(worth, id).toBeGreaterThan(0);
      if (st.harmful) expect(statusValue(c, 0, 1, s, 3, 1), id).toBe(-S_AIVALUE[s]);
    }
    // the figure is the weight's: a stronger status is worth more
    expect(S_AIVALUE[statusIndex.weaken]).toBeCloseTo(0.25 * STATUS_KEYS.atkMul.weight, 9);
  });

  it('texts: describeStatus writes each key of each status with its figure, from the registry', () => {
    for (const id of STATUS_IDS) {
      const st = STATUSES[id];
      const text = describeStatus(st);
      expect(text.startsWith(st.description), id).toBe(true);
      for (const { x, entry } of keysOf(st))
        expect(text.toLowerCase(), id).toContain(entry.text(x).toLowerCase());
    }
    expect(describeStatus(STATUSES.weaken)).toBe('Attack is reduced. −25% attack.');
    // A changed number changes the text: it is never written twice.
    expect(describeStatus({ ...STATUSES.weaken, atkMul: 0.6 })).toContain('−40% attack');
  });
});
