// The rules core: the one implementation of every battle rule, shared by the fast Monte-Carlo path
// (./simulate.ts) and the turn-based battle (./turn-based.ts). Only the bookkeeping differs between them:
// the turn-based path attaches a BattleLog and receives a call for everything that happens; the fast path
// leaves `log` null and nothing is allocated while a battle runs.
//
// State lives in typed arrays (unit records of UF numbers, see ./compile.ts), so a battle can be copied,
// stored as JSON and resumed exactly; code outside the core reads a unit through the accessors below the tables
// (unitStat(i, ATK), attackOf(i) …) and an effect's figures through ./compile.ts's (effectPower(e) …). A unit's turn
// is a fixed sequence of named steps:
//   startTurn   the head of the turn order acts (lowest next-action time) → its statuses tick → it regenerates
//               → exhaustion, past turn FATIGUE_FROM → stunned: its turn is spent
//   (decide)    the player or the AI (./ai.ts) picks an action and a target
//   perform     pay the cost → resolve targets → hit/heal/shield/status/cleanse/energy → deaths → energy gain
//   endTurn     the actor's turns taken count up (its statuses and cooldowns are counted in them, so they run out
//               without a step of their own); it schedules its next action by speed;
//               the battle ends on a wipe or, at the turn limit, as a draw.
// Each step checks that its core is the battle in play; its …Unchecked twin trusts a loop that checked once
// (./simulate.ts runUntilDecision), and the AI's and perform's trust that the action is legal.

// tsx compiles imports into getter calls; copying them into local consts keeps the hot loop free of those calls.
import * as compiled from './compile.ts';
import { type CompiledTeam } from './compile.ts';
const {
  A_BASIC,
  A_EFFECTS,
  ABMUL,
  ALIVE,
  ATK,
  CRIT,
  CRITDMG,
  DEF,
  DMGDEALT,
  DMGTAKEN,
  DODGE,
  DOTTAKEN,
  E_LEVELED,
  E_POWER,
  EGAIN,
  ENERGY,
  EXECUTE,
  F_SILENCE,
  F_SKIP,
  F_TAUNT,
  FUMBLE,
  HEALDONE,
  HEALTAKEN,
  HP,
  IDX_ATTACK,
  IDX_DEFEND,
  IDX_FOCUS,
  INITIATIVE,
  KILLENERGY,
  LIFESTEAL,
  LOWHPATK,
  M_ATK,
  M_CRITTAKEN,
  M_DEF,
  M_DMGDEALT,
  M_DMGTAKEN,
  M_HEALTAKEN,
  M_MISS,
  M_SPD,
  MASK,
  MAX_ENERGY,
  MAX_UNITS,
  MAXHP,
  NEXT,
  REGEN,
  RESIST,
  SC_DEF,
  SC_MAXHP,
  SC_TARGET_MAXHP,
  SHIELD,
  SIDE,
  SLOTS,
  SPD,
  START_SHIELD,
  START_STATUS,
  START_TURNS,
  THORNS,
  UF,
  effectScale,
} = compiled;
import * as statuses from './statuses.ts';
const {
  FOLD_FLAG,
  FOLD_MASK,
  FOLD_MULTIPLY,
  KEY_COLUMN,
  KEY_FIGURE,
  KEY_FOLD,
  KEY_STATUSES,
  NK,
  NS,
  S_HARMFUL,
  S_HEALS,
  S_TICK_FIGURE,
  S_TICK_POWER,
  ST_SHIELD,
  STATUS_KEY,
  STATUS_KEYS_FROM,
  TICK_MASK,
} = statuses;
import * as prng from '../prng.ts';
const { splitmix32 } = prng;

import * as numbers from './numbers.ts';
export * from './numbers.ts';
const {
  ACT_ATTACK,
  ACT_DEFEND,
  ACT_FOCUS,
  ACT_SLOT0,
  ACT_ULT,
  DAMAGE_K,
  DEFAULT_TURN_LIMIT,
  DRAW,
  ENERGY_PER_HIT,
  EXECUTE_BELOW,
  FATIGUE_FROM,
  FATIGUE_STEP,
  LOW_HP_BELOW,
  ONGOING,
  SHIELD_CAP,
  SIDE0_WON,
  SIDE1_WON,
  TURN_TIME,
} = numbers;

/** Receives everything that happens, for the turn-based path's event log. Unit arguments are indices. */
export interface BattleLog {
  turn(actor: number): void;
  action(actor: number, act: number, ability: number, target: number): void;
  damage(source: number, target: number, amount: number, crit: boolean, absorbed: number): void;
  tick(target: number, status: number, amount: number): void; // damage (amount > 0) or healing (< 0) over time
  heal(source: number, target: number, amount: number): void;
  shield(source: number, target: number, amount: number): void;
  status(source: number, target: number, status: number): void;
  expire(target: number, status: number): void;
  death(target: number, killer: number): void;
  miss(actor: number, target: number, stunned: boolean): void;
  fatigue(target: number, amount: number): void; // exhaustion (FATIGUE_FROM)
  end(over: number): void;
}

