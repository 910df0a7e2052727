// Scenario tests, one per kind of ability effect (damage to one, all, random enemies; heal; shield; status;
// cleanse; energy; drain; execute; pierce) and the rules around using abilities (cooldowns, ultimates),
// plus the boons and banes: each one must change a unit in the engine.

import { describe, expect, it } from 'vitest';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import {
  A_HEALS,
  A_HURTS,
  A_PICK,
  A_PROTECTS,
  A_TENDENCY,
  PICK_ALLY,
  PICK_ENEMY,
  PICK_NONE,
  TEND_AGGRESSIVE,
  TEND_DEFENSIVE,
  TEND_SUPPORTIVE,
  TEND_TACTICAL,
  perform,
  valueOf,
} from './actions.ts';
import { OPS, TARGETS } from './effects.ts';
import { ABILITIES, BASIC_ACTIONS } from '../data/abilities.ts';
import { describeAbility } from '../describe.ts';
import { arena, field, hasStatus, hp, inflict, maxHp, plainHero, useAbility } from './testing.ts';
import { BANES, BOONS } from '../data/traits.ts';

const { ENERGY, SHIELD, UF, HP } = compiled;
const team = (p: string, n: number, cls = 'knight') =>
  Array.from({ length: n }, (_, k) => plainHero(`${p}${k}`, { cls }));
const damaged = (c: ReturnType<typeof arena>, from: number, to: number) =>
  c.calls.filter((x) => x.kind === 'damage' && x.args[0] === from && x.args[1] === to);

