// Content compiled once into numeric tables, and heroes compiled into unit records, so the rules core
// (./core.ts) reads only typed arrays: no strings, objects or lookups while a battle runs.

import type { Hero } from '../types.ts';
import { ABILITIES, BANES, BOONS, STATUSES, UnknownContent, findClass, own } from '../content.ts';
import { STATUS_IDS } from '../data/statuses.ts';
import { ACTION_ENERGY, BASIC_ACTIONS } from '../data/abilities.ts';
import type { AbilityDef, TraitMods } from '../data/schema.ts';
import { abilityLevelFor } from '../progression.ts';

// ---- unit record layout: one Float64Array row of UF numbers per unit ----------------------------------------
export const HP = 0,
  MAXHP = 1,
  ATK = 2,
  DEF = 3,
  SPD = 4,
  SHIELD = 5,
  ENERGY = 6,
  NEXT = 7,
  ALIVE = 8,
  SIDE = 9;
export const CRIT = 10,
  CRITDMG = 11,
  EGAIN = 12,
  HEALDONE = 13,
  HEALTAKEN = 14,
  DMGTAKEN = 15,
  DMGDEALT = 16;
export const LIFESTEAL = 17,
  THORNS = 18,
  DODGE = 19,
  FUMBLE = 20,
  RESIST = 21,
  DOTDEALT = 22,
  DOTTAKEN = 23;
export const EXECUTE = 24,
  LOWHPATK = 25,
  REGEN = 26,
  KILLENERGY = 27,
  ROLE = 28;
// status-derived multipliers, recomputed whenever a status comes or goes
export const M_ATK = 29,
  M_DEF = 30,
  M_SPD = 31,
  M_DMGTAKEN = 32,
  M_DMGDEALT = 33,
  M_HEALTAKEN = 34,
  M_MISS = 35;
export const M_CRITTAKEN = 36,
  F_SKIP = 37,
  F_SILENCE = 38,
  F_TAUNT = 39,
  MASK = 40;
export const ABMUL = 41,
  INITIATIVE = 42,
  START_HP = 43,
  START_SHIELD = 44,
  START_ENERGY = 45,
  START_STATUS = 46,
  START_TURNS = 47;
export const UF = 48;

export const MAX_UNITS = 8;
export const MAX_ENERGY = 100;
export const SLOTS = 3; // two normal abilities and the ultimate

// ---- statuses -------------------------------------------------------------------------------------------------
export const NS = STATUS_IDS.length;
export const statusIndex: Record<string, number> = Object.fromEntries(STATUS_IDS.map((id, i) => [id, i]));
export const ST_SHIELD = statusIndex.shield;