// ---- the battle in play ----------------------------------------------------------------------------------------
// The rules work on one set of unit tables per thread, the battle in play, held in module constants so the
// compiler knows where they are: reading a unit's field is then one bounds check and one load, not four loads
// through the core object (measured with callgrind: 14% fewer instructions per battle). A core is in play from
// its construction or its initBattle until another core is made or initialised; every battle is played
// synchronously from load to snapshot (the fast path, a turn-based request, a story), so one set suffices.
// Using a core that is no longer in play throws instead of reading another battle's units.
// The tables are module-local constants (what the rules below read: a local const is folded into compiled code,
// an exported binding is read through its export cell each time), exported under the names other modules use.
/** Unit records, UF numbers per unit (./compile.ts). */
const units = new Float64Array(MAX_UNITS * UF);
/** The four tables below, one after another, so setting a battle up clears them in one go. */
const cleared = new Float64Array(MAX_UNITS * (NS + NS + SLOTS + 1));
// Statuses and cooldowns last a number of their unit's own turns. Each is kept as the count of turns taken at which
// it ends, not as turns left: a turn then counts one number up instead of counting every status and slot down.
/** Turns each unit has ended in this battle (or since it was loaded). */
const turnsTaken = cleared.subarray(0, MAX_UNITS);
/** Per unit and status: the unit's turns taken at which the status ends (0 when it has none). */
const statusEnds = cleared.subarray(MAX_UNITS, MAX_UNITS * (1 + NS));
/** Power per unit and status (damage or healing per tick). */
const statusPower = cleared.subarray(MAX_UNITS * (1 + NS), MAX_UNITS * (1 + 2 * NS));
/** Per unit and ability slot: the unit's turns taken from which the ability is ready again. */
const readyAt = cleared.subarray(MAX_UNITS * (1 + 2 * NS));
/**
 * The living units in turn order, a ring of MAX_UNITS places from `c.orderHead`, `c.orderLen` long: by next-action
 * time, ties to the lower index, so the head acts next. Only the actor's time changes in a turn (endTurn), so a
 * turn takes the head and puts the actor back where its new time falls, usually near the back: where scanning every
 * unit for the lowest time took a tenth of a battle, its compares too unpredictable for the branch predictor.
 */
const turnOrder = new Int32Array(MAX_UNITS);
if ((MAX_UNITS & (MAX_UNITS - 1)) !== 0)
  throw new Error('the turn order is a ring: MAX_UNITS must be a power of two');
const RING = MAX_UNITS - 1;
/** The compiled action in each unit's ability slot (-1 for none). */
const slotAbilities = new Int32Array(MAX_UNITS * SLOTS);
export const UNITS = units,
  TURNS_TAKEN = turnsTaken,
  STATUS_ENDS = statusEnds,
  STATUS_POWER = statusPower,
  READY_AT = readyAt,
  SLOT_ABILITIES = slotAbilities;

// ---- a unit of the battle in play, by name -------------------------------------------------------------------
// What code outside the core reads a unit with — unitStat(i, HP), attackOf(i), never the table at i × UF + HP —
// and what the core's formulas read: one line each, which the compiler inlines where it is called. (The core
// calls them by local names: an exported binding is read through its export cell, and checked, at every call.)
/** Unit i's field f (a column of ./layout.ts). */
const stat = (i: number, f: number): number => units[i * UF + f];
/** Its attack, defence and speed as its statuses leave them. */
const attack = (i: number): number => units[i * UF + ATK] * units[i * UF + M_ATK];
const defence = (i: number): number => units[i * UF + DEF] * units[i * UF + M_DEF];
const speed = (i: number): number => units[i * UF + SPD] * units[i * UF + M_SPD];
/** The power of effect row e as unit src uses it: raised by its ability level, unless a basic action's. */
const levelledPower = (src: number, e: number): number =>
  A_EFFECTS[e + E_POWER] * (A_EFFECTS[e + E_LEVELED] === 1 ? units[src * UF + ABMUL] : 1);
export const unitStat = stat,
  attackOf = attack,
  defenceOf = defence,
  speedOf = speed,
  powerOf = levelledPower;
export function setUnitStat(i: number, f: number, v: number): void {
  units[i * UF + f] = v;
}
/** Unit i's health as a share of its max health. */
export const healthShare = (i: number): number => units[i * UF + HP] / units[i * UF + MAXHP];
/** Does unit i carry status s? */
export const carries = (i: number, s: number): boolean => ((units[i * UF + MASK] | 0) & (1 << s)) !== 0;
/** The compiled action in unit i's ability slot (-1 for none). */
export const slotAbility = (i: number, slot: number): number => slotAbilities[i * SLOTS + slot];

