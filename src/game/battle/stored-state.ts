// How a battle's core is stored: by name, with a version, never as the typed arrays' layout. A unit is its
// record's fields by name, its statuses by id, its ability slots by ability id; everything the core derives
// (status multipliers and flags, who is alive, who taunts, the outcome) is derived again on loading, so renaming
// or reordering a field of ./compile.ts's layout changes no stored battle.
// Version 1 (before 2026-11-24) stored the arrays as they were: it is still read, through its frozen layout below.

import type { AiTier, BattleStatus } from '../types.ts';
import { STATUS_IDS } from '../data/statuses.ts';
import * as compiled from './compile.ts';
import * as rules from './core.ts';
import type { BattleCore } from './core.ts';
import { TIER } from './simulate.ts';
const { ABILITY_IDS, ALIVE, MASK, SIDE, SLOTS, UF, abilityIndex } = compiled;
import { NS, statusIndex } from './statuses.ts';
const { DRAW, ONGOING, SIDE0_WON, SIDE1_WON, recompute, restoreMasks } = rules;

/** The fields of a unit record that are stored; the rest are derived from its statuses (recompute). */
const STORED_FIELDS = {
  hp: compiled.HP,
  max_hp: compiled.MAXHP,
  atk: compiled.ATK,
  def: compiled.DEF,
  spd: compiled.SPD,
  shield: compiled.SHIELD,
  energy: compiled.ENERGY,
  next: compiled.NEXT,
  alive: compiled.ALIVE,
  side: compiled.SIDE,
  crit: compiled.CRIT,
  crit_dmg: compiled.CRITDMG,
  energy_gain: compiled.EGAIN,
  heal_done: compiled.HEALDONE,
  heal_taken: compiled.HEALTAKEN,
  dmg_taken: compiled.DMGTAKEN,
  dmg_dealt: compiled.DMGDEALT,
  lifesteal: compiled.LIFESTEAL,
  thorns: compiled.THORNS,
  dodge: compiled.DODGE,
  fumble: compiled.FUMBLE,
  resist: compiled.RESIST,
  dot_dealt: compiled.DOTDEALT,
  dot_taken: compiled.DOTTAKEN,
  execute: compiled.EXECUTE,
  low_hp_atk: compiled.LOWHPATK,
  regen: compiled.REGEN,
  kill_energy: compiled.KILLENERGY,
  role: compiled.ROLE,
  ability_mul: compiled.ABMUL,
  initiative: compiled.INITIATIVE,
  start_hp: compiled.START_HP,
  start_shield: compiled.START_SHIELD,
  start_energy: compiled.START_ENERGY,
  start_turns: compiled.START_TURNS,
} as const;
type StoredField = keyof typeof STORED_FIELDS;
const FIELD_NAMES = Object.keys(STORED_FIELDS) as StoredField[];

export interface StoredUnit {
  fields: Record<StoredField, number>;
  /** A status the unit carries at the start (from a bane), or null. */
  start_status: string | null;
  /** Statuses it carries now: turns left and power (damage or healing per tick). */
  statuses: Record<string, { turns: number; power: number }>;
  /** Its two normal abilities and its ultimate, by id (null: none or passive), and their cooldowns. */
  abilities: (string | null)[];
  cooldowns: number[];
}

export interface StoredCore {
  units: StoredUnit[];
  /** The PRNG's four words. */
  rng: number[];
  turn: number;
  turn_limit: number;
  /** Index of the unit whose turn is under way, or -1. */
  actor: number;
}

/** What a stored battle says about itself that the core needs: who is on which side and how each side plays. */
export interface StoredBattle {
  v: number;
  n_allies: number;
  status: BattleStatus;
  ally_ai: AiTier;
  enemy_ai: AiTier;
  core: unknown;
}

/** The outcome's one encoding is the core's (ONGOING …); a battle's status is its view from the allies' side. */
export const STATUS_OF_OUTCOME: readonly BattleStatus[] = ['active', 'won', 'lost', 'draw'];
const OUTCOME_OF_STATUS: Record<BattleStatus, number> = {
  active: ONGOING,
  won: SIDE0_WON,
  lost: SIDE1_WON,
  draw: DRAW,
};

export function storeCore(c: BattleCore): StoredCore {
  const units: StoredUnit[] = [];
  for (let i = 0; i < c.n; i++) {
    const o = i * UF;
    const fields = {} as Record<StoredField, number>;
    for (const name of FIELD_NAMES) fields[name] = c.u[o + STORED_FIELDS[name]];
    const statuses: StoredUnit['statuses'] = {};
    for (let s = 0; s < NS; s++)
      if (((c.u[o + MASK] | 0) & (1 << s)) !== 0)
        statuses[STATUS_IDS[s]] = { turns: rules.statusTurnsLeft(c, i, s), power: c.stP[i * NS + s] };
    const startStatus = c.u[o + compiled.START_STATUS];
    units.push({
      fields,
      start_status: startStatus >= 0 ? STATUS_IDS[startStatus] : null,
      statuses,
      abilities: Array.from(c.ab.subarray(i * SLOTS, i * SLOTS + SLOTS), (idx) =>
        idx >= 0 ? ABILITY_IDS[idx] : null,
      ),
      cooldowns: Array.from({ length: SLOTS }, (_, slot) => rules.cooldownLeft(c, i, slot)),
    });
  }
  return { units, rng: [c.r0, c.r1, c.r2, c.r3], turn: c.turn, turn_limit: c.turnLimit, actor: c.actor };
}