describe('the effects registry', () => {
  it('has, for every op and every target kind content may use, its apply, value, preview, text and gist', () => {
    for (const [op, entry] of Object.entries(OPS))
      for (const part of ['apply', 'value', 'preview', 'text', 'gist'] as const)
        expect(typeof entry[part], `${op}.${part}`).toBe('function');
    for (const a of [...Object.values(ABILITIES), ...Object.values(BASIC_ACTIONS)])
      for (const e of a.effects) {
        expect(OPS[e.op], `${a.id}: ${e.op}`).toBeDefined();
        expect(TARGETS[e.target], `${a.id}: ${e.target}`).toBeDefined();
      }
  });

  it('a target kind that says whom it lands on (the chosen unit, the user, every foe or ally) reaches just them', () => {
    const c = arena(team('a', 3), team('e', 2));
    rules.kill(c, 1, -1); // (every foe or ally: the living ones)
    rules.kill(c, 4, -1);
    const side = (j: number) => (j < c.nA ? 0 : 1);
    for (const [kind, entry] of Object.entries(TARGETS)) {
      if (entry.drawn || entry.on === 'reach') continue;
      for (let src = 0; src < c.n; src++)
        for (let chosen = -1; chosen < c.n; chosen++) {
          let want = 0;
          for (let j = 0; j < c.n; j++) {
            const lands =
              entry.on === 'chosen'
                ? j === chosen
                : entry.on === 'user'
                  ? j === src
                  : (side(j) === side(src)) === (entry.on === 'allies');
            if (lands && rules.isAliveUnchecked(c, j)) want |= 1 << j;
          }
          if (entry.on === 'user' && !rules.isAliveUnchecked(c, src)) continue; // (a fallen unit takes no action)
          expect(entry.reach(c, src, chosen), `${kind} from ${src} at ${chosen}`).toBe(want);
        }
    }
    expect(TARGETS.all_enemies.drawn === false && TARGETS.all_enemies.on).toBe('enemies');
    expect(TARGETS.all_allies.drawn === false && TARGETS.all_allies.on).toBe('allies');
    expect(TARGETS.enemy.drawn === false && TARGETS.enemy.on).toBe('chosen');
    expect(TARGETS.self.drawn === false && TARGETS.self.on).toBe('user');
  });

  it('dispel (Judgment) strips the helpful statuses and the shield, and leaves the harmful ones', () => {
    const c = arena(team('a', 1), team('e', 1));
    inflict(c, 1, 1, 'empower');
    inflict(c, 1, 1, 'fortify');
    inflict(c, 0, 1, 'poison');
    rules.addShield(c, 1, 1, 30, 3);
    expect(field(c, 1, SHIELD)).toBe(30);
    c.u[0 * UF + compiled.DODGE] = 0;
    c.u[0 * UF + compiled.M_MISS] = 0;
    useAbility(c, 0, 'judgment', 1);
    expect(hasStatus(c, 1, 'empower')).toBe(false);
    expect(hasStatus(c, 1, 'fortify')).toBe(false);
    expect(hasStatus(c, 1, 'shield')).toBe(false);
    expect(field(c, 1, SHIELD)).toBe(0);
    expect(hasStatus(c, 1, 'poison')).toBe(true);
    expect(c.calls.filter((x) => x.kind === 'expire' && x.args[0] === 1).length).toBeGreaterThanOrEqual(2);
    expect(describeAbility(ABILITIES.judgment)).toContain(
      'strips helpful statuses and shields from one enemy',
    );
  });

  it('sap (Dissonance) drains the target’s energy, never below none; the AI values it by what it takes', () => {
    const c = arena(team('a', 1), team('e', 2));
    c.u[0 * UF + compiled.DODGE] = 0;
    c.u[0 * UF + compiled.M_MISS] = 0;
    c.u[1 * UF + ENERGY] = 60;
    c.u[2 * UF + ENERGY] = 5;
    c.ab[0] = compiled.abilityIndex.dissonance;
    const full = valueOf(c, 0, rules.ACT_SLOT0, 1);
    const little = valueOf(c, 0, rules.ACT_SLOT0, 2);
    expect(full).toBeGreaterThan(little);
    useAbility(c, 0, 'dissonance', 1);
    // 60 − 15 drained, + the energy a hit gives its target
    expect(field(c, 1, ENERGY)).toBe(60 - 15 + rules.ENERGY_PER_HIT * c.u[1 * UF + compiled.EGAIN]);
    const d = arena(team('a', 1), team('e', 1));
    d.u[0 * UF + compiled.DODGE] = 0;
    d.u[1 * UF + ENERGY] = 0;
    useAbility(d, 0, 'dissonance', 1);
    expect(field(d, 1, ENERGY)).toBeGreaterThanOrEqual(0);
    expect(describeAbility(ABILITIES.dissonance)).toContain('drains 15 energy from one enemy');
    // an option's preview says what it takes, and says so when there is nothing to take
    const e = compiled.abilityIndex.dissonance * compiled.MAX_EFFECTS * compiled.EF + 2 * compiled.EF;
    const preview = (j: number) =>
      OPS.sap.preview({ c: d, src: 0, e, j, probe: j, who: 'Foe', kind: 'enemy', hits: 1 });
    d.u[1 * UF + ENERGY] = 0;
    expect(preview(1)).toBe('no energy to drain from Foe');
    d.u[1 * UF + ENERGY] = 40;
    expect(preview(1)).toBe('−15 energy from Foe (now 40/100)');
  });

  it('the AI values a dispel by what it strips', () => {
    const c = arena(team('a', 1), team('e', 2));
    c.ab[0] = compiled.abilityIndex.judgment;
    inflict(c, 2, 2, 'empower');
    inflict(c, 2, 2, 'haste');
    rules.addShield(c, 2, 2, 40, 3);
    const bare = valueOf(c, 0, rules.ACT_SLOT0, 1);
    const warded = valueOf(c, 0, rules.ACT_SLOT0, 2);
    expect(warded).toBeGreaterThan(bare);
  });

  it('Attack, Defend and Focus are content read through the same registry', () => {
    const c = arena(team('a', 1), team('e', 1));
    c.actor = 0;
    perform(c, 0, rules.ACT_DEFEND, -1);
    const guard = BASIC_ACTIONS.defend.effects[0];
    expect(field(c, 0, SHIELD)).toBe(Math.round(guard.power! * maxHp(c, 0)));
    expect(field(c, 0, ENERGY)).toBe(BASIC_ACTIONS.defend.energy);
    const before = field(c, 0, ENERGY);
    perform(c, 0, rules.ACT_FOCUS, -1);
    expect(field(c, 0, ENERGY)).toBe(before + BASIC_ACTIONS.focus.effects[0].power!);
    expect(c.calls.filter((x) => x.kind === 'action').map((x) => x.args[2])).toEqual([
      compiled.IDX_DEFEND,
      compiled.IDX_FOCUS,
    ]);
    expect(describeAbility(BASIC_ACTIONS.defend)).toBe(
      'Raise a guard. Shields itself for 12% of its max health.',
    );
  });
});