const sf = (f: (id: string) => number) => Float64Array.from(STATUS_IDS, f);
export const S_DOTATK = sf((id) => STATUSES[id].dotAtk ?? 0);
export const S_DOTMAXHP = sf((id) => STATUSES[id].dotMaxHp ?? 0);
export const S_HOT = sf((id) => STATUSES[id].hotMaxHp ?? 0);
export const S_ATKMUL = sf((id) => STATUSES[id].atkMul ?? 1);
export const S_DEFMUL = sf((id) => STATUSES[id].defMul ?? 1);
export const S_SPDMUL = sf((id) => STATUSES[id].spdMul ?? 1);
export const S_DMGTAKEN = sf((id) => STATUSES[id].dmgTakenMul ?? 1);
export const S_DMGDEALT = sf((id) => STATUSES[id].dmgDealtMul ?? 1);
export const S_HEALTAKEN = sf((id) => STATUSES[id].healTakenMul ?? 1);
export const S_MISS = sf((id) => STATUSES[id].miss ?? 0);
export const S_CRITTAKEN = sf((id) => STATUSES[id].critTaken ?? 0);
export const S_SKIP = sf((id) => (STATUSES[id].skipTurn ? 1 : 0));
export const S_SILENCE = sf((id) => (STATUSES[id].silence ? 1 : 0));
export const S_TAUNT = sf((id) => (STATUSES[id].taunt ? 1 : 0));
export const S_HARMFUL = sf((id) => (STATUSES[id].harmful ? 1 : 0));
/** Does the status change any multiplier or flag (so the bearer's modifiers must be recomputed)? */
export const S_HASMOD = sf((id) => {
  const s = STATUSES[id];
  return s.atkMul !== undefined ||
    s.defMul !== undefined ||
    s.spdMul !== undefined ||
    s.dmgTakenMul !== undefined ||
    s.dmgDealtMul !== undefined ||
    s.healTakenMul !== undefined ||
    s.miss !== undefined ||
    s.critTaken !== undefined ||
    s.skipTurn ||
    s.silence ||
    s.taunt
    ? 1
    : 0;
});
export const S_TICKS = sf((id) =>
  STATUSES[id].dotAtk || STATUSES[id].dotMaxHp || STATUSES[id].hotMaxHp ? 1 : 0,
);
/** What the AI thinks a status is worth on its bearer, in "percent of a unit's health" units (dots/hots are valued live). */
export const S_AIVALUE = sf((id) => {
  const s = STATUSES[id];
  let v = 0;
  v += (s.skipTurn ? 28 : 0) + (s.silence ? 12 : 0) + (s.taunt ? 8 : 0);
  v +=
    Math.abs(1 - (s.atkMul ?? 1)) * 45 +
    Math.abs(1 - (s.spdMul ?? 1)) * 30 +
    Math.abs(1 - (s.dmgTakenMul ?? 1)) * 45;
  v += Math.abs(1 - (s.defMul ?? 1)) * 20 + (s.miss ?? 0) * 28 + (s.critTaken ?? 0) * 20;
  v += Math.abs(1 - (s.healTakenMul ?? 1)) * 10 + Math.abs(1 - (s.dmgDealtMul ?? 1)) * 40;
  return v;
});

// ---- abilities ------------------------------------------------------------------------------------------------
/** Which stat scales a heal or shield (the index of its name in SCALES; 0, attack, unless said). */
export const SC_DEF = 1,
  SC_MAXHP = 2,
  SC_TARGET_MAXHP = 3;
const SCALES = ['atk', 'def', 'max_hp', 'target_max_hp'];
// effect row layout: an effect's figures (its op and target kind are the registry's entries, ./actions.ts)
export const E_POWER = 0,
  E_SCALE = 1,
  E_STATUS = 2,
  E_TURNS = 3,
  E_CHANCE = 4,
  E_HITS = 5;
export const E_DRAIN = 6,
  E_EXECUTE = 7,
  E_PIERCE = 8,
  /** 1 when the hero's ability level raises the effect (every ability's, not a basic action's). */
  E_LEVELED = 9;
export const EF = 10;
export const MAX_EFFECTS = 4;

/**
 * Every action a unit can take, each compiled to one row: the heroes' abilities, then the basic actions. A stored
 * battle keeps these indices, so new abilities are only ever added before the basic actions' rows, never between.
 */
const ACTION_LIST: AbilityDef[] = [...Object.values(ABILITIES), ...Object.values(BASIC_ACTIONS)];
export const ABILITY_IDS: readonly string[] = ACTION_LIST.map((a) => a.id);
export const ACTION_DEFS: readonly AbilityDef[] = ACTION_LIST;
export const abilityIndex: Record<string, number> = Object.fromEntries(ABILITY_IDS.map((id, i) => [id, i]));
export const IDX_ATTACK = abilityIndex.attack,
  IDX_DEFEND = abilityIndex.defend,
  IDX_FOCUS = abilityIndex.focus;
const NA = ABILITY_IDS.length;
export const A_EFFECTS = new Float64Array(NA * MAX_EFFECTS * EF);
export const A_COUNT = new Int32Array(NA);
export const A_COOLDOWN = new Int32Array(NA);
export const A_ULT = new Int32Array(NA);
/** 1 for a basic action: always usable, never silenced, no cooldown. */
export const A_BASIC = new Int32Array(NA);
/** Energy the user gains after the action. */
export const A_ENERGY = new Float64Array(NA);
/** How much the AI weighs the action's effects. */
export const A_AIWEIGHT = new Float64Array(NA);