let inPlay: BattleCore | null = null;

/** Throws unless `c` is the battle in play (the entry points check; the steps inside trust them). */
export function assertInPlay(c: BattleCore): void {
  if (c !== inPlay) throw new Error('this battle core is no longer in play: another battle was loaded since');
}

export class BattleCore {
  constructor() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- a new core is the battle in play
    inPlay = this;
  }
  n = 0;
  nA = 0;
  /** The tables of the battle in play, for code outside the rules core (stored state, views, tests). */
  get u(): Float64Array {
    assertInPlay(this);
    return units;
  }
  get stP(): Float64Array {
    assertInPlay(this);
    return statusPower;
  }
  get ab(): Int32Array {
    assertInPlay(this);
    return slotAbilities;
  }
  tier = new Int32Array(2); // AI tier per side: 0 easy, 1 normal, 2 hard
  r0 = 0;
  r1 = 0;
  r2 = 0;
  r3 = 0;
  turn = 0;
  turnLimit = DEFAULT_TURN_LIMIT;
  over = ONGOING;
  actor = -1;
  alive0 = 0;
  alive1 = 0;
  /** Bit i set while unit i is alive and taunting (kept by recompute and kill; restoreMasks after loading). */
  taunting = 0;
  /** Bit i set while unit i is alive (kept by initBattle and kill; restoreMasks after loading). */
  living = 0;
  /** Where the turn order (turnOrder) starts, and how many units it holds: the living ones. */
  orderHead = 0;
  orderLen = 0;
  log: BattleLog | null = null;

  /** sfc32, inline: uniform in [0, 1). */
  rand(): number {
    const t = (((this.r0 + this.r1) | 0) + this.r3) | 0;
    this.r3 = (this.r3 + 1) | 0;
    this.r0 = this.r1 ^ (this.r1 >>> 9);
    this.r1 = (this.r2 + (this.r2 << 3)) | 0;
    this.r2 = (this.r2 << 21) | (this.r2 >>> 11);
    this.r2 = (this.r2 + t) | 0;
    return (t >>> 0) / 4294967296;
  }
}

// ---- setting up ----------------------------------------------------------------------------------------------

export const startingHp = compiled.startingHp;

export function initBattle(
  c: BattleCore,
  seed: number,
  a: CompiledTeam,
  b: CompiledTeam,
  turnLimit = DEFAULT_TURN_LIMIT,
): void {
  inPlay = c;
  const u = units;
  c.n = a.n + b.n;
  c.nA = a.n;
  u.set(a.units, 0);
  u.set(b.units, a.n * UF);
  slotAbilities.set(a.abilities, 0);
  slotAbilities.set(b.abilities, a.n * SLOTS);
  clearTables();
  // the same words as seedWords (src/game/prng.ts), without allocating
  c.r0 = splitmix32((seed | 0) >>> 0) | 0;
  c.r1 = splitmix32(c.r0 >>> 0) | 0;
  c.r2 = splitmix32(c.r1 >>> 0) | 0;
  c.r3 = splitmix32(c.r2 >>> 0) | 0;
  for (let k = 0; k < 12; k++) c.rand();
  c.turn = 0;
  c.turnLimit = turnLimit;
  c.over = ONGOING;
  c.actor = -1;
  c.alive0 = a.n;
  c.alive1 = b.n;
  c.taunting = 0;
  c.living = (1 << c.n) - 1;
  // (a compiled record holds the state its unit starts in: alive, no status, its starting health and energy)
  for (let i = 0; i < c.n; i++) {
    const o = i * UF;
    u[o + SIDE] = i < a.n ? 0 : 1;
    const ini = Math.min(0.9, u[o + INITIATIVE]);
    u[o + NEXT] = (TURN_TIME / u[o + SPD]) * (0.5 + 0.5 * c.rand()) * (1 - ini);
  }
  restoreOrder(c);
  if (c.alive0 === 0 || c.alive1 === 0)
    c.over = c.alive0 === c.alive1 ? DRAW : c.alive0 === 0 ? SIDE1_WON : SIDE0_WON;
  for (let i = 0; i < c.n; i++) {
    const o = i * UF;
    if (u[o + START_SHIELD] > 0) addShield(c, i, i, u[o + START_SHIELD] * u[o + MAXHP], 3);
    if (u[o + START_STATUS] >= 0) applyStatus(c, -1, i, u[o + START_STATUS], u[o + START_TURNS], 1);
  }
}

/** No unit has taken a turn, carries a status or waits for an ability (initBattle; loading a stored battle). */
export function clearTables(): void {
  cleared.fill(0);
}