describe('ability effects', () => {
  it('single-target damage hits only the chosen enemy', () => {
    const c = arena(team('a', 2), team('e', 3));
    useAbility(c, 0, 'aimed_shot', 3);
    expect(hp(c, 3)).toBeLessThan(maxHp(c, 3));
    expect(hp(c, 2)).toBe(maxHp(c, 2));
    expect(hp(c, 4)).toBe(maxHp(c, 4));
  });

  it('all-enemies damage hits every living enemy', () => {
    const c = arena(team('a', 1), team('e', 4));
    useAbility(c, 0, 'cleave');
    for (let j = 1; j <= 4; j++)
      expect(
        damaged(c, 0, j).length + c.calls.filter((x) => x.kind === 'miss' && x.args[1] === j).length,
      ).toBe(1);
  });

  it('multi-hit random damage strikes the stated number of times', () => {
    const c = arena(team('a', 1), team('e', 4));
    useAbility(c, 0, 'blade_flurry');
    const hits = c.calls.filter((x) => (x.kind === 'damage' || x.kind === 'miss') && x.args[0] === 0).length;
    expect(hits).toBe(5);
  });

  it('heal restores the most wounded ally, never past max hp', () => {
    const c = arena(team('a', 3), team('e', 1));
    c.u[2 * UF + HP] = 50;
    useAbility(c, 0, 'healing_light');
    expect(hp(c, 2)).toBeGreaterThan(50);
    expect(hp(c, 1)).toBe(maxHp(c, 1));
    c.u[2 * UF + HP] = maxHp(c, 2) - 1;
    useAbility(c, 0, 'healing_light');
    expect(hp(c, 2)).toBe(maxHp(c, 2));
  });

  it('shield gives the target a shield status that absorbs damage', () => {
    const c = arena(team('a', 2), team('e', 1));
    useAbility(c, 0, 'divine_shield', 1);
    expect(field(c, 1, SHIELD)).toBeGreaterThan(0);
    expect(hasStatus(c, 1, 'shield')).toBe(true);
  });

  it('status effects land on the named targets (self buffs and enemy debuffs)', () => {
    const c = arena(team('a', 2), team('e', 2));
    useAbility(c, 0, 'challenging_shout');
    expect(hasStatus(c, 0, 'taunt')).toBe(true);
    useAbility(c, 0, 'poisoned_blade', 2);
    expect(hasStatus(c, 2, 'poison')).toBe(true);
    useAbility(c, 0, 'time_warp');
    expect(hasStatus(c, 1, 'haste')).toBe(true);
    expect(hasStatus(c, 3, 'slow')).toBe(true);
  });

  it('cleanse removes harmful statuses and keeps helpful ones', () => {
    const c = arena(team('a', 2), team('e', 1));
    inflict(c, 2, 1, 'burn');
    inflict(c, 2, 1, 'weaken');
    inflict(c, 0, 1, 'empower');
    useAbility(c, 0, 'purify');
    expect(hasStatus(c, 1, 'burn')).toBe(false);
    expect(hasStatus(c, 1, 'weaken')).toBe(false);
    expect(hasStatus(c, 1, 'empower')).toBe(true);
  });

  it('energy effects fill allies toward their ultimate', () => {
    const c = arena(team('a', 2), team('e', 1));
    const before = field(c, 1, ENERGY);
    useAbility(c, 0, 'rallying_banner');
    expect(field(c, 1, ENERGY)).toBeGreaterThan(before);
  });

  it('drain heals the caster for part of the damage', () => {
    const c = arena(team('a', 1), team('e', 1));
    c.u[HP] = 100;
    useAbility(c, 0, 'life_drain', 1);
    expect(hp(c, 0)).toBeGreaterThan(100);
  });

  it('execute hits harder below 35% health; pierce ignores defence', () => {
    const dealt = (c: ReturnType<typeof arena>) =>
      c.calls.filter((x) => x.kind === 'damage').reduce((t, x) => t + x.args[2], 0);
    let healthy = 0,
      wounded = 0;
    for (let s = 0; s < 100; s++) {
      // one battle in play at a time (core.ts): each is played before the next is made
      const a = arena(team('a', 1), team('e', 1), s);
      useAbility(a, 0, 'decapitate', 1);
      healthy += dealt(a);
      const b = arena(team('a', 1), team('e', 1), s);
      b.u[UF + HP] = maxHp(b, 1) * 0.3;
      useAbility(b, 0, 'decapitate', 1);
      wounded += dealt(b);
    }
    expect(wounded).toBeGreaterThan(healthy * 1.5);
    const c = arena(team('a', 1), team('e', 1));
    expect(rules.expectedDamage(c, 0, 1, 1, 0.6, 0)).toBeGreaterThan(rules.expectedDamage(c, 0, 1, 1, 0, 0));
  });

  it('an ability goes on cooldown; an ultimate needs full energy and spends it', () => {
    const c = arena(team('a', 1), team('e', 1));
    c.ab[0] = compiled.abilityIndex.shield_bash;
    c.actor = 0;
    perform(c, 0, rules.ACT_SLOT0, 1);
    expect(rules.canAct(c, 0, rules.ACT_SLOT0)).toBe(false);
    c.ab[2] = compiled.abilityIndex.meteor;
    c.u[ENERGY] = 50;
    expect(rules.canAct(c, 0, rules.ACT_ULT)).toBe(false);
    c.u[ENERGY] = 100;
    expect(rules.canAct(c, 0, rules.ACT_ULT)).toBe(true);
    perform(c, 0, rules.ACT_ULT, -1);
    expect(field(c, 0, ENERGY)).toBe(0);
  });

  it('a unit at 0 hp dies, and wiping a side ends the battle', () => {
    const c = arena(team('a', 1), team('e', 1));
    c.u[UF + HP] = 1;
    rules.hit(c, 0, 1, 5, 0, 0, 0);
    expect(rules.isAlive(c, 1)).toBe(false);
    expect(c.over).toBe(rules.SIDE0_WON);
    expect(c.calls.some((x) => x.kind === 'death')).toBe(true);
  });
});

