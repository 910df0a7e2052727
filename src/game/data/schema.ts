// The shapes of the content tables (races, classes, abilities, statuses, boons, banes). The tables sit next
// to this file; the battle core compiles them once into numeric tables (src/game/battle/compile.ts).
// Behaviour is data: every field below is read by the one rules core, never by a per-entry switch.

import type { OPS, TARGETS } from '../battle/effects.ts';
import type { AbilityType, HeroType } from '../types.ts';

/** Stat multipliers: 1 = unchanged. */
export interface StatShape {
  hp: number;
  atk: number;
  def: number;
  spd: number;
}

export interface RaceDef {
  id: string;
  name: string;
  description: string;
  glyph: string; // an icon name from @iconify-json/game-icons
  stats: StatShape;
  /** Name grammar: a first name is start + middle? + end, then a family name or epithet. */
  names: { start: string[]; middle: string[]; end: string[]; family: string[] };
  /** Traits a hero of this race rolls more often. */
  favouredBoons: string[];
}

export interface ClassDef {
  id: string;
  name: string;
  description: string;
  glyph: string;
  leaning: HeroType;
  stats: StatShape;
  /** The basic attack's name, as the battle log tells it. */
  attackName: string;
  /** Base critical chance (0..1). */
  crit: number;
  /** Ability ids this class can roll: normal ones and ultimates. */
  abilities: string[];
  ultimates: string[];
}

/**
 * Who an effect lands on: the name of a target kind of the effects registry (src/game/battle/effects.ts TARGETS).
 * `enemy` / `ally` are chosen (the player or the AI picks; taunt forces `enemy`); the rest resolve themselves.
 */
export type TargetKind = keyof typeof TARGETS;

/** What an effect does: the name of an op of the effects registry (src/game/battle/effects.ts OPS). */
export type EffectOp = keyof typeof OPS;

/** Which of the caster's stats scales an effect (`target_max_hp` uses the target's max hp). */
export type ScaleStat = 'atk' | 'def' | 'max_hp' | 'target_max_hp';

export interface EffectDef {
  op: EffectOp;
  target: TargetKind;
  /** Multiplier of the scale stat (damage, heal, shield), or energy points for `energy`. */
  power?: number;
  scale?: ScaleStat;
  /** For `status`: which status, how many of the bearer's turns, the chance to land (0..1). */
  status?: string;
  turns?: number;
  chance?: number;
  /** Damage only: how many separate hits. */
  hits?: number;
  /** Damage only: share of damage dealt healed back to the caster. */
  drain?: number;
  /** Damage only: extra damage multiplier against targets under 35% hp. */
  execute?: number;
  /** Damage only: ignore this share of the target's defence. */
  pierce?: number;
}

/**
 * Modifiers: what boons, banes and passive abilities (and any other source of a hero's numbers) change, each a
 * figure. What each key does, the unit-record column it sets and how its text reads is its entry in the modifier
 * registry (src/game/battle/modifiers.ts), which has an entry for every key here.
 */
export interface TraitMods {
  hpPct?: number; // +0.15 = 15% more max hp
  atkPct?: number;
  defPct?: number;
  spdPct?: number;
  crit?: number; // added critical chance
  critDmg?: number; // added critical damage multiplier
  energyGain?: number; // +0.25 = 25% more energy from every source
  healDone?: number;
  healTaken?: number;
  dmgTaken?: number; // +0.1 = takes 10% more damage
  dmgDealt?: number;
  startEnergy?: number; // energy points at the start
  startShield?: number; // share of max hp as a shield at the start
  startHp?: number; // share of max hp missing at the start (0.15 = starts at 85%)
  lifesteal?: number; // share of damage dealt healed back
  thorns?: number; // share of damage taken reflected to the attacker
  dodge?: number; // chance to avoid a hit
  fumble?: number; // chance that the bearer's own hit misses
  resist?: number; // chance to shrug off a harmful status (negative: more likely to be affected)
  dotDealt?: number; // more damage from the bearer's burns, poisons and bleeds
  dotTaken?: number;
  execute?: number; // more damage against targets under 35% hp
  lowHpAtk?: number; // more attack while under 40% hp (negative: less)
  regen?: number; // share of max hp healed (or lost, if negative) at the start of each own turn
  killEnergy?: number; // energy points on a kill
  initiative?: number; // head start on the first turn (share of a turn; negative: a late start)
  startStatus?: { status: string; turns: number };
}

export interface AbilityDef {
  id: string;
  name: string;
  type: AbilityType;
  glyph: string;
  /** A flavour line; the rules text is written from the effect data (see describeAbility). */
  flavour: string;
  /** Own turns to wait before using it again (0 = every turn). Ultimates need full energy instead. */
  cooldown: number;
  effects: EffectDef[];
  /** Passive abilities: always-on modifiers instead of effects. */
  passive?: TraitMods;
  /** Energy the user gains after using it (default: ACTION_ENERGY, none for an ultimate). */
  energy?: number;
  /**
   * A basic action every unit has (attack, defend, focus): always usable, silence or not, no cooldown; its figures
   * are not raised by the hero's ability level; `told` is how the battle log tells it ({actor}, {target}, {attack}).
   */
  basic?: {
    told: string;
    /** Named by the class's basic attack (ClassDef.attackName) wherever it is named, not by `name`. */
    classNamed?: boolean;
  };
  /** How much the AI weighs this action's effects against others (default 1). */
  aiWeight?: number;
}

/**
 * What a status does, each a figure: the keys of the status registry (src/game/battle/statuses.ts), whose entry for
 * each says which column of the bearer it changes, how its figures combine, what the AI thinks it is worth and how
 * its text reads. A status sets some of them.
 */
export interface StatusEffects {
  /** Damage each bearer turn: share of the applier's attack (burn, bleed) … */
  dotAtk?: number;
  /** … or share of the bearer's max hp (poison). */
  dotMaxHp?: number;
  /** Healing each bearer turn, share of max hp. */
  hotMaxHp?: number;
  atkMul?: number;
  defMul?: number;
  spdMul?: number;
  dmgTakenMul?: number;
  dmgDealtMul?: number;
  healTakenMul?: number;
  /** Chance that the bearer's hits miss. */
  miss?: number;
  /** Added critical chance for hits against the bearer. */
  critTaken?: number;
  /** The bearer loses its turn. */
  skipTurn?: boolean;
  /** The bearer can only use its basic attack, defend or focus. */
  silence?: boolean;
  /** Enemies choosing a single target must choose the bearer. */
  taunt?: boolean;
}

export interface StatusDef extends StatusEffects {
  id: string;
  name: string;
  glyph: string;
  harmful: boolean;
  /** What it is, in words; its figures are written after it from the registry (describeStatus). */
  description: string;
  /** Default duration in the bearer's own turns. */
  turns: number;
}

/** A boon or a bane: its rules text is written from its modifiers (describeTrait in src/game/describe.ts). */
export interface TraitDef {
  id: string;
  name: string;
  glyph: string;
  mods: TraitMods;
}