/** The turns of its own unit i keeps status s (counting the actor's turn under way). */
export function statusTurnsLeft(c: BattleCore, i: number, s: number): number {
  assertInPlay(c);
  return statusEnds[i * NS + s] - turnsTaken[i];
}
/** Unit i keeps status s for `turns` more of its own turns (for a stored battle being loaded). */
export function setStatusTurnsLeft(c: BattleCore, i: number, s: number, turns: number): void {
  assertInPlay(c);
  statusEnds[i * NS + s] = turnsTaken[i] + turns;
}
/** The turns of its own before the ability in unit i's slot is ready again (0 when it is ready). */
export function cooldownLeft(c: BattleCore, i: number, slot: number): number {
  assertInPlay(c);
  return Math.max(0, readyAt[i * SLOTS + slot] - turnsTaken[i]);
}
/** The ability in unit i's slot is ready in `turns` of its own turns (a stored battle being loaded, tests). */
export function setCooldownLeft(c: BattleCore, i: number, slot: number, turns: number): void {
  assertInPlay(c);
  readyAt[i * SLOTS + slot] = turnsTaken[i] + turns;
}

/**
 * Re-derive the column status key k (./statuses.ts) folds into on unit i, from the statuses it carries: from neutral,
 * each one's figure folded in, in the order of the statuses.
 */
function refold(i: number, k: number): void {
  const o = i * UF,
    how = KEY_FOLD[k],
    carried = (units[o + MASK] | 0) & KEY_STATUSES[k];
  let v = how === FOLD_MULTIPLY ? 1 : 0;
  if (how === FOLD_FLAG) v = carried !== 0 ? 1 : 0;
  else
    for (let m = carried; m !== 0; m &= m - 1) {
      const x = KEY_FIGURE[k * NS + 31 - Math.clz32(m & -m)];
      v = how === FOLD_MULTIPLY ? v * x : v + x;
    }
  units[o + KEY_COLUMN[k]] = v;
}

/** Keep unit i's bit in `taunting` with its taunt flag. */
function retaunt(c: BattleCore, i: number): void {
  if (units[i * UF + F_TAUNT] === 1 && units[i * UF + ALIVE] === 1) c.taunting |= 1 << i;
  else c.taunting &= ~(1 << i);
}

/** Status s came to or left unit i: re-derive the columns it folds into. */
function refoldStatus(c: BattleCore, i: number, s: number): void {
  for (let f = STATUS_KEYS_FROM[s], end = STATUS_KEYS_FROM[s + 1]; f < end; f++) refold(i, STATUS_KEY[f]);
  retaunt(c, i);
}

/** Re-derive every column unit i's statuses fold into (multipliers, chances, flags) from the statuses it carries. */
export function recompute(c: BattleCore, i: number): void {
  for (let k = 0; k < NK; k++) refold(i, k);
  retaunt(c, i);
}

/**
 * Re-derive `living`, `taunting` and the turn order from the unit records (after a core is loaded from stored
 * state, or a test set a unit's next-action time).
 */
export function restoreMasks(c: BattleCore): void {
  c.living = 0;
  c.taunting = 0;
  for (let i = 0; i < c.n; i++) {
    if (units[i * UF + ALIVE] !== 1) continue;
    c.living |= 1 << i;
    if (units[i * UF + F_TAUNT] === 1) c.taunting |= 1 << i;
  }
  restoreOrder(c);
}

/** The turn order of the living units, from their next-action times. */
function restoreOrder(c: BattleCore): void {
  c.orderHead = 0;
  c.orderLen = 0;
  for (let m = c.living; m !== 0; m &= m - 1) enqueue(c, 31 - Math.clz32(m & -m));
}

/** Put unit a into the turn order where its next-action time falls (after equal times of lower-numbered units). */
function enqueue(c: BattleCore, a: number): void {
  const t = units[a * UF + NEXT],
    h = c.orderHead;
  let k = c.orderLen;
  for (; k > 0; k--) {
    const j = turnOrder[(h + k - 1) & RING];
    const tj = units[j * UF + NEXT];
    if (tj < t || (tj === t && j < a)) break;
    turnOrder[(h + k) & RING] = j;
  }
  turnOrder[(h + k) & RING] = a;
  c.orderLen++;
}

/** Take unit i out of the turn order (the actor, at the head, at the end of its turn; a unit that dies). */
function dequeue(c: BattleCore, i: number): void {
  const h = c.orderHead,
    n = c.orderLen;
  if (n > 0 && turnOrder[h] === i) {
    c.orderHead = (h + 1) & RING;
    c.orderLen = n - 1;
    return;
  }
  let k = 1;
  while (k < n && turnOrder[(h + k) & RING] !== i) k++;
  if (k === n) return;
  for (; k < n - 1; k++) turnOrder[(h + k) & RING] = turnOrder[(h + k + 1) & RING];
  c.orderLen = n - 1;
}