describe('boons and banes', () => {
  const base = () => compiled.compileTeam([plainHero('x')]);
  for (const [id, t] of [...Object.entries(BOONS), ...Object.entries(BANES)]) {
    it(`${t.name} changes the unit in battle`, () => {
      const plain = base();
      const kind = id in BOONS ? { boon: id } : { bane: id };
      const traited = compiled.compileTeam([plainHero('x', kind)]);
      const differs = plain.units.some((v, k) => v !== traited.units[k]);
      expect(differs).toBe(true);
    });
  }

  it('Thorned Hide reflects damage to the attacker; Vampiric heals the attacker', () => {
    const c = arena([plainHero('a')], [plainHero('e', { boon: 'thorned_hide' })]);
    rules.hit(c, 0, 1, 1, 0, 0, 0);
    expect(hp(c, 0)).toBeLessThan(maxHp(c, 0));
    const v = arena([plainHero('a', { boon: 'vampiric' })], [plainHero('e')]);
    v.u[HP] = 100;
    rules.hit(v, 0, 1, 1, 0, 0, 0);
    expect(hp(v, 0)).toBeGreaterThan(100);
  });

  it('Warded starts behind a shield; Drowsy loses its first turn; Old Wounds starts hurt', () => {
    const c = arena(
      [plainHero('a', { boon: 'warded', bane: 'drowsy' })],
      [plainHero('e', { bane: 'old_wounds' })],
    );
    expect(field(c, 0, SHIELD)).toBeGreaterThan(0);
    expect(hasStatus(c, 0, 'stun')).toBe(true);
    expect(hp(c, 1)).toBeLessThan(maxHp(c, 1));
  });
});

describe('the rules of thumb, read from the registry (gist, pick)', () => {
  const idx = compiled.abilityIndex;
  it('Attack, Defend and Focus read as aggressive, defensive and tactical, like any ability of their effects', () => {
    expect(A_TENDENCY[idx.attack]).toBe(TEND_AGGRESSIVE);
    expect(A_TENDENCY[idx.defend]).toBe(TEND_DEFENSIVE);
    expect(A_TENDENCY[idx.focus]).toBe(TEND_TACTICAL);
    expect(A_TENDENCY[idx.healing_light]).toBe(TEND_SUPPORTIVE);
    expect(A_TENDENCY[idx.blood_rage]).toBe(TEND_DEFENSIVE); // a status on itself guards it
    expect(A_TENDENCY[idx.smoke_bomb]).toBe(TEND_TACTICAL);
  });
  it('heals, protects and hurts as their effects say, and is aimed where its first chosen target kind says', () => {
    expect([A_HEALS[idx.holy_strike], A_PROTECTS[idx.holy_strike], A_HURTS[idx.holy_strike]]).toEqual([
      1, 0, 1,
    ]);
    expect([A_HEALS[idx.barkskin], A_PROTECTS[idx.barkskin], A_HURTS[idx.barkskin]]).toEqual([0, 1, 0]);
    // a helpful status that hardens its bearer or draws blows protects (Taunt, Fortify); one that speeds it does not
    expect(A_PROTECTS[idx.challenging_shout]).toBe(1);
    expect(A_PROTECTS[idx.shadowstep]).toBe(1); // (its shield)
    expect(A_PROTECTS[idx.inspiring_song]).toBe(0);
    expect(A_PICK[idx.holy_strike]).toBe(PICK_ENEMY);
    expect(A_PICK[idx.lay_on_hands]).toBe(PICK_ALLY);
    expect(A_PICK[idx.shield_wall]).toBe(PICK_NONE);
  });
});
