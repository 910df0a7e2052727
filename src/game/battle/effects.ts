// The effects registry: what each effect op and each target kind means, in one place. Every entry holds the
// four things the game needs to know about it, and every part of the game reads them from here:
//   apply    what the rules core does (./actions.ts perform, the one way an action happens); for a target kind,
//            whom it lands on: `reach` (a set of unit bits) or `draw` (a unit per hit)
//   value    what the AI thinks it is worth, in percent of a unit's health (./actions.ts valueOf, ./ai.ts)
//   preview  what a turn-based option says it will do, with the figures of the battle as it stands
//   text     the rules text a player reads on an ability (src/game/describe.ts)
//   gist     what it is in a word (hurts, heals, protects, supports, guards): the rules of thumb that need no
//            figures read it — the normal AI (./ai.ts) and an option's tendency (./turn-based.ts), through the
//            tables ./actions.ts compiles from it
// An ability, Attack, Defend and Focus included, is a list of effects (src/game/data/abilities.ts): a new op is an
// entry below (its key is the op's name content uses: EffectOp in src/game/data/schema.ts is this registry's keys)
// and the content that uses it; a new target kind likewise.

import type { EffectDef, ScaleStat, TargetKind } from '../data/schema.ts';
import { STATUS_IDS, STATUSES } from '../data/statuses.ts';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import type { BattleCore } from './core.ts';
import * as statuses from './statuses.ts';
const { S_AIVALUE, S_HARMFUL, S_TICK_FIGURE, S_TICK_WORTH, S_WORTH_ON, TICK_MASK, protects } = statuses;
const {
  EGAIN,
  ENERGY,
  HEALTAKEN,
  HP,
  M_HEALTAKEN,
  MASK,
  MAX_ENERGY,
  MAXHP,
  RESIST,
  ROLE,
  SHIELD,
  SIDE,
  effectChance,
  effectDrain,
  effectExecute,
  effectHits,
  effectPierce,
  effectPower,
  effectStatus,
  effectTurns,
} = compiled;
const {
  UNITS,
  addShield,
  allyEnd,
  allyStart,
  applyStatus,
  carries,
  cleanse,
  effectAmount,
  enemyEnd,
  enemyStart,
  expectedDamage,
  gainEnergy,
  heal,
  healthShare,
  hit,
  isAliveUnchecked,
  lowestAlly,
  powerOf,
  randomEnemy,
  removeStatus,
  setUnitStat,
  slotAbility,
  unitStat,
} = rules;

/** What an option's preview of one effect is about: the effect row, its user, and the unit it lands on. */
export interface PreviewOf {
  c: BattleCore;
  src: number;
  e: number;
  /** The unit it lands on (one unit), or -1 when it lands on several. */
  j: number;
  /** A unit to measure on when it lands on several (the first enemy, or the user for allies). */
  probe: number;
  /** How the option names whom it lands on: a unit's name, 'self', 'each enemy' … */
  who: string;
  /** Whom it lands on. */
  kind: TargetKind;
  /** How many hits (for random enemies: shared out among them). */
  hits: number;
}

/**
 * What an effect is, in a word each, for the rules of thumb that need no figures. `supports`: it helps someone
 * other than its user; `guards`: it guards its user (or, for a shield, whomever it lands on); `strikes`: it is a
 * real blow (an action whose first effect strikes reads as aggressive).
 */
export interface Gist {
  hurts?: boolean;
  heals?: boolean;
  protects?: boolean;
  supports?: boolean;
  guards?: boolean;
  strikes?: boolean;
}

export interface OpEntry {
  apply(c: BattleCore, src: number, tgt: number, e: number, hits: number): void;
  /** `perPower`: the hard tier's table for the decision under way (./ai.ts), or null. */
  value(
    c: BattleCore,
    src: number,
    j: number,
    e: number,
    hits: number,
    perPower: Float64Array | null,
  ): number;
  preview(p: PreviewOf): string;
  text(e: EffectDef, who: string): string;
  gist(e: EffectDef, to: TargetEntry): Gist;
}

// ---- what the AI weighs ----------------------------------------------------------------------------------------

/** What killing a unit is worth beyond the damage itself, in percent of a unit's health. */
const KILL_BONUS = 67.5;
/** Filling a unit's energy bar (its ultimate becomes ready) is worth this much more. */
const FILL_BONUS = 6;

function threat(c: BattleCore, j: number): number {
  // Damage dealers and healers first, and the wounded (focus fire).
  const role = unitStat(j, ROLE) === 0 ? 0.8 : 1.15;
  const wounded = 1.25 - 0.5 * healthShare(j);
  return role * wounded;
}

