// The modifier registry, key by key: each modifier's text names its figure and a direction, and a battle's numbers
// move that way — measured through the rules core, on a unit compiled with that one modifier against a plain foe.
// The table below is a Record over every key of TraitMods, so a new modifier without its probe does not compile.

import { describe, expect, it } from 'vitest';
import type { TraitMods } from '../data/schema.ts';
import { describeAbility, describeMods, describeTrait } from '../describe.ts';
import { BANES, BOONS } from '../data/traits.ts';
import { ABILITIES } from '../data/abilities.ts';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import { perform } from './actions.ts';
import { MODIFIERS, MODIFIER_KEYS, modifierClauses } from './modifiers.ts';
import { statusIndex } from './statuses.ts';
import { actNext, field, hasStatus, hp, maxHp, plainHero, recorder } from './testing.ts';

const { ENERGY, HP, MAXHP, NEXT, SHIELD, UF } = compiled;
const ALLY = 0,
  FOE = 1;

/** A 1v1 battle: unit 0 carries `mods` (one source, as a boon would), unit 1 is plain. */
function duel(mods: TraitMods, seed = 1) {
  const a = compiled.compileTeam([plainHero('a')]);
  const b = compiled.compileTeam([plainHero('e')]);
  compiled.compileHero(plainHero('a'), a.units, 0, a.abilities, 0, [{ from: 'boon', id: 'probe', mods }]);
  const c = new rules.BattleCore();
  const log = recorder();
  c.log = log;
  rules.initBattle(c, seed, a, b);
  return Object.assign(c, { calls: log.calls });
}
type Duel = ReturnType<typeof duel>;
/** The mean over 300 seeded battles of `f`. */
const mean = (mods: TraitMods, f: (c: Duel) => number) => {
  let t = 0;
  for (let s = 1; s <= 300; s++) t += f(duel(mods, s));
  return t / 300;
};
/** Health lost by `to` to one plain hit from `from` (its shield's part included). */
const hitLoss = (c: Duel, from: number, to: number) => {
  const before = hp(c, to) + field(c, to, SHIELD);
  rules.hit(c, from, to, 1, 0, 0, 0);
  return before - hp(c, to) - field(c, to, SHIELD);
};
const wound = (c: Duel, i: number, share: number) => (c.u[i * UF + HP] = Math.round(maxHp(c, i) * share));
const burnTick = (c: Duel, on: number) => {
  rules.applyStatus(c, on === ALLY ? FOE : ALLY, on, statusIndex.burn, 3, 1);
  const before = hp(c, on);
  actNext(c, on);
  rules.startTurn(c);
  return before - hp(c, on);
};

type Case<X> = [figure: X, says: RegExp, moves: 'up' | 'down'];
interface Probe<X> {
  /** the battle number the text speaks of */
  measures: string;
  measure: (mods: TraitMods) => number;
  cases: Case<X>[];
}