/** A core from a stored battle of any version: the stored facts set, everything derived derived again. */
export function loadCore(state: StoredBattle): BattleCore {
  const k = state.v === 1 ? fromV1(state.core as V1Core) : (state.core as StoredCore);
  const c = new rules.BattleCore();
  c.n = k.units.length;
  c.nA = state.n_allies;
  c.u.fill(0);
  c.ab.fill(-1);
  rules.clearTables();
  k.units.forEach((unit, i) => {
    const o = i * UF;
    for (const name of FIELD_NAMES) c.u[o + STORED_FIELDS[name]] = unit.fields[name] ?? 0;
    c.u[o + compiled.START_STATUS] = unit.start_status === null ? -1 : (statusIndex[unit.start_status] ?? -1);
    let mask = 0;
    for (const [id, st] of Object.entries(unit.statuses)) {
      const s = statusIndex[id];
      if (s === undefined) continue;
      mask |= 1 << s;
      rules.setStatusTurnsLeft(c, i, s, st.turns);
      c.stP[i * NS + s] = st.power;
    }
    c.u[o + MASK] = mask;
    recompute(c, i);
    unit.abilities.forEach((id, slot) => {
      c.ab[i * SLOTS + slot] = id === null ? -1 : (abilityIndex[id] ?? -1);
      rules.setCooldownLeft(c, i, slot, unit.cooldowns[slot] ?? 0);
    });
    if (c.u[o + ALIVE] === 1) {
      if (c.u[o + SIDE] === 0) c.alive0++;
      else c.alive1++;
    }
  });
  [c.r0, c.r1, c.r2, c.r3] = k.rng;
  c.turn = k.turn;
  c.turnLimit = k.turn_limit;
  c.actor = k.actor;
  c.over = OUTCOME_OF_STATUS[state.status];
  c.tier[0] = TIER[state.ally_ai];
  c.tier[1] = TIER[state.enemy_ai];
  restoreMasks(c);
  return c;
}

// ---- version 1: the arrays as they were, read through their frozen layout --------------------------------------

interface V1Core {
  u: number[];
  stT: number[];
  stP: number[];
  cd: number[];
  ab: number[];
  rng: number[];
  turn: number;
  turn_limit: number;
  actor: number;
}
/** Version 1's unit record: 48 numbers in this order (names as in STORED_FIELDS; '' for a derived one). */
const V1_FIELDS: (StoredField | 'start_status' | '')[] = [
  'hp', 'max_hp', 'atk', 'def', 'spd', 'shield', 'energy', 'next', 'alive', 'side',
  'crit', 'crit_dmg', 'energy_gain', 'heal_done', 'heal_taken', 'dmg_taken', 'dmg_dealt',
  'lifesteal', 'thorns', 'dodge', 'fumble', 'resist', 'dot_dealt', 'dot_taken',
  'execute', 'low_hp_atk', 'regen', 'kill_energy', 'role',
  '', '', '', '', '', '', '', '', '', '', '', '', // status multipliers, flags, status mask
  'ability_mul', 'initiative', 'start_hp', 'start_shield', 'start_energy', 'start_status', 'start_turns',
]; // prettier-ignore
const V1_UF = 48;
const V1_STATUSES = [
  'burn', 'poison', 'bleed', 'stun', 'freeze', 'taunt', 'shield', 'regeneration', 'haste',
  'slow', 'weaken', 'vulnerable', 'silence', 'empower', 'fortify', 'blind', 'mark', 'curse',
]; // prettier-ignore
const V1_MASK = 40;
/** Version 1 kept abilities by their place in the content table, which only ever grew at its end. */
const v1Ability = (idx: number): string | null => (idx >= 0 ? (ABILITY_IDS[idx] ?? null) : null);

function fromV1(k: V1Core): StoredCore {
  const n = k.u.length / V1_UF;
  const units: StoredUnit[] = [];
  for (let i = 0; i < n; i++) {
    const o = i * V1_UF;
    const fields = {} as Record<StoredField, number>;
    let startStatus: string | null = null;
    V1_FIELDS.forEach((name, f) => {
      if (name === 'start_status') startStatus = k.u[o + f] >= 0 ? (V1_STATUSES[k.u[o + f]] ?? null) : null;
      else if (name !== '') fields[name] = k.u[o + f];
    });
    const statuses: StoredUnit['statuses'] = {};
    V1_STATUSES.forEach((id, s) => {
      if (((k.u[o + V1_MASK] | 0) & (1 << s)) !== 0)
        statuses[id] = { turns: k.stT[i * V1_STATUSES.length + s], power: k.stP[i * V1_STATUSES.length + s] };
    });
    units.push({
      fields,
      start_status: startStatus,
      statuses,
      abilities: k.ab.slice(i * 3, i * 3 + 3).map(v1Ability),
      cooldowns: k.cd.slice(i * 3, i * 3 + 3),
    });
  }
  return { units, rng: k.rng, turn: k.turn, turn_limit: k.turn_limit, actor: k.actor };
}