/**
 * What `hits` hits of `power` (with pierce and execute) from unit i are worth against unit j. The hard tier hands
 * in `perPower`, unit i's expected damage per unit of power against each enemy worked out once per decision (./ai.ts),
 * which a plain hit is read from; null works it out.
 */
export function damageValue(
  c: BattleCore,
  i: number,
  j: number,
  power: number,
  pierce: number,
  execute: number,
  hits: number,
  perPower: Float64Array | null,
): number {
  const cached = perPower === null ? 0 : perPower[j];
  const d =
    (pierce === 0 && execute === 0 && cached > 0
      ? Math.max(1, cached * power)
      : expectedDamage(c, i, j, power, pierce, execute)) * hits;
  const pool = unitStat(j, HP) + unitStat(j, SHIELD);
  let v = (Math.min(d, pool) / unitStat(j, MAXHP)) * 100;
  if (d >= pool) v += KILL_BONUS;
  return v * threat(c, j);
}

/** The health unit j would get from a heal of `amount`, after its own modifiers. */
const healed = (j: number, amount: number) =>
  Math.min(unitStat(j, MAXHP) - unitStat(j, HP), amount * unitStat(j, HEALTAKEN) * unitStat(j, M_HEALTAKEN));

function healValue(c: BattleCore, j: number, amount: number): number {
  return (healed(j, amount) / unitStat(j, MAXHP)) * 100 * (healthShare(j) < 0.4 ? 1.6 : 1);
}

function shieldValue(c: BattleCore, j: number, amount: number): number {
  const maxHp = unitStat(j, MAXHP);
  const stacked = unitStat(j, SHIELD) > 0.15 * maxHp ? 0.3 : 1;
  return (Math.min(amount, maxHp) / maxHp) * 100 * (0.25 + 0.6 * (1 - healthShare(j))) * stacked;
}

/** What status s for `turns` turns, landing with `chance`, given by unit i to unit j is worth: its registry entries' weights. */
export function statusValue(
  c: BattleCore,
  i: number,
  j: number,
  s: number,
  turns: number,
  chance: number,
): number {
  const enemy = unitStat(j, SIDE) !== unitStat(i, SIDE);
  if (S_HARMFUL[s] === 1 && !enemy) return -S_AIVALUE[s];
  if (S_HARMFUL[s] === 1) chance *= 1 - unitStat(j, RESIST);
  if (chance <= 0) return 0;
  let v = S_AIVALUE[s];
  if (((TICK_MASK >>> s) & 1) === 1) v += S_TICK_WORTH[s](UNITS, i, j, S_TICK_FIGURE[s], turns);
  for (let k = 0, scaled = S_WORTH_ON[s]; k < scaled.length; k++) v *= scaled[k](UNITS, j);
  if (carries(j, s)) v *= 0.2;
  return v * Math.min(1, chance);
}

/** The energy `points` would give unit j, after its own energy gain and up to a full bar. */
const energyGained = (j: number, points: number) =>
  Math.min(MAX_ENERGY - unitStat(j, ENERGY), points * unitStat(j, EGAIN));

/** Energy for unit j: its share of the bar, and a bonus when it fills the bar (the ultimate becomes ready). */
export function energyValue(c: BattleCore, j: number, points: number): number {
  const gain = energyGained(j, points);
  const fills = gain > 0 && unitStat(j, ENERGY) + gain >= MAX_ENERGY && slotAbility(j, 2) >= 0;
  return (gain / MAX_ENERGY) * 25 + (fills ? FILL_BONUS : 0);
}

/** How many of unit j's statuses are harmful (or helpful, with harmful = 0). */
function countStatuses(c: BattleCore, j: number, harmful: number): number {
  let n = 0;
  for (let m = unitStat(j, MASK) | 0; m !== 0; m &= m - 1)
    if (S_HARMFUL[31 - Math.clz32(m & -m)] === harmful) n++;
  return n;
}

// ---- the ops ---------------------------------------------------------------------------------------------------

const r = Math.round;
const pct = (x: number) => `${r(x * 100)}%`;
const scaleText: Record<ScaleStat, string> = {
  atk: 'attack',
  def: 'defence',
  max_hp: 'its max health',
  target_max_hp: 'their max health',
};
const statusName = (s: number) => STATUSES[STATUS_IDS[s]].name;

/** Does a target kind land on someone of the user's side other than the user? */
const others = (to: TargetEntry) => to.friendly && !to.self;

