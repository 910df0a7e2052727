// How a battle's core is stored: by name, with a version, never as the typed arrays' layout. A unit is its
// record's fields by name, its statuses by id, its ability slots by ability id; everything the core derives
// (status multipliers and flags, who is alive, who taunts, the outcome) is derived again on loading, so renaming
// or reordering a field of ./compile.ts's layout changes no stored battle.
// Version 1 (before 2026-11-24) stored the arrays as they were: migration 0024 converted every such battle
// (src/server/store/migration-0024-no-old-records.ts).

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
  n_allies: number;
  status: BattleStatus;
  ally_ai: AiTier;
  enemy_ai: AiTier;
  core: StoredCore;
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

/** A core from a stored battle: the stored facts set, everything derived derived again. */
export function loadCore(state: StoredBattle): BattleCore {
  const k = state.core;
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