ACTION_LIST.forEach((a, i) => {
  const id = a.id;
  if (a.effects.length > MAX_EFFECTS) throw new Error(`ability ${id} has more than ${MAX_EFFECTS} effects`);
  A_COUNT[i] = a.effects.length;
  A_COOLDOWN[i] = a.cooldown;
  A_ULT[i] = a.type === 'ultimate' ? 1 : 0;
  A_BASIC[i] = a.basic ? 1 : 0;
  A_ENERGY[i] = a.energy ?? (a.type === 'ultimate' ? 0 : ACTION_ENERGY);
  A_AIWEIGHT[i] = a.aiWeight ?? 1;
  a.effects.forEach((e, k) => {
    const o = (i * MAX_EFFECTS + k) * EF;
    A_EFFECTS[o + E_POWER] = e.power ?? 1;
    A_EFFECTS[o + E_SCALE] = SCALES.indexOf(e.scale ?? 'atk');
    A_EFFECTS[o + E_STATUS] = e.status ? statusIndex[e.status] : -1;
    A_EFFECTS[o + E_TURNS] = e.turns ?? (e.status ? STATUSES[e.status].turns : 0);
    A_EFFECTS[o + E_CHANCE] = e.chance ?? 1;
    A_EFFECTS[o + E_HITS] = e.hits ?? 1;
    A_EFFECTS[o + E_DRAIN] = e.drain ?? 0;
    A_EFFECTS[o + E_EXECUTE] = e.execute ?? 0;
    A_EFFECTS[o + E_PIERCE] = e.pierce ?? 0;
    A_EFFECTS[o + E_LEVELED] = a.basic ? 0 : 1;
  });
});

// ---- teams ----------------------------------------------------------------------------------------------------
export interface CompiledTeam {
  n: number;
  /** n unit records of UF numbers: the state each unit starts a battle in. */
  units: Float64Array;
  /** n × 3 ability indices (slots 0, 1: normal, 2: ultimate); -1 for a passive or missing one. */
  abilities: Int32Array;
}

const ROLE_OF: Record<string, number> = { Tank: 0, Damage: 1, Support: 2 };

function addMods(r: Float64Array, o: number, m: TraitMods) {
  r[o + MAXHP] *= 1 + (m.hpPct ?? 0);
  r[o + ATK] *= 1 + (m.atkPct ?? 0);
  r[o + DEF] *= 1 + (m.defPct ?? 0);
  r[o + SPD] *= 1 + (m.spdPct ?? 0);
  r[o + CRIT] += m.crit ?? 0;
  r[o + CRITDMG] += m.critDmg ?? 0;
  r[o + EGAIN] += m.energyGain ?? 0;
  r[o + HEALDONE] += m.healDone ?? 0;
  r[o + HEALTAKEN] += m.healTaken ?? 0;
  r[o + DMGTAKEN] += m.dmgTaken ?? 0;
  r[o + DMGDEALT] += m.dmgDealt ?? 0;
  r[o + START_ENERGY] += m.startEnergy ?? 0;
  r[o + START_SHIELD] += m.startShield ?? 0;
  r[o + START_HP] += m.startHp ?? 0;
  r[o + LIFESTEAL] += m.lifesteal ?? 0;
  r[o + THORNS] += m.thorns ?? 0;
  r[o + DODGE] += m.dodge ?? 0;
  r[o + FUMBLE] += m.fumble ?? 0;
  r[o + RESIST] += m.resist ?? 0;
  r[o + DOTDEALT] += m.dotDealt ?? 0;
  r[o + DOTTAKEN] += m.dotTaken ?? 0;
  r[o + EXECUTE] += m.execute ?? 0;
  r[o + LOWHPATK] += m.lowHpAtk ?? 0;
  r[o + REGEN] += m.regen ?? 0;
  r[o + KILLENERGY] += m.killEnergy ?? 0;
  r[o + INITIATIVE] += m.initiative ?? 0;
  if (m.startStatus) {
    r[o + START_STATUS] = statusIndex[m.startStatus.status];
    r[o + START_TURNS] = m.startStatus.turns;
  }
}

