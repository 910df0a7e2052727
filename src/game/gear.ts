// Wearing gear (content: ./data/gear.ts): a hero wears at most one piece a slot; its pieces and the 2- and 4-piece
// bonuses of its sets are modifier sources (battle/compile.ts modifierSources reads gearSources), so every fight,
// odds estimate and replay of the hero sees them. Pure: the server stores the worn pieces and moves the inventory
// (src/server/heroes/worn-gear.ts); the hero's document carries the views (`gear`, `gear_sets`) the pages show.
import { iconPath } from './art/paths.ts';
import { own } from './data/table.ts';
import { GEAR, GEAR_SETS, GEAR_SLOTS, type GearDef, type GearSlot } from './data/gear.ts';
import type { TraitMods } from './data/schema.ts';
import {
  applyModifiers,
  modifierClauses,
  setModifierBases,
  type ModifierSource,
} from './battle/modifiers.ts';
import { ATK, DEF, MAXHP, SPD, UF } from './battle/layout.ts';
import type { GearSetBonus, Hero, WornGear } from './types.ts';

// (the modifier registry's clauses joined as describe.ts describeMods joins them: describe.ts reaches the rules core,
// which reads this module, so it is not imported here)
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function sentence(m: TraitMods): string {
  const parts = modifierClauses(m);
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
  return `${capital(text)}.`;
}

/** A piece's rules text, written from its figures. */
export function describeGear(g: GearDef): string {
  return sentence(g.mods);
}

/** What a hero wears, as far as the rules read it: each piece's id. */
export interface Wearer {
  gear?: readonly Pick<WornGear, 'item_id'>[];
}

/** The pieces a hero wears that the content still has, in slot order. */
function wornDefs(hero: Wearer): GearDef[] {
  const defs = (hero.gear ?? []).map((w) => own(GEAR, w.item_id)).filter((g): g is GearDef => !!g);
  return GEAR_SLOTS.map((s) => defs.find((g) => g.slot === s)).filter((g): g is GearDef => !!g);
}

/** How many pieces of each set the pieces hold, and the bonuses that gives (2 pieces: two; 4: two and four). */
function setBonuses(defs: readonly GearDef[]): { set: string; pieces: 2 | 4; mods: TraitMods }[] {
  const count = new Map<string, number>();
  for (const g of defs) count.set(g.set, (count.get(g.set) ?? 0) + 1);
  const out: { set: string; pieces: 2 | 4; mods: TraitMods }[] = [];
  for (const [id, n] of count) {
    const set = own(GEAR_SETS, id);
    if (!set) continue;
    if (n >= 2) out.push({ set: id, pieces: 2, mods: set.two });
    if (n >= 4) out.push({ set: id, pieces: 4, mods: set.four });
  }
  return out;
}

/** The hero's gear as modifier sources, after its boon, bane and passives: each piece, then each set bonus. */
export function gearSources(hero: Wearer): ModifierSource[] {
  if (!hero.gear?.length) return [];
  const defs = wornDefs(hero);
  return [
    ...defs.map((g): ModifierSource => ({ from: 'gear', id: g.id, mods: g.mods })),
    ...setBonuses(defs).map((b): ModifierSource => ({
      from: 'set',
      id: `${b.set}:${b.pieces}`,
      mods: b.mods,
    })),
  ];
}

export type FightingStats = Pick<Hero, 'max_hp' | 'atk' | 'def' | 'spd'>;

/**
 * The hero's health, attack, defence and speed as it fights in its gear: its gear's sources composed on its stats by
 * the modifier registry, as a battle composes them (battle/compile.ts compileHero), so a number shown (a team's
 * power) moves with the gear as a fight's odds do. Without gear, its own stats.
 */
export function statsWithGear(hero: FightingStats & Wearer): FightingStats {
  const sources = gearSources(hero);
  if (sources.length === 0) return { max_hp: hero.max_hp, atk: hero.atk, def: hero.def, spd: hero.spd };
  const r = new Float64Array(UF);
  setModifierBases(r, 0);
  r[MAXHP] = hero.max_hp;
  r[ATK] = hero.atk;
  r[DEF] = hero.def;
  r[SPD] = hero.spd;
  applyModifiers(r, 0, sources);
  return { max_hp: r[MAXHP], atk: r[ATK], def: r[DEF], spd: r[SPD] };
}

/** A set bonus's text: 'Ember (2): attack is 6% higher.' */
export function setBonusText(set: string, pieces: 2 | 4): string {
  const s = own(GEAR_SETS, set);
  return s ? sentence(pieces === 2 ? s.two : s.four) : '';
}

function wornView(g: GearDef): WornGear {
  const set = own(GEAR_SETS, g.set);
  return {
    slot: g.slot,
    item_id: g.id,
    name: g.name,
    set: g.set,
    set_name: set?.name ?? g.set,
    icon: iconPath('item', g.id),
    description: describeGear(g),
  };
}

/** The hero wearing exactly `itemIds` (one a slot, in slot order), with its views of the pieces and set bonuses. */
export function wearing(hero: Hero, itemIds: readonly string[]): Hero {
  const defs = wornDefs({ gear: itemIds.map((id) => ({ item_id: id })) });
  const { gear: _g, gear_sets: _s, ...rest } = hero;
  if (defs.length === 0) return rest;
  const gear_sets: GearSetBonus[] = setBonuses(defs).map((b) => ({
    set: b.set,
    name: own(GEAR_SETS, b.set)?.name ?? b.set,
    pieces: b.pieces,
    description: sentence(b.mods),
  }));
  return { ...rest, gear: defs.map(wornView), gear_sets };
}

export type GearChange =
  | { ok: true; hero: Hero; /** the piece it took off (to make room, or asked to) */ removed?: string }
  | { ok: false; error: string };

/** The hero putting on `itemId`, taking off what it wore in that slot. */
export function equip(hero: Hero, itemId: string): GearChange {
  const g = own(GEAR, itemId);
  if (!g) return { ok: false, error: 'That is not a piece of gear' };
  const worn = hero.gear ?? [];
  const replaced = worn.find((w) => w.slot === g.slot)?.item_id;
  const ids = [...worn.filter((w) => w.slot !== g.slot).map((w) => w.item_id), g.id];
  return { ok: true, hero: wearing(hero, ids), ...(replaced ? { removed: replaced } : {}) };
}

/** The hero taking off what it wears in `slot`; a refusal if it wears nothing there. */
export function unequip(hero: Hero, slot: GearSlot): GearChange {
  const worn = hero.gear ?? [];
  const piece = worn.find((w) => w.slot === slot);
  if (!piece) return { ok: false, error: `${hero.name} wears nothing in the ${slot} slot` };
  const ids = worn.filter((w) => w.slot !== slot).map((w) => w.item_id);
  return { ok: true, hero: wearing(hero, ids), removed: piece.item_id };
}

export { GEAR, GEAR_LIST, GEAR_SETS, GEAR_SLOTS, GEAR_PRICE_TOKENS, type GearSlot } from './data/gear.ts';