const PROBES: { [K in keyof TraitMods]-?: Probe<NonNullable<TraitMods[K]>> } = {
  hpPct: {
    measures: 'its health at the start',
    measure: (m) => hp(duel(m), ALLY),
    cases: [
      [0.2, /^maximum health is 20% higher$/, 'up'],
      [-0.2, /^maximum health is 20% lower$/, 'down'],
    ],
  },
  atkPct: {
    measures: 'the damage of its hits',
    measure: (m) => mean(m, (c) => hitLoss(c, ALLY, FOE)),
    cases: [
      [0.2, /^attack is 20% higher$/, 'up'],
      [-0.2, /^attack is 20% lower$/, 'down'],
    ],
  },
  defPct: {
    measures: 'the damage a hit deals it',
    measure: (m) => mean(m, (c) => hitLoss(c, FOE, ALLY)),
    cases: [
      [0.3, /^defence is 30% higher$/, 'down'],
      [-0.3, /^defence is 30% lower$/, 'up'],
    ],
  },
  spdPct: {
    measures: 'its turns among the first 30',
    measure: (m) =>
      mean(m, (c) => {
        let mine = 0;
        for (let k = 0; k < 30; k++) {
          const a = rules.startTurn(c);
          if (a === ALLY) mine++;
          if (a >= 0) rules.endTurn(c, a);
        }
        return mine;
      }),
    cases: [
      [0.3, /^speed is 30% higher$/, 'up'],
      [-0.3, /^speed is 30% lower$/, 'down'],
    ],
  },
  crit: {
    measures: 'its critical hits',
    measure: (m) =>
      mean(m, (c) => {
        rules.hit(c, ALLY, FOE, 0.01, 0, 0, 0);
        return c.calls.filter((x) => x.kind === 'damage' && x.args[3] === 1).length;
      }),
    cases: [
      [0.3, /^critical hits are 30% more likely$/, 'up'],
      [-0.05, /^critical hits are 5% less likely$/, 'down'],
    ],
  },
  critDmg: {
    measures: 'the damage of its critical hits',
    measure: (m) => mean({ ...m, crit: 1 }, (c) => hitLoss(c, ALLY, FOE)),
    cases: [
      [0.4, /^a critical hit deals 190% damage instead of 150%$/, 'up'],
      [-0.25, /^a critical hit deals 125% damage instead of 150%$/, 'down'],
    ],
  },
  energyGain: {
    measures: 'the energy Focus gives it',
    measure: (m) => {
      const c = duel(m);
      const before = field(c, ALLY, ENERGY);
      perform(c, ALLY, rules.ACT_FOCUS, -1);
      return field(c, ALLY, ENERGY) - before;
    },
    cases: [
      [0.25, /^gains 25% more energy$/, 'up'],
      [-0.2, /^gains 20% less energy$/, 'down'],
    ],
  },
  healDone: {
    measures: 'the shield its Defend raises',
    measure: (m) => {
      const c = duel(m);
      c.actor = ALLY;
      perform(c, ALLY, rules.ACT_DEFEND, -1);
      return field(c, ALLY, SHIELD);
    },
    cases: [
      [0.25, /^heals and shields 25% more$/, 'up'],
      [-0.25, /^heals and shields 25% less$/, 'down'],
    ],
  },
  healTaken: {
    measures: 'the health a heal gives it',
    measure: (m) => {
      const c = duel(m);
      wound(c, ALLY, 0.3);
      const before = hp(c, ALLY);
      rules.heal(c, FOE, ALLY, 50, -1);
      return hp(c, ALLY) - before;
    },
    cases: [
      [0.25, /^receives 25% more healing$/, 'up'],
      [-0.3, /^receives 30% less healing$/, 'down'],
    ],
  },
  dmgTaken: {
    measures: 'the damage a hit deals it',
    measure: (m) => mean(m, (c) => hitLoss(c, FOE, ALLY)),
    cases: [
      [0.1, /^takes 10% more damage$/, 'up'],
      [-0.1, /^takes 10% less damage$/, 'down'],
    ],
  },
  dmgDealt: {
    measures: 'the damage of its hits',
    measure: (m) => mean(m, (c) => hitLoss(c, ALLY, FOE)),
    cases: [
      [0.1, /^deals 10% more damage$/, 'up'],
      [-0.08, /^deals 8% less damage$/, 'down'],
    ],
  },
  startEnergy: {
    measures: 'its energy at the start',
    measure: (m) => field(duel(m), ALLY, ENERGY),
    cases: [[40, /^starts every battle with 40 energy$/, 'up']],
  },
  startShield: {
    measures: 'its shield at the start',
    measure: (m) => field(duel(m), ALLY, SHIELD),
    cases: [[0.2, /^starts every battle behind a shield worth 20% of maximum health$/, 'up']],
  },
  startHp: {
    measures: 'its health at the start',
    measure: (m) => hp(duel(m), ALLY),
    cases: [[0.15, /^starts every battle 15% below full health$/, 'down']],
  },
  lifesteal: {
    measures: 'the health its hits give back',
    measure: (m) =>
      mean(m, (c) => {
        wound(c, ALLY, 0.5);
        const before = hp(c, ALLY);
        rules.hit(c, ALLY, FOE, 1, 0, 0, 0);
        return hp(c, ALLY) - before;
      }),
    cases: [[0.15, /^heals for 15% of the damage it deals$/, 'up']],
  },
  thorns: {
    measures: 'the damage its attacker takes back',
    measure: (m) =>
      mean(m, (c) => {
        const before = hp(c, FOE);
        rules.hit(c, FOE, ALLY, 1, 0, 0, 0);
        return before - hp(c, FOE);
      }),
    cases: [[0.2, /^reflects 20% of the damage it takes back at the attacker$/, 'up']],
  },
  dodge: {
    measures: 'the hits aimed at it that miss',
    measure: (m) =>
      mean(m, (c) => {
        rules.hit(c, FOE, ALLY, 0.01, 0, 0, 0);
        return c.calls.filter((x) => x.kind === 'miss').length;
      }),
    cases: [[0.1, /^dodges 10% of incoming hits$/, 'up']],
  },
  fumble: {
    measures: 'its own hits that miss',
    measure: (m) =>
      mean(m, (c) => {
        rules.hit(c, ALLY, FOE, 0.01, 0, 0, 0);
        return c.calls.filter((x) => x.kind === 'miss').length;
      }),
    cases: [[0.08, /^8% of its own attacks miss$/, 'up']],
  },
  resist: {
    measures: 'the share of even-chance statuses that land on it',
    measure: (m) =>
      mean(m, (c) => {
        rules.applyStatus(c, FOE, ALLY, statusIndex.weaken, 2, 0.5);
        return hasStatus(c, ALLY, 'weaken') ? 1 : 0;
      }),
    cases: [
      [0.35, /^shrugs off 35% of harmful statuses$/, 'down'],
      [-0.25, /^harmful statuses land on it 25% more often$/, 'up'],
    ],
  },
  dotDealt: {
    measures: 'the damage its burn deals',
    measure: (m) => burnTick(duel(m), FOE),
    cases: [
      [0.4, /^its burns, poisons and bleeds deal 40% more damage$/, 'up'],
      [-0.4, /^its burns, poisons and bleeds deal 40% less damage$/, 'down'],
    ],
  },
  dotTaken: {
    measures: 'the damage a burn deals it',
    measure: (m) => burnTick(duel(m), ALLY),
    cases: [
      [0.5, /^burns, poisons and bleeds hurt it 50% more$/, 'up'],
      [-0.4, /^burns, poisons and bleeds hurt it 40% less$/, 'down'],
    ],
  },
  execute: {
    measures: 'the damage of its hits on a foe under 35% health',
    measure: (m) =>
      mean(m, (c) => {
        wound(c, FOE, 0.3);
        return hitLoss(c, ALLY, FOE);
      }),
    cases: [[0.35, /^deals 35% more damage to foes under 35% health$/, 'up']],
  },
  lowHpAtk: {
    measures: 'the damage of its hits while under 40% health',
    measure: (m) =>
      mean(m, (c) => {
        wound(c, ALLY, 0.3);
        return hitLoss(c, ALLY, FOE);
      }),
    cases: [
      [0.35, /^attack rises 35% while under 40% health$/, 'up'],
      [-0.3, /^attack drops 30% while under 40% health$/, 'down'],
    ],
  },
  regen: {
    measures: 'its health over the start of its turn',
    measure: (m) => {
      const c = duel(m);
      wound(c, ALLY, 0.5);
      const before = hp(c, ALLY);
      actNext(c, ALLY);
      rules.startTurn(c);
      return hp(c, ALLY) - before;
    },
    cases: [
      [0.03, /^recovers 3% of maximum health at the start of each turn$/, 'up'],
      [-0.02, /^loses 2% of maximum health at the start of each turn$/, 'down'],
    ],
  },
  killEnergy: {
    measures: 'its energy after a kill',
    measure: (m) => {
      const c = duel(m);
      c.u[FOE * UF + HP] = 1;
      rules.hit(c, ALLY, FOE, 1, 0, 0, 0);
      return field(c, ALLY, ENERGY);
    },
    cases: [[50, /^gains 50 energy on every kill$/, 'up']],
  },
  initiative: {
    measures: 'when its first turn comes',
    measure: (m) => mean(m, (c) => field(c, ALLY, NEXT) / (rules.TURN_TIME / field(c, ALLY, compiled.SPD))),
    cases: [
      [0.6, /^takes its first turn 60% sooner$/, 'down'],
      [-0.6, /^takes its first turn 60% later$/, 'up'],
    ],
  },
  startStatus: {
    measures: 'the statuses it carries at the start',
    measure: (m) => (duel(m).u[ALLY * UF + compiled.MASK] === 0 ? 0 : 1),
    cases: [[{ status: 'weaken', turns: 2 }, /^starts every battle with Weaken for 2 turns$/, 'up']],
  },
};