// ---- queries -------------------------------------------------------------------------------------------------

/**
 * Is unit i alive, for a unit number the rules gave (a unit of the battle, or -1)? Its bit in `living`, which
 * initBattle, kill and restoreMasks keep with its record's ALIVE field: one bit test where reading the field is a
 * bounds-checked load and a compare. This module calls it `alive`, a binding of its own: an exported binding is
 * read through its export cell, and checked, at every call (3% of a battle for this one).
 */
const alive = (c: BattleCore, i: number) => (c.living & (1 << i)) !== 0;
export const isAliveUnchecked = alive;
/** Is i a unit of the battle, and alive? (for any number, a unit number from outside the rules core included) */
export const isAlive = (c: BattleCore, i: number) => i >= 0 && i < c.n && alive(c, i);
export const enemyStart = (c: BattleCore, side: number) => (side === 0 ? c.nA : 0);
export const enemyEnd = (c: BattleCore, side: number) => (side === 0 ? c.n : c.nA);
export const allyStart = (c: BattleCore, side: number) => (side === 0 ? 0 : c.nA);
export const allyEnd = (c: BattleCore, side: number) => (side === 0 ? c.nA : c.n);

export function hasTaunter(c: BattleCore, side: number): boolean {
  const first = (1 << c.nA) - 1; // side 0's units
  return (c.taunting & (side === 0 ? ~first : first)) !== 0;
}

/** A legal single enemy target for a unit of `side`: the wanted one unless a taunter must be hit instead. */
export function resolveEnemyTarget(c: BattleCore, side: number, wanted: number): number {
  const u = units;
  const s = enemyStart(c, side),
    e = enemyEnd(c, side);
  const taunt = hasTaunter(c, side);
  if (wanted >= s && wanted < e && alive(c, wanted) && (!taunt || u[wanted * UF + F_TAUNT] === 1))
    return wanted;
  let first = -1;
  for (let j = s; j < e; j++) {
    if (!alive(c, j)) continue;
    if (taunt && u[j * UF + F_TAUNT] !== 1) continue;
    if (first < 0) first = j;
  }
  return first;
}

export function lowestAlly(c: BattleCore, side: number): number {
  const u = units;
  let best = -1,
    bf = 2;
  for (let j = allyStart(c, side), e = allyEnd(c, side); j < e; j++) {
    const o = j * UF;
    if (!alive(c, j)) continue;
    const f = u[o + HP] / u[o + MAXHP];
    if (f < bf) {
      bf = f;
      best = j;
    }
  }
  return best;
}

export function randomEnemy(c: BattleCore, side: number): number {
  const standing = side === 0 ? c.alive1 : c.alive0;
  if (standing <= 0) return -1;
  let k = Math.floor(c.rand() * standing);
  for (let j = enemyStart(c, side), e = enemyEnd(c, side); j < e; j++) {
    if (!alive(c, j)) continue;
    if (k-- === 0) return j;
  }
  return -1;
}

/** The compiled action (./compile.ts ACTION_DEFS) behind `act` for unit i; -1 for an empty slot. */
export function actionOf(c: BattleCore, i: number, act: number): number {
  if (act === ACT_ATTACK) return IDX_ATTACK;
  if (act === ACT_DEFEND) return IDX_DEFEND;
  if (act === ACT_FOCUS) return IDX_FOCUS;
  const slot = act - ACT_SLOT0;
  return slot < 0 || slot >= SLOTS ? -1 : slotAbilities[i * SLOTS + slot];
}

/** May unit i take action `act` now? */
export function canAct(c: BattleCore, i: number, act: number): boolean {
  const idx = actionOf(c, i, act);
  if (idx < 0) return false;
  if (A_BASIC[idx] === 1) return true;
  const o = i * UF;
  if (units[o + F_SILENCE] === 1) return false;
  if (act === ACT_ULT) return units[o + ENERGY] >= MAX_ENERGY;
  return readyAt[i * SLOTS + act - ACT_SLOT0] <= turnsTaken[i];
}

/**
 * The damage of one hit before crit, variance and the target's shield: atk (raised at low HP) vs def (less
 * pierce), the damage multipliers of both sides, and the execute bonus. `hit` and `expectedDamage` share it.
 */
