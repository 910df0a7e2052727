// Content compiled once into numeric tables, and heroes compiled into unit records, so the rules core
// (./core.ts) reads only typed arrays: no strings, objects or lookups while a battle runs. The layout of both is
// ./layout.ts (exported on from here); a hero's modifiers are composed by the modifier registry (./modifiers.ts).

import type { Hero } from '../types.ts';
import { ABILITIES, BANES, BOONS, STATUSES, UnknownContent, findClass, own } from '../content.ts';
import { ACTION_ENERGY, BASIC_ACTIONS } from '../data/abilities.ts';
import type { AbilityDef } from '../data/schema.ts';
import { abilityLevelFor } from '../progression.ts';
import * as layout from './layout.ts';
import { applyModifiers, setModifierBases, type ModifierSource } from './modifiers.ts';
import { statusIndex } from './statuses.ts';
import { gearSources } from '../gear.ts';
// (destructured: an imported binding is read through its module cell at every use, a local const is folded in)
const {
  ABMUL,
  ALIVE,
  ATK,
  CRIT,
  DEF,
  E_CHANCE,
  E_DRAIN,
  E_EXECUTE,
  E_HITS,
  E_LEVELED,
  E_PIERCE,
  E_POWER,
  E_SCALE,
  E_STATUS,
  E_TURNS,
  EF,
  ENERGY,
  HP,
  M_ATK,
  M_DEF,
  M_DMGDEALT,
  M_DMGTAKEN,
  M_HEALTAKEN,
  M_SPD,
  MAX_EFFECTS,
  MAX_ENERGY,
  MAXHP,
  ROLE,
  SLOTS,
  SPD,
  START_ENERGY,
  START_HP,
  START_STATUS,
  UF,
} = layout;

export * from './layout.ts';

// ---- abilities ------------------------------------------------------------------------------------------------
const SCALES = ['atk', 'def', 'max_hp', 'target_max_hp'];

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
const effects = new Float64Array(NA * MAX_EFFECTS * EF);
/** Every action's effect rows, EF figures each (./layout.ts E_POWER …); read them with the accessors below. */
export const A_EFFECTS = effects;
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

// An effect row's figures by name (e: the row's offset in A_EFFECTS, (action × MAX_EFFECTS + effect) × EF).
export const effectPower = (e: number): number => effects[e + E_POWER];
/** Which stat scales a heal or shield: 0 attack, SC_DEF, SC_MAXHP, SC_TARGET_MAXHP. */
export const effectScale = (e: number): number => effects[e + E_SCALE];
/** The status it gives (an index of ./statuses.ts), -1 for none. */
export const effectStatus = (e: number): number => effects[e + E_STATUS];
export const effectTurns = (e: number): number => effects[e + E_TURNS];
export const effectChance = (e: number): number => effects[e + E_CHANCE];
export const effectHits = (e: number): number => effects[e + E_HITS];
export const effectDrain = (e: number): number => effects[e + E_DRAIN];
export const effectExecute = (e: number): number => effects[e + E_EXECUTE];
export const effectPierce = (e: number): number => effects[e + E_PIERCE];
/** Is the effect raised by its user's ability level (an ability's are, a basic action's are not)? */
export const effectLevelled = (e: number): boolean => effects[e + E_LEVELED] === 1;

// ---- teams ----------------------------------------------------------------------------------------------------
export interface CompiledTeam {
  n: number;
  /** n unit records of UF numbers: the state each unit starts a battle in. */
  units: Float64Array;
  /** n × 3 ability indices (slots 0, 1: normal, 2: ultimate); -1 for a passive or missing one. */
  abilities: Int32Array;
}

const ROLE_OF: Record<string, number> = { Tank: 0, Damage: 1, Support: 2 };

/**
 * Where a hero's modifiers come from, in the order they compose: its boon, its bane, its passive abilities, its gear
 * and its gear's set bonuses (../gear.ts).
 */
