// Boons and banes: one of each per hero, for life. Each is a set of modifiers the rules core reads
// (TraitMods in ./schema.ts), so every one of them changes how a battle goes.

import type { TraitDef } from './schema.ts';
import { tableOf, type ContentTable } from './table.ts';

const boons: TraitDef[] = [
  { id: 'iron_skin', name: 'Iron Skin', glyph: 'armor-vest', description: 'Defence is 15% higher.', mods: { defPct: 0.15 } },
  { id: 'keen_eye', name: 'Keen Eye', glyph: 'eye-target', description: 'Critical hits are 12% more likely.', mods: { crit: 0.12 } },
  { id: 'quick_reflexes', name: 'Quick Reflexes', glyph: 'sprint', description: 'Speed is 12% higher.', mods: { spdPct: 0.12 } },
  { id: 'giants_blood', name: "Giant's Blood", glyph: 'heart-plus', description: 'Maximum health is 15% higher.', mods: { hpPct: 0.15 } },
  { id: 'vampiric', name: 'Vampiric', glyph: 'vampire-dracula', description: 'Heals for 15% of the damage it deals.', mods: { lifesteal: 0.15 } },
  { id: 'thorned_hide', name: 'Thorned Hide', glyph: 'thorny-vine', description: 'Reflects 20% of the damage it takes back at the attacker.', mods: { thorns: 0.2 } },
  { id: 'nimble', name: 'Nimble', glyph: 'dodging', description: 'Dodges 10% of incoming hits.', mods: { dodge: 0.1 } },
  { id: 'stalwart_will', name: 'Stalwart Will', glyph: 'brain', description: 'Shrugs off 35% of harmful statuses.', mods: { resist: 0.35 } },
  { id: 'battle_ready', name: 'Battle Ready', glyph: 'crossed-swords', description: 'Starts every battle with 40 energy.', mods: { startEnergy: 40 } },
  { id: 'arcane_well', name: 'Arcane Well', glyph: 'magic-swirl', description: 'Gains 25% more energy.', mods: { energyGain: 0.25 } },
  { id: 'healers_touch', name: "Healer's Touch", glyph: 'healing', description: 'Heals and shields 25% more.', mods: { healDone: 0.25 } },
  { id: 'second_wind', name: 'Second Wind', glyph: 'regeneration', description: 'Recovers 3% of max health at the start of each turn.', mods: { regen: 0.03 } },
  { id: 'executioner', name: 'Executioner', glyph: 'guillotine', description: 'Deals 35% more damage to foes under 35% health.', mods: { execute: 0.35 } },
  { id: 'last_stand', name: 'Last Stand', glyph: 'broken-heart', description: 'Attack rises 35% while under 40% health.', mods: { lowHpAtk: 0.35 } },
  { id: 'warded', name: 'Warded', glyph: 'bolt-shield', description: 'Starts every battle behind a shield worth 20% of max health.', mods: { startShield: 0.2 } },
  { id: 'venom_blood', name: 'Venom Blood', glyph: 'poison-gas', description: 'Its burns, poisons and bleeds deal 40% more damage.', mods: { dotDealt: 0.4 } },
  { id: 'deadly_precision', name: 'Deadly Precision', glyph: 'pointy-sword', description: 'Critical hits deal 40% more damage.', mods: { critDmg: 0.4 } },
  { id: 'first_strike', name: 'First Strike', glyph: 'lightning-arc', description: 'Always acts early in the first round.', mods: { initiative: 0.6 } },
  { id: 'bloodlust', name: 'Bloodlust', glyph: 'blood', description: 'Gains 50 energy on every kill.', mods: { killEnergy: 50 } },
  { id: 'brutal', name: 'Brutal', glyph: 'fist', description: 'Attack is 10% higher.', mods: { atkPct: 0.1 } },
  { id: 'resilient', name: 'Resilient', glyph: 'heart-bottle', description: 'Receives 25% more healing and takes 5% less damage.', mods: { healTaken: 0.25, dmgTaken: -0.05 } },
  { id: 'tough_hide', name: 'Tough Hide', glyph: 'leather-armor', description: 'Burns, poisons and bleeds hurt it 40% less.', mods: { dotTaken: -0.4 } },
];

