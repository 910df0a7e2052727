// Status effects: what each does, as figures of the status registry's keys (StatusEffects in ./schema.ts; what each key
// means to the rules, the AI and the text is its entry in src/game/battle/statuses.ts).
// Durations count the bearer's own turns; a status applied again refreshes its duration and keeps the stronger power.

import type { StatusDef } from './schema.ts';
import { tableOf, type ContentTable } from './table.ts';

const list = [
  { id: 'burn', name: 'Burn', glyph: 'flame', harmful: true, turns: 3, dotAtk: 0.35,
    description: 'Takes fire damage at the start of each turn.' },
  { id: 'poison', name: 'Poison', glyph: 'poison-bottle', harmful: true, turns: 4, dotMaxHp: 0.05,
    description: 'Loses a share of max health at the start of each turn.' },
  { id: 'bleed', name: 'Bleed', glyph: 'bleeding-wound', harmful: true, turns: 3, dotAtk: 0.3, healTakenMul: 0.8,
    description: 'Bleeds each turn and receives less healing.' },
  { id: 'stun', name: 'Stun', glyph: 'knockout', harmful: true, turns: 1, skipTurn: true,
    description: 'Loses the next turn.' },
  { id: 'freeze', name: 'Freeze', glyph: 'frozen-orb', harmful: true, turns: 1, skipTurn: true, dmgTakenMul: 1.15,
    description: 'Frozen solid: loses the next turn and shatters for extra damage.' },
  { id: 'taunt', name: 'Taunt', glyph: 'shouting', harmful: false, turns: 2, taunt: true, defMul: 1.1,
    description: 'Draws every single-target attack from the enemy.' },
  { id: 'shield', name: 'Shield', glyph: 'shield', harmful: false, turns: 3,
    description: 'A barrier absorbs damage until it breaks or fades.' },
  { id: 'regeneration', name: 'Regeneration', glyph: 'regeneration', harmful: false, turns: 3, hotMaxHp: 0.07,
    description: 'Heals a share of max health at the start of each turn.' },
  { id: 'haste', name: 'Haste', glyph: 'run', harmful: false, turns: 3, spdMul: 1.3,
    description: 'Acts more often.' },
  { id: 'slow', name: 'Slow', glyph: 'snail', harmful: true, turns: 3, spdMul: 0.7,
    description: 'Acts less often.' },
  { id: 'weaken', name: 'Weaken', glyph: 'broken-bone', harmful: true, turns: 3, atkMul: 0.75,
    description: 'Attack is reduced.' },
  { id: 'vulnerable', name: 'Vulnerable', glyph: 'broken-shield', harmful: true, turns: 3, dmgTakenMul: 1.25,
    description: 'Takes more damage from every source.' },
  { id: 'silence', name: 'Silence', glyph: 'silenced', harmful: true, turns: 2, silence: true,
    description: 'Cannot use abilities; only basic attacks, defend or focus.' },
  { id: 'empower', name: 'Empower', glyph: 'muscle-up', harmful: false, turns: 3, atkMul: 1.3,
    description: 'Attack is increased.' },
  { id: 'fortify', name: 'Fortify', glyph: 'guarded-tower', harmful: false, turns: 3, defMul: 1.4, dmgTakenMul: 0.9,
    description: 'Defence is increased and incoming damage reduced.' },
  { id: 'blind', name: 'Blind', glyph: 'sight-disabled', harmful: true, turns: 2, miss: 0.4,
    description: 'Attacks often miss.' },
  { id: 'mark', name: 'Mark', glyph: 'targeted', harmful: true, turns: 3, critTaken: 0.25, dmgTakenMul: 1.1,
    description: 'Hunted: hits against it crit more often and hurt more.' },
  { id: 'curse', name: 'Curse', glyph: 'cursed-star', harmful: true, turns: 3, healTakenMul: 0.4, dmgDealtMul: 0.9,
    description: 'Healing received is cut sharply and damage dealt falls.' },
] as const satisfies readonly StatusDef[];

/** A status's id: a test that must name every status (statuses.test.ts) is a Record over these. */
export type StatusId = (typeof list)[number]['id'];
export const STATUSES: ContentTable<StatusDef> = tableOf<StatusDef>(list);
export const STATUS_IDS: readonly string[] = list.map((s) => s.id);