export const OPS = {
  damage: {
    apply(c, src, tgt, e, hits) {
      const power = powerOf(src, e);
      for (let h = 0; h < hits; h++) {
        if (!isAliveUnchecked(c, tgt) || !isAliveUnchecked(c, src)) return;
        hit(c, src, tgt, power, effectPierce(e), effectExecute(e), effectDrain(e));
      }
    },
    value(c, src, j, e, hits, perPower) {
      return damageValue(c, src, j, powerOf(src, e), effectPierce(e), effectExecute(e), hits, perPower);
    },
    preview({ c, src, e, j, probe, who, kind, hits }) {
      if (probe < 0) return '';
      const d = expectedDamage(c, src, probe, powerOf(src, e), effectPierce(e), effectExecute(e));
      if (kind === 'random_enemy') return `${hits} hits of ≈${r(d)} damage on random enemies`;
      const total = d * hits;
      const kill = j >= 0 && total >= unitStat(j, HP) + unitStat(j, SHIELD) ? ', can finish it' : '';
      const hp = j >= 0 ? ` (${r(unitStat(j, HP))}/${r(unitStat(j, MAXHP))} hp${kill})` : '';
      return `≈${r(total)} damage to ${who}${hp}`;
    },
    text(e, who) {
      const hits = e.hits && e.hits > 1 ? `${e.hits} hits of ` : '';
      let s = `deals ${hits}${pct(e.power ?? 1)} attack as damage to ${who}`;
      if (e.pierce) s += `, ignoring ${pct(e.pierce)} of defence`;
      if (e.execute) s += ` (+${pct(e.execute)} against foes under 35% health)`;
      if (e.drain) s += `, healing for ${pct(e.drain)} of it`;
      return s;
    },
    gist: (e) => ({ hurts: true, strikes: (e.power ?? 1) * (e.hits ?? 1) >= 0.9 }),
  },
  heal: {
    apply(c, src, tgt, e) {
      heal(c, src, tgt, effectAmount(c, src, tgt, e), -1);
    },
    value(c, src, j, e) {
      return healValue(c, j, effectAmount(c, src, j, e));
    },
    preview({ c, src, e, probe, who }) {
      if (probe < 0) return '';
      const amount = effectAmount(c, src, probe, e);
      return `heals ${who} ≈${r(amount * unitStat(probe, HEALTAKEN) * unitStat(probe, M_HEALTAKEN))}`;
    },
    text(e, who) {
      return `heals ${who} for ${pct(e.power ?? 1)} of ${scaleText[e.scale ?? 'atk']}`;
    },
    gist: () => ({ heals: true, supports: true }),
  },
  shield: {
    apply(c, src, tgt, e) {
      addShield(c, src, tgt, effectAmount(c, src, tgt, e), effectTurns(e));
    },
    value(c, src, j, e) {
      return shieldValue(c, j, effectAmount(c, src, j, e));
    },
    preview({ c, src, e, probe, who }) {
      if (probe < 0) return '';
      const turns = effectTurns(e);
      return `shield of ≈${r(effectAmount(c, src, probe, e))} on ${who} for ${turns} turn${turns === 1 ? '' : 's'}`;
    },
    text(e, who) {
      return `shields ${who} for ${pct(e.power ?? 1)} of ${scaleText[e.scale ?? 'atk']}`;
    },
    gist: () => ({ protects: true, guards: true }),
  },
  status: {
    apply(c, src, tgt, e) {
      applyStatus(c, src, tgt, effectStatus(e), effectTurns(e), effectChance(e));
    },
    value(c, src, j, e) {
      return statusValue(c, src, j, effectStatus(e), effectTurns(e), effectChance(e));
    },
    preview({ e, who }) {
      const chance = effectChance(e);
      return `${statusName(effectStatus(e))} ${effectTurns(e)}t on ${who}${chance < 1 ? ` (${r(chance * 100)}%)` : ''}`;
    },
    text(e, who) {
      const st = STATUSES[e.status ?? ''];
      const chance = e.chance !== undefined && e.chance < 1 ? `${pct(e.chance)} chance to ` : '';
      const verb = (TARGETS[e.target].friendly ? 'grant' : 'inflict') + (chance ? '' : 's');
      const turns = e.turns ?? st?.turns ?? 1;
      return `${chance}${verb} ${st?.name ?? e.status} (${turns} turn${turns === 1 ? '' : 's'}) ${e.target === 'self' ? 'on itself' : `on ${who}`}`;
    },
    gist(e, to) {
      const st = STATUSES[e.status ?? ''];
      // a helpful status that hardens its bearer or draws the blows protects (its keys say: ./statuses.ts)
      return { protects: !!st && protects(st), supports: others(to), guards: to.self };
    },
  },
  cleanse: {
    apply(c, _src, tgt) {
      cleanse(c, tgt);
    },
    value(c, _src, j) {
      return countStatuses(c, j, 1) * 10;
    },
    preview({ who }) {
      return `cleanse ${who}`;
    },
    text(_e, who) {
      return `removes harmful statuses from ${who}`;
    },
    gist: () => ({ supports: true }),
  },
  energy: {
    apply(c, _src, tgt, e) {
      gainEnergy(c, tgt, effectPower(e));
    },
    value(c, _src, j, e) {
      return energyValue(c, j, effectPower(e));
    },
    preview({ e, j, who }) {
      const points = effectPower(e);
      if (j < 0) return `+${points} energy to ${who}`;
      return `+${r(energyGained(j, points))} energy to ${who} (now ${r(unitStat(j, ENERGY))}/${MAX_ENERGY})`;
    },
    text(e, who) {
      return `gives ${who} ${e.power ?? 0} energy`;
    },
    gist: (_e, to) => ({ supports: others(to) }),
  },
  dispel: {
    apply(c, _src, tgt) {
      for (let m = unitStat(tgt, MASK) | 0; m !== 0; m &= m - 1) {
        const s = 31 - Math.clz32(m & -m);
        if (S_HARMFUL[s] === 0) removeStatus(c, tgt, s);
      }
    },
    value(c, src, j) {
      if (unitStat(j, SIDE) === unitStat(src, SIDE)) return 0;
      let v = 0;
      for (let m = unitStat(j, MASK) | 0; m !== 0; m &= m - 1) {
        const s = 31 - Math.clz32(m & -m);
        if (S_HARMFUL[s] === 0) v += S_AIVALUE[s];
      }
      return v + (unitStat(j, SHIELD) / unitStat(j, MAXHP)) * 100;
    },
    preview({ c, j, who }) {
      if (j < 0) return `strip ${who}'s helpful statuses and shields`;
      const n = countStatuses(c, j, 0);
      return n === 0
        ? `nothing to strip from ${who}`
        : `strip ${n} helpful status${n === 1 ? '' : 'es'} from ${who}`;
    },
    text(_e, who) {
      return `strips helpful statuses and shields from ${who}`;
    },
    gist: () => ({}),
  },
  sap: {
    // drains the target's energy, putting its ultimate further off
    apply(c, _src, tgt, e) {
      setUnitStat(tgt, ENERGY, Math.max(0, unitStat(tgt, ENERGY) - effectPower(e)));
    },
    value(c, src, j, e) {
      if (unitStat(j, SIDE) === unitStat(src, SIDE)) return 0;
      const lost = Math.min(unitStat(j, ENERGY), effectPower(e));
      // energy is worth its share of the bar; an ultimate ready (or about to be) is worth more to take away
      const ready = unitStat(j, ENERGY) >= MAX_ENERGY && slotAbility(j, 2) >= 0;
      return (lost / MAX_ENERGY) * 25 + (ready && lost > 0 ? FILL_BONUS : 0);
    },
    preview({ e, j, who }) {
      const points = effectPower(e);
      if (j < 0) return `−${points} energy from ${who}`;
      const now = unitStat(j, ENERGY);
      if (now <= 0) return `no energy to drain from ${who}`;
      return `−${r(Math.min(now, points))} energy from ${who} (now ${r(now)}/${MAX_ENERGY})`;
    },
    text(e, who) {
      return `drains ${e.power ?? 0} energy from ${who}`;
    },
    gist: () => ({}),
  },
} satisfies Record<string, OpEntry>;

