// Boons and banes: one of each per hero, for life. Each is a set of modifiers the rules core reads
// (TraitMods in ./schema.ts), so every one of them changes how a battle goes. What a player reads of one is written
// from these figures (describeTrait in src/game/describe.ts), never beside them.

import type { TraitDef } from './schema.ts';
import { tableOf, type ContentTable } from './table.ts';

const boons: TraitDef[] = [
  { id: 'iron_skin', name: 'Iron Skin', glyph: 'armor-vest', mods: { defPct: 0.15 } },
  { id: 'keen_eye', name: 'Keen Eye', glyph: 'eye-target', mods: { crit: 0.12 } },
  { id: 'quick_reflexes', name: 'Quick Reflexes', glyph: 'sprint', mods: { spdPct: 0.12 } },
  { id: 'giants_blood', name: "Giant's Blood", glyph: 'heart-plus', mods: { hpPct: 0.15 } },
  { id: 'vampiric', name: 'Vampiric', glyph: 'vampire-dracula', mods: { lifesteal: 0.15 } },
  { id: 'thorned_hide', name: 'Thorned Hide', glyph: 'thorny-vine', mods: { thorns: 0.2 } },
  { id: 'nimble', name: 'Nimble', glyph: 'dodging', mods: { dodge: 0.1 } },
  { id: 'stalwart_will', name: 'Stalwart Will', glyph: 'brain', mods: { resist: 0.35 } },
  { id: 'battle_ready', name: 'Battle Ready', glyph: 'crossed-swords', mods: { startEnergy: 40 } },
  { id: 'arcane_well', name: 'Arcane Well', glyph: 'magic-swirl', mods: { energyGain: 0.25 } },
  { id: 'healers_touch', name: "Healer's Touch", glyph: 'healing', mods: { healDone: 0.25 } },
  { id: 'second_wind', name: 'Second Wind', glyph: 'regeneration', mods: { regen: 0.03 } },
  { id: 'executioner', name: 'Executioner', glyph: 'guillotine', mods: { execute: 0.35 } },
  { id: 'last_stand', name: 'Last Stand', glyph: 'broken-heart', mods: { lowHpAtk: 0.35 } },
  { id: 'warded', name: 'Warded', glyph: 'bolt-shield', mods: { startShield: 0.2 } },
  { id: 'venom_blood', name: 'Venom Blood', glyph: 'poison-gas', mods: { dotDealt: 0.4 } },
  { id: 'deadly_precision', name: 'Deadly Precision', glyph: 'pointy-sword', mods: { critDmg: 0.4 } },
  { id: 'first_strike', name: 'First Strike', glyph: 'lightning-arc', mods: { initiative: 0.6 } },
  { id: 'bloodlust', name: 'Bloodlust', glyph: 'blood', mods: { killEnergy: 50 } },
  { id: 'brutal', name: 'Brutal', glyph: 'fist', mods: { atkPct: 0.1 } },
  { id: 'resilient', name: 'Resilient', glyph: 'heart-bottle', mods: { healTaken: 0.25, dmgTaken: -0.05 } },
  { id: 'tough_hide', name: 'Tough Hide', glyph: 'leather-armor', mods: { dotTaken: -0.4 } },
];

const banes: TraitDef[] = [
  { id: 'frail', name: 'Frail', glyph: 'broken-bone', mods: { hpPct: -0.12 } },
  { id: 'clumsy', name: 'Clumsy', glyph: 'falling', mods: { fumble: 0.08 } },
  { id: 'sluggish', name: 'Sluggish', glyph: 'snail', mods: { spdPct: -0.1 } },
  { id: 'brittle_bones', name: 'Brittle Bones', glyph: 'broken-shield', mods: { defPct: -0.15 } },
  { id: 'glass_jaw', name: 'Glass Jaw', glyph: 'cracked-glass', mods: { dmgTaken: 0.1 } },
  { id: 'slow_starter', name: 'Slow Starter', glyph: 'sleepy', mods: { startStatus: { status: 'weaken', turns: 2 } } },
  { id: 'cursed_blood', name: 'Cursed Blood', glyph: 'cursed-star', mods: { healTaken: -0.3 } },
  { id: 'dim_spark', name: 'Dim Spark', glyph: 'candlebright', mods: { energyGain: -0.2 } },
  { id: 'feeble', name: 'Feeble', glyph: 'despair', mods: { atkPct: -0.1 } },
  { id: 'hemophilia', name: 'Hemophilia', glyph: 'bleeding-wound', mods: { dotTaken: 0.5 } },
  { id: 'superstitious', name: 'Superstitious', glyph: 'crystal-ball', mods: { resist: -0.25 } },
  { id: 'cowardly', name: 'Cowardly', glyph: 'run', mods: { lowHpAtk: -0.3 } },
  { id: 'drowsy', name: 'Drowsy', glyph: 'night-sleep', mods: { startStatus: { status: 'stun', turns: 1 } } },
  { id: 'shaky_hands', name: 'Shaky Hands', glyph: 'shaking-hands', mods: { crit: -0.05, critDmg: -0.25 } },
  { id: 'old_wounds', name: 'Old Wounds', glyph: 'bandage-roll', mods: { startHp: 0.15 } },
  { id: 'tunnel_vision', name: 'Tunnel Vision', glyph: 'blindfold', mods: { healDone: -0.25 } },
  { id: 'overconfident', name: 'Overconfident', glyph: 'crown', mods: { startStatus: { status: 'vulnerable', turns: 2 } } },
  { id: 'sickly', name: 'Sickly', glyph: 'vomiting', mods: { regen: -0.02 } },
  { id: 'heavy_footed', name: 'Heavy-Footed', glyph: 'boot-prints', mods: { initiative: -0.6 } },
  { id: 'soft_hearted', name: 'Soft-Hearted', glyph: 'shaking-hands', mods: { dmgDealt: -0.08 } },
  { id: 'marked_by_fate', name: 'Marked by Fate', glyph: 'targeted', mods: { startStatus: { status: 'mark', turns: 2 } } },
  { id: 'butterfingers', name: 'Butterfingers', glyph: 'drop-weapon', mods: { fumble: 0.05, spdPct: -0.04 } },
];

export const BOONS: ContentTable<TraitDef> = tableOf(boons);
export const BANES: ContentTable<TraitDef> = tableOf(banes);