function damageBeforeCrit(src: number, tgt: number, power: number, pierce: number, execute: number): number {
  const u = units,
    so = src * UF,
    to = tgt * UF;
  let atk = u[so + ATK] * u[so + M_ATK];
  if (u[so + LOWHPATK] !== 0 && u[so + HP] < LOW_HP_BELOW * u[so + MAXHP])
    atk *= Math.max(0.1, 1 + u[so + LOWHPATK]);
  const def = u[to + DEF] * u[to + M_DEF] * (1 - pierce);
  let dmg = power * atk * DAMAGE_K * (atk / (atk + def));
  dmg *= u[so + DMGDEALT] * u[so + M_DMGDEALT] * u[to + DMGTAKEN] * u[to + M_DMGTAKEN];
  if (u[to + HP] < EXECUTE_BELOW * u[to + MAXHP]) dmg *= 1 + execute + u[so + EXECUTE];
  return dmg;
}

/** The mean damage of one hit, before the target's shield: the same formula as `hit`, with crits and misses averaged in. */
export function expectedDamage(
  c: BattleCore,
  src: number,
  tgt: number,
  power: number,
  pierce: number,
  execute: number,
): number {
  const u = units,
    so = src * UF,
    to = tgt * UF;
  const missP = Math.min(1, u[so + M_MISS] + u[so + FUMBLE] + u[to + DODGE]);
  const dmg = damageBeforeCrit(src, tgt, power, pierce, execute);
  const critP = Math.min(1, u[so + CRIT] + u[to + M_CRITTAKEN]);
  return Math.max(1, dmg * (1 + critP * (u[so + CRITDMG] - 1))) * (1 - missP);
}

/** The amount a heal or shield effect gives before the target's own modifiers. */
export function effectAmount(c: BattleCore, src: number, tgt: number, e: number): number {
  const sc = effectScale(e);
  const scale =
    sc === SC_MAXHP
      ? stat(src, MAXHP)
      : sc === SC_TARGET_MAXHP
        ? stat(tgt, MAXHP)
        : sc === SC_DEF
          ? defence(src)
          : attack(src);
  return levelledPower(src, e) * scale * Math.max(0, stat(src, HEALDONE));
}

// ---- the steps of a turn ---------------------------------------------------------------------------------------

/** Start the next unit's turn. Returns the actor awaiting a decision, -2 if its turn was spent (stunned, died), -1 if the battle is over. */
/** The unit whose turn comes next (the head of the turn order), or -1 when none stands. */
export const nextActor = (c: BattleCore): number => (c.orderLen > 0 ? turnOrder[c.orderHead] : -1);

export function startTurn(c: BattleCore): number {
  assertInPlay(c);
  return startTurnUnchecked(c);
}

/** startTurn for a loop that checked once that its core is in play (./simulate.ts runUntilDecision). */
export function startTurnUnchecked(c: BattleCore): number {
  if (c.over !== ONGOING) return -1;
  if (c.orderLen === 0) {
    finish(c, DRAW);
    return -1;
  }
  const a = turnOrder[c.orderHead],
    o = a * UF;
  c.actor = a;
  c.turn++;
  if (c.log !== null) c.log.turn(a);
  if (((units[o + MASK] | 0) & TICK_MASK) !== 0) tickStatuses(c, a);
  if (alive(c, a) && units[o + REGEN] !== 0) regenerate(c, a);
  if (alive(c, a) && c.turn > FATIGUE_FROM) exhaust(c, a);
  if (!alive(c, a)) {
    endTurnUnchecked(c, a);
    return c.over !== ONGOING ? -1 : -2;
  }
  if (units[o + F_SKIP] === 1) {
    if (c.log !== null) c.log.miss(a, -1, true);
    endTurnUnchecked(c, a);
    return c.over !== ONGOING ? -1 : -2;
  }
  return a;
}

/** The statuses unit a carries that tick do so: each hurts or heals it by its power (./statuses.ts), until it falls. */
function tickStatuses(c: BattleCore, a: number): void {
  const u = units,
    o = a * UF;
  for (let m = (u[o + MASK] | 0) & TICK_MASK; m !== 0; m &= m - 1) {
    const s = 31 - Math.clz32(m & -m);
    const p = statusPower[a * NS + s];
    if (S_HEALS[s] === 1) {
      heal(c, a, a, p, s);
    } else {
      const amount = Math.max(1, Math.round(p * u[o + DOTTAKEN] * u[o + M_DMGTAKEN]));
      u[o + HP] -= amount;
      if (c.log !== null) c.log.tick(a, s, amount);
      if (u[o + HP] <= 0) {
        kill(c, a, -1);
        return;
      }
    }
  }
}

/** Unit a's own regeneration (a modifier: ./modifiers.ts regen) heals it, or its wasting costs it health but never its life. */
function regenerate(c: BattleCore, a: number): void {
  const u = units,
    o = a * UF;
  const r = u[o + REGEN] * u[o + MAXHP];
  if (r > 0) heal(c, a, a, r, -1);
  else {
    const loss = Math.min(u[o + HP] - 1, Math.round(-r));
    if (loss > 0) {
      u[o + HP] -= loss;
      if (c.log !== null) c.log.tick(a, -1, loss);
    }
  }
}