export function modifierSources(h: Hero): ModifierSource[] {
  const sources: ModifierSource[] = [];
  const boon = BOONS[h.boon?.id];
  const bane = BANES[h.bane?.id];
  if (boon) sources.push({ from: 'boon', id: boon.id, mods: boon.mods });
  if (bane) sources.push({ from: 'bane', id: bane.id, mods: bane.mods });
  for (const ab of h.abilities) {
    const def = own(ABILITIES, ab.id);
    if (def?.passive) sources.push({ from: 'passive', id: def.id, mods: def.passive });
  }
  if (h.gear?.length) sources.push(...gearSources(h));
  return sources;
}

/** A unit record's stats before any modifier: every modifier's base, then the hero's own four. */
function ownStats(h: Hero, r: Float64Array, o: number): void {
  setModifierBases(r, o);
  r[o + MAXHP] = h.max_hp;
  r[o + ATK] = h.atk;
  r[o + DEF] = h.def;
  r[o + SPD] = Math.max(1, h.spd);
}

/**
 * A unit record from a hero: its stored stats, then its modifiers composed on them — from its own sources (boon,
 * bane, passives) unless others are given.
 */
export function compileHero(
  h: Hero,
  r: Float64Array,
  o: number,
  abilities: Int32Array,
  ao: number,
  sources: readonly ModifierSource[] = modifierSources(h),
): void {
  const cls = findClass(h.class);
  r.fill(0, o, o + UF);
  ownStats(h, r, o);
  r[o + CRIT] = cls ? cls.crit : 0.05;
  r[o + ROLE] = ROLE_OF[h.type] ?? 0;
  r[o + START_STATUS] = -1;
  r[o + ABMUL] = 1 + 0.05 * (abilityLevelFor(h.level) - 1);
  let normal = 0;
  abilities[ao] = abilities[ao + 1] = abilities[ao + 2] = -1;
  for (const ab of h.abilities) {
    const idx = own(abilityIndex, ab.id);
    const def = own(ABILITIES, ab.id);
    if (idx === undefined || def === undefined)
      throw new UnknownContent(`hero ${h.id}`, 'ability', ab.id, 'ABILITIES');
    if (def.passive) normal++;
    else if (def.type === 'ultimate') abilities[ao + 2] = idx;
    else if (normal < 2) abilities[ao + normal++] = idx;
  }
  applyModifiers(r, o, sources);
  // The state it starts a battle in, so setting a battle up copies it (./core.ts initBattle): alive, no status
  // (every status multiplier 1, every flag 0), its starting health and energy. Its side and first turn are the battle's.
  r[o + ALIVE] = 1;
  r[o + HP] = startingHp(r, o);
  r[o + ENERGY] = Math.min(MAX_ENERGY, r[o + START_ENERGY]);
  r[o + M_ATK] = r[o + M_DEF] = r[o + M_SPD] = r[o + M_DMGTAKEN] = r[o + M_DMGDEALT] = r[o + M_HEALTAKEN] = 1;
}

/**
 * The health, attack, defence and speed a hero fights with: its unit record's, compiled as a battle compiles it (its
 * boon, bane, passives, gear and set bonuses composed on its stats), in whole numbers as a player reads them.
 */
export function fightingStats(h: Hero): Pick<Hero, 'max_hp' | 'atk' | 'def' | 'spd'> {
  // (a hero naming content gone from the tables still reads: its sources are the ones that are left)
  const r = new Float64Array(UF);
  ownStats(h, r, 0);
  applyModifiers(r, 0, modifierSources(h));
  return { max_hp: r[MAXHP], atk: Math.round(r[ATK]), def: Math.round(r[DEF]), spd: Math.round(r[SPD]) };
}

/** The hero as the server answers it: with the stats it fights with beside its own (fightingStats). */
export const withFightingStats = (h: Hero): Hero => ({ ...h, fighting_stats: fightingStats(h) });

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