describe('the modifier registry', () => {
  it('has an entry for every key a probe names, with its column, hook and text (and no other keys)', () => {
    expect(MODIFIER_KEYS.sort()).toEqual(Object.keys(PROBES).sort());
    for (const key of MODIFIER_KEYS) {
      const e = MODIFIERS[key];
      expect(e.column, key).toBeGreaterThanOrEqual(0);
      expect(e.column, key).toBeLessThan(UF);
      expect(typeof e.apply, key).toBe('function');
      expect(typeof e.text, key).toBe('function');
    }
  });

  for (const key of Object.keys(PROBES) as (keyof TraitMods)[]) {
    const probe = PROBES[key] as Probe<unknown>;
    it(`${key}: changes ${probe.measures} the way its text says`, () => {
      const plain = probe.measure({});
      for (const [x, says, moves] of probe.cases) {
        const mods = { [key]: x } as TraitMods;
        expect(describeMods(mods)).toMatch(says);
        const got = probe.measure(mods);
        if (moves === 'up') expect(got, `${key} ${JSON.stringify(x)}`).toBeGreaterThan(plain);
        else expect(got, `${key} ${JSON.stringify(x)}`).toBeLessThan(plain);
      }
    });
  }

  it('composes sources: shares of a stat compound, figures add up, in the order the sources come', () => {
    const row = (mods: TraitMods[]) => {
      const r = new Float64Array(UF);
      compiled.compileHero(
        plainHero('x'),
        r,
        0,
        new Int32Array(compiled.SLOTS),
        0,
        mods.map((m) => ({ from: 'boon', id: 'x', mods: m })),
      );
      return r;
    };
    const none = row([]);
    const two = row([
      { atkPct: 0.1, crit: 0.05 },
      { atkPct: 0.2, crit: 0.1 },
    ]);
    expect(two[compiled.ATK]).toBeCloseTo(none[compiled.ATK] * 1.1 * 1.2, 9);
    expect(two[compiled.CRIT]).toBeCloseTo(none[compiled.CRIT] + 0.15, 12);
    // settled once every source has applied: a crit chance driven below none is none
    expect(row([{ crit: -5 }])[compiled.CRIT]).toBe(0);
    expect(row([{ hpPct: -5 }])[MAXHP]).toBe(1);
  });

  it('writes every boon’s, bane’s and passive’s text from its figures, one clause per modifier', () => {
    for (const t of [...Object.values(BOONS), ...Object.values(BANES)]) {
      const text = describeTrait(t);
      expect(text, t.id).toMatch(/^[A-Z0-9].*\.$/);
      for (const clause of modifierClauses(t.mods))
        expect(text.toLowerCase(), t.id).toContain(clause.toLowerCase());
    }
    for (const a of Object.values(ABILITIES))
      if (a.passive)
        for (const clause of modifierClauses(a.passive)) expect(describeAbility(a), a.id).toContain(clause);
    // a changed figure changes the text: it is never written twice
    expect(describeTrait({ mods: { thorns: 0.3 } })).toBe(
      'Reflects 30% of the damage it takes back at the attacker.',
    );
  });
});
