// Gear as data: four slots, four sets of one piece per slot, and each set's 2- and 4-piece bonuses. A piece's and a
// bonus's figures are modifiers (TraitMods): the modifier registry (src/game/battle/modifiers.ts) applies them and
// writes their text, as it does a boon's, so odds, battles, replays and rules text read gear with no case of their own.
// How a hero wears them: src/game/gear.ts. Prices (combat tokens) and drop rates: docs/game-rules.md "Gear".
import type { TraitMods } from './schema.ts';

export type GearSlot = 'weapon' | 'armour' | 'charm' | 'relic';
/** The slots in the order a hero page lists them. */
export const GEAR_SLOTS: readonly GearSlot[] = ['weapon', 'armour', 'charm', 'relic'];

export interface GearSetDef {
  id: string;
  name: string;
  /** worn with 2 pieces of the set, and with 4 (both apply with 4) */
  two: TraitMods;
  four: TraitMods;
}

export interface GearDef {
  id: string;
  name: string;
  slot: GearSlot;
  set: string;
  glyph: string;
  flavour: string;
  mods: TraitMods;
}

export const GEAR_SETS = {
  ember: { id: 'ember', name: 'Ember', two: { atkPct: 0.06 }, four: { dmgDealt: 0.1 } },
  bulwark: { id: 'bulwark', name: 'Bulwark', two: { hpPct: 0.08 }, four: { dmgTaken: -0.1 } },
  gale: { id: 'gale', name: 'Gale', two: { spdPct: 0.05 }, four: { energyGain: 0.15 } },
  verdant: { id: 'verdant', name: 'Verdant', two: { healTaken: 0.12 }, four: { healDone: 0.15 } },
} satisfies Record<string, GearSetDef>;
export type GearSetId = keyof typeof GEAR_SETS;

const piece = (
  set: GearSetId,
  slot: GearSlot,
  name: string,
  glyph: string,
  flavour: string,
  mods: TraitMods,
): GearDef => ({ id: `${set}_${slot}`, name, slot, set, glyph, flavour, mods });

const LIST: GearDef[] = [
  piece('ember', 'weapon', 'Ember Blade', 'broadsword', 'Still warm from the forge that made it.', { atkPct: 0.08 }),
  piece('ember', 'armour', 'Ember Mail', 'chain-mail', 'Links quenched in dragon fire.', {
    hpPct: 0.04,
    defPct: 0.04,
  }),
  piece('ember', 'charm', 'Ember Charm', 'fire-ring', 'A ring that never cools.', { crit: 0.05 }),
  piece('ember', 'relic', 'Ember Idol', 'fire-silhouette', 'A small god of cinders.', { critDmg: 0.15 }),
  piece('bulwark', 'weapon', 'Bulwark Mace', 'spiked-mace', 'Heavy enough to hold a gate.', { atkPct: 0.05 }),
  piece('bulwark', 'armour', 'Bulwark Plate', 'breastplate', 'Dented by a hundred sieges, broken by none.', {
    defPct: 0.08,
    hpPct: 0.06,
  }),
  piece('bulwark', 'charm', 'Bulwark Ward', 'checked-shield', 'A warding sigil stitched in iron thread.', {
    resist: 0.1,
  }),
  piece('bulwark', 'relic', 'Bulwark Aegis', 'crenulated-shield', 'A tower’s keystone, carried into battle.', {
    startShield: 0.08,
  }),
  piece('gale', 'weapon', 'Gale Dagger', 'plain-dagger', 'Thin as a whisper, quick as one.', { atkPct: 0.05 }),
  piece('gale', 'armour', 'Gale Leathers', 'leather-armor', 'Cut loose for running.', { hpPct: 0.05 }),
  piece('gale', 'charm', 'Gale Pendant', 'feather-necklace', 'Feathers of a bird that never lands.', {
    spdPct: 0.05,
  }),
  piece('gale', 'relic', 'Gale Compass', 'compass', 'It points where the wind will be.', { initiative: 0.15 }),
  piece('verdant', 'weapon', 'Verdant Staff', 'wizard-staff', 'A living branch that still buds.', { atkPct: 0.04 }),
  piece('verdant', 'armour', 'Verdant Robe', 'robe', 'Woven from moss and patience.', { hpPct: 0.06 }),
  piece('verdant', 'charm', 'Verdant Locket', 'heart-necklace', 'Holds a single green leaf.', { healDone: 0.08 }),
  piece('verdant', 'relic', 'Verdant Seed', 'sprout', 'Plant it in a wound and it heals.', { regen: 0.02 }),
];

/** Every piece by id (`<set>_<slot>`). */
export const GEAR: Readonly<Record<string, GearDef>> = Object.fromEntries(LIST.map((g) => [g.id, g]));
export const GEAR_LIST: readonly GearDef[] = LIST;

/** What one piece costs in the shop, in combat tokens (docs/game-rules.md "Gear"). */
export const GEAR_PRICE_TOKENS = 150;

/** The chance a cleared dungeon run drops a piece (one of every piece alike, drawn by the run's fight). */
export const GEAR_DROP_CHANCE = 0.02;

/**
 * A campaign stage's drops (src/game/gear-drops.ts): the first clear of a chapter's 2nd, 4th, 6th and 8th stage gives
 * the chapter's set piece for the weapon, armour, charm and relic slot — a set a chapter —; every other win has this
 * chance of a piece of the chapter's set, its slot rolled.
 */
export const STAGE_GEAR_DROP_CHANCE = 0.05;