// ---- the target kinds ------------------------------------------------------------------------------------------

type Visit = OpEntry['value'];

interface TargetBase {
  /** Does it land on the user's side? */
  friendly: boolean;
  /** Does it land on the user alone? */
  self: boolean;
  /** Whom the action's user aims it at: one enemy, one ally, or no one (it finds its units itself). */
  pick: 'enemy' | 'ally' | null;
  /** How the rules text names it. */
  text: string;
  /** How an option names it when it lands on several units (single targets are named by the unit). */
  group: string;
  /** How an option's label names whom the action is aimed at, when no one unit is chosen. */
  aim: string;
  /** The one unit it lands on for an action aimed at `chosen`, or -1 when it lands on several (or on no one). */
  one(c: BattleCore, src: number, chosen: number): number;
  /** The sum of `visit` over every unit it may land on, each weighted by its share of the hits. */
  value(
    c: BattleCore,
    src: number,
    chosen: number,
    e: number,
    visit: Visit,
    perPower: Float64Array | null,
  ): number;
}

/**
 * A target kind. Most say whom they reach as a set of unit bits (`reach`: a single unit, or every living unit of a
 * side), and the rules core (./actions.ts perform) applies the effect to each in turn, all its hits, while it isAliveUnchecked
 * and the battle goes on. One whose units are drawn hit by hit says so (`drawn`): the rules core asks it for one
 * unit per hit (`draw`, which may draw the PRNG; -1 for none) and applies one hit there.
 */