/** A unit record from a hero: its stored stats, then its boon, bane and passive ability applied. */
export function compileHero(h: Hero, r: Float64Array, o: number, abilities: Int32Array, ao: number): void {
  const cls = findClass(h.class);
  r.fill(0, o, o + UF);
  r[o + MAXHP] = h.max_hp;
  r[o + ATK] = h.atk;
  r[o + DEF] = h.def;
  r[o + SPD] = Math.max(1, h.spd);
  r[o + CRIT] = cls ? cls.crit : 0.05;
  r[o + CRITDMG] = 1.5;
  r[o + EGAIN] = 1;
  r[o + HEALDONE] = 1;
  r[o + HEALTAKEN] = 1;
  r[o + DMGTAKEN] = 1;
  r[o + DMGDEALT] = 1;
  r[o + DOTDEALT] = 1;
  r[o + DOTTAKEN] = 1;
  r[o + ROLE] = ROLE_OF[h.type] ?? 0;
  r[o + START_STATUS] = -1;
  r[o + ABMUL] = 1 + 0.05 * (abilityLevelFor(h.level) - 1);
  const mods: TraitMods[] = [];
  const boon = BOONS[h.boon?.id];
  const bane = BANES[h.bane?.id];
  if (boon) mods.push(boon.mods);
  if (bane) mods.push(bane.mods);
  let normal = 0;
  abilities[ao] = abilities[ao + 1] = abilities[ao + 2] = -1;
  for (const ab of h.abilities) {
    const idx = own(abilityIndex, ab.id);
    const def = own(ABILITIES, ab.id);
    if (idx === undefined || def === undefined)
      throw new UnknownContent(`hero ${h.id}`, 'ability', ab.id, 'ABILITIES');
    if (def.passive) {
      mods.push(def.passive);
      normal++;
    } else if (def.type === 'ultimate') abilities[ao + 2] = idx;
    else if (normal < 2) abilities[ao + normal++] = idx;
  }
  for (const m of mods) addMods(r, o, m);
  r[o + MAXHP] = Math.max(1, Math.round(r[o + MAXHP]));
  r[o + CRIT] = Math.max(0, r[o + CRIT]);
  r[o + CRITDMG] = Math.max(1, r[o + CRITDMG]);
  r[o + EGAIN] = Math.max(0.1, r[o + EGAIN]);
  r[o + HEALTAKEN] = Math.max(0, r[o + HEALTAKEN]);
  r[o + DODGE] = Math.max(0, r[o + DODGE]);
  r[o + DOTTAKEN] = Math.max(0, r[o + DOTTAKEN]);
  // The state it starts a battle in, so setting a battle up copies it (./core.ts initBattle): alive, no status
  // (every status multiplier 1, every flag 0), its starting health and energy. Its side and first turn are the battle's.
  r[o + ALIVE] = 1;
  r[o + HP] = startingHp(r, o);
  r[o + ENERGY] = Math.min(MAX_ENERGY, r[o + START_ENERGY]);
  r[o + M_ATK] = r[o + M_DEF] = r[o + M_SPD] = r[o + M_DMGTAKEN] = r[o + M_DMGDEALT] = r[o + M_HEALTAKEN] = 1;
}

/** The health a unit begins a battle with: full, unless a bane starts it wounded. */
export function startingHp(u: ArrayLike<number>, o: number): number {
  return Math.max(1, Math.round(u[o + MAXHP] * (1 - u[o + START_HP])));
}

/** Heroes a side fields at most: compileTeam takes the first four. */
export const MAX_TEAM = 4;

export function compileTeam(heroes: Hero[]): CompiledTeam {
  const n = Math.min(MAX_TEAM, heroes.length);
  const units = new Float64Array(n * UF);
  const abilities = new Int32Array(n * SLOTS);
  for (let i = 0; i < n; i++) compileHero(heroes[i], units, i * UF, abilities, i * SLOTS);
  return { n, units, abilities };
}

/**
 * Each fielded hero as the rules core sees it — its compiled row and abilities as text: everything that changes
 * how it fights (stats, class, type, level, boon, bane, abilities …) and nothing that does not (id, name). Two
 * heroes with the same fingerprint fight alike, so the odds of a matchup can be remembered under them.
 */
export function fightingFingerprints(heroes: Hero[]): string[] {
  const row = new Float64Array(UF);
  const slots = new Int32Array(SLOTS);
  return heroes.slice(0, MAX_TEAM).map((h) => {
    compileHero(h, row, 0, slots, 0);
    return `${row.join(',')}/${slots.join(',')}`;
  });
}