const banes: TraitDef[] = [
  { id: 'frail', name: 'Frail', glyph: 'broken-bone', description: 'Maximum health is 12% lower.', mods: { hpPct: -0.12 } },
  { id: 'clumsy', name: 'Clumsy', glyph: 'falling', description: '8% of its attacks miss.', mods: { fumble: 0.08 } },
  { id: 'sluggish', name: 'Sluggish', glyph: 'snail', description: 'Speed is 10% lower.', mods: { spdPct: -0.1 } },
  { id: 'brittle_bones', name: 'Brittle Bones', glyph: 'broken-shield', description: 'Defence is 15% lower.', mods: { defPct: -0.15 } },
  { id: 'glass_jaw', name: 'Glass Jaw', glyph: 'cracked-glass', description: 'Takes 10% more damage.', mods: { dmgTaken: 0.1 } },
  { id: 'slow_starter', name: 'Slow Starter', glyph: 'sleepy', description: 'Starts every battle weakened for 2 turns.', mods: { startStatus: { status: 'weaken', turns: 2 } } },
  { id: 'cursed_blood', name: 'Cursed Blood', glyph: 'cursed-star', description: 'Receives 30% less healing.', mods: { healTaken: -0.3 } },
  { id: 'dim_spark', name: 'Dim Spark', glyph: 'candlebright', description: 'Gains 20% less energy.', mods: { energyGain: -0.2 } },
  { id: 'feeble', name: 'Feeble', glyph: 'despair', description: 'Attack is 10% lower.', mods: { atkPct: -0.1 } },
  { id: 'hemophilia', name: 'Hemophilia', glyph: 'bleeding-wound', description: 'Burns, poisons and bleeds hurt it 50% more.', mods: { dotTaken: 0.5 } },
  { id: 'superstitious', name: 'Superstitious', glyph: 'crystal-ball', description: 'Harmful statuses land on it 25% more often.', mods: { resist: -0.25 } },
  { id: 'cowardly', name: 'Cowardly', glyph: 'run', description: 'Attack drops 30% while under 40% health.', mods: { lowHpAtk: -0.3 } },
  { id: 'drowsy', name: 'Drowsy', glyph: 'night-sleep', description: 'Dozes through its first turn of every battle.', mods: { startStatus: { status: 'stun', turns: 1 } } },
  { id: 'shaky_hands', name: 'Shaky Hands', glyph: 'shaking-hands', description: 'Critical hits are 5% less likely and deal 25% less.', mods: { crit: -0.05, critDmg: -0.25 } },
  { id: 'old_wounds', name: 'Old Wounds', glyph: 'bandage-roll', description: 'Starts every battle 15% below full health.', mods: { startHp: 0.15 } },
  { id: 'tunnel_vision', name: 'Tunnel Vision', glyph: 'blindfold', description: 'Heals and shields 25% less.', mods: { healDone: -0.25 } },
  { id: 'overconfident', name: 'Overconfident', glyph: 'crown', description: 'Starts every battle vulnerable for 2 turns.', mods: { startStatus: { status: 'vulnerable', turns: 2 } } },
  { id: 'sickly', name: 'Sickly', glyph: 'vomiting', description: 'Loses 2% of max health at the start of each turn.', mods: { regen: -0.02 } },
  { id: 'heavy_footed', name: 'Heavy-Footed', glyph: 'boot-prints', description: 'Always acts late in the first round.', mods: { initiative: -0.6 } },
  { id: 'soft_hearted', name: 'Soft-Hearted', glyph: 'shaking-hands', description: 'Deals 8% less damage.', mods: { dmgDealt: -0.08 } },
  { id: 'marked_by_fate', name: 'Marked by Fate', glyph: 'targeted', description: 'Starts every battle marked for 2 turns.', mods: { startStatus: { status: 'mark', turns: 2 } } },
  { id: 'butterfingers', name: 'Butterfingers', glyph: 'drop-weapon', description: 'Fumbles 5% of its attacks and is 4% slower.', mods: { fumble: 0.05, spdPct: -0.04 } },
];

export const BOONS: ContentTable<TraitDef> = tableOf(boons);
export const BANES: ContentTable<TraitDef> = tableOf(banes);