export type TargetEntry = TargetBase &
  (
    | {
        drawn: false;
        reach(c: BattleCore, src: number, chosen: number): number;
        /**
         * 'chosen' when it lands on the unit the action was aimed at, 'user' when on the action's user, 'enemies' or
         * 'allies' when on every living unit of the user's foes or of its own side, as `reach` says too: perform
         * then finds whom without calling it (a call a turn, 4% of a battle); 'reach' when only `reach` can say.
         */
        on: 'chosen' | 'user' | 'enemies' | 'allies' | 'reach';
      }
    | { drawn: true; draw(c: BattleCore, src: number): number }
  );

const sideOf = (i: number) => unitStat(i, SIDE);

const chosenUnit = (_c: BattleCore, _src: number, chosen: number) => chosen;
const user = (_c: BattleCore, src: number) => src;

function single(
  friendly: boolean,
  text: string,
  aim: string,
  one: (c: BattleCore, src: number, chosen: number) => number,
): TargetEntry {
  return {
    friendly,
    self: one === user,
    pick: one === chosenUnit ? (friendly ? 'ally' : 'enemy') : null,
    text,
    group: text,
    aim,
    one,
    drawn: false,
    on: one === chosenUnit ? 'chosen' : one === user ? 'user' : 'reach',
    reach(c, src, chosen) {
      const j = one(c, src, chosen);
      return j >= 0 && isAliveUnchecked(c, j) ? 1 << j : 0;
    },
    value(c, src, chosen, e, visit, perPower) {
      const j = one(c, src, chosen);
      return j >= 0 && isAliveUnchecked(c, j) ? visit(c, src, j, e, effectHits(e), perPower) : 0;
    },
  };
}

function everyone(friendly: boolean, text: string, group: string): TargetEntry {
  const first = (c: BattleCore, src: number) =>
    friendly ? allyStart(c, sideOf(src)) : enemyStart(c, sideOf(src));
  const last = (c: BattleCore, src: number) =>
    friendly ? allyEnd(c, sideOf(src)) : enemyEnd(c, sideOf(src));
  return {
    friendly,
    self: false,
    pick: null,
    text,
    group,
    aim: text,
    one: () => -1,
    drawn: false,
    on: friendly ? 'allies' : 'enemies',
    reach(c, src) {
      const side = (1 << c.nA) - 1; // side 0's units
      return c.living & ((sideOf(src) === 0) === friendly ? side : ~side);
    },
    value(c, src, _chosen, e, visit, perPower) {
      let v = 0;
      for (let j = first(c, src), end = last(c, src); j < end; j++)
        if (isAliveUnchecked(c, j)) v += visit(c, src, j, e, effectHits(e), perPower);
      return v;
    },
  };
}

export const TARGETS = {
  enemy: single(false, 'one enemy', 'an enemy', chosenUnit),
  ally: single(true, 'one ally', 'an ally', chosenUnit),
  self: single(true, 'itself', 'self', user),
  lowest_ally: single(true, 'the most wounded ally', 'weakest ally', (c, src) => lowestAlly(c, sideOf(src))),
  all_enemies: everyone(false, 'all enemies', 'each enemy'),
  all_allies: everyone(true, 'all allies', 'each ally'),
  random_enemy: {
    friendly: false,
    self: false,
    pick: null,
    text: 'random enemies',
    group: 'random enemies',
    aim: 'random enemies',
    one: () => -1,
    drawn: true,
    draw(c, src) {
      return randomEnemy(c, sideOf(src));
    },
    value(c, src, _chosen, e, visit, perPower) {
      const side = sideOf(src);
      const n = side === 0 ? c.alive1 : c.alive0;
      if (n <= 0) return 0;
      let v = 0;
      for (let j = enemyStart(c, side), end = enemyEnd(c, side); j < end; j++)
        if (isAliveUnchecked(c, j)) v += visit(c, src, j, e, effectHits(e) / n, perPower);
      return v;
    },
  },
} satisfies Record<string, TargetEntry>;