/** Exhaustion, the stalemate rule: past turn FATIGUE_FROM, unit a loses a growing share of its max health. */
function exhaust(c: BattleCore, a: number): void {
  const o = a * UF;
  const amount = Math.max(1, Math.round(FATIGUE_STEP * (c.turn - FATIGUE_FROM) * units[o + MAXHP]));
  units[o + HP] -= amount;
  if (c.log !== null) c.log.fatigue(a, amount);
  if (units[o + HP] <= 0) kill(c, a, -1);
}

/** One hit: miss? → damage from atk vs def → crit → variance → shield, hp → on-hit energy → lifesteal → thorns. */
export function hit(
  c: BattleCore,
  src: number,
  tgt: number,
  power: number,
  pierce: number,
  execute: number,
  drain: number,
): void {
  const u = units,
    so = src * UF,
    to = tgt * UF;
  const missP = u[so + M_MISS] + u[so + FUMBLE] + u[to + DODGE];
  if (missP > 0 && c.rand() < missP) {
    if (c.log !== null) c.log.miss(src, tgt, false);
    return;
  }
  let dmg = damageBeforeCrit(src, tgt, power, pierce, execute);
  const crit = c.rand() < u[so + CRIT] + u[to + M_CRITTAKEN];
  if (crit) dmg *= u[so + CRITDMG];
  dmg *= 0.9 + 0.2 * c.rand();
  const amount = Math.max(1, Math.round(dmg));
  dealDamage(c, src, tgt, amount, crit);
  if (c.over !== ONGOING) return;
  if (alive(c, tgt)) gainEnergy(c, tgt, ENERGY_PER_HIT);
  const ls = u[so + LIFESTEAL] + drain;
  if (ls > 0 && alive(c, src)) heal(c, src, src, amount * ls, -1);
  if (u[to + THORNS] > 0 && alive(c, src) && c.over === ONGOING)
    dealDamage(c, tgt, src, Math.max(1, Math.round(amount * u[to + THORNS])), false);
}

export function dealDamage(c: BattleCore, src: number, tgt: number, amount: number, crit: boolean): void {
  const u = units,
    to = tgt * UF;
  let rest = amount,
    absorbed = 0;
  if (u[to + SHIELD] > 0) {
    absorbed = Math.min(u[to + SHIELD], rest);
    u[to + SHIELD] -= absorbed;
    rest -= absorbed;
  }
  u[to + HP] -= rest;
  if (c.log !== null) c.log.damage(src, tgt, amount, crit, absorbed);
  if (absorbed > 0 && u[to + SHIELD] <= 0) {
    u[to + SHIELD] = 0;
    removeStatus(c, tgt, ST_SHIELD);
  }
  if (u[to + HP] <= 0) kill(c, tgt, src);
}

export function kill(c: BattleCore, i: number, killer: number): void {
  const u = units,
    o = i * UF;
  u[o + HP] = 0;
  u[o + ALIVE] = 0;
  u[o + SHIELD] = 0;
  const had = u[o + MASK] | 0;
  for (let m = had; m !== 0; m &= m - 1) statusEnds[i * NS + (31 - Math.clz32(m & -m))] = 0;
  u[o + MASK] = 0;
  c.taunting &= ~(1 << i);
  c.living &= ~(1 << i);
  dequeue(c, i);
  if (u[o + SIDE] === 0) c.alive0--;
  else c.alive1--;
  if (c.log !== null) {
    c.log.death(i, killer);
    // its statuses end with it, each one told: a reader of the record needs no rule of its own for a death
    for (let m = had; m !== 0; m &= m - 1) c.log.expire(i, 31 - Math.clz32(m & -m));
  }
  if (alive(c, killer) && u[killer * UF + KILLENERGY] > 0) gainEnergy(c, killer, u[killer * UF + KILLENERGY]);
  if (c.alive0 === 0 || c.alive1 === 0)
    finish(c, c.alive0 === c.alive1 ? DRAW : c.alive0 === 0 ? SIDE1_WON : SIDE0_WON);
}

function finish(c: BattleCore, over: number): void {
  if (c.over !== ONGOING) return;
  c.over = over;
  if (c.log !== null) c.log.end(over);
}

/** Healing: scaled by the target's healing taken, never past max hp. `status` ≥ 0 when it is a tick of that status. */
export function heal(c: BattleCore, src: number, tgt: number, amount: number, status: number): void {
  const u = units,
    to = tgt * UF;
  if (!alive(c, tgt)) return;
  const got = Math.min(
    u[to + MAXHP] - u[to + HP],
    Math.round(amount * u[to + HEALTAKEN] * u[to + M_HEALTAKEN]),
  );
  if (got <= 0) return;
  u[to + HP] += got;
  if (c.log !== null) {
    if (status >= 0) c.log.tick(tgt, status, -got);
    else c.log.heal(src, tgt, got);
  }
}

export function addShield(c: BattleCore, src: number, tgt: number, amount: number, turns: number): void {
  const u = units,
    to = tgt * UF;
  if (!alive(c, tgt)) return;
  const before = u[to + SHIELD];
  u[to + SHIELD] = Math.min(SHIELD_CAP * u[to + MAXHP], before + Math.round(amount));
  const j = tgt * NS + ST_SHIELD;
  const end = turnsTaken[tgt] + turns + (tgt === c.actor ? 1 : 0);
  if (statusEnds[j] < end) statusEnds[j] = end;
  u[to + MASK] = u[to + MASK] | 0 | (1 << ST_SHIELD);
  if (c.log !== null) c.log.shield(src, tgt, u[to + SHIELD] - before);
}

/** Apply a status, or not: harmful ones from an enemy can be resisted. Re-applying refreshes duration, keeps the stronger power. */
export function applyStatus(
  c: BattleCore,
  src: number,
  tgt: number,
  s: number,
  turns: number,
  chance: number,
): void {
  const u = units,
    to = tgt * UF;
  if (!alive(c, tgt)) return;
  if (S_HARMFUL[s] === 1 && (src < 0 || u[src * UF + SIDE] !== u[to + SIDE])) chance *= 1 - u[to + RESIST];
  if (chance < 1 && (chance <= 0 || c.rand() >= chance)) return;
  if (tgt === c.actor) turns += 1; // its own end of turn, about to come, counts as one
  // a status that ticks starts with the power its key's hook gives it (./statuses.ts)
  const p = ((TICK_MASK >>> s) & 1) === 1 ? S_TICK_POWER[s](u, src, tgt, S_TICK_FIGURE[s]) : 0;
  const j = tgt * NS + s;
  const end = turnsTaken[tgt] + turns;
  if (statusEnds[j] < end) statusEnds[j] = end;
  if (statusPower[j] < p) statusPower[j] = p;
  const mask = u[to + MASK] | 0;
  u[to + MASK] = mask | (1 << s);
  // a refreshed status changes no modifier: they follow from which statuses a unit carries
  if (((FOLD_MASK >>> s) & 1) === 1 && (mask & (1 << s)) === 0) refoldStatus(c, tgt, s);
  if (c.log !== null) c.log.status(src, tgt, s);
}

export function removeStatus(c: BattleCore, i: number, s: number): void {
  const u = units,
    o = i * UF;
  const bit = 1 << s;
  if (((u[o + MASK] | 0) & bit) === 0) return;
  u[o + MASK] = (u[o + MASK] | 0) & ~bit;
  statusEnds[i * NS + s] = 0;
  statusPower[i * NS + s] = 0;
  if (s === ST_SHIELD) u[o + SHIELD] = 0;
  if (((FOLD_MASK >>> s) & 1) === 1) refoldStatus(c, i, s);
  if (c.log !== null) c.log.expire(i, s);
}

export function cleanse(c: BattleCore, i: number): void {
  for (let m = units[i * UF + MASK] | 0; m !== 0; m &= m - 1) {
    const s = 31 - Math.clz32(m & -m);
    if (S_HARMFUL[s] === 1) removeStatus(c, i, s);
  }
}

export function gainEnergy(c: BattleCore, i: number, points: number): void {
  const u = units,
    o = i * UF;
  u[o + ENERGY] = Math.min(MAX_ENERGY, u[o + ENERGY] + points * u[o + EGAIN]);
}

/** End unit a's turn: it has taken one more (statuses at their end fade), it schedules its next action, the turn limit is checked. */
export function endTurn(c: BattleCore, a: number): void {
  assertInPlay(c);
  endTurnUnchecked(c, a);
}

/** endTurn for a loop that checked once that its core is in play (./simulate.ts runUntilDecision). */
export function endTurnUnchecked(c: BattleCore, a: number): void {
  const u = units,
    o = a * UF;
  // A finished battle ticks nothing more: its log ends with the end event.
  if (alive(c, a) && c.over === ONGOING) {
    const taken = turnsTaken[a] + 1; // (its cooldowns run out by this count alone: canAct compares)
    turnsTaken[a] = taken;
    for (let m = u[o + MASK] | 0; m !== 0; m &= m - 1) {
      const s = 31 - Math.clz32(m & -m);
      if (statusEnds[a * NS + s] <= taken) removeStatus(c, a, s);
    }
    u[o + NEXT] += TURN_TIME / Math.max(1, speed(a));
    dequeue(c, a);
    enqueue(c, a);
  }
  c.actor = -1;
  if (c.over === ONGOING && c.turn >= c.turnLimit) finish(c, DRAW);
}
